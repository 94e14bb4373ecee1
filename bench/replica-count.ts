/**
 * `npm run bench:replica-count -- [--part empty|decode|run|reply|handler] [--calls N] [--warmup N]
 * [--root DIR] [--node PATH]`: the instructions of one `mulTwo` call in a replica of the calc
 * example, without NATS, counted by valgrind's callgrind, stage by stage. Calls come 10 at a time,
 * as one socket read hands them over, each a new view on a call frame with a reply subject of its
 * own. `decode` reads the frame; `run` also serves it with the bare runtime (bind, invoke,
 * serialize); `reply` also writes the reply frame; `handler` hands the message to the replica's
 * own handler instead (limits, call holds, the limiter, the outbound binding, the reply). `empty`
 * only makes the messages and answers them, which the other parts count too: subtract it.
 * Counted from `--warmup` calls (default 20 000) on, when the compiler is done with the path, to
 * `--calls` calls later (default 5 000): the loop has callgrind zero its counts, then dump them.
 * `--root` counts another built checkout. A whole collection in the window, which the machine's
 * load can bring (V8 times some of them), can triple a count: count twice, and distrust outliers.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: o } = parseArgs({
  options: {
    part: { type: 'string', default: 'handler' },
    warmup: { type: 'string', default: '20000' },
    calls: { type: 'string', default: '5000' },
    root: { type: 'string' },
    node: { type: 'string', default: process.execPath },
    loop: { type: 'string' },
  },
});
const PARTS = ['empty', 'decode', 'run', 'reply', 'handler'];
if (!PARTS.includes(o.part)) throw new Error(`--part ${o.part}: one of ${PARTS.join(', ')}`);
const IN_FLIGHT = 10;
const INBOX = '_INBOX.LN5JYW85FTPLLEXC0HSW2W.hop.calc.';

/** A message as the NATS client hands it to the handler: what the handler reads of one. */
interface Message {
  readonly subject: string;
  readonly reply: string;
  readonly data: Uint8Array;
  respond(data: Uint8Array): boolean;
}

/** What serves one message in `part`; it answers through `respond`, now or later. */
function server(root: string, part: string): (msg: Message) => void {
  const load = (file: string) => require(path.join(root, 'dist/src', file));
  const codec = load('protocol/codec.js');
  const logger = require('pino')({ level: 'silent' });
  const definition = require(path.join(root, 'dist/examples/calc/index.js')).default;
  const runtime = load('runtime/runtime.js').createMicroserviceRuntime(definition, { logger });
  const options = { maxBytes: 1024 * 1024 };
  const empty = codec.encodeReply({ ok: true, body: null }, 'vm:12345');
  if (part === 'empty') return (msg) => msg.respond(empty);
  if (part === 'decode')
    return (msg) => msg.respond(codec.decodeEnvelope(msg.data, options) && empty);
  if (part !== 'handler') {
    const write = part === 'reply';
    return (msg) => {
      const reply = runtime.handle(codec.decodeEnvelope(msg.data, options));
      msg.respond(write ? codec.encodeReply(reply, 'vm:12345') : empty);
    };
  }
  // The replica as startNatsReplica assembles it, on a link that only says its max payload.
  const link = { maxPayload: 1024 * 1024 };
  const limits = load('replica/replica-limits.js').resolveReplicaLimits({});
  const parts = {
    runtime: load('replica/with-outbound.js').withOutbound(runtime, { link, tracing: false }),
    link,
    limiter: load('replica/limiter.js').createLimiter(64, limits.maxWaiting),
    limits,
    logger,
    replicaId: 'vm:12345',
    holds: load('replica/call-holds.js').createCallHolds(),
  };
  return load('replica/call-handler.js').createCallHandler(parts);
}

/** The loop itself, in the process that callgrind counts: `warmup` calls, then `calls` counted. */
async function loop(root: string, part: string, warmup: number, calls: number): Promise<void> {
  const codec = require(path.join(root, 'dist/src/protocol/codec.js'));
  const serve = server(root, part);
  const context = { requestId: '43453409-5c36-44f1-9c4d-48811504d20d', locale: 'en' };
  const call = { microservice: 'calc', service: 'multiplier', method: 'mulTwo', apiId: 'ROA' };
  // The budget stays under the replica's cap, as a main server's does; taken by an hour from now.
  const encode = (now: number) => {
    const envelope = {
      ...{ version: 1, ...call, sequenceName: 'libBParamArrayJsonInOutSequence' },
      ...{ args: ['{"a":2,"b":3}'], deadline: now + 29_000 },
      context: { ...context, privilegeNames: [], privileged: true, peerAddress: '127.0.0.1' },
    };
    return Buffer.from(codec.encodeCall(envelope, now, now + 3_600_000));
  };
  let encodedAt = Date.now();
  let frame = encode(encodedAt);
  let answered = 0;
  let last: Uint8Array | undefined;
  let n = 0;
  const batch = () =>
    new Promise<void>((resolve) => {
      // Under callgrind the loop outlasts a budget: a frame past its deadline is answered 504,
      // at the cost of an Error per call. A fresh one every 10 s costs nothing per call.
      if (Date.now() > encodedAt + 10_000) {
        encodedAt = Date.now();
        frame = encode(encodedAt);
      }
      let left = IN_FLIGHT;
      const respond = (data: Uint8Array) => {
        answered += data.length > 2 ? 1 : 0;
        last = data;
        if (--left === 0) resolve();
        return true;
      };
      for (let i = 0; i < IN_FLIGHT; i++) {
        const reply = INBOX + (n++).toString(36);
        serve({ subject: 'hop.calc', reply, data: frame.subarray(0), respond });
      }
    });
  for (let sent = 0; sent < warmup; sent += IN_FLIGHT) await batch();
  callgrind('--zero');
  for (let sent = 0; sent < calls; sent += IN_FLIGHT) await batch();
  callgrind('--dump');
  if (answered < warmup + calls) throw new Error('the loop did not run');
  // A count of calls answered with an error is not a count of calls served.
  const reply = codec.decodeReply(last);
  if (!reply.ok) throw new Error(`the last call was answered ${JSON.stringify(reply.error)}`);
  process.exit(0);
}

/** Tells callgrind, which runs this process, to zero its counts or to dump them. */
function callgrind(command: '--zero' | '--dump'): void {
  execFileSync('callgrind_control', [command, String(process.pid)], { stdio: 'ignore' });
}

/** The instructions of the counted calls of one run of the loop. */
function counted(root: string): number {
  const out = path.join(tmpdir(), `portico-replica-count-${process.pid}.out`);
  const args = [`--callgrind-out-file=${out}`, o.node, '--single-threaded', __filename];
  const loopArgs = ['--loop', o.calls, '--warmup', o.warmup, '--part', o.part, '--root', root];
  const run = spawnSync('valgrind', ['--tool=callgrind', ...args, ...loopArgs], { stdio: 'pipe' });
  if (run.status !== 0) throw new Error(`valgrind: ${run.stderr}`);
  // The dump holds what was counted since the zero: the counted calls.
  const total = Number(/^totals: (\d+)/m.exec(readFileSync(`${out}.1`, 'utf8'))?.[1]);
  for (const file of [out, `${out}.1`]) rmSync(file, { force: true });
  return total;
}

const root = path.resolve(o.root ?? path.join(__dirname, '../..'));
if (o.loop) void loop(root, o.part, Number(o.warmup), Number(o.loop));
else {
  const per = counted(root) / Number(o.calls);
  const version = execFileSync(o.node, ['--version'], { encoding: 'utf8' }).trim();
  process.stdout.write(
    `a replica's call without NATS, part ${o.part}, ${root} on Node ${version}: ${Math.round(per)} instructions per call\n`,
  );
}
