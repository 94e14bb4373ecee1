import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import {
  createMainServer,
  type MainServer,
  type NatsReplica,
  startReplica,
  type Transport,
} from 'portico';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { calc } from '../fixtures/services';
import { type PorticoProcess, startPortico } from '../hardening/support/cli';
import { openKeepAlive } from '../hardening/support/keep-alive';
import { rawRequest } from '../hardening/support/raw-http';
import { calcModule } from '../nats/fixture-modules';
import { startTestServer } from '../support/harness';
import { json, send } from '../support/http';
import { checkNats } from '../support/nats';
import { scrape, total } from '../support/prometheus';

const ROOT = path.resolve(__dirname, '../..');
const BIN = path.join(ROOT, 'bin', 'portico.js');

const get = (url: string, path: string) => send(url, path, { method: 'GET' });
const JSON_TYPE = 'application/json; charset=utf-8';

/** The error envelope of docs/errors.md, in JSON. */
function envelope(status: number, code: string, message: string, requestId: unknown) {
  expect(requestId).toEqual(expect.any(String));
  return { error: { status, code, message, requestId } };
}

/** Asks `/-/ready` until it answers `status`; resolves with the answer's body. */
async function readyUntil(url: string, status: number, timeoutMs = 10_000): Promise<unknown> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = await get(url, '/-/ready');
    if (answer.status === status) return JSON.parse(answer.text);
    if (Date.now() > until) throw new Error(`/-/ready stayed ${answer.status}: ${answer.text}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('liveness and readiness under /-/', () => {
  it('answer 200 for a server that serves, and refuse other methods and paths', async () => {
    const server = await startTestServer({ microservices: [calc] });
    try {
      expect(await get(server.url, '/-/live')).toMatchObject({
        status: 200,
        text: '{"status":"live"}',
      });
      const ready = await get(server.url, '/-/ready');
      expect(ready.status).toBe(200);
      expect(JSON.parse(ready.text)).toEqual({ status: 'ready', phase: 'serving', reasons: [] });
      expect(ready.headers['cache-control']).toBe('no-store');
      const post = await send(server.url, '/-/ready', {
        headers: { ...json(), 'X-SVC-Request-ID': 'probe-1' },
        body: '{}',
      });
      expect([post.status, post.headers.allow]).toEqual([405, 'GET, HEAD']);
      expect(post.headers['x-svc-request-id']).toBe('probe-1');
      expect(JSON.parse(post.text)).toEqual(
        envelope(405, 'METHOD_NOT_ALLOWED', 'POST is not allowed: use GET', 'probe-1'),
      );
      const nothing = await get(server.url, '/-/nothing');
      expect([nothing.status, nothing.headers['content-type']]).toEqual([404, JSON_TYPE]);
      const routes = '/-/live and /-/ready exist (and /-/metrics with metrics: true)';
      expect(JSON.parse(nothing.text)).toEqual(
        envelope(
          404,
          'NOT_FOUND',
          `no such admin route: ${routes}`,
          nothing.headers['x-svc-request-id'],
        ),
      );
      const metrics = await get(server.url, '/-/metrics');
      expect(JSON.parse(metrics.text)).toEqual(
        envelope(
          404,
          'NOT_FOUND',
          'metrics are off: set metrics: true in the configuration',
          metrics.headers['x-svc-request-id'],
        ),
      );
    } finally {
      await server.close();
    }
  });

  it('refuse a microservice named "-" at start', () => {
    expect(() => createMainServer({ microservices: [{ ...calc, name: '-' }] })).toThrow(
      /is "-" \(reserved for \/-\/live/,
    );
  });

  it('say "starting" until every carrier started, while liveness already answers', async () => {
    let started: () => void = () => {};
    const transport: Transport = {
      placement: 'held',
      start: () => new Promise<void>((resolve) => (started = resolve)),
      call: () => ({ ok: true, body: '1' }),
      close: () => Promise.resolve(),
    };
    const main = createMainServer(
      { microservices: [{ ...calc, placement: { nats: { servers: [] } } }], logLevel: 'silent' },
      () => transport,
    );
    const listening = main.listen(0, '127.0.0.1');
    try {
      const server = main.server as NonNullable<MainServer['server']>;
      await once(server, 'listening');
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      expect((await get(url, '/-/live')).status).toBe(200);
      expect(await readyUntil(url, 503)).toEqual({
        status: 'not ready',
        phase: 'starting',
        reasons: ['starting'],
      });
      started();
      await listening;
      expect(await readyUntil(url, 200)).toMatchObject({ status: 'ready' });
    } finally {
      started();
      await listening;
      await main.close();
    }
  });
});

const natsDescribe = checkNats('the readiness tests with replicas') ? describe : describe.skip;

natsDescribe('readiness with a microservice on NATS', () => {
  let nats: NatsServerProcess;
  beforeAll(async () => {
    nats = await startNatsServer();
  });
  afterAll(() => nats?.stop());

  it('is false while no replica answers, and true again when one returns', async () => {
    const servers = [nats.url];
    const placement = { nats: { servers, subjectPrefix: `ready${process.pid}` } };
    const main = createMainServer({ microservices: [{ ...calc, placement }], logLevel: 'silent' });
    const url = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
    let replica: NatsReplica | undefined;
    try {
      expect(await readyUntil(url, 503)).toEqual({
        status: 'not ready',
        phase: 'serving',
        reasons: ['no replica of calc answers'],
      });
      replica = await startReplica(calc, placement.nats);
      await readyUntil(url, 200);
      const second = await startReplica(calc, placement.nats);
      await second.drain();
      expect((await get(url, '/-/ready')).status).toBe(200);
      await replica.drain();
      await readyUntil(url, 503);
      replica = await startReplica(calc, placement.nats);
      await readyUntil(url, 200);
    } finally {
      await main.close();
      await replica?.close();
    }
  });
});

natsDescribe('a replica process with --admin-port', () => {
  let nats: NatsServerProcess;
  afterAll(() => nats?.stop());

  it('serves its own liveness, readiness and metrics, and still drains on SIGTERM', async () => {
    nats = await startNatsServer();
    const child = spawn(
      process.execPath,
      [BIN, 'microservice', calcModule(), '--nats', nats.url, '--admin-port', '0'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      const port = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', () => {
          const found = /"adminPort":(\d+)/.exec(output);
          if (found) resolve(found[1] as string);
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
      });
      const url = `http://127.0.0.1:${port}`;
      expect(await get(url, '/-/live')).toMatchObject({ status: 200, text: '{"status":"live"}' });
      expect(await get(url, '/-/ready')).toMatchObject({ status: 200, text: '{"status":"ready"}' });
      const post = await send(url, '/-/ready', { method: 'POST' });
      expect(post).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD' } });
      const id = post.headers['x-svc-request-id'];
      expect(JSON.parse(post.text)).toEqual(
        envelope(405, 'METHOD_NOT_ALLOWED', 'POST is not allowed: use GET', id),
      );
      const nothing = await get(url, '/-/nothing');
      expect(JSON.parse(nothing.text)).toMatchObject({ error: { status: 404, code: 'NOT_FOUND' } });
      const families = await scrape(url);
      const labels = { microservice: 'calc' };
      expect(total(families, 'portico_replica_running_calls', labels)).toBe(0);
      expect(total(families, 'portico_replica_waiting_calls', labels)).toBe(0);
      expect(total(families, 'portico_replica_concurrency', labels)).toBe(64);
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      expect((await exited)[0]).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  });
});

describe('portico start on SIGTERM with a drain delay', () => {
  let running: PorticoProcess | undefined;
  afterEach(() => {
    running?.child.kill('SIGKILL');
    running = undefined;
  });

  it('turns readiness false first, still serves, and only then closes the connections', async () => {
    running = await startPortico('test/fixtures/cli/drain.config.js');
    const { child, url } = running;
    await readyUntil(url, 200);
    const balancer = await openKeepAlive(url);
    const call = () =>
      balancer.request(
        rawRequest(
          'POST',
          '/slow/slow/sleep',
          [
            ['Host', 'x'],
            ['Content-Type', 'application/json'],
            ['Content-Length', '1'],
          ],
          '1',
        ),
      );
    expect((await call()).status).toBe(200);
    const events: string[] = [];
    balancer.closed.then(() => events.push('connections closed'));
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await readyUntil(url, 503);
    events.push('not ready');
    const served = await call();
    events.push(`served ${served.status}`);
    await balancer.closed;
    expect(events).toEqual(['not ready', 'served 200', 'connections closed']);
    await expect(get(url, '/-/ready')).rejects.toThrow(/ECONNREFUSED|ECONNRESET/);
    const [code] = await exited;
    expect(code).toBe(0);
  });
});
