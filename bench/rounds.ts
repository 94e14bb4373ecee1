import { type Catalog, twinsFirstInEvenRounds } from './before';
import { checkRow, type DriverPlacement, driveRow } from './drive';
import { type LoadResult } from './load';
import { startBenchNats } from './nats-server';
import { type BenchOptions } from './options';
import { type Runs } from './report';
import { type RowSpec } from './rows';
import { type RunningServer, type ServerPlacement, startServer } from './servers';

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** Starts the servers the rows need, each as its own process; stops them all if one fails. */
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

/** What a run of rounds needs, and where it puts each result. */
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
        const server = servers.get(row.server) as RunningServer;
        const { port, pids: serverPids } = server;
        const { warmupSeconds, durationSeconds } = options;
        const load = { row, port, serverPids, connections, warmupSeconds, durationSeconds };
        const result = await driveRow(load, driver);
        const byConnections = results.get(row.id) ?? new Map<number, LoadResult[]>();
        byConnections.set(connections, [...(byConnections.get(connections) ?? []), result]);
        results.set(row.id, byConnections);
        done++;
        log(
          `[${done}/${total}] round ${round} c=${connections} ${row.id}: ` +
            `${Math.round(result.rps)} req/s p50 ${result.p50Ms.toFixed(2)} p99 ${result.p99Ms.toFixed(2)} ms, server CPU ${result.serverCpuUs?.toFixed(1) ?? '?'} µs/req${formatEach(result, server)}`,
        );
      }
    }
  }
}

/**
 * The CPU per process of a row served by several (main server, replicas, nats-server; or a
 * baseline's forwarder and responder), else nothing.
 */
function formatEach(result: LoadResult, server: RunningServer): string {
  const each = result.serverCpuUsEach;
  if (!each) return '';
  const [first, middle] = server.spec.replicaArgs
    ? ['forwarder', 'responder']
    : ['main', 'replica'];
  const name = (i: number) => (i === 0 ? first : i === each.length - 1 ? 'nats' : middle);
  return ` (${each.map((us, i) => `${us.toFixed(1)} ${name(i)}`).join(' + ')})`;
}

/**
 * Runs the rounds: all on one set of processes, or under `--fresh` each round on servers (and a
 * nats-server) started for it alone.
 */
export async function measure(options: BenchOptions, catalog: Catalog, placement: Placement) {
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

/** Where the servers and the load driver run. */
export interface Placement {
  readonly server: ServerPlacement;
  readonly driver: DriverPlacement;
}
