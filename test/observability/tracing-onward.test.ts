import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMainServer, type MainServer, nativeApp } from 'portico';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { type ReplicaProcess, startReplicaProcess } from '../../scripts/lib/replica-process';
import { compileFixtureModule } from '../nats/fixture-modules';
import { json, send } from '../support/http';
import { useInMemoryTracing } from '../support/in-memory-tracing';
import { checkNats } from '../support/nats';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;
const SPAN_FILE_PRELOAD = path.join(__dirname, 'fixtures', 'span-file.js');

/** A span as the replicas' preload writes it. */
interface WrittenSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: Record<string, unknown>;
}

const exporter = useInMemoryTracing();

const natsDescribe = checkNats('the tracing tests of onward calls') ? describe : describe.skip;

/**
 * The chain fixture started twice, as `front` and `back`, each a replica process with an SDK that
 * writes its spans to a file: `front.relay` calls `back.seen` over NATS with createNatsClient.
 */
natsDescribe('an onward call of a traced replica method', () => {
  let nats: NatsServerProcess;
  let main: MainServer;
  let chain: ReturnType<typeof compileFixtureModule>;
  let dir: string;
  const spans: Record<string, WrittenSpan[]> = {};
  let answer: {
    own: { context: Record<string, unknown> };
    theirs: { context: Record<string, unknown> };
  };

  beforeAll(async () => {
    chain = compileFixtureModule(path.join(__dirname, '../client/fixtures/chain.ts'));
    dir = mkdtempSync(path.join(tmpdir(), 'portico-onward-'));
    nats = await startNatsServer();
    const processes: ReplicaProcess[] = [];
    for (const name of ['front', 'back']) {
      const env = {
        NODE_OPTIONS: `--require ${SPAN_FILE_PRELOAD}`,
        SPAN_FILE: path.join(dir, `${name}.json`),
      };
      const args = ['--name', name, '--tracing'];
      processes.push(
        await startReplicaProcess({ module: chain.file, natsUrl: nats.url, args, env }),
      );
    }
    main = createMainServer({
      logLevel: 'silent',
      tracing: true,
      placement: { nats: { servers: [nats.url] } },
      microservices: [nativeApp({ name: 'front', services: [] })],
    });
    try {
      const url = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
      const relayed = await send(url, '/front/chain/relay', {
        headers: json({ traceparent: TRACEPARENT }),
        body: '0',
      });
      expect(relayed.status).toBe(200);
      answer = JSON.parse(relayed.text);
    } finally {
      // SIGTERM drains each replica; the preload writes its spans as the process exits.
      for (const replica of processes) replica.kill('SIGTERM');
      await Promise.all(processes.map((replica) => replica.exited));
    }
    for (const name of ['front', 'back']) {
      spans[name] = JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8'));
    }
  });
  afterAll(async () => {
    await main?.close();
    await nats?.stop();
    chain?.remove();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const only = (side: string, name: string) => {
    const found = (spans[side] ?? []).filter((span) => span.name === name);
    expect(found).toHaveLength(1);
    return found[0] as WrittenSpan;
  };

  it('is the child of the calling replica span, not its sibling under the main server span', () => {
    const [entry] = exporter.getFinishedSpans().filter((span) => span.name === 'chain/relay');
    const front = only('front', 'chain/relay');
    const back = only('back', 'chain/seen');
    expect(front).toMatchObject({
      traceId: TRACE_ID,
      parentSpanId: entry?.spanContext().spanId,
    });
    expect(back).toMatchObject({
      traceId: TRACE_ID,
      parentSpanId: front.spanId,
      attributes: { 'portico.microservice': 'back', 'portico.side': 'replica' },
    });
  });

  it("hands the callee the calling span's traceparent, and leaves the caller's own context as it came", () => {
    const front = only('front', 'chain/relay');
    const [entry] = exporter.getFinishedSpans().filter((span) => span.name === 'chain/relay');
    expect(answer.own.context.traceparent).toBe(`00-${TRACE_ID}-${entry?.spanContext().spanId}-01`);
    expect(answer.theirs.context.traceparent).toBe(`00-${TRACE_ID}-${front.spanId}-01`);
    // Everything else of the context travels unchanged, the privilege aside (see nats-client).
    const rest = (fields: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(fields).filter(([key]) => key !== 'traceparent' && key !== 'privileged'),
      );
    expect(rest(answer.theirs.context)).toEqual(rest(answer.own.context));
  });
});
