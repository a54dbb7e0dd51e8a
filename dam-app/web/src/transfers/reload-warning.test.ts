import { describe, expect, it } from 'vitest';
import { ReloadWarning } from './reload-warning.ts';

describe('the reload warning (spec §2)', () => {
  it('asks while any upload is monitored, and stops asking when the last one ends', () => {
    const target = new EventTarget();
    const warning = new ReloadWarning(target as unknown as Window);
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true }) as BeforeUnloadEvent;
      target.dispatchEvent(event);
      return event;
    };
    expect(unload().defaultPrevented).toBe(false);
    warning.add('a');
    warning.add('b');
    const asked = unload();
    expect(asked.defaultPrevented).toBe(true);
    warning.remove('a');
    expect(unload().defaultPrevented).toBe(true);
    warning.remove('b');
    expect(unload().defaultPrevented).toBe(false);
    expect(warning.active).toBe(false);
  });
});
