import http from 'node:http';
import type { Logger } from 'pino';
import { type RemoteError } from '../../errors';
import { type NatsPlacement } from '../../microservices';
import { type Transport } from '../../protocol/envelope';
import { maxBodyBytesFor } from '../../protocol/frame-budget';
import { natsDown, unavailable } from './hop-errors';
import { missingMethods } from './missing-methods';
import { type NatsLink, natsSubject } from './nats-connection';
import { type NatsEvents } from './nats-events';
import { redactServers } from './nats-options';
import { checkPings } from './nats-pings';
import { createNatsPool, type NatsPool } from './nats-pool';
import { type ReplicaWatch, watchReplicas } from './replica-watch';
import { type ReplyHop, requestReply } from './request-reply';

/** The NATS transports of one main server; microservices on the same servers share a connection. */
export interface NatsCarrier {
  /** The transport to the replicas of `microservice` at `placement`. */
  transport(
    microservice: string,
    placement: NatsPlacement,
    limits: FrameLimits,
    idempotent?: (service: string, method: string) => boolean,
    known?: (service: string, method: string) => boolean,
  ): Transport;
}

/** What besides the body can grow a call frame: see {@link maxBodyBytesFor}. */
export interface FrameLimits {
  readonly maxArgs: number;
  /** The HTTP server's request head limit. Default Node's `http.maxHeaderSize`. */
  readonly maxHeaderBytes?: number;
}

/** Creates the NATS carrier of a main server; `events` count what happens on the hop. */
export function createNatsCarrier(logger: Logger, events?: NatsEvents): NatsCarrier {
  const pool = createNatsPool(logger, events);
  return {
    transport: (microservice, placement, limits, idempotent, known) =>
      createNatsTransport({
        microservice,
        placement,
        limits,
        pool,
        events,
        logger,
        idempotent,
        missing: known && missingMethods(microservice, known, logger),
      }),
  };
}

interface NatsTransportOptions {
  readonly microservice: string;
  readonly placement: NatsPlacement;
  readonly limits: FrameLimits;
  readonly pool: NatsPool;
  readonly events: NatsEvents | undefined;
  readonly logger: Logger;
  readonly idempotent: ((service: string, method: string) => boolean) | undefined;
  readonly missing: ReplyHop['missing'];
}

/**
 * The main server's side of the NATS placement: each call is one request to a replica that answers
 * the watch's pings, in turn, or on the microservice's subject to its queue group while none does.
 */
function createNatsTransport(options: NatsTransportOptions): Transport {
  const { microservice, placement, pool } = options;
  const subject = natsSubject(placement.subjectPrefix, microservice);
  checkPings(placement, `the placement of microservice ${microservice}: nats.`);
  let link: NatsLink | undefined;
  // Made once the link is there, so that a call passes it on without making an object.
  let hop: ReplyHop | undefined;
  let starting: Promise<NatsLink> | undefined;
  let watch: ReplicaWatch | undefined;

  function start(): Promise<NatsLink> {
    starting ??= pool.acquire(placement, placement.connectTimeoutMs).then(
      (acquired) => {
        link = acquired;
        const { events, logger, idempotent, missing } = options;
        watch = watchReplicas({ link: acquired, subject, microservice, logger, events });
        hop = { link: acquired, subject, events, idempotent, missing, steer: watch.steer };
        if (events)
          acquired.requests().onLateReply(subject, () => events.fault(microservice, 'late-reply'));
        return acquired;
      },
      (error: unknown) => {
        starting = undefined;
        throw error;
      },
    );
    return starting;
  }

  async function open(): Promise<ReplyHop> {
    try {
      await start();
      return hop as ReplyHop;
    } catch (error) {
      throw unreachable(error);
    }
  }

  return {
    placement: `nats ${redactServers(placement.servers)} subject ${subject}`,
    get maxBodyBytes() {
      if (!link) return undefined;
      return maxBodyBytesFor(link.maxPayload, {
        maxArgs: options.limits.maxArgs,
        maxHeaderBytes: options.limits.maxHeaderBytes ?? http.maxHeaderSize,
      });
    },
    // Once the link is there, each call's request times out at its deadline (request-mux.ts).
    get keepsDeadline() {
      return hop !== undefined;
    },
    start: () => start().then(() => undefined),
    // Not async: a call on a started transport makes no promise besides its request's.
    call: (envelope) =>
      hop ? requestReply(hop, envelope) : open().then((opened) => requestReply(opened, envelope)),
    // A connection that is down is named, as the calls name it, not taken for silent replicas.
    ready: async () => {
      if (link && !link.connected) throw natsDown();
      return link !== undefined && watch !== undefined ? watch.ready() : false;
    },
    async close() {
      if (!starting) return;
      // After the start: a watch made by a start still under way must be stopped too.
      const started = await starting.then(
        () => true,
        () => false,
      );
      watch?.stop();
      if (started) await pool.release(placement);
    },
  };

  function unreachable(error: unknown): RemoteError {
    return unavailable(`${microservice} is not reachable: NATS is not connected`, error);
  }
}
