import { parseArgs } from 'node:util';
import { connect, type Msg } from 'nats';
import { echoSubject, packParts, unpackParts } from './echo-wire';

/**
 * The responder of the NATS echo baselines (`nats-echo.ts`, and with `--batched`
 * `nats-echo-batched.ts`): subscribes in a queue group and answers each message with the work of
 * the ROA JSON row done on its body (JSON.parse, multiply, JSON.stringify), or on each of its
 * parts; an empty answer for input it cannot read. Started as the bench starts a replica, with
 * `--nats URL --subject-prefix PREFIX`.
 */
const { values } = parseArgs({
  options: {
    nats: { type: 'string', default: 'nats://127.0.0.1:4222' },
    'subject-prefix': { type: 'string', default: 'echo' },
    batched: { type: 'boolean', default: false },
  },
});
const EMPTY = Buffer.alloc(0);

function mulTwo(body: Uint8Array): Buffer {
  try {
    const text = Buffer.from(body.buffer, body.byteOffset, body.length).toString('utf8');
    const input = JSON.parse(text) as { a: number; b: number };
    return Buffer.from(JSON.stringify({ result: input.a * input.b }));
  } catch {
    return EMPTY;
  }
}

function mulEach(message: Uint8Array): Buffer {
  try {
    return packParts(unpackParts(message).map(mulTwo));
  } catch {
    return EMPTY;
  }
}

const work = values.batched ? mulEach : mulTwo;

connect({ servers: values.nats.split(','), name: 'nats-responder', noAsyncTraces: true }).then(
  (nc) => {
    nc.subscribe(echoSubject(values['subject-prefix'], values.batched), {
      queue: 'responders',
      callback: (error, msg: Msg) => {
        if (!error) msg.respond(work(msg.data));
      },
    });
  },
  (error: unknown) => {
    process.stderr.write(`nats-responder: ${error}\n`);
    process.exit(1);
  },
);
process.on('SIGTERM', () => process.exit(0));
