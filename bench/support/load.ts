import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(
  name: string,
  url: string,
  options: {
    duration?: number;
    connections?: number;
    headers?: Record<string, string>;
    requests?: autocannon.Request[];
  } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    duration: options.duration ?? 8,
    connections: options.connections ?? 10,
    headers: options.headers,
    requests: options.requests,
  });
  const latency = result.latency as unknown as Record<string, number>;
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: latency.p50 ?? 0,
    p95: latency.p97_5 ?? latency.p95 ?? 0,
    p99: latency.p99 ?? 0,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function printTable(rows: LoadResult[]) {
  console.table(
    rows.map((r) => ({
      endpoint: r.name,
      'req/s': Math.round(r.requestsPerSecond),
      'p50 ms': r.p50,
      'p97.5 ms': r.p95,
      'p99 ms': r.p99,
      errors: r.errors,
      non2xx: r.non2xx,
    })),
  );
}
