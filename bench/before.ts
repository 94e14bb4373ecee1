import { existsSync } from 'node:fs';
import path from 'node:path';
import { meanWithNoise, median, type Runs } from './report';
import { type RowSpec } from './rows';
import { REPLICA_ARGS, type ServerSpec } from './server-specs';

/** The servers and rows of one run. */
export interface Catalog {
  readonly servers: readonly ServerSpec[];
  readonly rows: readonly RowSpec[];
}

/** The id of a row or server's twin served by the other checkout. */
export const beforeId = (id: string): string => `${id}-before`;

/** Whether every script that `spec` runs (and its replicas, if any) exists in `root`. */
function runsIn(spec: ServerSpec, root: string): boolean {
  const replica = spec.natsReplicas ? (spec.replicaArgs ?? REPLICA_ARGS) : [];
  const scripts = [...spec.args, ...replica].filter((arg) => arg.endsWith('.js'));
  return scripts.every((script) => existsSync(path.join(root, script)));
}

/**
 * Adds a twin of every portico server and its rows, served by the built checkout at `root`, so
 * that one run measures both builds round by round. A server whose scripts that checkout lacks
 * (a row it did not have yet) gets no twin.
 */
export function withBefore(catalog: Catalog, root: string): Catalog {
  const absolute = path.resolve(root);
  if (!existsSync(path.join(absolute, 'bin/portico.js'))) {
    throw new Error(`--against ${root} is not a built portico checkout (no bin/portico.js)`);
  }
  const twins = catalog.servers
    .filter((spec) => spec.id.startsWith('portico') && runsIn(spec, absolute))
    .map((spec) => ({ ...spec, id: beforeId(spec.id), root: absolute }));
  const twinned = new Set(twins.map((spec) => spec.id));
  // Each twin runs right after its row, so that both see the machine alike.
  const rows = catalog.rows.flatMap((row) =>
    twinned.has(beforeId(row.server))
      ? [
          row,
          {
            ...row,
            id: beforeId(row.id),
            label: `${row.label} [before]`,
            server: beforeId(row.server),
          },
        ]
      : [row],
  );
  return { servers: [...catalog.servers, ...twins], rows };
}

/**
 * The rows of `round` with each twin before its row in even rounds, so that neither build is
 * always the one measured second (for `--fresh`, where every round starts its own processes).
 */
export function twinsFirstInEvenRounds(rows: readonly RowSpec[], round: number): RowSpec[] {
  const ordered = [...rows];
  if (round % 2 === 1) return ordered;
  for (let i = 0; i + 1 < ordered.length; i++) {
    const [row, twin] = [ordered[i] as RowSpec, ordered[i + 1] as RowSpec];
    if (twin.id === beforeId(row.id)) {
      ordered.splice(i, 2, twin, row);
      i++;
    }
  }
  return ordered;
}

/** A row against its twin on the other checkout, paired round by round. */
export interface BeforeLine {
  readonly label: string;
  readonly connections: number;
  /** Mean over rounds of this build's CPU µs/req minus the other's in the same round. */
  readonly extraCpuUs: number;
  /** The half-width of that mean's 95% confidence interval: the noise of the comparison. */
  readonly noiseUs: number;
  /** Median over rounds of this build's req/s divided by the other's. */
  readonly rpsRatio: number;
}

/** The paired differences of every row that ran on both builds. */
export function compareBefore(
  rows: readonly RowSpec[],
  connections: readonly number[],
  results: ReadonlyMap<string, ReadonlyMap<number, Runs>>,
): BeforeLine[] {
  const lines: BeforeLine[] = [];
  for (const c of connections) {
    for (const row of rows) {
      const after = results.get(row.id)?.get(c) ?? [];
      const before = results.get(beforeId(row.id))?.get(c) ?? [];
      const pairs = after.slice(0, before.length).map((run, i) => [run, before[i]] as const);
      const cpu = pairs.flatMap(([a, b]) =>
        a.serverCpuUs !== undefined && b?.serverCpuUs !== undefined
          ? [a.serverCpuUs - b.serverCpuUs]
          : [],
      );
      if (pairs.length === 0) continue;
      const rpsRatio = median(pairs.map(([a, b]) => a.rps / (b?.rps ?? Number.NaN)));
      const { mean, halfWidth } = meanWithNoise(cpu);
      lines.push({
        label: row.label,
        connections: c,
        extraCpuUs: mean,
        noiseUs: halfWidth,
        rpsRatio,
      });
    }
  }
  return lines;
}

/**
 * Whether a row is slower or faster than before beyond the noise: when the whole 95% interval
 * of its extra CPU time lies above or below zero.
 */
export function verdictOf(line: Pick<BeforeLine, 'extraCpuUs' | 'noiseUs'>): string {
  if (Number.isNaN(line.extraCpuUs)) return '–';
  if (Number.isNaN(line.noiseUs)) return 'one round: no noise known';
  if (line.extraCpuUs - line.noiseUs > 0) return 'SLOWER';
  if (line.extraCpuUs + line.noiseUs < 0) return 'faster';
  return 'within the noise';
}

/** The comparison as Markdown. */
export function formatBefore(lines: readonly BeforeLine[]): string {
  const out = [
    '| row | conns | req/s ÷ before | server CPU µs/req − before (mean ± 95%) | verdict |',
    '|---|---:|---:|---:|---|',
  ];
  for (const l of lines) {
    const sign = l.extraCpuUs >= 0 ? '+' : '';
    const extra = Number.isNaN(l.extraCpuUs) ? '–' : `${sign}${l.extraCpuUs.toFixed(1)}`;
    const noise = Number.isNaN(l.noiseUs) ? '' : ` ± ${l.noiseUs.toFixed(1)}`;
    out.push(
      `| ${l.label} | ${l.connections} | ${l.rpsRatio.toFixed(2)} | ` +
        `${extra}${noise} | ${verdictOf(l)} |`,
    );
  }
  return out.join('\n');
}
