import { randomUUID } from 'node:crypto';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { ERROR_STATUS, type ErrorCode } from '../errors';
import { type NatsReplica } from '../replica/nats-replica';
import { ADMIN_METHODS } from '../serialization/asterisk-form';
import { serializeError } from '../serialization/error-envelope';
import { CONTENT_TYPES } from '../serialization/raw-error-response';
import { validRequestId } from '../serialization/request-id';
import { HTTP_DEFAULTS } from './config';
import { createHttpServer, listenOn } from './http-server';

/** A replica's own admin HTTP server: liveness, readiness and metrics. */
export interface ReplicaAdmin {
  readonly port: number;
  /** Readiness turns false (the replica drains); the routes keep answering until `close`. */
  markDraining(): void;
  close(): Promise<void>;
}

/**
 * Creates the metrics of a replica: its running and waiting calls, and Node's process metrics.
 * They are labelled with the replica's id too, the one main servers count its replies by.
 */
function replicaRegistry(replica: NatsReplica): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labels = { microservice: replica.microservice, replica: replica.replicaId };
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['microservice', 'replica'],
      registers: [registry],
      collect(this: Gauge) {
        this.set(labels, read());
      },
    });
  gauge('portico_replica_running_calls', 'Calls the replica runs now.', () => replica.running);
  gauge('portico_replica_waiting_calls', 'Calls waiting for a free slot.', () => replica.waiting);
  gauge(
    'portico_replica_concurrency',
    'Calls the replica runs at once.',
    () => replica.concurrency,
  );
  return registry;
}

/**
 * Serves `GET /-/live`, `GET /-/ready` (503 once draining) and `GET /-/metrics` for a replica on
 * its own port, for orchestrators that probe over HTTP rather than NATS.
 */
export async function startReplicaAdmin(
  replica: NatsReplica,
  port: number,
  host?: string,
): Promise<ReplicaAdmin> {
  const registry = replicaRegistry(replica);
  let draining = false;
  // A main server's default limits and guards (docs/configuration.md, `http`): Node's own let a
  // client that sends its head a byte at a time hold a connection for up to 90 s, and answer a
  // missing Host, CONNECT or an unknown Expect with a bare status line or none.
  const server = createHttpServer(
    HTTP_DEFAULTS,
    (req, res) => {
      const send = (status: number, type: string, body: string) => {
        res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      };
      const json = (status: number, body: object) =>
        send(status, 'application/json', JSON.stringify(body));
      const refuse = (code: ErrorCode, message: string) => {
        const requestId =
          validRequestId(headerValue(req.headers['x-svc-request-id'])) ?? randomUUID();
        res.setHeader('X-SVC-Request-ID', requestId);
        const status = ERROR_STATUS[code];
        send(
          status,
          CONTENT_TYPES.json,
          serializeError({ status, code, message }, requestId, 'json'),
        );
      };
      const path = pathOf(req.url ?? '');
      if (!(path === '/-/live' || path === '/-/ready' || path === '/-/metrics')) {
        refuse('NOT_FOUND', 'no such admin route: /-/live, /-/ready and /-/metrics exist');
      } else if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.setHeader('Allow', 'GET, HEAD');
        refuse('METHOD_NOT_ALLOWED', `${req.method} is not allowed: use GET`);
      } else if (path === '/-/live') json(200, { status: 'live' });
      else if (path === '/-/ready') {
        json(draining ? 503 : 200, { status: draining ? 'not ready' : 'ready' });
      } else {
        registry.metrics().then(
          (text) => send(200, registry.contentType, text),
          () => refuse('INTERNAL_ERROR', 'the metrics could not be collected'),
        );
      }
    },
    { allow: ADMIN_METHODS },
  );
  const bound = await listenOn(server, port, host);
  return {
    port: bound,
    markDraining: () => {
      draining = true;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The path of a request target without its query, as the main server's admin routes read it; an
 * absolute target (`http://host/-/live`, RFC 9112 §3.2.2) by its path.
 */
function pathOf(target: string): string {
  if (target.startsWith('/')) return target.split('?', 1)[0] ?? target;
  try {
    return new URL(target).pathname;
  } catch {
    return target;
  }
}

/** A header's one value; a header sent on several lines has none. */
function headerValue(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
