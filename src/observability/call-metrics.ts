import { collectDefaultMetrics, Registry } from 'prom-client';
import { BucketCounts, type HistogramFamily, histogramText } from './bucket-counts';
import { callCounters } from './call-counters';
import { type CallNames } from './known-names';
import { MethodSeriesTable } from './method-series';
import { faultCounters } from './nats-fault';
import { type NatsFault } from './nats-fault-kind';
import { ReplicaReplies } from './replica-replies';
import { type Labels } from './tally';

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
  /** A reply of `microservice` that named `replica` (`undefined`: none, or not readable). */
  reply(microservice: string, replica: string | undefined): void;
  noReply(microservice: string, reason: 'no-responders' | 'timeout'): void;
  fault(microservice: string, kind: NatsFault): void;
  reconnect(servers: string): void;
}

/** What the metrics count of one microservice's calls: found once a call, by `began`. */
export interface ServiceCounts {
  readonly microservice: string;
  /** Its series of `portico_calls_in_flight`. */
  readonly inFlight: { value: number };
  /** Its request and answer sizes, made at its first call's end. */
  sizes: [BucketCounts, BucketCounts] | undefined;
}

/** A main server's metrics: counted on the call path, written in Prometheus text on a scrape. */
export interface CallMetrics {
  /** The `Content-Type` of {@link text}. */
  readonly contentType: string;
  /** Every metric in the Prometheus text format. */
  text(): Promise<string>;
  /** A call of `microservice` (a label value) began; what it returns, its end may be given. */
  began(microservice: string): ServiceCounts;
  /** A call ended; `began` was called for its microservice (and gave `counts`, when given). */
  ended(record: CallRecord, counts?: ServiceCounts): void;
  /** What the NATS carrier reports: replies, calls without one, reconnections. */
  readonly nats: NatsCounts;
  /** A client reset its connection before its request ended, or while its answer was written. */
  clientDisconnect(phase: 'request' | 'response'): void;
  /** A connection was closed because it did not take its answer within the write deadline. */
  writeTimeout(): void;
}

const BYTE_BUCKETS = [64, 256, 1024, 4096, 16_384, 65_536, 262_144, 1_048_576, 4_194_304];

/**
 * Creates the metrics of a main server in a registry of their own, with Node's process metrics.
 * Calls are counted in plain numbers keyed by the call's names (prom-client's own metrics hash
 * their labels on every update); when `/-/metrics` is scraped, prom-client collectors read the
 * counts, and the histograms are written after them (see `bucket-counts.ts`).
 */
export function createCallMetrics(): CallMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  // The faults first: the order of the scrape's text stays as it was.
  const countFault = faultCounters(registers);
  const t = callCounters(registers);
  const replies = new ReplicaReplies(t.replies.entries);
  const histograms: HistogramFamily[] = [];
  const histogram = (name: string, help: string) => {
    const series = new Map<string, { labels: Labels; buckets: BucketCounts }>();
    histograms.push({ name, help, series });
    return series;
  };
  const durations = histogram(
    'portico_call_duration_seconds',
    'Time from the request to the answer, by microservice, service and method.',
  );
  const requestSizes = histogram('portico_request_body_bytes', 'Sizes of call request bodies.');
  const responseSizes = histogram('portico_response_body_bytes', 'Sizes of call answer bodies.');
  const perService = new Map<string, ServiceCounts>();
  const methods = new MethodSeriesTable({ calls: t.calls.entries, durations });

  // A call's counts of its microservice are found once, when it begins: the map lookups and the
  // label closures of each count, at its start and end, were a visible part of the metrics' cost
  // per call (docs/performance.md, "What metrics and tracing cost").
  function countsOf(microservice: string): ServiceCounts {
    let counts = perService.get(microservice);
    if (!counts) {
      const inFlight = t.inFlight.entry(microservice, { microservice });
      counts = { microservice, inFlight, sizes: undefined };
      perService.set(microservice, counts);
    }
    return counts;
  }

  // Made at the end of a microservice's first call, as before: the series keep their order.
  function sizesOf(counts: ServiceCounts): [BucketCounts, BucketCounts] {
    if (counts.sizes) return counts.sizes;
    const { microservice } = counts;
    const sizes: [BucketCounts, BucketCounts] = [
      new BucketCounts(BYTE_BUCKETS),
      new BucketCounts(BYTE_BUCKETS),
    ];
    requestSizes.set(microservice, { labels: { microservice }, buckets: sizes[0] });
    responseSizes.set(microservice, { labels: { microservice }, buckets: sizes[1] });
    counts.sizes = sizes;
    return sizes;
  }

  return {
    contentType: registry.contentType,
    text: async () =>
      `${await registry.metrics()}\n${histograms.map(histogramText).join('\n\n')}\n`,
    began(microservice) {
      const counts = countsOf(microservice);
      counts.inFlight.value++;
      return counts;
    },
    ended(record, counts = countsOf(record.names.microservice)) {
      const { names, status, code, seconds, requestBytes, responseBytes } = record;
      counts.inFlight.value--;
      if (code === 'OVERLOADED') {
        const { microservice } = names;
        t.overloaded.add(microservice, () => ({ microservice }));
      }
      const series = methods.of(names);
      series.countOutcome(status, code);
      series.duration.observe(seconds);
      const [request, response] = sizesOf(counts);
      request.observe(requestBytes);
      response.observe(responseBytes);
    },
    nats: {
      reply: (microservice, replica) => replies.add(microservice, replica),
      noReply: (microservice, reason) =>
        t.noReplies.add(`${microservice} ${reason}`, () => ({ microservice, reason })),
      fault: countFault,
      reconnect: (servers) => t.reconnects.add(servers, () => ({ servers })),
    },
    clientDisconnect: (phase) => t.disconnects.add(phase, () => ({ phase })),
    writeTimeout: () => t.writeTimeouts.add('', () => ({})),
  };
}
