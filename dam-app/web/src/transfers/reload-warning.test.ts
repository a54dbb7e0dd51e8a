import { describe, expect, it } from 'vitest';
import { TRANSFER_MESSAGES } from '../../../api/transfer-messages.ts';
import { ReloadWarning } from './reload-warning.ts';

/** A browser's beforeunload event: Node's own Event has a read-only returnValue, a browser's takes a string. */
function beforeUnload(): Event & { returnValue: unknown } {
  const event = new Event('beforeunload', { cancelable: true });
  Object.defineProperty(event, 'returnValue', { value: '', writable: true });
  return event as Event & { returnValue: unknown };
}

describe('the reload warning (R-RELOAD-WARNING)', () => {
  it('asks while any upload is monitored, and stops asking when the last one ends', () => {
    const target = new EventTarget();
    const warning = new ReloadWarning(target as unknown as Window);
    const unload = () => {
      const event = beforeUnload();
      target.dispatchEvent(event);
      return event;
    };
    expect(unload().defaultPrevented).toBe(false);
    warning.add('a');
    warning.add('b');
    const asked = unload();
    expect(asked.defaultPrevented).toBe(true);
    expect(asked.returnValue).toBe(TRANSFER_MESSAGES.reloadWarning);
    warning.remove('a');
    expect(unload().defaultPrevented).toBe(true);
    warning.remove('b');
    expect(unload().defaultPrevented).toBe(false);
    expect(warning.active).toBe(false);
  });
});
