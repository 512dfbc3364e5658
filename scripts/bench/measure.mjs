// autocannon wrapper: one run and the figures we report (exact percentiles from every response).
import autocannon from 'autocannon';

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function measure({ url, connections, duration, requests, method = 'GET', headers, body }) {
  const times = [];
  const statuses = {};
  const instance = autocannon({ url, connections, duration, requests, method, headers, body });
  instance.on('response', (_client, status, _bytes, responseTime) => {
    times.push(responseTime);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const result = await instance;
  const failed = Object.entries(statuses).filter(([status]) => !/^2/.test(status));
  if (failed.length || result.errors || result.timeouts) {
    console.log(
      `  failures: ${failed.map(([s, n]) => `${n} × HTTP ${s}`).join(', ') || 'none'}; ${result.errors} request errors, of which ${result.timeouts} timeouts (no answer in 10 s)`,
    );
  }
  // Every benchmark must run without an error: the runner exits non-zero once one is seen.
  if (result.non2xx + result.errors > 0) process.exitCode = 1;
  times.sort((a, b) => a - b);
  return {
    rps: Math.round(result.requests.average),
    p50: Math.round(percentile(times, 50) * 10) / 10,
    p95: Math.round(percentile(times, 95) * 10) / 10,
    p99: Math.round(percentile(times, 99) * 10) / 10,
    errors: result.non2xx + result.errors, // autocannon counts timeouts among errors
    total: result.requests.total,
  };
}

export const row = (label, m, baseline) =>
  `| ${label} | ${m.rps} | ${m.p50} | ${m.p95} | ${m.p99} | ${m.errors} |${baseline ? ` ${(m.rps / baseline.rps).toFixed(2)} |` : ''}`;
export const HEADER =
  '| run | req/s | p50 ms | p95 ms | p99 ms | errors | ratio to baseline |\n|---|---:|---:|---:|---:|---:|---:|';
