import { execFileSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { connect } from 'nats';
import pino from 'pino';
import {
  createMainServer,
  type MainServer,
  type NatsReplica,
  nativeApp,
  startReplica,
} from 'portico';
import { freePort, type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { decodeReply } from '../../src/protocol/codec';
import { maxBodyBytesFor } from '../../src/protocol/frame-budget';
import { calc, ProbeService } from '../fixtures/services';
import { json, send } from '../support/http';
import { checkNats } from '../support/nats';
import { waitFor } from '../support/wait';
import work, { activity } from './fixtures/work';

const MAX_PAYLOAD = 64 * 1024;
const CALL_TIMEOUT_MS = 2_000;
const describeNats = checkNats('the NATS carrier tests are skipped') ? describe : describe.skip;

describeNats('the NATS carrier', () => {
  let nats: NatsServerProcess;
  let replicas: NatsReplica[] = [];
  let main: MainServer;
  let url: string;
  const logs: Record<string, unknown>[] = [];
  const replicaLogs: Record<string, unknown>[] = [];

  beforeAll(async () => {
    nats = await startNatsServer({ maxPayload: MAX_PAYLOAD });
    const servers = [nats.url];
    const logger = pino({ level: 'warn' }, { write: (line) => replicaLogs.push(JSON.parse(line)) });
    replicas = [
      await startReplica(work, { servers, concurrency: 2, logger }),
      await startReplica(nativeApp({ name: 'remote', services: [ProbeService] }), { servers }),
    ];
    main = createMainServer({
      logLevel: 'info',
      logStream: { write: (line: string) => logs.push(JSON.parse(line)) },
      placement: { nats: { servers } },
      microservices: [
        work,
        nativeApp({ name: 'remote', services: [ProbeService] }),
        nativeApp({ name: 'ghost', services: [] }),
        nativeApp({ name: 'probe', services: [ProbeService], placement: 'in-process' }),
        { ...calc, placement: 'in-process' },
      ],
      ENTRY_POINTS: {
        WEB_SERVICE_FACADE_HTTP: {
          callTimeoutMs: CALL_TIMEOUT_MS,
          permissionResolver: ({ privilegeNames }) => privilegeNames.includes('admin'),
        },
      },
    });
    url = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
  });

  afterAll(async () => {
    await main?.close();
    await Promise.all(replicas.map((replica) => replica.close()));
    await nats?.stop();
  });

  it('logs the placement of each microservice at start', () => {
    const placements = Object.fromEntries(
      logs.filter((l) => l.msg === 'microservice ready').map((l) => [l.microservice, l.placement]),
    );
    expect(placements).toEqual({
      work: `nats ${nats.url} subject portico.work`,
      remote: `nats ${nats.url} subject portico.remote`,
      ghost: `nats ${nats.url} subject portico.ghost`,
      probe: 'in-process',
      calc: 'in-process',
    });
  });

  it('answers 503 with Retry-After when no replica runs, and keeps serving the others', async () => {
    const answer = await send(url, '/ghost/any/method', { headers: json(), body: '1' });
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('1');
    expect(answer.error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'no replica of ghost is running',
    });
    const served = await send(url, '/work/work/measure', { headers: json(), body: '"abc"' });
    expect(served).toMatchObject({ status: 200, text: '3' });
  });

  it('lowers the body limit to what fits the max payload, and answers 413 before sending', async () => {
    const limit = maxBodyBytesFor(MAX_PAYLOAD, {
      maxArgs: 256,
      maxHeaderBytes: http.maxHeaderSize,
    });
    const before = activity.measured;
    const over = await send(url, '/work/work/measure', {
      headers: json(),
      body: JSON.stringify('y'.repeat(limit - 1)),
    });
    expect(over.status).toBe(413);
    expect(over.error?.message).toBe(`the body is larger than ${limit} bytes`);
    expect(activity.measured).toBe(before);
    const fits = await send(url, '/work/work/measure', {
      headers: json(),
      body: JSON.stringify('y'.repeat(limit - 2)),
    });
    expect(fits).toMatchObject({ status: 200, text: String(limit - 2) });
  });

  it('turns a reply too large for NATS into a 500 at once, not a wait for the deadline', async () => {
    const answer = await send(url, '/work/work/text', { headers: json(), body: '70000' });
    expect(answer.status).toBe(500);
    expect(answer.error).toMatchObject({ code: 'REPLY_TOO_LARGE' });
    expect(answer.error?.message).toMatch(
      new RegExp(
        `^the reply of work/work/text is \\d+ bytes; NATS carries at most ${MAX_PAYLOAD}$`,
      ),
    );
  });

  it('answers 504 at the deadline, and a replica does not start a call whose deadline passed', async () => {
    const started = activity.started;
    const slow = String(CALL_TIMEOUT_MS + 500);
    // Concurrency 2: the third call waits for a slot until after its deadline.
    const answers = await Promise.all(
      [slow, slow, '1'].map((body) => send(url, '/work/work/sleep', { headers: json(), body })),
    );
    expect(answers.map((a) => a.status)).toEqual([504, 504, 504]);
    expect(answers[0]?.error?.code).toBe('DEADLINE_EXCEEDED');
    await waitFor(() => activity.running === 0, { what: 'the calls to end' });
    expect(activity.started - started).toBe(2);
  });

  it('runs at most --concurrency calls at once in a replica', async () => {
    activity.mostAtOnce = 0;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        send(url, '/work/work/sleep', { headers: json(), body: '100' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(activity.mostAtOnce).toBe(2);
  });

  it('carries the call context, the privileged flag, typed errors and the request id unchanged', async () => {
    const headers = json({
      'X-SVC-Request-ID': 'same-id-1',
      'X-SVC-Session-ID': 'session é',
      'X-SVC-User': 'ann',
      'X-SVC-Client-Application-Name': 'the app',
      'X-SVC-IP': '10.1.2.3',
      'X-SVC-Locale': 'de-CH',
      'X-SVC-Privilege-Names': 'admin; reader',
    });
    const calls = [
      ['context', '1', headers],
      ['secret', '1', headers],
      ['secret', '1', json({ 'X-SVC-Request-ID': 'unprivileged' })],
      ['fail', '"typed"', headers],
      ['fail', '"other"', headers],
      ['forget', '1', headers],
    ] as const;
    for (const [method, body, sent] of calls) {
      const local = await send(url, `/probe/probe/${method}`, { headers: sent, body });
      const remote = await send(url, `/remote/probe/${method}`, { headers: sent, body });
      expect({ method, status: remote.status, text: remote.text }).toEqual({
        method,
        status: local.status,
        text: local.text,
      });
      expect(remote.headers['x-svc-request-id']).toBe(local.headers['x-svc-request-id']);
    }
    const context = JSON.parse(
      (await send(url, '/remote/probe/context', { headers, body: '1' })).text,
    );
    expect(context).toMatchObject({ requestId: 'same-id-1', privileged: true, user: 'ann' });
  });

  it('answers a frame it cannot read with a 502 reply instead of silence', async () => {
    const raw = await connect({ servers: nats.url });
    try {
      const reply = await raw.request('portico.work', Uint8Array.from([9, 1, 0x80]), {
        timeout: 5_000,
      });
      expect(decodeReply(reply.data)).toEqual({
        ok: false,
        error: {
          status: 502,
          code: 'UNKNOWN_VERSION',
          message: 'the frame has envelope version 9; this side reads version 1',
        },
        replica: replicas[0]?.replicaId,
      });
    } finally {
      await raw.close();
    }
  });

  // Bug: each frame refused was a warn line with its stack, about 1 KB: 5 000 one-byte frames
  // (published in 70 ms) wrote 5.4 MB of log.
  it('answers every frame it cannot read, and logs a few lines for a flood of them', async () => {
    const raw = await connect({ servers: nats.url });
    const refused = () =>
      replicaLogs.filter((line) => /frames? (was|were) refused/.test(String(line.msg)));
    try {
      const answers = await Promise.all(
        Array.from({ length: 500 }, () =>
          raw.request('portico.work', Uint8Array.from([1]), { timeout: 5_000 }),
        ),
      );
      expect(answers.map((a) => decodeReply(a.data).ok)).toEqual(Array(500).fill(false));
      expect(refused().length).toBeLessThanOrEqual(2);
      expect(JSON.stringify(refused())).not.toMatch(/stack|\n {4}at /);
      expect(refused()[0]).toHaveProperty('code');
    } finally {
      await raw.close();
    }
  });
});

describeNats('a main server whose NATS cannot be reached', () => {
  it('fails to listen with a message that names the address and what to check', async () => {
    const address = `nats://127.0.0.1:${await freePort()}`;
    const main = createMainServer({
      logLevel: 'silent',
      microservices: [
        nativeApp({
          name: 'far',
          services: [],
          placement: { nats: { servers: [address], connectTimeoutMs: 300 } },
        }),
      ],
    });
    await expect(main.listen(0, '127.0.0.1')).rejects.toThrow(
      `cannot connect to NATS at ${address}: CONNECTION_REFUSED: is nats-server running at ${address}?`,
    );
    await main.close();
  });
});

describe('an in-process main server', () => {
  it('never loads the NATS client or the codec; a NATS placement loads them', () => {
    const index = path.resolve(__dirname, '../../dist/src/index.js');
    const script = `
      const { createMainServer, nativeApp } = require(${JSON.stringify(index)});
      const loaded = () => Object.keys(require.cache).filter((f) => /node_modules[\\\\/](nats|msgpackr)[\\\\/]/.test(f)).length > 0;
      createMainServer({ logLevel: 'silent', microservices: [nativeApp({ name: 'a', services: [] })] });
      const inProcess = loaded();
      createMainServer({ logLevel: 'silent', microservices: [nativeApp({ name: 'b', services: [], placement: { nats: { servers: ['nats://127.0.0.1:1'] } } })] });
      console.log(JSON.stringify({ inProcess, nats: loaded() }));`;
    const output = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(JSON.parse(output)).toEqual({ inProcess: false, nats: true });
  });

  // The command line checked --subject-prefix with a function of the NATS connection's module,
  // so that every portico command, portico start of an in-process server too, loaded the client.
  it('is started by a portico command line that loads neither', () => {
    const cli = path.resolve(__dirname, '../../dist/src/cli/portico.js');
    const script = `
      require(${JSON.stringify(cli)});
      console.log(Object.keys(require.cache).filter((f) => /node_modules[\\\\/](nats|msgpackr)[\\\\/]/.test(f)).length);`;
    expect(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })).toBe('0\n');
  });
});
