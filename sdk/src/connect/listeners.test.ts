import { describe, expect, it, vi } from 'vitest';
import { Listeners } from './listeners.ts';

describe('Listeners', () => {
  it('puts all-listeners on both lists and emits (type, data)', () => {
    const listeners = new Listeners();
    const all = vi.fn();
    listeners.add('all', all);
    listeners.emit('status', 'RUNNING');
    listeners.emit('transfer', { result_count: 0 });
    expect(all.mock.calls).toEqual([
      ['status', 'RUNNING'],
      ['transfer', { result_count: 0 }],
    ]);
  });

  it('removes by function, by type, by both, or everything', () => {
    const listeners = new Listeners();
    const a = vi.fn();
    const b = vi.fn();
    listeners.add('status', a);
    listeners.add('transfer', a);
    listeners.add('transfer', b);
    expect(listeners.remove('status', b)).toBe(false);
    expect(listeners.remove(a)).toBe(true);
    expect([listeners.status.length, listeners.transfer.length]).toEqual([0, 1]);
    expect(listeners.remove('transfer')).toBe(true);
    listeners.add('all', a);
    expect(listeners.remove()).toBe(true);
    expect(listeners.remove()).toBe(false);
  });
});
