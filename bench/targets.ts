import { pairedRatio, type Runs, type TableLine } from './report';

/** One target of the issue, checked at one connection count. */
export interface TargetCheck {
  readonly target: string;
  readonly connections: number;
  readonly value: number;
  readonly limit: number;
  readonly atMost: boolean;
  readonly met: boolean;
}

type Results = ReadonlyMap<string, ReadonlyMap<number, Runs>>;

/** Rows that do not go through the entry point. */
const NOT_ENTRY_POINT = new Set([
  'node-http',
  'koa-route',
  'koa-bare',
  'nats-echo',
  'nats-echo-batched',
]);
/** The least ratio of a row to ROA JSON in-process, and the connection counts it holds at. */
const TO_ROA_JSON: Readonly<Record<string, { limit: number; at?: number }>> = {
  'roa-liba-xml': { limit: 0.95 },
  'rmc-libb-xml': { limit: 0.5 },
  'nats-1': { limit: 0.6, at: 10 },
};

/**
 * The least ratio of ROA JSON to the Koa route on the servers' Node major version: 0.95 on the
 * versions users run (24 and later, with AsyncContextFrame), 0.8 before them.
 */
export function koaRouteTarget(nodeMajor: number): number {
  return nodeMajor >= 24 ? 0.95 : 0.8;
}

/**
 * Checks the targets: ROA JSON ≥ {@link koaRouteTarget} × the Koa route and ≥ 0.6× node:http;
 * libA XML within 5% of ROA JSON, RMC libB XML ≥ 0.5× it; NATS with one replica ≥ 0.6× ROA JSON
 * in-process at 10 connections; and, at the largest connection count, every entry-point row's
 * p99 ≤ 2× the Koa route's.
 */
export function checkTargets(
  lines: readonly TableLine[],
  results: Results,
  nodeMajor: number,
): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const counts = [...new Set(lines.map((l) => l.connections))];
  const widest = Math.max(...counts);
  for (const c of counts) {
    const line = (id: string) => lines.find((l) => l.row === id && l.connections === c);
    const runs = (id: string) => results.get(id)?.get(c) ?? [];
    const roa = line('roa-json');
    if (roa) {
      checks.push(atLeast('ROA JSON ÷ Koa route', c, roa.vsKoaRoute, koaRouteTarget(nodeMajor)));
      checks.push(atLeast('ROA JSON ÷ node:http', c, roa.vsNodeHttp, 0.6));
    }
    for (const [id, { limit, at }] of Object.entries(TO_ROA_JSON)) {
      const other = line(id);
      if (!roa || !other || (at !== undefined && at !== c)) continue;
      const ratio = pairedRatio(runs(id), runs('roa-json'));
      checks.push(atLeast(`${other.label} ÷ ROA JSON`, c, ratio, limit));
    }
    const koa = line('koa-route');
    if (c !== widest || !koa) continue;
    for (const l of lines) {
      if (l.connections !== c || NOT_ENTRY_POINT.has(l.row)) continue;
      const value = l.p99Ms / koa.p99Ms;
      checks.push({
        target: `p99 ${l.label} ÷ Koa route`,
        connections: c,
        value,
        limit: 2,
        atMost: true,
        met: value <= 2,
      });
    }
  }
  return checks;
}

/** A ratio reported beside the targets, with no limit. */
export interface BesideLine {
  readonly target: string;
  readonly connections: number;
  readonly value: number;
}

/** The short names of the rows that the carrier's ceiling compares. */
const CEILING_NAMES: Readonly<Record<string, string>> = {
  'roa-json': 'ROA JSON',
  'nats-1': 'NATS, 1 replica',
  'nats-echo': 'NATS echo',
  'nats-echo-batched': 'NATS echo, batched',
};
/** Each pair: a row, and the row it is divided by. */
const CEILING_PAIRS = [
  ['nats-echo', 'roa-json'],
  ['nats-echo-batched', 'roa-json'],
  ['nats-1', 'nats-echo'],
  ['nats-1', 'nats-echo-batched'],
] as const;

/**
 * The carrier's ceiling, where its rows ran: how fast a hand-written forwarder over NATS goes
 * against ROA JSON in-process (what any design on NATS request/reply can reach), and how close the
 * NATS row comes to it. Informational: no limit, not a target.
 */
export function carrierCeiling(lines: readonly TableLine[], results: Results): BesideLine[] {
  const out: BesideLine[] = [];
  for (const c of [...new Set(lines.map((l) => l.connections))]) {
    const ran = (id: string) => lines.some((l) => l.row === id && l.connections === c);
    for (const [row, base] of CEILING_PAIRS) {
      if (!ran(row) || !ran(base)) continue;
      const value = pairedRatio(results.get(row)?.get(c) ?? [], results.get(base)?.get(c) ?? []);
      out.push({ target: `${CEILING_NAMES[row]} ÷ ${CEILING_NAMES[base]}`, connections: c, value });
    }
  }
  return out;
}

function atLeast(target: string, connections: number, value: number, limit: number): TargetCheck {
  return { target, connections, value, limit, atMost: false, met: value >= limit };
}

/** The checks as Markdown lines, then the lines `beside` them, marked as no target. */
export function formatTargets(
  checks: readonly TargetCheck[],
  beside: readonly BesideLine[] = [],
): string {
  const out = ['| target | conns | value | limit | met |', '|---|---:|---:|---:|---|'];
  for (const c of checks) {
    const limit = `${c.atMost ? '≤' : '≥'} ${c.limit}`;
    out.push(
      `| ${c.target} | ${c.connections} | ${c.value.toFixed(2)} | ${limit} | ${c.met ? 'yes' : 'NO'} |`,
    );
  }
  for (const b of beside) {
    out.push(
      `| ${b.target} (ceiling) | ${b.connections} | ${b.value.toFixed(2)} | – | no target |`,
    );
  }
  return out.join('\n');
}
