import path from 'node:path';
import { type LoadResult, type LoadSpec } from './load';
import { spawnNode } from './processes';
import { type RowSpec } from './rows';

/** How the load generator runs: its core, and the package root it runs from. */
export interface DriverPlacement {
  readonly root: string;
  readonly core: string | undefined;
}

/** The load of one row: the request of the row, and how long and how wide to send it. */
export interface RowLoad {
  readonly row: RowSpec;
  readonly port: number;
  /** The processes that serve the calls, for their CPU time per request. */
  readonly serverPids?: readonly number[];
  readonly connections: number;
  readonly warmupSeconds: number;
  readonly durationSeconds: number;
  readonly amount?: number;
}

/**
 * Sends the row's request until the server answers with the row's status, for up to `waitMs`
 * while it answers 503 (NATS replicas that are not subscribed yet); throws otherwise.
 */
export async function checkRow(row: RowSpec, port: number, waitMs = 15000): Promise<void> {
  const until = Date.now() + waitMs;
  for (;;) {
    const response = await fetch(`http://127.0.0.1:${port}${row.path}`, {
      method: 'POST',
      headers: row.headers,
      body: row.body,
    });
    const text = await response.text();
    if (response.status === row.status) return;
    if (response.status !== 503 || Date.now() > until) {
      throw new Error(`row ${row.id}: expected ${row.status}, got ${response.status}: ${text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Runs the load generator as its own process and returns its figures. */
export function driveRow(load: RowLoad, placement: DriverPlacement): Promise<LoadResult> {
  const spec: LoadSpec = {
    url: `http://127.0.0.1:${load.port}${load.row.path}`,
    method: 'POST',
    headers: load.row.headers,
    body: load.row.body,
    connections: load.connections,
    warmupSeconds: load.warmupSeconds,
    durationSeconds: load.durationSeconds,
    ...(load.amount === undefined ? {} : { amount: load.amount }),
    ...(load.serverPids === undefined ? {} : { serverPids: load.serverPids }),
  };
  const script = path.join(placement.root, 'dist/bench/load.js');
  const child = spawnNode([script, JSON.stringify(spec)], { core: placement.core, stdout: 'pipe' });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    err = (err + chunk).slice(-4000);
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}: ${err}`));
      else resolve(checked(JSON.parse(out) as LoadResult, load.row));
    });
  });
}

function checked(result: LoadResult, row: RowSpec): LoadResult {
  const wrong = Object.entries(result.statusCounts).filter(
    ([status]) => Number(status) !== row.status,
  );
  if (wrong.length > 0 || result.errors > 0 || result.requests === 0) {
    const statuses = JSON.stringify(result.statusCounts);
    throw new Error(`row ${row.id}: statuses ${statuses}, ${result.errors} errors`);
  }
  return result;
}
