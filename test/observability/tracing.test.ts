import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import {
  createMainServer,
  Int,
  type MainServer,
  nativeApp,
  RemoteMethod,
  RemoteService,
} from 'portico';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { calc } from '../fixtures/services';
import { calcModule } from '../nats/fixture-modules';
import { startTestServer } from '../support/harness';
import { json, send } from '../support/http';
import { useInMemoryTracing } from '../support/in-memory-tracing';
import { checkNats } from '../support/nats';

const ROOT = path.resolve(__dirname, '../..');
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN_ID = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE_ID}-${CALLER_SPAN_ID}-01`;

/** A span as the replica's preload writes it. */
interface WrittenSpan {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: Record<string, unknown>;
  status: { code: number };
}

const exporter = useInMemoryTracing();

const natsDescribe = checkNats('the tracing tests across NATS') ? describe : describe.skip;

natsDescribe('a call traced from the entry point into a replica process', () => {
  let nats: NatsServerProcess;
  let main: MainServer;
  let url: string;
  let replicaSpans: WrittenSpan[];
  const logs: Record<string, unknown>[] = [];

  beforeAll(async () => {
    nats = await startNatsServer();
    const subjectPrefix = `trace${process.pid}`;
    const dir = mkdtempSync(path.join(tmpdir(), 'portico-spans-'));
    const spanFile = path.join(dir, 'spans.json');
    const replica = spawn(
      process.execPath,
      [
        '--require',
        path.join(__dirname, 'fixtures', 'span-file.js'),
        path.join(ROOT, 'bin', 'portico.js'),
        'microservice',
        calcModule(),
        '--nats',
        nats.url,
        '--subject-prefix',
        subjectPrefix,
        '--tracing',
      ],
      {
        cwd: ROOT,
        env: { ...process.env, SPAN_FILE: spanFile },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    await new Promise<void>((resolve, reject) => {
      replica.stdout.on('data', (chunk) => {
        output += chunk;
        if (output.includes('"msg":"replica ready"')) resolve();
      });
      replica.once('exit', (code) =>
        reject(new Error(`the replica exited with ${code}: ${output}`)),
      );
    });
    const placement = { nats: { servers: [nats.url], subjectPrefix } };
    main = createMainServer({
      microservices: [{ ...calc, placement }],
      logStream: { write: (line) => logs.push(JSON.parse(line)) },
      tracing: true,
    });
    url = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
    const call = (path: string, body: string, headers = json({ traceparent: TRACEPARENT })) =>
      send(url, path, { headers, body });
    expect((await call('/calc/multiplier/mulTwo', '{"a":2,"b":3}')).status).toBe(200);
    expect((await call('/calc/multiplier/nope', '{}', json())).status).toBe(404);
    const exited = once(replica, 'exit');
    replica.kill('SIGTERM');
    await exited;
    replicaSpans = JSON.parse(readFileSync(spanFile, 'utf8'));
    rmSync(dir, { recursive: true, force: true });
  });
  afterAll(async () => {
    await main?.close();
    await nats?.stop();
  });

  const entrySpan = (name: string) => {
    const found = exporter.getFinishedSpans().filter((span) => span.name === name);
    expect(found).toHaveLength(1);
    return found[0] as NonNullable<(typeof found)[0]>;
  };

  it('opens a server span at the entry point, the child of the incoming traceparent', () => {
    const span = entrySpan('multiplier/mulTwo');
    expect(span.kind).toBe(SpanKind.SERVER);
    expect(span.spanContext().traceId).toBe(TRACE_ID);
    expect(span.parentSpanContext?.spanId).toBe(CALLER_SPAN_ID);
    expect(span.attributes).toEqual({
      'rpc.system.name': 'portico',
      'rpc.method': 'multiplier/mulTwo',
      'rpc.response.status_code': 'OK',
      'http.response.status_code': 200,
      'portico.microservice': 'calc',
      'portico.request_id': expect.any(String),
      'portico.side': 'entry-point',
    });
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('carries the trace context over NATS, where the replica opens a child span', () => {
    const parent = entrySpan('multiplier/mulTwo');
    const child = replicaSpans.find((span) => span.name === 'multiplier/mulTwo');
    expect(child).toMatchObject({
      kind: SpanKind.SERVER,
      traceId: TRACE_ID,
      parentSpanId: parent.spanContext().spanId,
      attributes: {
        'rpc.system.name': 'portico',
        'rpc.method': 'multiplier/mulTwo',
        'rpc.response.status_code': 'OK',
        'portico.microservice': 'calc',
        'portico.request_id': parent.attributes['portico.request_id'],
        'portico.side': 'replica',
      },
    });
  });

  it('names the spans of an unknown method _unknown, in a trace of their own without a traceparent', () => {
    const span = entrySpan('_unknown');
    expect(span.attributes['rpc.response.status_code']).toBe('METHOD_NOT_FOUND');
    expect(span.parentSpanContext).toBeUndefined();
    const child = replicaSpans.find((written) => written.name === '_unknown');
    expect(child?.traceId).toBe(span.spanContext().traceId);
    expect(child?.parentSpanId).toBe(span.spanContext().spanId);
  });

  it('writes trace_id and span_id on the call line', () => {
    const span = entrySpan('multiplier/mulTwo');
    const line = logs.find(
      (entry) => entry.msg === 'call' && entry.target === 'calc/multiplier/mulTwo',
    );
    expect(line).toMatchObject({
      trace_id: TRACE_ID,
      span_id: span.spanContext().spanId,
      status: 200,
    });
  });
});

@RemoteService('inner')
class InnerService {
  @RemoteMethod({ params: [Int], returns: Int })
  traced(n: number): number {
    trace.getTracer('test').startSpan('inside the method').end();
    return n;
  }

  @RemoteMethod({ params: [Int], returns: Int })
  broken(_: number): number {
    throw new Error('broken');
  }
}

describe('a call traced in-process', () => {
  it('runs the method with its span active, and marks a 5xx span as an error', async () => {
    exporter.reset();
    const inner = nativeApp({ name: 'inner', services: [InnerService] });
    const server = await startTestServer({ microservices: [inner], tracing: true });
    try {
      const call = (method: string) =>
        send(server.url, `/inner/inner/${method}`, { headers: json(), body: '1' });
      expect((await call('traced')).status).toBe(200);
      expect((await call('broken')).status).toBe(500);
    } finally {
      await server.close();
    }
    const spans = exporter.getFinishedSpans();
    const byName = (name: string) => spans.find((span) => span.name === name);
    const traced = byName('inner/traced');
    expect(byName('inside the method')?.parentSpanContext?.spanId).toBe(
      traced?.spanContext().spanId,
    );
    expect(byName('inner/broken')?.status).toEqual({
      code: SpanStatusCode.ERROR,
      message: 'INTERNAL_ERROR',
    });
    expect(byName('inner/broken')?.attributes['http.response.status_code']).toBe(500);
  });
});
