import { describe, expect, it } from 'vitest';
import { actionsFor, activityResult } from './transfer-summary.ts';

describe('activityResult', () => {
  it('keeps transfers with fields the popup does not use', () => {
    const parsed = activityResult.parse({
      iteration_token: 3,
      transfers: [{ uuid: 'u1', status: 'running', percentage: 0.5, files: [], add_time: 'x' }],
    });
    expect(parsed.transfers[0]).toMatchObject({ uuid: 'u1', status: 'running', files: [] });
  });
});

describe('actionsFor', () => {
  it('offers pause while moving, resume once stopped, cancel until removed', () => {
    expect(actionsFor('running')).toEqual({ pause: true, resume: false, cancel: true });
    expect(actionsFor('cancelled')).toEqual({ pause: false, resume: true, cancel: true });
    expect(actionsFor('completed')).toEqual({ pause: false, resume: false, cancel: true });
  });
});
