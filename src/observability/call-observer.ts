import { ERROR_STATUS } from '../errors';
import { type CallMetrics } from './call-metrics';
import {
  type CallSpan,
  endCallSpan,
  injectCallSpan,
  startCallSpan,
  type TraceIds,
  withCallSpan,
} from './call-tracing';
import { KnownNames, UNKNOWN } from './known-names';

/** How a call ended, as the entry point saw it. */
export interface CallOutcome {
  readonly status: number;
  /** The error code of the answer; none for a success. */
  readonly code: string | undefined;
  /** Whether the microservice answered (its reply), rather than the entry point or the carrier. */
  readonly replied: boolean;
  readonly requestBytes: number;
  readonly responseBytes: number;
}

/** One call being observed: its span, when tracing is on, and its start. */
export interface CallObservation {
  /** The ids of the call's span, when an SDK records it. */
  readonly trace: TraceIds | undefined;
  /** Adds the trace context to the call context that travels to the microservice. */
  inject(into: object): void;
  /** Runs `fn` with the call's span active. */
  run<T>(fn: () => T): T;
  /** Counts the call and ends its span. */
  end(outcome: CallOutcome): void;
}

/** Starts observing a call of `/{parts}`; `headers` carry an incoming trace context. */
export type CallObserver = (
  parts: readonly string[],
  requestId: string,
  headers: object,
) => CallObservation;

/** What an observer needs: the configured microservices, and metrics or tracing or both. */
export interface CallObserverOptions {
  readonly microservices: Iterable<string>;
  readonly metrics: CallMetrics | undefined;
  readonly tracing: boolean;
}

/**
 * Creates the observer of an entry point: metrics and tracing of every call under names that only
 * configured microservices and known methods can give (see {@link KnownNames}).
 */
export function createCallObserver(options: CallObserverOptions): CallObserver {
  const { metrics, tracing } = options;
  const known = new KnownNames(options.microservices);
  return (parts, requestId, headers) => {
    const microservice = known.microservice(parts[0]);
    metrics?.began(microservice);
    const span = tracing
      ? startCallSpan({
          microservice,
          service: parts[1] ?? '',
          method: parts[2] ?? '',
          requestId,
          carrier: headers,
          side: 'entry-point',
        })
      : undefined;
    const started = performance.now();
    return {
      trace: span?.ids,
      inject: (into) => span && injectCallSpan(span, into),
      run: (fn) => (span ? withCallSpan(span, fn) : fn()),
      end(outcome) {
        const names = known.namesOf(parts, outcome.replied, outcome.code);
        const framework = outcome.code === undefined || Object.hasOwn(ERROR_STATUS, outcome.code);
        const code = known.codeOf(names.microservice, outcome.code, framework);
        if (span) endSpan(span, names.method === UNKNOWN, code, outcome.status);
        if (!metrics) return;
        const seconds = (performance.now() - started) / 1000;
        const { status, requestBytes, responseBytes } = outcome;
        metrics.ended({ names, status, code, seconds, requestBytes, responseBytes });
      },
    };
  };
}

function endSpan(span: CallSpan, unknown: boolean, code: string, status: number): void {
  endCallSpan(span, unknown ? { code, status, rename: UNKNOWN } : { code, status });
}
