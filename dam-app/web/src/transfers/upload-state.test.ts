import { describe, expect, it } from 'vitest';
import { TRANSFER_MESSAGES } from '../../../api/transfer-messages.ts';
import { transferMessagesFr } from '../i18n/transfer-messages-fr.ts';
import type { MonitorOutcome } from './upload-monitor.ts';
import { uploadEnded, uploadStateOf } from './upload-state.ts';

const OUTCOMES: MonitorOutcome[] = ['completed', 'cancelled', 'failed', 'unauthorized', 'not-found', 'error'];

describe('the upload progress line for how monitoring ended', () => {
  it('shows failed, refused, unknown and given-up uploads as such, never as cancelled', () => {
    expect(OUTCOMES.map(uploadStateOf)).toEqual([
      'complete',
      'cancelled',
      'failed',
      'refused',
      'lost',
      'stalled',
    ]);
    for (const outcome of OUTCOMES) {
      const state = uploadStateOf(outcome);
      expect(uploadEnded(state)).toBe(true);
      expect(TRANSFER_MESSAGES[state], state).toBeTypeOf('string');
      expect(transferMessagesFr[state], state).not.toBe(TRANSFER_MESSAGES[state]);
    }
    expect(uploadEnded('uploading')).toBe(false);
  });
});
