import { performance } from 'node:perf_hooks';
import pino, { type Logger } from 'pino';
import { type CallLog } from '../entry-point/entry-point';
import { isLogLevel, type LogLevel, logLevelError } from './config';
import { batchedSink, type FlushedSink, type LogSink } from './log-destination';

export { batchedSink, type LogSink } from './log-destination';

let stdoutSink: FlushedSink | undefined;

function stdout(): LogSink {
  if (!stdoutSink) {
    stdoutSink = batchedSink(1);
    process.on('exit', stdoutSink.flush);
  }
  return stdoutSink;
}

/** The loggers built by {@link createLogger}, each with the sink its lines go to. */
const OWN_LOGGERS = new WeakMap<Logger, LogSink>();

/** The structured logger of a main server or a microservice process: one JSON line per event. */
export function createLogger(level: LogLevel = 'info', stream?: LogSink): Logger {
  // pino's own refusal ("default level:x must be included in custom levels") names no fix.
  if (!isLogLevel(level)) throw new TypeError(`portico: ${logLevelError('logLevel', level)}`);
  const sink = stream ?? stdout();
  const logger = pino({ level, base: { name: 'portico' } }, sink);
  OWN_LOGGERS.set(logger, sink);
  return logger;
}

/**
 * The line of every served call, as `logger.info({ requestId, target, status, ms }, 'call')`
 * writes it. For a logger built by {@link createLogger} (no formatters, redaction or mixins) the
 * line is written directly, level, time and bindings included: it costs about a fifth of pino's
 * generic serializer, a visible part of a small call when a main server writes a line per call.
 * Any other logger gets the `logger.info` call. Nothing is written, or computed, while `info` is
 * disabled.
 */
export function createCallLog(logger: Logger): CallLog {
  // Each function returned is a CallLog, whose arguments stay positional (see there).
  const sink = OWN_LOGGERS.get(logger);
  if (!sink) {
    return (requestId, parts, status, started, trace, ended) => {
      if (!logger.isLevelEnabled('info')) return;
      const target = parts.join('/');
      const ids = trace ? { trace_id: trace.traceId, span_id: trace.spanId } : {};
      logger.info({ requestId, target, status, ms: msSince(started, ended), ...ids }, 'call');
    };
  }
  const info = logger.levels.values.info as number;
  const bindings = Object.entries(logger.bindings())
    .map(([key, value]) => `,${JSON.stringify(key)}:${JSON.stringify(value)}`)
    .join('');
  return (requestId, parts, status, started, trace, ended) => {
    // levelVal is what isLevelEnabled compares: a logger of createLogger has no custom comparison.
    if (logger.levelVal > info) return;
    const target = JSON.stringify(parts.join('/'));
    // Trace and span ids are hexadecimal: they need no escaping.
    const ids = trace ? `,"trace_id":"${trace.traceId}","span_id":"${trace.spanId}"` : '';
    sink.write(
      `{"level":${info},"time":${Date.now()}${bindings},"requestId":${quoted(requestId)},"target":${target},"status":${status},"ms":${msText(started, ended)}${ids},"msg":"call"}\n`,
    );
  };
}

/** Printable ASCII but `"` and `\`: text that JSON.stringify leaves as it is. */
const PLAIN = /^[ !#-[\]-~]*$/;

/** `JSON.stringify(text)`; a generated id or an ordinary one needs no escaping, and no call. */
function quoted(text: string): string {
  return PLAIN.test(text) ? `"${text}"` : JSON.stringify(text);
}

function msText(started: number, ended = performance.now()): string {
  return hundredthsText(Math.round((ended - started) * 100));
}

/**
 * `String(hundredths / 100)` for a whole number of hundredths, built from integers: V8's printing
 * of a fraction (shortest round trip) is a visible part of the call line's cost.
 */
export function hundredthsText(hundredths: number): string {
  if (!(Number.isInteger(hundredths) && hundredths >= 0 && hundredths < 2 ** 31)) {
    return String(hundredths / 100);
  }
  const whole = Math.floor(hundredths / 100);
  const rest = hundredths - whole * 100;
  if (rest === 0) return `${whole}`;
  if (rest % 10 === 0) return `${whole}.${rest / 10}`;
  return `${whole}.${rest < 10 ? '0' : ''}${rest}`;
}

function msSince(started: number, ended = performance.now()): number {
  return Math.round((ended - started) * 100) / 100;
}
