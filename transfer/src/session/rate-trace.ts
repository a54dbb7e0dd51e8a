import type { ControlMessage } from '@rapid/protocol';

type Feedback = Extract<ControlMessage, { t: 'feedback' }>;

/** Set `RAPID_RATE_TRACE=1` to profile rate control: every feedback and the rate it led to, as JSON lines on stderr. */
const enabled = Boolean(process.env.RAPID_RATE_TRACE);

export function traceRate(sessionId: number, role: string, feedback: Feedback, rateKbps: number): void {
  if (!enabled) return;
  process.stderr.write(
    `${JSON.stringify({
      rate_trace: sessionId,
      role,
      at_ms: Math.round(performance.now()),
      rate_kbps: Math.round(rateKbps),
      loss: feedback.loss,
      queue_delay_us: Math.round(feedback.queue_delay_us),
      rx_drops: feedback.rx_drops ?? 0,
      rx_buffer_bytes: feedback.rx_buffer_bytes ?? 0,
      rx_queue_bytes: feedback.rx_queue_bytes ?? 0,
      disk_queue_bytes: feedback.disk_queue_bytes ?? 0,
      received_kbps: Math.round(feedback.rate_kbps),
      nacks: feedback.nack.length,
    })}\n`,
  );
}
