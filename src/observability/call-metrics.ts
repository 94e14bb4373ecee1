import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { BucketCounts, registerHistogram } from './bucket-counts';
import { type CallNames } from './known-names';
import { type Labels, Tally, tallied } from './tally';

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

/** The NATS carrier's events, counted. */
export interface NatsCounts {
  reply(microservice: string): void;
  noReply(microservice: string, reason: 'no-responders' | 'timeout'): void;
  reconnect(servers: string): void;
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

const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const BYTE_BUCKETS = [64, 256, 1024, 4096, 16_384, 65_536, 262_144, 1_048_576, 4_194_304];

/** The series of one method: its duration histogram and its calls by status and code. */
interface MethodSeries {
  readonly duration: BucketCounts;
  readonly outcomes: Map<number, Map<string, { labels: Labels; value: number }>>;
}

/**
 * Creates the metrics of a main server in a registry of their own, with Node's process metrics.
 * Calls are counted in plain numbers keyed by the call's names (prom-client's own metrics hash
 * their labels on every update); prom-client writes them out when `/-/metrics` is scraped.
 */
export function createCallMetrics(): CallMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const t = {
    calls: new Tally(),
    inFlight: new Tally(),
    overloaded: new Tally(),
    replies: new Tally(),
    noReplies: new Tally(),
    reconnects: new Tally(),
  };
  const ms = ['microservice'];
  const count = (name: string, help: string, tally: Tally, labelNames = ms) =>
    tallied(Counter, tally, { name, help, labelNames, registers });
  count(
    'portico_calls_total',
    'Calls answered, by microservice, service, method, HTTP status and error code (OK for none).',
    t.calls,
    [...ms, 'service', 'method', 'status', 'code'],
  );
  tallied(Gauge, t.inFlight, {
    name: 'portico_calls_in_flight',
    help: 'Calls received and not answered yet.',
    labelNames: ms,
    registers,
  });
  count(
    'portico_calls_overloaded_total',
    'Calls refused with 503 OVERLOADED: every call slot of the microservice was taken.',
    t.overloaded,
  );
  count('portico_nats_replies_total', 'Replies that came over NATS from a replica.', t.replies);
  count(
    'portico_nats_no_reply_total',
    'NATS calls without a reply: reason no-responders (no replica listens) or timeout.',
    t.noReplies,
    [...ms, 'reason'],
  );
  count(
    'portico_nats_reconnects_total',
    'Times a NATS connection of the main server was restored after a loss.',
    t.reconnects,
    ['servers'],
  );
  const histogram = (name: string, help: string) => {
    const series = new Map<string, { labels: Labels; buckets: BucketCounts }>();
    registerHistogram(registry, { name, help, series });
    return series;
  };
  const durations = histogram(
    'portico_call_duration_seconds',
    'Time from the request to the answer, by microservice, service and method.',
  );
  const requestSizes = histogram('portico_request_body_bytes', 'Sizes of call request bodies.');
  const responseSizes = histogram('portico_response_body_bytes', 'Sizes of call answer bodies.');
  const perService = new Map<string, [BucketCounts, BucketCounts]>();

  const perMethod = new Map<CallNames, MethodSeries>();

  /** The series of a method; `names` is the same object for every call of it. */
  function methodSeries(names: CallNames): MethodSeries {
    let series = perMethod.get(names);
    if (!series) {
      const buckets = new BucketCounts(DURATION_BUCKETS);
      const key = `${names.microservice}/${names.service}/${names.method}`;
      durations.set(key, { labels: { ...names }, buckets });
      series = { duration: buckets, outcomes: new Map() };
      perMethod.set(names, series);
    }
    return series;
  }

  function countOutcome(names: CallNames, series: MethodSeries, status: number, code: string) {
    let byCode = series.outcomes.get(status);
    if (!byCode) {
      byCode = new Map();
      series.outcomes.set(status, byCode);
    }
    const entry = byCode.get(code);
    if (entry) {
      entry.value++;
      return;
    }
    const created = { labels: { ...names, status: String(status), code }, value: 1 };
    byCode.set(code, created);
    t.calls.entries.set(
      `${names.microservice}/${names.service}/${names.method} ${status} ${code}`,
      created,
    );
  }

  function sizesOf(microservice: string): [BucketCounts, BucketCounts] {
    let sizes = perService.get(microservice);
    if (!sizes) {
      sizes = [new BucketCounts(BYTE_BUCKETS), new BucketCounts(BYTE_BUCKETS)];
      requestSizes.set(microservice, { labels: { microservice }, buckets: sizes[0] });
      responseSizes.set(microservice, { labels: { microservice }, buckets: sizes[1] });
      perService.set(microservice, sizes);
    }
    return sizes;
  }

  return {
    contentType: registry.contentType,
    text: () => registry.metrics(),
    began(microservice) {
      t.inFlight.add(microservice, () => ({ microservice }));
    },
    ended({ names, status, code, seconds, requestBytes, responseBytes }) {
      const { microservice } = names;
      t.inFlight.add(microservice, () => ({ microservice }), -1);
      if (code === 'OVERLOADED') t.overloaded.add(microservice, () => ({ microservice }));
      const series = methodSeries(names);
      countOutcome(names, series, status, code);
      series.duration.observe(seconds);
      const [request, response] = sizesOf(microservice);
      request.observe(requestBytes);
      response.observe(responseBytes);
    },
    nats: {
      reply: (microservice) => t.replies.add(microservice, () => ({ microservice })),
      noReply: (microservice, reason) =>
        t.noReplies.add(`${microservice} ${reason}`, () => ({ microservice, reason })),
      reconnect: (servers) => t.reconnects.add(servers, () => ({ servers })),
    },
  };
}
