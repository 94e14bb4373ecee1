import { ReplicaReplies } from '../src/observability/replica-replies';
import { Tally } from '../src/observability/tally';
import { decodeReply, encodeReply } from '../src/protocol/codec';
import { type CallReply } from '../src/protocol/envelope';
import { median } from './report';

/**
 * What the replica id costs a NATS reply by itself, without NATS or HTTP: the replica encodes the
 * reply, the main server decodes it and counts it, in a loop. `plain` is a reply without an id,
 * counted as replies were counted by microservice alone; `with id` names a replica of a typical
 * id and of the longest one (128 characters). `node dist/bench/reply-path.js`.
 */
const CALLS = 300_000;
const ROUNDS = 9;
const REPLY: CallReply = { ok: true, body: '{"result":6}' };

type Step = () => void;

function plain(): Step {
  const tally = new Tally();
  return () => {
    const reply = decodeReply(encodeReply(REPLY), { maxBytes: 1 << 20 });
    if (!reply.ok) throw new Error('not ok');
    tally.add('calc', () => ({ microservice: 'calc' }));
  };
}

function withId(replica: string): Step {
  const replies = new ReplicaReplies(new Map());
  return () => {
    const reply = decodeReply(encodeReply(REPLY, replica), { maxBytes: 1 << 20 });
    if (!reply.ok) throw new Error('not ok');
    replies.add('calc', reply.replica);
  };
}

/** The median µs per reply of `step` over the rounds, the first two left out as warm-up. */
function measure(step: Step): number {
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < CALLS; i++) step();
    rounds.push(Number(process.hrtime.bigint() - start) / CALLS / 1000);
  }
  return median(rounds.slice(2));
}

const cases: [string, Step][] = [
  ['plain', plain()],
  ['with id calc-7f9c-x2l4q:1', withId('calc-7f9c-x2l4q:1')],
  ['with id of 128 characters', withId('r'.repeat(128))],
];
for (const [name, step] of cases) {
  process.stdout.write(`${name}: ${measure(step).toFixed(3)} µs per reply\n`);
}
