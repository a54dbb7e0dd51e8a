import type { MetricsRecorder, UploadPath } from '../services.ts';

/** Prometheus's default buckets (seconds), which its dashboards expect. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface RouteSeries {
  method: string;
  route: string;
  counts: Map<number, number>;
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * This server's counters for `/metrics`, kept in memory (each server of a cluster is its own scrape target, as
 * Prometheus expects): requests per route (the contract's path, never the raw one, so ids do not explode the series)
 * with their latency histogram, and uploads per path. ~80 lines of our own rather than prom-client: the text format
 * is simple and stable, and this is all the DAM counts; what must be the same for every server (jobs, scans) is read
 * from the database at scrape time.
 */
export class MetricsRegistry implements MetricsRecorder {
  readonly #routes = new Map<string, RouteSeries>();
  readonly #uploads = new Map<UploadPath, number>();

  request(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route}`;
    let series = this.#routes.get(key);
    if (!series) {
      series = { method, route, counts: new Map(), buckets: BUCKETS.map(() => 0), sum: 0, count: 0 };
      this.#routes.set(key, series);
    }
    series.counts.set(status, (series.counts.get(status) ?? 0) + 1);
    BUCKETS.forEach((limit, index) => {
      if (seconds <= limit) (series.buckets[index] as number)++;
    });
    series.sum += seconds;
    series.count++;
  }

  upload(via: UploadPath): void {
    this.#uploads.set(via, (this.#uploads.get(via) ?? 0) + 1);
  }

  /** The Prometheus text exposition format (0.0.4). */
  render(): string {
    const lines: string[] = [];
    lines.push(
      '# HELP dam_http_requests_total API requests by route and status.',
      '# TYPE dam_http_requests_total counter',
    );
    for (const series of this.#routes.values())
      for (const [status, count] of series.counts)
        lines.push(
          `dam_http_requests_total{${labels({ method: series.method, route: series.route, status: String(status) })}} ${count}`,
        );
    lines.push(
      '# HELP dam_http_request_duration_seconds API request latency by route.',
      '# TYPE dam_http_request_duration_seconds histogram',
    );
    for (const series of this.#routes.values()) {
      const base = { method: series.method, route: series.route };
      for (const [index, limit] of BUCKETS.entries())
        lines.push(
          `dam_http_request_duration_seconds_bucket{${labels({ ...base, le: String(limit) })}} ${series.buckets[index]}`,
        );
      lines.push(
        `dam_http_request_duration_seconds_bucket{${labels({ ...base, le: '+Inf' })}} ${series.count}`,
      );
      lines.push(`dam_http_request_duration_seconds_sum{${labels(base)}} ${series.sum}`);
      lines.push(`dam_http_request_duration_seconds_count{${labels(base)}} ${series.count}`);
    }
    lines.push(
      '# HELP dam_uploads_total Uploads finished on this server, by path.',
      '# TYPE dam_uploads_total counter',
    );
    for (const [via, count] of this.#uploads) lines.push(`dam_uploads_total{${labels({ via })}} ${count}`);
    return `${lines.join('\n')}\n`;
  }
}

/** `a="x",b="y"` with the format's escapes (backslash, quote, newline). */
export function labels(values: Record<string, string>): string {
  return Object.entries(values)
    .map(
      ([name, value]) =>
        `${name}="${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`,
    )
    .join(',');
}
