import { type LoadResult } from './load';
import { type RowSpec } from './rows';

/** The measured runs of one row at one connection count, one per round, in round order. */
export type Runs = readonly LoadResult[];

/** One line of the table: medians over the rounds, and the ratios to the two baselines. */
export interface TableLine {
  readonly row: string;
  readonly label: string;
  readonly connections: number;
  readonly rps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** The server's CPU time per request in µs (Linux only): what bounds req/s on one core. */
  readonly cpuUs: number | undefined;
  /** Median over rounds of this row's req/s divided by node:http's in the same round. */
  readonly vsNodeHttp: number;
  /** Median over rounds of this row's req/s divided by the Koa route's in the same round. */
  readonly vsKoaRoute: number;
  readonly rounds: number;
}

/** The median of `values` (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  if (sorted.length === 0) return Number.NaN;
  if (sorted.length % 2 === 1) return sorted[middle] as number;
  return ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function medianOrUndefined(values: readonly (number | undefined)[]): number | undefined {
  const known = values.filter((value): value is number => value !== undefined);
  return known.length === values.length ? median(known) : undefined;
}

/** The median over rounds of `runs[i].rps / base[i].rps`: each pair ran in the same round. */
export function pairedRatio(runs: Runs, base: Runs): number {
  const ratios: number[] = [];
  for (let i = 0; i < Math.min(runs.length, base.length); i++) {
    ratios.push((runs[i] as LoadResult).rps / (base[i] as LoadResult).rps);
  }
  return median(ratios);
}

/** Builds the table lines of `rows` from `results`, keyed `row id → connections → runs`. */
export function buildTable(
  rows: readonly RowSpec[],
  connections: readonly number[],
  results: ReadonlyMap<string, ReadonlyMap<number, Runs>>,
): TableLine[] {
  const lines: TableLine[] = [];
  for (const c of connections) {
    const http = results.get('node-http')?.get(c) ?? [];
    const koa = results.get('koa-route')?.get(c) ?? [];
    for (const row of rows) {
      const runs = results.get(row.id)?.get(c);
      if (!runs || runs.length === 0) continue;
      lines.push({
        row: row.id,
        label: row.label,
        connections: c,
        rps: median(runs.map((run) => run.rps)),
        p50Ms: median(runs.map((run) => run.p50Ms)),
        p99Ms: median(runs.map((run) => run.p99Ms)),
        cpuUs: medianOrUndefined(runs.map((run) => run.serverCpuUs)),
        vsNodeHttp: pairedRatio(runs, http),
        vsKoaRoute: pairedRatio(runs, koa),
        rounds: runs.length,
      });
    }
  }
  return lines;
}

/** The table as Markdown, as it goes into the terminal and docs/performance.md. */
export function formatTable(lines: readonly TableLine[]): string {
  const out = [
    '| row | conns | req/s | p50 ms | p99 ms | × node:http | × Koa route | server CPU µs/req |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const l of lines) {
    out.push(
      `| ${l.label} | ${l.connections} | ${Math.round(l.rps)} | ${l.p50Ms.toFixed(2)} | ` +
        `${l.p99Ms.toFixed(2)} | ${l.vsNodeHttp.toFixed(2)} | ${l.vsKoaRoute.toFixed(2)} | ${l.cpuUs?.toFixed(1) ?? '–'} |`,
    );
  }
  return out.join('\n');
}

/** Two-sided 95% quantiles of Student's t for 1–30 degrees of freedom; 1.96 beyond. */
const T95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145,
  2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048,
  2.045, 2.042,
];

/** A mean and the half-width of its 95% confidence interval. */
export interface MeanWithNoise {
  readonly mean: number;
  /** NaN for fewer than two values: one round says nothing about the noise. */
  readonly halfWidth: number;
}

/**
 * The mean of `values` and its 95% confidence half-width (Student's t). The values are
 * per-round differences between two builds, each round on processes of its own, so the width
 * is the noise of the comparison: one process of a build can sit several µs above another.
 */
export function meanWithNoise(values: readonly number[]): MeanWithNoise {
  const n = values.length;
  const mean = values.reduce((sum, v) => sum + v, 0) / n;
  if (n < 2) return { mean, halfWidth: Number.NaN };
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (n - 1);
  const t = T95[n - 2] ?? 1.96;
  return { mean, halfWidth: (t * Math.sqrt(variance)) / Math.sqrt(n) };
}
