import { spawnSync } from 'node:child_process';
import path from 'node:path';
import fc from 'fast-check';
import {
  createMainServer,
  type MainServer,
  type NatsReplica,
  nativeApp,
  startReplica,
} from 'portico';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { calc } from '../fixtures/services';
import { slowApp } from '../hardening/support/services';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send } from '../support/http';
import { checkNats } from '../support/nats';
import { samples, scrape, scrapeUntil, total } from '../support/prometheus';

const REGISTERED = {
  microservice: ['calc', '_unknown'],
  service: ['multiplier', 'calculator', '_unknown'],
  method: ['mulOne', 'mulTwo', 'mulThree', 'mulFour', 'add', 'sub', 'mul', 'div', '_unknown'],
};

describe('label values of the call metrics', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [calc], metrics: true });
  });
  afterAll(() => server.close());

  it('come only from configured microservices and registered methods, whatever the paths', async () => {
    const segment = fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent);
    const headers = fc.constantFrom(json(), json({ 'X-SVC-API-ID': 'bogus' }), {});
    const paths = fc.tuple(fc.constantFrom('calc', 'docs'), segment, segment, segment);
    await fc.assert(
      fc.asyncProperty(paths, fc.nat(3), headers, async ([ms, a, b, c], depth, sent) => {
        const path = `/${[ms, a, b, c].slice(0, depth + 1).join('/')}`;
        const answer = await send(server.url, path, { headers: sent, body: '{"a":1,"b":2}' });
        expect(answer.status).toBeGreaterThanOrEqual(400);
      }),
      { numRuns: 150 },
    );
    expect(
      (
        await send(server.url, '/calc/multiplier/mulTwo', {
          headers: json(),
          body: '{"a":1,"b":2}',
        })
      ).status,
    ).toBe(200);
    const families = await scrape(server.url);
    const series = samples(families, 'portico_calls_total');
    for (const label of ['microservice', 'service', 'method'] as const) {
      const seen = new Set(series.map((sample) => sample.labels?.[label]));
      expect([...seen].filter((value) => !REGISTERED[label].includes(value ?? ''))).toEqual([]);
    }
    expect(total(families, 'portico_calls_total')).toBe(151);
    expect(series.length).toBeLessThanOrEqual(12);
  });
});

describe('metrics that are off', () => {
  it('answer 404 at /-/metrics, and no optional peer (prom-client, OpenTelemetry, re2js) is loaded', () => {
    const root = path.resolve(__dirname, '../..');
    const script = `
      const { createMainServer } = require('./dist/src/index.js');
      const calc = require('./dist/examples/calc/index.js').default;
      const http = require('node:http');
      const main = createMainServer({ microservices: [calc], logLevel: 'silent' });
      const get = (port, path, method, body) => new Promise((resolve) => {
        const req = http.request({ port, path, method, headers: { 'content-type': 'application/json' } },
          (res) => { res.resume(); res.on('end', () => resolve(res.statusCode)); });
        req.end(body);
      });
      main.listen(0, '127.0.0.1').then(async (port) => {
        const call = await get(port, '/calc/multiplier/mulTwo', 'POST', '{"a":2,"b":3}');
        const metrics = await get(port, '/-/metrics', 'GET');
        const peers = ['/prom-client/', '/@opentelemetry/', '/re2js/'];
        const loaded = peers.filter((peer) => Object.keys(require.cache).some((file) => file.includes(peer)));
        console.log(JSON.stringify({ call, metrics, loaded }));
        await main.close();
      });`;
    const run = spawnSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ call: 200, metrics: 404, loaded: [] });
  });
});

const natsIt = checkNats('the NATS metrics tests') ? it : it.skip;

describe('NATS metrics', () => {
  let nats: NatsServerProcess;
  let main: MainServer;
  let replicas: NatsReplica[] = [];
  let url: string;
  afterAll(async () => {
    await main?.close();
    await Promise.all(replicas.map((replica) => replica.close()));
    await nats?.stop();
  });

  natsIt('count replies, calls that no replica took or answered, and reconnections', async () => {
    nats = await startNatsServer();
    const placement = { nats: { servers: [nats.url], subjectPrefix: `metrics${process.pid}` } };
    const slow = slowApp('slow');
    replicas = [await startReplica(calc, placement.nats), await startReplica(slow, placement.nats)];
    main = createMainServer({
      microservices: [
        { ...calc, placement },
        { ...slow, placement },
        nativeApp({ name: 'ghost', services: [], placement }),
      ],
      ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: { callTimeoutMs: 300 } },
      logLevel: 'silent',
      metrics: true,
    });
    url = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
    const call = (path: string, body: string) => send(url, path, { headers: json(), body });
    for (let i = 0; i < 4; i++)
      expect((await call('/calc/multiplier/mulTwo', '{"a":2,"b":3}')).status).toBe(200);
    expect((await call('/calc/multiplier/nope', '{}')).status).toBe(404);
    expect((await call('/ghost/any/thing', '{}')).status).toBe(503);
    expect((await call('/slow/slow/hang', '1')).status).toBe(504);
    // The 504 may go out a moment before the carrier's own timer counts the timeout.
    let families = await scrapeUntil(url, (f) => total(f, 'portico_nats_no_reply_total') === 2);
    expect(total(families, 'portico_nats_replies_total', { microservice: 'calc' })).toBe(5);
    const byCalc = { microservice: 'calc', replica: replicas[0]?.replicaId ?? '' };
    expect(total(families, 'portico_nats_replies_total', byCalc)).toBe(5);
    const noReply = (microservice: string, reason: string) =>
      total(families, 'portico_nats_no_reply_total', { microservice, reason });
    expect(noReply('ghost', 'no-responders')).toBe(1);
    expect(noReply('slow', 'timeout')).toBe(1);
    await nats.restart();
    families = await scrapeUntil(url, (f) => total(f, 'portico_nats_reconnects_total') > 0);
    expect(total(families, 'portico_nats_reconnects_total', { servers: nats.url })).toBe(1);
  });
});
