import http from "node:http";

/**
 * A closed-loop load generator: `concurrency` clients each send the next request when the last one answers,
 * for `seconds`, over keep-alive connections to a loopback server. Every latency is kept, so percentiles
 * are exact rather than bucketed. Bounded in time and count; it only ever targets the URL it is given.
 */
export type LoadResult = { requests: number; errors: number; statuses: Record<number, number>; seconds: number; rps: number; p50: number; p95: number; p99: number };

export async function runLoad(options: { url: string; headers: Record<string, string>; concurrency: number; seconds: number; maxRequests?: number }): Promise<LoadResult> {
  const url = new URL(options.url);
  if (!["127.0.0.1", "localhost", "::1"].includes(url.hostname)) throw new Error("the benchmark only targets loopback");
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  const maxRequests = options.maxRequests ?? 1_000_000;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;

  const once = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const request = http.get(url, { agent, headers: options.headers }, (response) => {
        response.resume();
        response.on("end", () => {
          latencies.push(performance.now() - t0);
          statuses[response.statusCode ?? 0] = (statuses[response.statusCode ?? 0] ?? 0) + 1;
          resolve();
        });
      });
      request.on("error", () => {
        errors += 1;
        resolve();
      });
    });

  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < deadline && latencies.length + errors < maxRequests) await once();
    }),
  );
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { requests: sorted.length, errors, statuses, seconds, rps: sorted.length / seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}
