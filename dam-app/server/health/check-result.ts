import type { HealthCheck } from '../../api/health.ts';

/** The longest one health test may take: a service that hangs is red, not a report that never comes. */
export const CHECK_TIMEOUT_MS = 3_000;

/** Runs a check with a deadline; a throw or a timeout is red `unreachable` with the cause as its detail. */
export async function bounded(
  fallback: Pick<HealthCheck, 'kind' | 'target'>,
  check: () => Promise<HealthCheck>,
): Promise<HealthCheck> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${CHECK_TIMEOUT_MS} ms.`)), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check(), timeout]);
  } catch (error) {
    return { ...fallback, status: 'red', reason: 'unreachable', detail: (error as Error).message, facts: {} };
  } finally {
    clearTimeout(timer);
  }
}
