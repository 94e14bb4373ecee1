/**
 * `npm run build && node dist/bench/client-overhead.js`: what a typed client call costs over a
 * hand-written `fetch` of the same call. Two measurements, interleaved round by round:
 * - against a real main server (calc, in-process placement) in a child process, one call at a time;
 * - against a stub `fetch` that answers at once, which leaves only the caller's own CPU time.
 * Prints the median over rounds of the mean time per call, in microseconds: wall time against the
 * server, CPU time against the stub.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { CalculatorService } from '../examples/calc/calculator.service';
import { createClient } from '../src/client/create-client';

const ROUNDS = Number(process.env.ROUNDS ?? 15);
const CALLS = Number(process.env.CALLS ?? 2000);
const ROOT = path.resolve(__dirname, '../..');

type Call = (fetcher: typeof fetch, baseUrl: string) => () => Promise<number>;

/** The call as one would write it by hand. */
const byHand: Call = (fetcher, baseUrl) => async () => {
  const response = await fetcher(`${baseUrl}/calc/calculator/add`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ a: 7, b: 2 }),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return ((await response.json()) as { result: number }).result;
};

/** The same call through the typed client. */
const byClient: Call = (fetcher, baseUrl) => {
  const calculator = createClient<CalculatorService>({
    baseUrl,
    microservice: 'calc',
    service: 'calculator',
    fetch: fetcher,
  });
  return async () => (await calculator.add({ a: 7, b: 2 })).result;
};

/** A `fetch` that answers every call at once with calc's answer, without a socket. */
const stub: typeof fetch = async () =>
  new Response('{"result":9}', { status: 200, headers: { 'Content-Type': 'application/json' } });

/**
 * The mean time of one call in µs: wall time against the server (the caller waits for it), this
 * process's CPU time against the stub (nothing else to wait for; less shaken by other processes).
 */
async function meanMicros(call: () => Promise<number>, cpu: boolean): Promise<number> {
  const wall = performance.now();
  const used = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) if ((await call()) !== 9) throw new Error('wrong answer');
  if (!cpu) return ((performance.now() - wall) * 1000) / CALLS;
  const { user, system } = process.cpuUsage(used);
  return (user + system) / CALLS;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const script = `const { createMainServer } = require(${JSON.stringify(path.join(ROOT, 'dist/src/index.js'))});
const calc = require(${JSON.stringify(path.join(ROOT, 'dist/examples/calc/index.js'))}).default;
const main = createMainServer({ logLevel: 'silent', microservices: [calc] });
main.listen(0, '127.0.0.1').then((port) => process.stdout.write(port + '\\n'));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) =>
      resolve({ child, url: `http://127.0.0.1:${chunk.toString().trim()}` }),
    );
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
}

async function main(): Promise<void> {
  const { child, url } = await startServer();
  const rows = {
    'fetch by hand, real server': byHand(fetch, url),
    'typed client, real server': byClient(fetch, url),
    'fetch by hand, stub fetch': byHand(stub, url),
    'typed client, stub fetch': byClient(stub, url),
  };
  const samples = new Map<string, number[]>(Object.keys(rows).map((name) => [name, []]));
  try {
    const cpu = (name: string) => name.endsWith('stub fetch');
    for (const [name, call] of Object.entries(rows)) await meanMicros(call, cpu(name)); // warm-up
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, call] of Object.entries(rows)) {
        samples.get(name)?.push(await meanMicros(call, cpu(name)));
      }
    }
  } finally {
    child.kill();
  }
  const result = Object.fromEntries([...samples].map(([name, values]) => [name, median(values)]));
  for (const [name, micros] of Object.entries(result)) {
    console.log(`${name.padEnd(28)} ${micros.toFixed(1).padStart(8)} µs/call`);
  }
  // Each round's rows ran one after the other, so a round's difference is a paired sample that
  // the machine's drift from round to round cancels out of.
  for (const where of ['real server', 'stub fetch']) {
    const client = samples.get(`typed client, ${where}`) ?? [];
    const hand = samples.get(`fetch by hand, ${where}`) ?? [];
    const diffs = client.map((micros, i) => micros - (hand[i] ?? 0)).sort((a, b) => a - b);
    const quartile = (q: number) => (diffs[Math.floor((diffs.length - 1) * q)] ?? 0).toFixed(1);
    console.log(
      `client overhead, ${where}: median ${quartile(0.5)} µs/call (quartiles ${quartile(0.25)} to ${quartile(0.75)})`,
    );
  }
  console.log(`(${ROUNDS} rounds of ${CALLS} sequential calls per row, median over the rounds)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
