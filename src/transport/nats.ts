import http from 'node:http';
import { ErrorCode, NatsError } from 'nats';
import type { Logger } from 'pino';
import { RemoteError } from '../errors';
import { type NatsPlacement } from '../microservices';
import { CodecError, decodeReply, encodeEnvelope } from './codec';
import { type CallEnvelope, type CallReply, type Transport } from './envelope';
import { maxBodyBytesFor } from './frame-budget';
import { type NatsLink, natsSubject } from './nats-connection';
import { createNatsPool, type NatsPool } from './nats-pool';

/** Seconds a caller is told to wait before trying again when no replica answers. */
const RETRY_AFTER_SECONDS = '1';

/** Creates the NATS transports of one main server; microservices on the same servers share a connection. */
export interface NatsCarrier {
  /** The transport to the replicas of `microservice` at `placement`. */
  transport(microservice: string, placement: NatsPlacement, limits: { maxArgs: number }): Transport;
}

/** Creates the NATS carrier of a main server. */
export function createNatsCarrier(logger: Logger): NatsCarrier {
  const pool = createNatsPool(logger);
  return {
    transport: (microservice, placement, limits) =>
      createNatsTransport({ microservice, placement, maxArgs: limits.maxArgs, pool }),
  };
}

interface NatsTransportOptions {
  readonly microservice: string;
  readonly placement: NatsPlacement;
  readonly maxArgs: number;
  readonly pool: NatsPool;
}

/**
 * The main server's side of the NATS placement: each call is one request on the microservice's
 * subject, answered by one replica of its queue group.
 */
function createNatsTransport(options: NatsTransportOptions): Transport {
  const { microservice, placement, pool } = options;
  const subject = natsSubject(placement.subjectPrefix, microservice);
  let link: NatsLink | undefined;
  let starting: Promise<NatsLink> | undefined;

  function start(): Promise<NatsLink> {
    starting ??= pool.acquire(placement.servers, placement.connectTimeoutMs).then(
      (acquired) => {
        link = acquired;
        return acquired;
      },
      (error: unknown) => {
        starting = undefined;
        throw error;
      },
    );
    return starting;
  }

  async function open(): Promise<NatsLink> {
    if (link) return link;
    try {
      return await start();
    } catch (error) {
      throw unreachable(error);
    }
  }

  async function call(envelope: CallEnvelope): Promise<CallReply> {
    const current = await open();
    if (!current.connected) throw unavailable(`the connection to NATS is down; reconnecting`);
    const frame = encodeEnvelope(envelope);
    if (frame.length > current.maxPayload) throw tooLarge(frame.length, current.maxPayload);
    const timeout = envelope.deadline - Date.now();
    if (timeout < 1) throw deadlinePassed();
    let answer: Uint8Array;
    try {
      answer = (await current.connection.request(subject, frame, { timeout })).data;
    } catch (error) {
      throw carrierError(error, current.maxPayload);
    }
    try {
      return decodeReply(answer, { maxBytes: current.maxPayload });
    } catch (error) {
      if (!(error instanceof CodecError)) throw error;
      throw new RemoteError(
        'BAD_REPLY',
        `the reply of ${microservice} was refused: ${error.message}`,
        {
          status: 502,
          cause: error,
        },
      );
    }
  }

  return {
    placement: `nats ${placement.servers.join(',')} subject ${subject}`,
    get maxBodyBytes() {
      if (!link) return undefined;
      return maxBodyBytesFor(link.maxPayload, {
        maxArgs: options.maxArgs,
        maxHeaderBytes: http.maxHeaderSize,
      });
    },
    start: () => start().then(() => undefined),
    call,
    async close() {
      if (!starting) return;
      const started = await starting.then(
        () => true,
        () => false,
      );
      if (started) await pool.release(placement.servers);
    },
  };

  function unavailable(message: string, cause?: unknown): RemoteError {
    return new RemoteError('SERVICE_UNAVAILABLE', message, {
      cause,
      headers: { 'Retry-After': RETRY_AFTER_SECONDS },
    });
  }

  function unreachable(error: unknown): RemoteError {
    return unavailable(`${microservice} is not reachable: NATS is not connected`, error);
  }

  function carrierError(error: unknown, maxPayload: number): RemoteError {
    const code = error instanceof NatsError ? error.code : undefined;
    if (code === ErrorCode.NoResponders) {
      return unavailable(`no replica of ${microservice} is running`, error);
    }
    if (code === ErrorCode.Timeout) return deadlinePassed();
    if (code === ErrorCode.MaxPayloadExceeded) return tooLarge(undefined, maxPayload);
    return unavailable(`${microservice} is not reachable over NATS`, error);
  }
}

function deadlinePassed(): RemoteError {
  return new RemoteError('DEADLINE_EXCEEDED', 'the deadline passed before the reply came');
}

function tooLarge(size: number | undefined, maxPayload: number): RemoteError {
  const what = size === undefined ? 'the call' : `the call of ${size} bytes`;
  return new RemoteError(
    'PAYLOAD_TOO_LARGE',
    `${what} does not fit the NATS max payload of ${maxPayload} bytes`,
  );
}
