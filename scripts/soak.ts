import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';

/**
 * Soak run (not a CI test): starts `portico start` with scripts/soak-config in a child process,
 * sends a steady mix of valid and invalid calls for a while, then reports the requests, the
 * answers by status, wrong answers, and the server's RSS at the start and at the end.
 *
 *   npm run soak -- --minutes 10 --rate 200
 */
const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string', default: '200' },
    'max-in-flight': { type: 'string', default: '256' },
  },
});
const MINUTES = Number(values.minutes);
const RATE = Number(values.rate);
const MAX_IN_FLIGHT = Number(values['max-in-flight']);
const ROOT = path.resolve(__dirname, '..', '..');

/** One kind of call in the mix: how often, what to send, and what a right answer looks like. */
interface Kind {
  readonly name: string;
  readonly weight: number;
  /** Bytes to write on a fresh socket, or an HTTP request through the keep-alive agent. */
  readonly raw?: string;
  readonly path?: string;
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** The statuses that are right for this call. */
  readonly expect: readonly number[];
  readonly text?: string;
}

const JSON_HEADERS = { 'Content-Type': 'application/json' };
const XML_B = {
  'Content-Type': 'application/xml',
  'X-SVC-Sequence-Name': 'libBParamArrayXmlInOutSequence',
};
const HEAD = 'POST /calc/multiplier/mulTwo HTTP/1.1\r\nHost: soak\r\n';

const KINDS: readonly Kind[] = [
  {
    name: 'mulTwo json',
    weight: 30,
    path: '/calc/multiplier/mulTwo',
    headers: JSON_HEADERS,
    body: '{"a":2,"b":3}',
    expect: [200],
    text: '{"result":6}',
  },
  {
    name: 'mulOne rmc',
    weight: 10,
    path: '/calc/multiplier/mulOne',
    headers: { ...JSON_HEADERS, 'X-SVC-API-ID': 'RMC' },
    body: '[2,3]',
    expect: [200],
    text: '6',
  },
  {
    name: 'mulTwo xml',
    weight: 10,
    path: '/calc/multiplier/mulTwo',
    headers: XML_B,
    body: '<MulInput><a>2</a><b>3</b></MulInput>',
    expect: [200],
    text: '<MulOutput><result>6</result></MulOutput>',
  },
  {
    name: 'add libA',
    weight: 5,
    path: '/calc/calculator/add',
    headers: { ...JSON_HEADERS, 'X-SVC-Sequence-Name': 'libAParamArrayJsonInOutSequence' },
    body: '{"operationInput":{"a":7,"b":2}}',
    expect: [200],
    text: '{"operationOutput":{"result":9}}',
  },
  {
    name: 'sleep',
    weight: 5,
    path: '/soak/soak/sleep',
    headers: JSON_HEADERS,
    body: '50',
    expect: [200, 503],
    text: '50',
  },
  {
    name: 'hang',
    weight: 1,
    path: '/soak/soak/hang',
    headers: JSON_HEADERS,
    body: '1',
    expect: [504, 503],
  },
  {
    name: 'typed error',
    weight: 2,
    path: '/soak/soak/fail',
    headers: JSON_HEADERS,
    body: '0',
    expect: [409, 503],
  },
  {
    name: 'unexpected error',
    weight: 2,
    path: '/soak/soak/fail',
    headers: JSON_HEADERS,
    body: '1',
    expect: [500, 503],
  },
  {
    name: 'div by zero',
    weight: 3,
    path: '/calc/calculator/div',
    headers: JSON_HEADERS,
    body: '{"a":1,"b":0}',
    expect: [400],
  },
  {
    name: 'bad json',
    weight: 4,
    path: '/calc/multiplier/mulTwo',
    headers: JSON_HEADERS,
    body: '{"a":2,',
    expect: [400],
  },
  {
    name: 'doctype',
    weight: 2,
    path: '/calc/multiplier/mulTwo',
    headers: XML_B,
    body: '<!DOCTYPE x [<!ENTITY e "e">]><MulInput><a>&e;</a></MulInput>',
    expect: [400],
  },
  {
    name: 'deep',
    weight: 1,
    path: '/calc/multiplier/mulTwo',
    headers: JSON_HEADERS,
    body: '['.repeat(10_000),
    expect: [400],
  },
  {
    name: 'unknown method',
    weight: 3,
    path: '/calc/multiplier/constructor',
    headers: JSON_HEADERS,
    body: '{}',
    expect: [404],
  },
  {
    name: 'GET',
    weight: 2,
    method: 'GET',
    path: '/calc/multiplier/mulTwo',
    headers: JSON_HEADERS,
    expect: [405],
  },
  {
    name: 'text/plain',
    weight: 2,
    path: '/calc/multiplier/mulTwo',
    headers: { 'Content-Type': 'text/plain' },
    body: 'x',
    expect: [415],
  },
  {
    name: 'accept html',
    weight: 1,
    path: '/calc/multiplier/mulTwo',
    headers: { ...JSON_HEADERS, Accept: 'text/html' },
    body: '{}',
    expect: [406],
  },
  {
    name: 'bad header',
    weight: 2,
    path: '/calc/multiplier/mulTwo',
    headers: { ...JSON_HEADERS, 'X-SVC-API-ID': 'rmc' },
    body: '{}',
    expect: [400],
  },
  {
    name: 'too large',
    weight: 1,
    path: '/calc/multiplier/mulTwo',
    headers: JSON_HEADERS,
    body: `{"a":"${'x'.repeat(70_000)}"}`,
    expect: [413],
  },
  {
    name: 'header overflow',
    weight: 1,
    raw: `${HEAD}X-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    expect: [431],
  },
  {
    name: 'too many headers',
    weight: 1,
    raw: `${HEAD}${'X-H: 1\r\n'.repeat(150)}\r\n`,
    expect: [431],
  },
  { name: 'parser error', weight: 1, raw: `${HEAD}X-Bad: \u0001\r\n\r\n`, expect: [400] },
  {
    name: 'connect',
    weight: 1,
    raw: 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com\r\n\r\n',
    expect: [405],
  },
];
const TOTAL_WEIGHT = KINDS.reduce((sum, kind) => sum + kind.weight, 0);

function pick(n: number): Kind {
  let at = (n * 7919) % TOTAL_WEIGHT;
  for (const kind of KINDS) {
    if (at < kind.weight) return kind;
    at -= kind.weight;
  }
  return KINDS[0] as Kind;
}

/** The resident set size of a process in MiB (Linux /proc, else ps). */
function rssMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
  } catch {
    return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)]).toString()) / 1024;
  }
}

function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'bin', 'portico.js'), 'start', path.join(ROOT, 'dist/scripts/soak-config.js')],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /"port":(\d+),"msg":"main server listening"/.exec(output);
      if (match) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve({ child, port: Number(match[1]) });
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${output}`)));
  });
}

function sendRaw(port: number, bytes: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    const timer = setTimeout(() => socket.destroy(), 10_000);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      resolve({ status, text: received.slice(received.indexOf('\r\n\r\n') + 4) });
    });
    socket.write(bytes);
  });
}

function sendHttp(
  port: number,
  agent: http.Agent,
  kind: Kind,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: kind.path,
        method: kind.method ?? 'POST',
        headers: kind.headers,
        agent,
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
        res.on('error', () => resolve({ status: 0, text: '' }));
      },
    );
    req.on('error', () => resolve({ status: 0, text: '' }));
    req.on('timeout', () => req.destroy());
    req.end(kind.body);
  });
}

async function main(): Promise<void> {
  const { child, port } = await startServer();
  const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });
  const byStatus = new Map<number, number>();
  const wrong = new Map<string, number>();
  let sent = 0;
  let answered = 0;
  let skipped = 0;
  let inFlight = 0;
  const startedAt = Date.now();
  const endsAt = startedAt + MINUTES * 60_000;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssStart = rssMiB(child.pid as number);
  let rssPeak = rssStart;
  let nextReport = startedAt + 60_000;

  const fire = async (n: number) => {
    const kind = pick(n);
    inFlight++;
    sent++;
    const answer = kind.raw ? await sendRaw(port, kind.raw) : await sendHttp(port, agent, kind);
    inFlight--;
    answered++;
    byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
    const right =
      kind.expect.includes(answer.status) &&
      (answer.status !== 200 || kind.text === undefined || answer.text === kind.text);
    if (!right)
      wrong.set(
        `${kind.name} → ${answer.status}`,
        (wrong.get(`${kind.name} → ${answer.status}`) ?? 0) + 1,
      );
  };

  let n = 0;
  while (Date.now() < endsAt) {
    const due = Math.floor(((Date.now() - startedAt) / 1000) * RATE);
    while (n < due) {
      if (inFlight >= MAX_IN_FLIGHT) skipped++;
      else void fire(n);
      n++;
    }
    if (Date.now() >= nextReport) {
      rssPeak = Math.max(rssPeak, rssMiB(child.pid as number));
      const minute = Math.round((Date.now() - startedAt) / 60_000);
      console.log(
        `minute ${minute}: ${sent} sent, ${inFlight} in flight, RSS ${rssMiB(child.pid as number).toFixed(1)} MiB`,
      );
      nextReport += 60_000;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  const rssEnd = rssMiB(child.pid as number);
  rssPeak = Math.max(rssPeak, rssEnd);
  agent.destroy();
  const report = {
    command: `npm run soak -- --minutes ${MINUTES} --rate ${RATE}`,
    seconds: Math.round((Date.now() - startedAt) / 1000),
    requests: sent,
    answered,
    skippedAtMaxInFlight: skipped,
    byStatus: Object.fromEntries([...byStatus].sort(([a], [b]) => a - b)),
    wrongAnswers: Object.fromEntries(wrong),
    rssMiB: { start: round(rssStart), end: round(rssEnd), peak: round(rssPeak) },
  };
  console.log(JSON.stringify(report, null, 2));
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  process.exitCode = wrong.size === 0 ? 0 : 1;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
