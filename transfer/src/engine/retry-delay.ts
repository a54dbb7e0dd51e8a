/** Back-off before retry `attempt` (1-based): base, ×2 each time, capped (node-api.md §9: 2, 4, 8 … 60 s). */
export function retryDelayMs(attempt: number, baseMs = 2000, capMs = 60_000): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
}
