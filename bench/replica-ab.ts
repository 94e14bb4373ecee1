/**
 * `npm run bench:replica-ab -- <other checkout>`: the CPU that a NATS replica spends on one
 * `mulTwo` call (read the frame, check it against the replica's limits, bind, call, write the
 * reply frame), in this build and in another built checkout of portico, measured alternately in
 * one process, 32 calls in flight. No NATS is involved: each call is a message object whose
 * `respond` takes the reply frame. Prints the median nanoseconds per call of each and the gap.
 * The other checkout may have this layout (`replica/`, `protocol/`) or the one before it
 * (everything under `transport/`).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { median } from './report';

interface Side {
  /** Serves one call and resolves with its reply frame. */
  serve(): Promise<Uint8Array>;
}

const CALLS = 100_000;
const ROUNDS = 11;
const IN_FLIGHT = 32;

type Fn = (...args: unknown[]) => unknown;

/** The export `name` of a built module; throws when the checkout has no such function. */
function exported(module: Record<string, unknown>, name: string): Fn {
  const fn = module[name];
  if (typeof fn !== 'function') throw new Error(`the checkout exports no ${name}`);
  return fn as Fn;
}

/** The replica's call handler of the calc example in a built checkout, with a silent logger. */
function load(root: string): Side {
  const dist = path.join(root, 'dist/src');
  const current = existsSync(path.join(dist, 'replica/call-handler.js'));
  const own = (file: string, name: string) =>
    exported(require(path.join(dist, file)) as Record<string, unknown>, name);
  const codec = current ? 'protocol/codec.js' : 'transport/codec.js';
  const calc = (require(path.join(root, 'dist/examples/calc/index.js')) as { default: unknown })
    .default;
  const logger = require(path.join(root, 'node_modules/pino'))({ level: 'info' }, { write() {} });
  const runtime = own('index.js', 'createMicroserviceRuntime')(calc, { logger, maxDepth: 64 });
  const link = { maxPayload: 1024 * 1024, connected: true };
  const parts: Record<string, unknown> = { runtime, link, logger };
  if (current) {
    parts.limiter = own('replica/limiter.js', 'createLimiter')(64, 1024);
    parts.limits = own('replica/replica-limits.js', 'resolveReplicaLimits')({});
    parts.replicaId = 'bench-replica';
    // withOutbound took (runtime, link, prefix) before it took an options object.
    const withOutbound = own('replica/with-outbound.js', 'withOutbound');
    parts.runtime =
      withOutbound.length === 3
        ? withOutbound(runtime, link, 'bench')
        : withOutbound(runtime, { link, subjectPrefix: 'bench', tracing: false });
  } else parts.limiter = own('transport/limiter.js', 'createLimiter')(64);
  const handler = current ? 'replica/call-handler.js' : 'transport/replica-handler.js';
  const serve = own(handler, 'createCallHandler')(parts) as (msg: unknown) => void;
  const encode = own(codec, 'encodeEnvelope');
  const data = encode({
    version: 1,
    ...{ microservice: 'calc', service: 'multiplier', method: 'mulTwo', apiId: 'ROA' },
    ...{ sequenceName: 'libBParamArrayJsonInOutSequence', args: ['{"a":2,"b":3}'] },
    context: { requestId: 'bench-0001', locale: 'en', privilegeNames: [], privileged: false },
    deadline: Date.now() + 3_600_000,
  });
  return {
    serve: () =>
      new Promise((respond) => serve({ subject: 'bench.calc', reply: '_INBOX.r', data, respond })),
  };
}

/** CPU nanoseconds per call of `side`, with {@link IN_FLIGHT} calls at a time. */
async function measure(side: Side): Promise<number> {
  const start = process.cpuUsage();
  let sent = 0;
  const worker = async () => {
    while (sent < CALLS) {
      sent++;
      await side.serve();
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const used = process.cpuUsage(start);
  return ((used.user + used.system) * 1000) / CALLS;
}

async function main(): Promise<void> {
  const other = process.argv[2];
  if (!other) throw new Error('usage: npm run bench:replica-ab -- <other built checkout>');
  const sides = { other: load(path.resolve(other)), this: load(path.resolve(__dirname, '../..')) };
  const check = Buffer.from(await sides.this.serve()).toString('latin1');
  if (!check.includes('{"result":6}')) throw new Error(`mulTwo failed: ${check}`);
  await measure(sides.other);
  await measure(sides.this);
  const runs = { other: [] as number[], this: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['other', 'this'] as const) : (['this', 'other'] as const);
    for (const side of order) runs[side].push(await measure(sides[side]));
  }
  const gaps = runs.this.map((ns, i) => ns - (runs.other[i] as number));
  const [a, b] = [median(runs.other), median(runs.this)];
  process.stdout.write(
    `replica mulTwo call: other ${a.toFixed(0)} ns, this ${b.toFixed(0)} ns, paired median this − other ${median(gaps).toFixed(0)} ns\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`replica-ab: ${(error as Error)?.stack ?? error}\n`);
  process.exit(1);
});
