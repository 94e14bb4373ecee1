/**
 * `npm run bench`: starts every server as its own pinned process, drives each row with autocannon
 * in a separate pinned process, interleaving the rows round by round, then prints the table of
 * medians and ratios, checks the targets, measures memory, and writes it all as JSON.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  beforeId,
  type Catalog,
  compareBefore,
  formatBefore,
  twinsFirstInEvenRounds,
  withBefore,
} from './before';
import { COST_BASE, COST_ROWS, checkCosts, formatCosts } from './costs';
import { checkRow, type DriverPlacement, driveRow } from './drive';
import { type LoadResult } from './load';
import { type MemoryReport, measureMemory } from './memory';
import { hasNatsServer, startBenchNats } from './nats-server';
import { BENCH_USAGE, type BenchOptions, parseBenchOptions } from './options';
import { choosePinning } from './processes';
import { buildTable, formatTable, type Runs } from './report';
import { ROWS, type RowSpec } from './rows';
import { serverNode } from './server-node';
import { SERVERS } from './server-specs';
import { type RunningServer, type ServerPlacement, startServer } from './servers';
import { checkTargets, formatTargets } from './targets';

/** The package root: the compiled bench runs from `dist/bench`. */
const ROOT = path.resolve(__dirname, '../..');

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** The rows to run: those asked for (with their twins under `--against`) and the baselines. */
function selectRows(options: BenchOptions, catalog: Catalog, withNats: boolean): RowSpec[] {
  const unknown = options.rows.filter((id) => !ROWS.some((row) => row.id === id));
  if (unknown.length > 0) throw new Error(`unknown rows: ${unknown.join(', ')}`);
  const wanted = new Set(['node-http', 'koa-route', ...options.rows]);
  // A metrics or tracing row is measured against its base, so the base runs with it.
  if (options.rows.some((id) => COST_ROWS.has(id))) wanted.add(COST_BASE);
  for (const id of options.rows) wanted.add(beforeId(id));
  const all = catalog.rows;
  const rows = options.rows.length === 0 ? [...all] : all.filter((row) => wanted.has(row.id));
  const nats = new Set(catalog.servers.filter((s) => s.natsReplicas).map((s) => s.id));
  return rows.filter((row) => withNats || !nats.has(row.server));
}

async function startServers(
  rows: readonly RowSpec[],
  catalog: Catalog,
  placement: ServerPlacement,
) {
  const servers = new Map<string, RunningServer>();
  try {
    for (const spec of catalog.servers) {
      if (!rows.some((row) => row.server === spec.id)) continue;
      servers.set(spec.id, await startServer(spec, placement));
    }
  } catch (error) {
    await stopServers(servers);
    throw error;
  }
  return servers;
}

async function stopServers(servers: ReadonlyMap<string, RunningServer>): Promise<void> {
  await Promise.all([...servers.values()].map((server) => server.stop()));
}

interface Rounds {
  readonly options: BenchOptions;
  readonly rows: readonly RowSpec[];
  readonly servers: ReadonlyMap<string, RunningServer>;
  readonly driver: DriverPlacement;
  /** The rounds to run, numbered from 1 for the whole run. */
  readonly rounds: readonly number[];
  readonly results: Map<string, Map<number, LoadResult[]>>;
}

/** Runs every row at every connection count, round after round (A B C A B C …). */
async function runRounds({ options, rows, servers, driver, rounds, results }: Rounds) {
  const perRound = options.connections.length * rows.length;
  const total = options.rounds * perRound;
  // Rounds are numbered for the whole run, also when each runs on processes of its own.
  let done = ((rounds[0] ?? 1) - 1) * perRound;
  for (const round of rounds) {
    for (const connections of options.connections) {
      for (const row of options.fresh ? twinsFirstInEvenRounds(rows, round) : rows) {
        const { port, pids: serverPids } = servers.get(row.server) as RunningServer;
        const { warmupSeconds, durationSeconds } = options;
        const load = { row, port, serverPids, connections, warmupSeconds, durationSeconds };
        const result = await driveRow(load, driver);
        const byConnections = results.get(row.id) ?? new Map<number, LoadResult[]>();
        byConnections.set(connections, [...(byConnections.get(connections) ?? []), result]);
        results.set(row.id, byConnections);
        done++;
        log(
          `[${done}/${total}] round ${round} c=${connections} ${row.id}: ` +
            `${Math.round(result.rps)} req/s p50 ${result.p50Ms.toFixed(2)} p99 ${result.p99Ms.toFixed(2)} ms, server CPU ${result.serverCpuUs?.toFixed(1) ?? '?'} µs/req${formatEach(result)}`,
        );
      }
    }
  }
}

/** The CPU per process of a row served by several (main server, replicas, nats-server), else nothing. */
function formatEach(result: LoadResult): string {
  const each = result.serverCpuUsEach;
  if (!each) return '';
  const name = (i: number) => (i === 0 ? 'main' : i === each.length - 1 ? 'nats' : 'replica');
  return ` (${each.map((us, i) => `${us.toFixed(1)} ${name(i)}`).join(' + ')})`;
}

/** The machine the figures come from, and the node version the servers run on. */
function describeMachine(node: string) {
  return {
    cores: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? 'unknown',
    node: nodeVersion(node),
    loadNode: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

/** The version of another node binary; refuses a path that is not one. */
function nodeVersion(node: string): string {
  const run = spawnSync(node, ['--version'], { encoding: 'utf8' });
  const version = run.stdout?.trim() ?? '';
  if (run.status !== 0 || !/^v\d+\./.test(version)) {
    throw new Error(`--node ${node} is not a node binary`);
  }
  return version;
}

/**
 * Runs the rounds: all on one set of processes, or under `--fresh` each round on servers (and a
 * nats-server) started for it alone.
 */
async function measure(options: BenchOptions, catalog: Catalog, placement: Placement) {
  const results = new Map<string, Map<number, LoadResult[]>>();
  const all = Array.from({ length: options.rounds }, (_, i) => i + 1);
  const sessions = options.fresh ? all.map((round) => [round]) : [all];
  for (const rounds of sessions) {
    await withProcesses(catalog, placement.server, (servers) =>
      runRounds({
        options,
        rows: catalog.rows,
        servers,
        driver: placement.driver,
        rounds,
        results,
      }),
    );
  }
  return results as ReadonlyMap<string, ReadonlyMap<number, Runs>>;
}

/** Starts the nats-server (when a row needs it) and the servers, runs `use`, stops them. */
async function withProcesses(
  catalog: Catalog,
  placement: ServerPlacement,
  use: (servers: ReadonlyMap<string, RunningServer>) => Promise<void>,
): Promise<void> {
  const { rows } = catalog;
  const needsNats = catalog.servers.some(
    (spec) => spec.natsReplicas && rows.some((row) => row.server === spec.id),
  );
  const nats = needsNats ? await startBenchNats(placement.core) : undefined;
  try {
    const servers = await startServers(rows, catalog, { ...placement, ...(nats ? { nats } : {}) });
    try {
      for (const row of rows) await checkRow(row, (servers.get(row.server) as RunningServer).port);
      await use(servers);
    } finally {
      await stopServers(servers);
    }
  } finally {
    await nats?.stop();
  }
}

interface Placement {
  readonly server: ServerPlacement;
  readonly driver: DriverPlacement;
}

function formatMemory(memory: MemoryReport): string {
  const sign = memory.growthMb >= 0 ? '+' : '';
  return (
    `Memory: RSS ${memory.rssAfterWarmupMb.toFixed(1)} MB after ${memory.warmupRequests} ` +
    `warm-up requests, ${memory.rssAfterMb.toFixed(1)} MB after ${memory.requests} more: ` +
    `${sign}${memory.growthMb.toFixed(1)} MB (bound +20 MB: ${memory.met ? 'met' : 'NOT met'})`
  );
}

function writeReport(
  outDir: string,
  report: { readonly date: string; readonly [key: string]: unknown },
): string {
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `bench-${report.date.replace(/[:.]/g, '-')}.json`);
  const text = `${JSON.stringify(report, null, 2)}\n`;
  writeFileSync(file, text);
  writeFileSync(path.join(outDir, 'latest.json'), text);
  return file;
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    log(BENCH_USAGE);
    return 0;
  }
  const options = parseBenchOptions(argv);
  const withNats = hasNatsServer();
  if (!withNats) log('nats-server is not on PATH: the NATS rows are left out');
  const all: Catalog = { servers: SERVERS, rows: ROWS };
  const catalog = options.against ? withBefore(all, options.against) : all;
  const rows = selectRows(options, catalog, withNats);
  const node = serverNode(options.node, ROOT);
  const machine = describeMachine(node);
  const pinning = choosePinning(machine.cores);
  if (options.profileDir) mkdirSync(options.profileDir, { recursive: true });
  const placement: Placement = {
    server: {
      root: ROOT,
      core: pinning.server,
      profileDir: options.profileDir,
      node,
    },
    driver: { root: ROOT, core: pinning.load },
  };
  log(`machine: ${JSON.stringify(machine)}; pinning: ${JSON.stringify(pinning)}`);
  const results = await measure(options, { servers: catalog.servers, rows }, placement);
  const table = buildTable(rows, options.connections, results);
  const targets = checkTargets(table, results, Number(machine.node.slice(1).split('.')[0]));
  const costs = checkCosts(rows, options.connections, results);
  const before = options.against ? compareBefore(rows, options.connections, results) : [];
  const memoryRows = rows.filter((row) => row.server === 'portico');
  const memory =
    options.memoryRequests > 0 && memoryRows.length > 0
      ? await measureMemory({
          rows: memoryRows,
          warmupRequests: options.memoryWarmup,
          requests: options.memoryRequests,
          server: { ...placement.server, profileDir: undefined },
          driver: placement.driver,
        })
      : undefined;
  const runs = Object.fromEntries([...results].map(([id, byC]) => [id, Object.fromEntries(byC)]));
  const date = new Date().toISOString();
  const file = writeReport(options.outDir, {
    date,
    machine,
    pinning,
    options,
    table,
    targets,
    costs,
    before,
    memory,
    runs,
  });
  const nodes = `servers on Node ${machine.node}, load and roa-json-bench-node on ${machine.loadNode}`;
  process.stdout.write(`\n${nodes}\n\n${formatTable(table)}\n\n${formatTargets(targets)}\n`);
  if (costs.length > 0) process.stdout.write(`\n${formatCosts(costs)}\n`);
  if (before.length > 0) process.stdout.write(`\n${formatBefore(before)}\n`);
  if (memory) process.stdout.write(`\n${formatMemory(memory)}\n`);
  process.stdout.write(`\nJSON: ${file}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`bench: ${(error as Error)?.stack ?? error}`);
    process.exit(1);
  },
);
