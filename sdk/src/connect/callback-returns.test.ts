import { afterEach, describe, expect, it, vi } from 'vitest';
import { CALLBACKS_ARGUMENT, ScriptTagConnect } from './callback-returns.ts';
import { Connect } from './connect.ts';

afterEach(() => vi.restoreAllMocks());

describe('ScriptTagConnect', () => {
  it("returns nothing when given callbacks, and Connect's promise without them", () => {
    const answer = Promise.resolve({ version: '4.2.0' });
    const version = vi.spyOn(Connect.prototype, 'version').mockReturnValue(answer as never);
    const connect = new ScriptTagConnect();
    const callbacks = { success() {} };
    expect(connect.version(callbacks)).toBeUndefined();
    expect(connect.version()).toBe(answer);
    expect(version.mock.calls).toEqual([[callbacks], []]);
  });

  it('looks for the callbacks where each method takes them', () => {
    const answer = Promise.resolve({});
    vi.spyOn(Connect.prototype, 'resumeTransfer').mockReturnValue(answer as never);
    const connect = new ScriptTagConnect();
    expect(connect.resumeTransfer('id', { success() {} } as never)).toBe(answer);
    expect(connect.resumeTransfer('id', {}, { success() {} })).toBeUndefined();
  });

  it('covers only methods Connect has, and is still a Connect', () => {
    for (const name of Object.keys(CALLBACKS_ARGUMENT))
      expect(typeof Connect.prototype[name as keyof Connect], name).toBe('function');
    expect(new ScriptTagConnect()).toBeInstanceOf(Connect);
    expect(ScriptTagConnect.STATUS).toBe(Connect.STATUS);
  });
});
