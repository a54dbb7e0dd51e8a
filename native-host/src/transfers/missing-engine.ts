import { EngineError, type TransferEngine } from './engine.ts';

const TEXT = 'This Rapid client was built without a transfer engine.';

/**
 * Production default until the transfer engine is wired in: every transfer fails at once with a clear reason
 * (ascp code 50, BAD_CONFIGURATION) instead of pretending to move bytes.
 */
export function createMissingEngine(): TransferEngine {
  return {
    start: (_transfer, listener) => queueMicrotask(() => listener(failure())),
    resume: (_transfer, listener) => queueMicrotask(() => listener(failure())),
    stop: async () => {},
    modifyRate: async () => {},
    authenticate: async () => {
      throw new EngineError(50, TEXT);
    },
  };
}

function failure() {
  return { type: 'failed', code: 50, description: TEXT, retryable: false } as const;
}
