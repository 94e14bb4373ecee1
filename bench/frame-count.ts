/**
 * `npm run bench:frame-count -- [--side main|replica|both] [--root DIR] [--node PATH]`: the
 * instructions that the frames of one ROA JSON `mulTwo` call over NATS cost, counted by
 * valgrind's callgrind, without NATS. The main server's side encodes the call frame and decodes
 * the reply frame; the replica's side decodes the call frame and encodes the reply frame, with the
 * replica's id. The loop runs twice under callgrind, for `--calls` and for five times as many, and
 * the difference of the two totals is divided by the difference of the calls: start-up, module
 * loading and the compiler's first work fall out. `--root` counts another built checkout.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: o } = parseArgs({
  options: {
    side: { type: 'string', default: 'both' },
    calls: { type: 'string', default: '20000' },
    root: { type: 'string' },
    node: { type: 'string', default: process.execPath },
    loop: { type: 'string' },
  },
});

const NOW = 1_800_000_000_000;
const ENVELOPE = {
  version: 1,
  microservice: 'calc',
  service: 'multiplier',
  method: 'mulTwo',
  apiId: 'ROA',
  sequenceName: 'mulTwo',
  args: ['{"a":2,"b":3}'],
  context: {
    requestId: '7f1c0d52-3b7a-4c1e-9a55-0e3f6a2b9c41',
    locale: 'en',
    privilegeNames: [],
    privileged: true,
    peerAddress: '127.0.0.1',
  },
  deadline: NOW + 30_000,
};

/** The loop itself, in the process that callgrind counts. */
function loop(root: string, side: string, calls: number): void {
  const codec = require(path.join(root, 'dist/src/protocol/codec.js'));
  const limits = { maxBytes: 1024 * 1024, now: NOW };
  // Read as NATS hands frames over: a new view each time, on the bytes of a socket read.
  const call = Buffer.from(codec.encodeCall(ENVELOPE, NOW, NOW + 1000));
  const reply = Buffer.from(codec.encodeReply({ ok: true, body: '6' }, 'replica-1'));
  let sink = 0;
  for (let i = 0; i < calls; i++) {
    if (side !== 'replica') {
      sink += codec.encodeCall(ENVELOPE, NOW, NOW + 1000).length;
      sink += codec.decodeReply(reply.subarray(0), limits).ok ? 1 : 0;
    }
    if (side !== 'main') {
      sink += codec.decodeEnvelope(call.subarray(0), limits).args.length;
      sink += codec.encodeReply({ ok: true, body: '6' }, 'replica-1').length;
    }
  }
  if (sink < calls) throw new Error('the loop did not run');
}

/** The instructions of one run of the loop, start-up included. */
function counted(root: string, calls: number): number {
  const out = path.join(tmpdir(), `portico-frame-count-${process.pid}-${calls}.out`);
  const args = [`--callgrind-out-file=${out}`, o.node, '--single-threaded', __filename];
  const loopArgs = ['--loop', String(calls), '--side', o.side, '--root', root];
  const run = spawnSync('valgrind', ['--tool=callgrind', ...args, ...loopArgs], { stdio: 'pipe' });
  if (run.status !== 0) throw new Error(`valgrind: ${run.stderr}`);
  const total = Number(/^(?:summary|totals): (\d+)/m.exec(readFileSync(out, 'utf8'))?.[1]);
  rmSync(out, { force: true });
  return total;
}

const root = path.resolve(o.root ?? path.join(__dirname, '../..'));
if (o.loop) loop(root, o.side, Number(o.loop));
else {
  const calls = Number(o.calls);
  const per = (counted(root, 5 * calls) - counted(root, calls)) / (4 * calls);
  const version = execFileSync(o.node, ['--version'], { encoding: 'utf8' }).trim();
  process.stdout.write(
    `frames of one call, ${o.side} side(s), ${root} on Node ${version}: ${Math.round(per)} instructions per call\n`,
  );
}
