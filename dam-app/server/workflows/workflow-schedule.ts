import type { WorkflowSchedule } from '../../api/workflows.ts';

const HOUR = 3_600_000;
const PERIOD = { hourly: HOUR, daily: 24 * HOUR, weekly: 7 * 24 * HOUR } as const;

/**
 * The first time a schedule fires strictly after `after` (R-WORKFLOW-SCHEDULE), in UTC: hourly at the minute of its
 * time, daily at its time, weekly on its day (0 is Sunday) at its time.
 */
export function firstFireAt(schedule: WorkflowSchedule, after: Date): Date {
  const [hours, minutes] = schedule.time.split(':').map(Number) as [number, number];
  const at = new Date(after.getTime());
  at.setUTCSeconds(0, 0);
  if (schedule.every === 'hourly') at.setUTCMinutes(minutes);
  else {
    at.setUTCHours(hours, minutes);
    if (schedule.every === 'weekly')
      at.setUTCDate(at.getUTCDate() + ((schedule.day - at.getUTCDay() + 7) % 7));
  }
  const step = PERIOD[schedule.every];
  while (at.getTime() <= after.getTime()) at.setTime(at.getTime() + step);
  return at;
}

/**
 * After a fire at `fired`, the next one: `interval` hours, days or weeks later — and if the server was down past it,
 * the first such time after `now`, so missed fires are not made up one by one.
 */
export function nextFireAt(schedule: WorkflowSchedule, fired: Date, now: Date): Date {
  const period = PERIOD[schedule.every] * schedule.interval;
  const missed = Math.max(0, Math.floor((now.getTime() - fired.getTime()) / period));
  return new Date(fired.getTime() + (missed + 1) * period);
}
