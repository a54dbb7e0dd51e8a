import { describe, expect, it } from 'vitest';
import { workflowScheduleSchema } from '../../api/workflows.ts';
import { firstFireAt, nextFireAt } from './workflow-schedule.ts';

const at = (iso: string) => new Date(iso);
const schedule = (input: Record<string, unknown>) => workflowScheduleSchema.parse(input);

describe('a workflow schedule (R-WORKFLOW-SCHEDULE)', () => {
  it('fires hourly at its minute, daily at its time, weekly on its day, always after the given time', () => {
    // 2026-11-27 is a Friday (day 5).
    const now = at('2026-11-27T10:20:30Z');
    expect(firstFireAt(schedule({ every: 'hourly', time: '00:45' }), now)).toEqual(
      at('2026-11-27T10:45:00Z'),
    );
    expect(firstFireAt(schedule({ every: 'hourly', time: '00:15' }), now)).toEqual(
      at('2026-11-27T11:15:00Z'),
    );
    expect(firstFireAt(schedule({ every: 'daily', time: '09:00' }), now)).toEqual(at('2026-11-28T09:00:00Z'));
    expect(firstFireAt(schedule({ every: 'daily', time: '23:59' }), now)).toEqual(at('2026-11-27T23:59:00Z'));
    expect(firstFireAt(schedule({ every: 'weekly', day: 1, time: '08:00' }), now)).toEqual(
      at('2026-11-30T08:00:00Z'),
    );
    expect(firstFireAt(schedule({ every: 'weekly', day: 5, time: '10:00' }), now)).toEqual(
      at('2026-12-04T10:00:00Z'),
    );
    expect(firstFireAt(schedule({ every: 'weekly', day: 5, time: '10:21' }), now)).toEqual(
      at('2026-11-27T10:21:00Z'),
    );
    // Exactly at a fire time: the next one.
    expect(firstFireAt(schedule({ every: 'daily', time: '10:20' }), at('2026-11-27T10:20:00Z'))).toEqual(
      at('2026-11-28T10:20:00Z'),
    );
  });

  it('steps by its interval after a fire, skipping what a stopped server missed', () => {
    const every3Days = schedule({ every: 'daily', time: '06:00', interval: 3 });
    const fired = at('2026-11-27T06:00:00Z');
    expect(nextFireAt(every3Days, fired, at('2026-11-27T06:00:05Z'))).toEqual(at('2026-11-30T06:00:00Z'));
    expect(nextFireAt(every3Days, fired, at('2026-12-04T00:00:00Z'))).toEqual(at('2026-12-06T06:00:00Z'));
    const every2Hours = schedule({ every: 'hourly', time: '00:30', interval: 2 });
    expect(nextFireAt(every2Hours, at('2026-11-27T10:30:00Z'), at('2026-11-27T10:31:00Z'))).toEqual(
      at('2026-11-27T12:30:00Z'),
    );
    const fortnightly = schedule({ every: 'weekly', day: 1, time: '08:00', interval: 2 });
    expect(nextFireAt(fortnightly, at('2026-11-30T08:00:00Z'), at('2026-11-30T08:00:01Z'))).toEqual(
      at('2026-12-14T08:00:00Z'),
    );
  });

  it('refuses a time that is not HH:MM and an interval below 1', () => {
    expect(workflowScheduleSchema.safeParse({ every: 'daily', time: '24:00' }).success).toBe(false);
    expect(workflowScheduleSchema.safeParse({ every: 'daily', time: '9:00' }).success).toBe(false);
    expect(workflowScheduleSchema.safeParse({ every: 'daily', time: '09:00', interval: 0 }).success).toBe(
      false,
    );
  });
});
