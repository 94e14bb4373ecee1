import { median, type Runs } from './report';
import { type RowSpec } from './rows';

/**
 * What a feature's row costs: its server CPU per call above ROA JSON's on a main server that, like
 * the feature rows' servers, serves nothing else (`roa-json-only`).
 */
export interface CostLine {
  readonly row: string;
  readonly label: string;
  readonly connections: number;
  /** Median over rounds of this row's CPU µs/req minus the base row's in the same round. */
  readonly extraCpuUs: number;
  /** The target, when the issue sets one. */
  readonly limitUs: number | undefined;
  readonly met: boolean | undefined;
}

/**
 * The rows that measure what a feature costs, and the most each may add (µs per call). A caller's
 * own request id, CORS off and the warn level are below the base, which pays for a generated id,
 * for CORS (on by default, no Origin) and for the call line: their difference is that cost.
 */
export const COST_ROWS: ReadonlyMap<string, number | undefined> = new Map([
  ['metrics', 1.5],
  ['tracing-no-sdk', 0.5],
  ['tracing-sdk', undefined],
  ['request-id-given', undefined],
  ['cors-origin', undefined],
  ['cors-off', undefined],
  ['log-warn', undefined],
]);

/** The row the costs are measured against. */
export const COST_BASE = 'roa-json-only';

/** The paired CPU differences of the cost rows that ran, against {@link COST_BASE}. */
export function checkCosts(
  rows: readonly RowSpec[],
  connections: readonly number[],
  results: ReadonlyMap<string, ReadonlyMap<number, Runs>>,
): CostLine[] {
  const lines: CostLine[] = [];
  for (const c of connections) {
    const base = results.get(COST_BASE)?.get(c) ?? [];
    for (const row of rows) {
      if (!COST_ROWS.has(row.id)) continue;
      const runs = results.get(row.id)?.get(c) ?? [];
      const differences: number[] = [];
      for (let i = 0; i < Math.min(runs.length, base.length); i++) {
        const own = runs[i]?.serverCpuUs;
        const plain = base[i]?.serverCpuUs;
        if (own !== undefined && plain !== undefined) differences.push(own - plain);
      }
      if (differences.length === 0) continue;
      const extraCpuUs = median(differences);
      const limitUs = COST_ROWS.get(row.id);
      const met = limitUs === undefined ? undefined : extraCpuUs <= limitUs;
      lines.push({ row: row.id, label: row.label, connections: c, extraCpuUs, limitUs, met });
    }
  }
  return lines;
}

/** The cost lines as Markdown. */
export function formatCosts(lines: readonly CostLine[]): string {
  const out = [
    '| row | conns | server CPU µs/req above ROA JSON on a server of its own | limit | met |',
    '|---|---:|---:|---:|---|',
  ];
  for (const l of lines) {
    const limit = l.limitUs === undefined ? '–' : `≤ ${l.limitUs}`;
    const met = l.met === undefined ? '–' : l.met ? 'yes' : 'NO';
    out.push(`| ${l.label} | ${l.connections} | ${l.extraCpuUs.toFixed(2)} | ${limit} | ${met} |`);
  }
  return out.join('\n');
}
