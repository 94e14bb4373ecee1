/**
 * The load-generator process: runs autocannon against one URL, first for a warm-up whose figures
 * are dropped, then for the measured run, and prints one JSON {@link LoadResult} on stdout.
 *
 * autocannon's own latency histogram counts whole milliseconds, too coarse for a p50 well below
 * one; this process records every response time (in ms, from autocannon's `response` event) and
 * takes the percentiles from them.
 *
 * @example
 * node dist/bench/load.js '{"url":"http://127.0.0.1:8082/calc/multiplier/mulTwo", ...}'
 */

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second of `/proc/{pid}/stat` (100 on every common Linux). */
const CLOCK_TICKS = Number(
  spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim() || 100,
);

/** What one load run does. */
export interface LoadSpec {
  readonly url: string;
  readonly method: 'POST' | 'GET';
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly connections: number;
  readonly warmupSeconds: number;
  /** Seconds of the measured run; ignored when `amount` is given. */
  readonly durationSeconds: number;
  /** Number of requests of the measured run instead of a duration. */
  readonly amount?: number;
  /** The processes that serve the calls, to read their CPU time around the measured run. */
  readonly serverPids?: readonly number[];
}

/** The figures of the measured run. */
export interface LoadResult {
  readonly requests: number;
  readonly seconds: number;
  readonly rps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly statusCounts: Readonly<Record<string, number>>;
  readonly errors: number;
  readonly timeouts: number;
  /** The servers' CPU time (user + system) per response in µs, where `/proc` tells it. */
  readonly serverCpuUs: number | undefined;
  /** The same per process, in the order of `serverPids`; absent without `/proc`. */
  readonly serverCpuUsEach?: readonly number[];
}

interface CannonResult {
  readonly errors: number;
  readonly timeouts: number;
  readonly statusCodeStats: Record<string, { count: number }>;
}

interface CannonInstance {
  on(
    event: 'response',
    listener: (client: unknown, status: number, bytes: number, ms: number) => void,
  ): void;
}

type Autocannon = (
  options: Record<string, unknown>,
  done: (error: Error | null, result: CannonResult) => void,
) => CannonInstance;

const autocannon = require('autocannon') as Autocannon;

function cannon(spec: LoadSpec, options: Record<string, unknown>, times?: number[]) {
  return new Promise<CannonResult>((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.url,
        method: spec.method,
        headers: spec.headers,
        body: spec.body,
        connections: spec.connections,
        ...options,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (times) instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
}

/** The value below which `fraction` of the sorted `values` lie (nearest rank). */
export function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil(fraction * sorted.length) - 1;
  return sorted[Math.min(Math.max(rank, 0), sorted.length - 1)] as number;
}

/** The CPU time of each process in ms, in the order of `pids`; `undefined` without `/proc`. */
function cpuTimesMs(pids: readonly number[] | undefined): number[] | undefined {
  if (!pids || pids.length === 0) return undefined;
  const times: number[] = [];
  for (const pid of pids) {
    const ms = processCpuMs(pid);
    if (ms === undefined) return undefined;
    times.push(ms);
  }
  return times;
}

function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS : undefined;
  } catch {
    return undefined;
  }
}

/** Runs the warm-up and the measured run of `spec`. */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  if (spec.warmupSeconds > 0) await cannon(spec, { duration: spec.warmupSeconds });
  const times: number[] = [];
  const cpuBefore = cpuTimesMs(spec.serverPids);
  const started = process.hrtime.bigint();
  const result = await cannon(
    spec,
    spec.amount ? { amount: spec.amount } : { duration: spec.durationSeconds },
    times,
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpuAfter = cpuTimesMs(spec.serverPids);
  const each =
    cpuBefore === undefined || cpuAfter === undefined
      ? undefined
      : cpuAfter.map((ms, i) => ((ms - (cpuBefore[i] as number)) * 1000) / times.length);
  const serverCpuUs = each?.reduce((sum, us) => sum + us, 0);
  const sorted = Float64Array.from(times).sort();
  const statusCounts: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(result.statusCodeStats)) {
    statusCounts[status] = count;
  }
  return {
    requests: times.length,
    seconds,
    rps: times.length / seconds,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    statusCounts,
    errors: result.errors,
    timeouts: result.timeouts,
    serverCpuUs,
    ...(each && each.length > 1 ? { serverCpuUsEach: each } : {}),
  };
}

if (require.main === module) {
  runLoad(JSON.parse(process.argv[2] ?? '{}') as LoadSpec).then(
    (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
    (error: unknown) => {
      process.stderr.write(`load: ${(error as Error)?.stack ?? error}\n`);
      process.exit(1);
    },
  );
}
