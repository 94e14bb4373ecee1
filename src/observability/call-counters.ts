import { Counter, Gauge, type Registry } from 'prom-client';
import { Tally, tallied } from './tally';

/** The plain counts of a main server's calls and connections, one {@link Tally} per metric. */
export interface CallCounters {
  readonly calls: Tally;
  readonly inFlight: Tally;
  readonly overloaded: Tally;
  readonly replies: Tally;
  readonly noReplies: Tally;
  readonly reconnects: Tally;
  readonly disconnects: Tally;
  readonly writeTimeouts: Tally;
}

/** What each counter is called and says, and its labels beside `microservice` (or instead). */
const COUNTERS = {
  calls: {
    name: 'portico_calls_total',
    help: 'Calls answered, by microservice, service, method, HTTP status and error code (OK for none).',
    labelNames: ['microservice', 'service', 'method', 'status', 'code'],
  },
  inFlight: {
    name: 'portico_calls_in_flight',
    help: 'Calls received and not answered yet.',
    labelNames: ['microservice'],
  },
  overloaded: {
    name: 'portico_calls_overloaded_total',
    help: 'Calls refused with 503 OVERLOADED: every call slot of the microservice was taken.',
    labelNames: ['microservice'],
  },
  replies: {
    name: 'portico_nats_replies_total',
    help: 'Replies that came over NATS, by microservice and the replica that sent them (_other beyond 100 replicas, _unknown when a reply named none).',
    labelNames: ['microservice', 'replica'],
  },
  noReplies: {
    name: 'portico_nats_no_reply_total',
    help: 'NATS calls without a reply: reason no-responders (no replica listens) or timeout.',
    labelNames: ['microservice', 'reason'],
  },
  reconnects: {
    name: 'portico_nats_reconnects_total',
    help: 'Times a NATS connection of the main server was restored after a loss.',
    labelNames: ['servers'],
  },
  disconnects: {
    name: 'portico_client_disconnects_total',
    help: 'Clients that reset their connection, or closed it mid-request: phase request (before its end) or response.',
    labelNames: ['phase'],
  },
  writeTimeouts: {
    name: 'portico_write_timeouts_total',
    help: 'Connections closed because they did not take their answer within http.writeTimeoutMs.',
    labelNames: [],
  },
} as const satisfies Record<
  keyof CallCounters,
  { name: string; help: string; labelNames: readonly string[] }
>;

/**
 * Creates the tallies of {@link CallCounters}, each read by a prom-client counter (a gauge for
 * the calls in flight) of `registers` when the metrics are scraped.
 */
export function callCounters(registers: Registry[]): CallCounters {
  const counters = {} as Record<keyof CallCounters, Tally>;
  for (const [key, { name, help, labelNames }] of Object.entries(COUNTERS)) {
    const tally = new Tally();
    const kind = key === 'inFlight' ? Gauge : Counter;
    tallied(kind, tally, { name, help, labelNames: [...labelNames], registers });
    counters[key as keyof CallCounters] = tally;
  }
  return counters;
}
