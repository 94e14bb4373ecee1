import { type NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { microserviceNameFault } from '../../protocol/microservice-name';
import { clientOptions } from './client-options';
import { firstConnect } from './first-connect';
import { type NatsConnectionOptions } from './nats-options';
import { checkPings, DEFAULT_PINGS } from './nats-pings';
import { createRequestMux, type RequestMux } from './request-mux';
import { isSubjectPrefix } from './subject-prefix';

/** The subject prefix when a placement names none. */
export const DEFAULT_SUBJECT_PREFIX = 'portico';
/** NATS's own default max payload, used until a server has told its own. */
const DEFAULT_MAX_PAYLOAD = 1024 * 1024;
/** How the client behaves once connected: it reconnects forever, every half second. */
const CLIENT_SETTINGS = {
  maxReconnectAttempts: -1,
  reconnectTimeWait: 500,
  reconnectJitter: 250,
  timeout: 2_000,
  // The client would otherwise build up to three Errors with stack traces per request, for traces
  // that portico's own errors replace: about 13 µs of a call's CPU.
  noAsyncTraces: true,
  // The client gives up for good after two refusals of its credentials in a row, and the main
  // server would say "reconnecting" until it was restarted, a replica end without a word: a
  // server restarted with other credentials for a while (a configuration rolled back) would need
  // every process restarted. The first connection still fails at once where every server listed
  // refuses it (firstConnect).
  ignoreAuthErrorAbort: true,
} as const;

/** Options of {@link connectNats}. */
export interface NatsConnectOptions extends NatsConnectionOptions {
  /** The connection name that the NATS server shows in its monitoring. */
  readonly name: string;
  readonly logger: Logger;
  /** How long to keep trying the first connection. Default 10 000 ms. */
  readonly connectTimeoutMs?: number;
}

/** A NATS connection that reconnects by itself and knows whether it is up right now. */
export interface NatsLink {
  readonly connection: NatsConnection;
  /** False between a disconnection and the reconnection. */
  readonly connected: boolean;
  /** How many times the connection was lost so far: messages in flight then may be lost. */
  readonly cuts: number;
  /** The max payload of the server the connection is on. */
  readonly maxPayload: number;
  /**
   * Sends a request and resolves with the reply's data; rejects with a `NoReplyError` when no
   * replica listens or none answers within `timeoutMs`. It is published on `to` when given (one
   * replica's own subject), and counted as a request on `subject` all the same.
   */
  request(subject: string, data: Uint8Array, timeoutMs: number, to?: string): Promise<Uint8Array>;
  /** The requests of {@link request}, for a replica watch (made on first use). */
  requests(): RequestMux;
}

/**
 * The subject that the replicas of `microservice` answer on; it is also their queue group.
 * Throws when the name breaks the rule of microservice names (one token of a NATS subject).
 */
export function natsSubject(prefix: string | undefined, microservice: string): string {
  const fault = microserviceNameFault(microservice);
  if (fault) throw new TypeError(`portico: ${fault}`);
  const chosen = prefix ?? DEFAULT_SUBJECT_PREFIX;
  if (!isSubjectPrefix(chosen)) {
    throw new TypeError(
      `portico: subject prefix ${JSON.stringify(chosen)} is not a NATS subject without wildcards`,
    );
  }
  return `${chosen}.${microservice}`;
}

/**
 * Connects to NATS, trying again for a while when no server answers yet (a process often starts
 * beside its NATS server). Once connected it reconnects forever, and logs every change of state.
 */
export async function connectNats(options: NatsConnectOptions): Promise<NatsLink> {
  checkPings(options);
  const settings = settingsOf(options);
  const timeoutMs = options.connectTimeoutMs ?? 10_000;
  const connection = await firstConnect(settings, options.servers, timeoutMs);
  let connected = true;
  let cuts = 0;
  watchStatus(connection, options.logger, (up) => {
    if (connected && !up) cuts++;
    connected = up;
  }).catch((error: unknown) => options.logger.warn({ err: error }, 'NATS status watch ended'));
  // Made on the first request: replicas never send one.
  let mux: RequestMux | undefined;
  return {
    connection,
    get cuts() {
      return cuts;
    },
    get connected() {
      return connected && !connection.isClosed();
    },
    get maxPayload() {
      return connection.info?.max_payload ?? DEFAULT_MAX_PAYLOAD;
    },
    request(subject, data, timeoutMs, to) {
      mux ??= createRequestMux(connection, options.inboxPrefix);
      return mux.request(subject, data, timeoutMs, to);
    },
    requests() {
      mux ??= createRequestMux(connection, options.inboxPrefix);
      return mux;
    },
  };
}

/** The client's settings for `options`: credentials out of the URLs, and {@link CLIENT_SETTINGS}. */
function settingsOf(options: NatsConnectOptions) {
  return {
    ...clientOptions(options),
    ...CLIENT_SETTINGS,
    // A server that hangs (SIGSTOP, a frozen host) keeps its socket open: pings left unanswered
    // drop it, and the client reconnects to another node (docs/faults.md). A blocked event loop
    // holds back the pings as well as the reading of their answers: not taken for a hung server.
    pingInterval: options.pingIntervalMs ?? DEFAULT_PINGS.pingIntervalMs,
    maxPingOut: options.maxPingsOut ?? DEFAULT_PINGS.maxPingsOut,
    name: options.name,
  };
}

async function watchStatus(
  connection: NatsConnection,
  logger: Logger,
  setConnected: (up: boolean) => void,
): Promise<void> {
  const server = () => connection.getServer();
  // While the connection is down, each attempt that a server refuses says so again: one line
  // each for the loss and for each event until the connection is restored, not two a second.
  let down = false;
  let said = new Set<string>();
  for await (const status of connection.status()) {
    if (status.type === 'disconnect') {
      setConnected(false);
      if (!down) logger.warn({ server: server() }, 'NATS connection lost; reconnecting');
      down = true;
    } else if (status.type === 'reconnect') {
      setConnected(true);
      // After refused attempts the client reports one reconnection for each of them.
      if (down) logger.info({ server: server() }, 'NATS connection restored');
      down = false;
      said = new Set();
    } else if (status.type === 'error' || status.type === 'ldm') {
      const what = `${status.type} ${String(status.data)}`;
      if (down && said.has(what)) continue;
      if (down) said.add(what);
      logger.warn({ server: server(), event: status.type, data: status.data }, 'NATS event');
    }
  }
}
