import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type CallNames } from './known-names';

/** The end of one call, as the metrics count it. */
export interface CallRecord {
  readonly names: CallNames;
  readonly status: number;
  /** `OK`, or the error code's label. */
  readonly code: string;
  readonly seconds: number;
  readonly requestBytes: number;
  readonly responseBytes: number;
}

/** A main server's metrics: counted on the call path, written in Prometheus text on a scrape. */
export interface CallMetrics {
  /** The `Content-Type` of {@link text}. */
  readonly contentType: string;
  /** Every metric in the Prometheus text format. */
  text(): Promise<string>;
  /** A call of `microservice` (a label value) began. */
  began(microservice: string): void;
  /** A call ended; `began` was called for its microservice. */
  ended(record: CallRecord): void;
  /** What the NATS carrier reports: replies, calls without one, reconnections. */
  readonly nats: NatsCounts;
}

/** The NATS carrier's events, counted. */
export interface NatsCounts {
  reply(microservice: string): void;
  noReply(microservice: string, reason: 'no-responders' | 'timeout'): void;
  reconnect(servers: string): void;
}

const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const BYTE_BUCKETS = [64, 256, 1024, 4096, 16_384, 65_536, 262_144, 1_048_576, 4_194_304];

/** Counts kept as plain numbers on the call path, and copied into a metric when it is scraped. */
class Tally {
  readonly counts = new Map<string, { labels: Record<string, string>; value: number }>();

  add(key: string, labels: () => Record<string, string>, value = 1): void {
    const entry = this.counts.get(key);
    if (entry) entry.value += value;
    else this.counts.set(key, { labels: labels(), value });
  }

  /** Writes the counts into `metric` (a counter or gauge reset first). */
  copyTo(metric: Counter | Gauge): void {
    metric.reset();
    for (const { labels, value } of this.counts.values()) {
      if (metric instanceof Gauge) metric.set(labels, value);
      else metric.inc(labels, value);
    }
  }
}

/** A counter or gauge that is filled from `tally` whenever it is scraped. */
function tallied(
  kind: typeof Counter | typeof Gauge,
  tally: Tally,
  config: { name: string; help: string; labelNames: string[]; registers: Registry[] },
): void {
  new kind({
    ...config,
    collect(this: Counter | Gauge) {
      tally.copyTo(this);
    },
  });
}

/**
 * Creates the metrics of a main server in a registry of their own, with Node's process metrics.
 * prom-client's own counters hash their labels on every update, about a microsecond a call
 * together; here counts are plain numbers keyed by the call's names, and only the histograms go
 * through prom-client on the call path (one cached child per method or microservice).
 */
export function createCallMetrics(): CallMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const calls = new Tally();
  const inFlight = new Tally();
  const overloaded = new Tally();
  const nats = { replies: new Tally(), noReplies: new Tally(), reconnects: new Tally() };
  const ms = ['microservice'];
  const named = [...ms, 'service', 'method'];
  tallied(Counter, calls, {
    name: 'portico_calls_total',
    help: 'Calls answered, by microservice, service, method, HTTP status and error code (OK for none).',
    labelNames: [...named, 'status', 'code'],
    registers,
  });
  tallied(Gauge, inFlight, {
    name: 'portico_calls_in_flight',
    help: 'Calls received and not answered yet.',
    labelNames: ms,
    registers,
  });
  tallied(Counter, overloaded, {
    name: 'portico_calls_overloaded_total',
    help: 'Calls refused with 503 OVERLOADED because every call slot of the microservice was taken.',
    labelNames: ms,
    registers,
  });
  tallied(Counter, nats.replies, {
    name: 'portico_nats_replies_total',
    help: 'Replies that came back over NATS from a replica.',
    labelNames: ms,
    registers,
  });
  tallied(Counter, nats.noReplies, {
    name: 'portico_nats_no_reply_total',
    help: 'NATS calls without a reply: reason no-responders (no replica listens) or timeout.',
    labelNames: [...ms, 'reason'],
    registers,
  });
  tallied(Counter, nats.reconnects, {
    name: 'portico_nats_reconnects_total',
    help: 'Times a NATS connection of the main server was restored after a loss.',
    labelNames: ['servers'],
    registers,
  });
  const duration = new Histogram({
    name: 'portico_call_duration_seconds',
    help: 'Time from the request to the answer, by microservice, service and method.',
    labelNames: named,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const bytes = (name: string, help: string) =>
    new Histogram({ name, help, labelNames: ms, buckets: BYTE_BUCKETS, registers });
  const requestBytes = bytes('portico_request_body_bytes', 'Sizes of call request bodies.');
  const responseBytes = bytes('portico_response_body_bytes', 'Sizes of call response bodies.');
  const perMethod = new Map<string, Histogram.Internal<string>>();
  const perService = new Map<string, [Histogram.Internal<string>, Histogram.Internal<string>]>();

  function sizesOf(microservice: string) {
    let sizes = perService.get(microservice);
    if (!sizes) {
      sizes = [requestBytes.labels(microservice), responseBytes.labels(microservice)];
      perService.set(microservice, sizes);
    }
    return sizes;
  }

  return {
    contentType: registry.contentType,
    text: () => registry.metrics(),
    began(microservice) {
      inFlight.add(microservice, () => ({ microservice }));
    },
    ended({ names, status, code, seconds, requestBytes, responseBytes }) {
      const { microservice, service, method } = names;
      inFlight.add(microservice, () => ({ microservice }), -1);
      const key = `${microservice}/${service}/${method}`;
      calls.add(`${key} ${status} ${code}`, () => ({ ...names, status: String(status), code }));
      if (code === 'OVERLOADED') overloaded.add(microservice, () => ({ microservice }));
      let timing = perMethod.get(key);
      if (!timing) {
        timing = duration.labels(microservice, service, method);
        perMethod.set(key, timing);
      }
      timing.observe(seconds);
      const [request, response] = sizesOf(microservice);
      request.observe(requestBytes);
      response.observe(responseBytes);
    },
    nats: {
      reply: (microservice) => nats.replies.add(microservice, () => ({ microservice })),
      noReply: (microservice, reason) =>
        nats.noReplies.add(`${microservice} ${reason}`, () => ({ microservice, reason })),
      reconnect: (servers) => nats.reconnects.add(servers, () => ({ servers })),
    },
  };
}
