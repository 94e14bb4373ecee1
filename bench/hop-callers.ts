import { connect } from 'nats';
import pino from 'pino';
import { RemoteError } from '../src/errors';
import { type CallEnvelope } from '../src/protocol/envelope';
import { connectNats, natsSubject } from '../src/transport/nats/nats-connection';
import { requestReply } from '../src/transport/nats/request-reply';
import { echoSubject } from './baselines/echo-wire';
import { replyMux } from './baselines/reply-mux';

/** One end of a hop as `bench:hop-count` drives it: a call answered `6`, and the way to hang up. */
export interface HopCaller {
  /** Resolves once the call is answered `{"result":6}`; rejects on any other answer. */
  call(): Promise<void>;
  close(): Promise<void>;
}

// The main server's default sequence (its `defaultSequenceName`), which a ROA JSON call names.
const SEQUENCE = 'libBParamArrayJsonInOutSequence';
const RESULT = '{"result":6}';
/** A replica's answers for a call it did not run (docs/faults.md). */
const REFUSED = new Set(['NOT_ACKNOWLEDGED', 'REPLICA_LOST']);

/** A call's envelope, a literal as the main server builds it (`callEnvelope`): spreads cost per call. */
function envelope(): CallEnvelope {
  const context = { requestId: 'hop-count', locale: 'en', privilegeNames: [], privileged: true };
  return {
    version: 1,
    microservice: 'calc',
    service: 'multiplier',
    method: 'mulTwo',
    apiId: 'ROA',
    sequenceName: SEQUENCE,
    args: ['{"a":2,"b":3}'],
    context,
    deadline: Date.now() + 60_000,
  };
}

/** The main server's end: its own `requestReply` (frames, request mux, NATS client) to `calc`. */
export async function porticoCaller(url: string, prefix: string): Promise<HopCaller> {
  const logger = pino({ level: 'silent' });
  const link = await connectNats({ servers: [url], name: 'hop-count', logger });
  const hop = { link, subject: natsSubject(prefix, 'calc') };
  return {
    async call() {
      const reply = await requestReply(hop, envelope()).catch((error: unknown) => {
        // A collection under callgrind can hold a call past its take-by time, or stall the
        // replica long enough to count as lost: it refuses the call, at the cost of a call to
        // both ends.
        if (error instanceof RemoteError && REFUSED.has(error.code)) return undefined;
        throw error;
      });
      if (reply && (!reply.ok || reply.body !== RESULT)) throw new Error(JSON.stringify(reply));
    },
    close: () => link.connection.close(),
  };
}

const ECHO_BODY = '{"a":2,"b":3}';

/**
 * The forwarder's end of the `nats-echo` baseline: the body's bytes as a NATS request through
 * `bench/baselines/reply-mux.ts`, to its responder (`bench/baselines/nats-responder.ts`).
 */
export async function echoCaller(url: string, prefix: string): Promise<HopCaller> {
  const nc = await connect({ servers: [url], name: 'hop-count', noAsyncTraces: true });
  const request = replyMux(nc);
  const subject = echoSubject(prefix, false);
  return {
    call: () =>
      new Promise((resolve, reject) =>
        request(subject, Buffer.from(ECHO_BODY), (reply) => {
          const text =
            typeof reply === 'number' ? `status ${reply}` : Buffer.from(reply).toString();
          if (text === RESULT) resolve();
          else reject(new Error(text));
        }),
      ),
    close: () => nc.close(),
  };
}

/** The same end with the `nats` client's own `request` instead, for what that costs per call. */
export async function echoRequestCaller(url: string, prefix: string): Promise<HopCaller> {
  const nc = await connect({ servers: [url], name: 'hop-count', noAsyncTraces: true });
  const subject = echoSubject(prefix, false);
  return {
    async call() {
      const msg = await nc.request(subject, Buffer.from(ECHO_BODY), { timeout: 60_000 });
      if (msg.string() !== RESULT) throw new Error(msg.string());
    },
    close: () => nc.close(),
  };
}
