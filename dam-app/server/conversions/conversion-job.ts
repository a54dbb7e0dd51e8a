import { ApiError } from '../api/api-error.ts';
import type { JobPayload } from '../jobs/job-payloads.ts';
import type { DamServices } from '../services.ts';

/**
 * The `conversion.run` job: one version with one preset. A failure the input causes is recorded on the conversion
 * (its message names the file) and not retried — it would fail the same way; anything else is thrown so the queue
 * retries it, and the retry converges (conversions/conversion-service.ts).
 */
export async function runConversionJob(services: DamServices, payload: JobPayload<'conversion.run'>) {
  try {
    await services.conversions.ensureConverted(payload);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    services.log.warn('conversion.failed', { ...payload, error: error.userMessage });
  }
}
