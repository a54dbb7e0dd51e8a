import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { currentLevel, Logger, resetLoggerLevel } from './logger.ts';

let log: MockInstance<typeof console.log>;
beforeEach(() => {
  localStorage.clear();
  resetLoggerLevel();
  log = vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('Logger', () => {
  it('prints debug only from level 1 and trace only from level 2', () => {
    Logger.debug('d0');
    Logger.trace('t0');
    expect(log).not.toHaveBeenCalled();
    Logger.setLevel(1);
    Logger.debug('d1');
    Logger.trace('t1');
    expect(log.mock.calls.map((call) => call[0])).toEqual(['d1']);
    Logger.setLevel(2);
    Logger.trace('t2');
    expect(log.mock.calls.map((call) => call[0])).toEqual(['d1', 't2']);
  });

  it('keeps the level in localStorage aspera-log-level and reads it back', () => {
    Logger.setLevel(2);
    expect(localStorage.getItem('aspera-log-level')).toBe('2');
    resetLoggerLevel();
    expect(currentLevel()).toBe(2);
  });

  it('always prints log, warn and error', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    Logger.log('a');
    Logger.warn('b');
    Logger.error('c');
    expect([log, warn, error].map((spy) => spy.mock.calls.length)).toEqual([1, 1, 1]);
  });
});
