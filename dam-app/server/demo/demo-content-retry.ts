import type { DamServices } from '../services.ts';
import { createDemoContent } from './demo-content.ts';

export type DemoContentOutcome = { ok: true } | { ok: false; error: string; retryInSeconds: number };

/** Seconds between tries after a failure: a tool installed meanwhile (exiftool, ffmpeg) is picked up within a minute. */
export const DEMO_RETRY_SECONDS = [15, 30, 60, 60, 60, 120, 300];

/**
 * Makes the demo content, and when that fails (a tool missing, a full disk) says why and tries again in the
 * background until it is made: a first start that met a missing tool still ends with the demo, without a restart.
 * The content is made once per DAM home (its marker), so a try after a success does nothing.
 */
export async function createDemoContentWithRetry(
  services: DamServices,
  make: (services: DamServices) => Promise<void> = createDemoContent,
  delays: number[] = DEMO_RETRY_SECONDS,
): Promise<{ outcome: DemoContentOutcome; stop(): void }> {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const attempt = async (): Promise<string | undefined> =>
    make(services).then(
      () => undefined,
      (error: Error) => error.message,
    );
  const retry = (round: number) => {
    const seconds = delays[Math.min(round, delays.length - 1)] ?? 60;
    timer = setTimeout(async () => {
      const error = await attempt();
      if (stopped) return;
      if (error === undefined) {
        services.log.info('demo.content_retry_succeeded', { attempt: round + 2 });
        return;
      }
      services.log.warn('demo.content_failed', { error, attempt: round + 2, retry_in_seconds: seconds });
      retry(round + 1);
    }, seconds * 1000);
    timer.unref();
  };
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
  };
  const error = await attempt();
  if (error === undefined) return { outcome: { ok: true }, stop };
  const retryInSeconds = delays[0] ?? 60;
  services.log.warn('demo.content_failed', { error, attempt: 1, retry_in_seconds: retryInSeconds });
  retry(0);
  return { outcome: { ok: false, error, retryInSeconds }, stop };
}
