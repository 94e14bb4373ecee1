import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, stopProcess, waitForPort } from './processes';
import { ROWS, type RowSpec } from './rows';
import { serverNode } from './server-node';
import { SERVERS } from './server-specs';

/**
 * Instructions per request of one bench row's server, counted by valgrind's callgrind: they do not
 * depend on the machine's load, so they compare builds and servers on a shared machine. The server
 * answers `--warmup` requests of the row, callgrind's counters are dumped, `--requests` more
 * follow, and the second dump's total is divided by the requests answered between the dumps. Node
 * runs with `--single-threaded`, so that no compiler or collector thread takes work out of the count.
 * `--root DIR` serves the row from another built checkout (the same request, its server), so that
 * builds compare by one harness; `--keep FILE` keeps the counted dump for `callgrind_annotate`.
 */
const ROOT = path.resolve(__dirname, '../..');

/** A server under callgrind, and the keep-alive connections that send it its row. */
interface Counted {
  readonly row: RowSpec;
  readonly port: number;
  readonly child: ChildProcess;
  readonly env: NodeJS.ProcessEnv;
  readonly agent: http.Agent;
  readonly connections: number;
  answered: number;
}

function send(c: Counted): Promise<void> {
  const { row, port, agent } = c;
  const headers = { ...row.headers, 'content-length': Buffer.byteLength(row.body) };
  return new Promise((resolve, reject) => {
    const request = http.request({ port, path: row.path, method: 'POST', agent, headers });
    request.on('response', (response) => {
      response.resume().on('end', () => {
        c.answered++;
        if (response.statusCode === row.status) resolve();
        else reject(new Error(`${row.id}: status ${response.statusCode}`));
      });
    });
    request.on('error', reject).end(row.body);
  });
}

async function sendWhile(c: Counted, more: () => boolean): Promise<void> {
  const lane = async () => {
    while (more()) await send(c);
  };
  await Promise.all(Array.from({ length: c.connections }, lane));
}

/** Dumps the counters, sending requests meanwhile (callgrind dumps between two of them). */
async function dump(c: Counted): Promise<number> {
  let done = false;
  // valgrind names its control pipes after HOST: callgrind_control must see the same one.
  const dumped = new Promise<void>((resolve, reject) =>
    execFile('callgrind_control', ['-d', `${c.child.pid}`], { env: c.env }, (error) => {
      done = true;
      if (error) reject(error);
      else resolve();
    }),
  );
  await sendWhile(c, () => !done);
  await dumped;
  return c.answered;
}

const USAGE = `Usage: node dist/bench/instructions.js [options]
  --row ID          the bench row whose requests are counted (default roa-json; any in-process
                    row of bench/rows.ts: roa-json-only and metrics compare metrics off and on)
  --node PATH       the node binary of the server (default as npm run bench's --node)
  --connections N   keep-alive connections that send the row (default 1)
  --warmup N        requests before the counted window (default 5000; 20000 to compare builds)
  --requests N      requests in the counted window (default 3000)
  --root DIR        serve the row from another built checkout
  --keep FILE       keep the counted dump, for callgrind_annotate FILE`;

async function main(): Promise<void> {
  const { values: o } = parseArgs({
    options: {
      help: { type: 'boolean' },
      row: { type: 'string', default: 'roa-json' },
      node: { type: 'string' },
      connections: { type: 'string', default: '1' },
      warmup: { type: 'string', default: '5000' },
      requests: { type: 'string', default: '3000' },
      root: { type: 'string' },
      keep: { type: 'string' },
    },
  });
  if (o.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const row = ROWS.find((r) => r.id === o.row);
  const spec = SERVERS.find((s) => s.id === row?.server);
  if (!row || !spec || spec.natsReplicas) throw new Error(`--row ${o.row}: no in-process row`);
  const node = spec.node === 'bench' ? process.execPath : serverNode(o.node, ROOT);
  const root = path.resolve(o.root ?? ROOT);
  if (!existsSync(path.join(root, spec.args[spec.args.length - 1] ?? ''))) {
    throw new Error(`--root ${root}: not a built checkout with ${spec.args.join(' ')}`);
  }
  const port = await freePort();
  const out = path.join(tmpdir(), `portico-callgrind-${process.pid}.out`);
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', ...spec.env };
  env.PORT = `${port}`;
  env.HOST = '127.0.0.1';
  const valgrind = ['--tool=callgrind', `--callgrind-out-file=${out}`, node, '--single-threaded'];
  const child = spawn('valgrind', [...valgrind, ...spec.args], { cwd: root, env, stdio: 'ignore' });
  await waitForPort(port, 300_000);
  const connections = Number(o.connections);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const c: Counted = { row, port, child, env, agent, connections, answered: 0 };
  let warmup = Number(o.warmup);
  await sendWhile(c, () => warmup-- > 0);
  const first = await dump(c);
  let requests = Number(o.requests);
  await sendWhile(c, () => requests-- > 0);
  const count = (await dump(c)) - first;
  agent.destroy();
  await stopProcess(child);
  const counted = readFileSync(`${out}.2`, 'utf8');
  if (o.keep) copyFileSync(`${out}.2`, o.keep);
  for (const suffix of ['', '.1', '.2']) rmSync(`${out}${suffix}`, { force: true });
  const instructions = Number(/^(?:summary|totals): (\d+)/m.exec(counted)?.[1]);
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  const per = Math.round(instructions / count);
  process.stdout.write(
    `${row.id} of ${root} on Node ${version}, ${connections} connection(s): ${per} instructions per request (${count} requests)\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
});
