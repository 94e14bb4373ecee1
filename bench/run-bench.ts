/**
 * `npm run bench`: starts every server as its own pinned process, drives each row with autocannon
 * in a separate pinned process, interleaving the rows round by round, then prints the table of
 * medians and ratios, checks the targets, measures memory, and writes it all as JSON.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeId, type Catalog, compareBefore, formatBefore, withBefore } from './before';
import { COST_BASE, COST_ROWS, checkCosts, formatCosts } from './costs';
import { describeMachine } from './machine';
import { formatMemory, measureMemory } from './memory';
import { hasNatsServer } from './nats-server';
import { BENCH_USAGE, type BenchOptions, parseBenchOptions } from './options';
import { choosePinning } from './processes';
import { buildTable, formatTable } from './report';
import { measure, type Placement } from './rounds';
import { ROWS, type RowSpec } from './rows';
import { serverNode } from './server-node';
import { SERVERS } from './server-specs';
import { carrierCeiling, checkTargets, formatTargets } from './targets';

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

/** Writes the report as JSON, dated and as `latest.json`; returns the dated file. */
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
  const ceiling = carrierCeiling(table, results);
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
    ceiling,
    costs,
    before,
    memory,
    runs,
  });
  const nodes = `servers on Node ${machine.node}, load and roa-json-bench-node on ${machine.loadNode}`;
  process.stdout.write(
    `\n${nodes}\n\n${formatTable(table)}\n\n${formatTargets(targets, ceiling)}\n`,
  );
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
