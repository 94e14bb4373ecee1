import { writeSync } from 'node:fs';
import pino, { type Logger } from 'pino';
import { type CallLog } from '../entry-point/entry-point';
import { type LogLevel } from './config';

/** Where log lines go: anything with a `write(line)`, as pino takes it. */
export interface LogSink {
  write(line: string): unknown;
}

/** Bytes gathered before they are written even within one turn of the event loop. */
const BATCH_BYTES = 64 * 1024;

/**
 * A file descriptor written once per turn of the event loop. A busy server logs a line per call;
 * writing each on its own is a system call per call, and pino's asynchronous mode costs about as
 * much again in thread-pool round trips and string copies. Here each line is encoded once into a
 * buffer, and the buffer is written synchronously when the turn ends (or when it is full), so a
 * line waits at most for the calls served beside it. Lines still pending are written at exit.
 */
export function batchedSink(fd: number): LogSink & { flush(): void } {
  const buffer = Buffer.allocUnsafe(BATCH_BYTES);
  let used = 0;
  let scheduled = false;
  const drain = () => {
    const end = used;
    used = 0;
    if (end > 0) writeFully(fd, buffer, end);
  };
  const flush = () => {
    scheduled = false;
    drain();
  };
  return {
    write(line: string) {
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
      // UTF-8 takes at most 3 bytes per UTF-16 unit: a line that may not fit goes after a drain,
      // and one larger than the whole buffer goes on its own.
      const most = line.length * 3;
      if (used + most > BATCH_BYTES) {
        drain();
        if (most > BATCH_BYTES) {
          const bytes = Buffer.from(line, 'utf8');
          writeFully(fd, bytes, bytes.length);
          return;
        }
      }
      used += buffer.write(line, used, 'utf8');
    },
    flush,
  };
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes `length` bytes of `bytes`. A pipe that is full (EAGAIN) is waited for, a millisecond at
 * a time; a destination that is gone (a closed pipe) loses the lines rather than the server.
 */
function writeFully(fd: number, bytes: Buffer, length: number): void {
  let offset = 0;
  while (offset < length) {
    try {
      offset += writeSync(fd, bytes, offset, length - offset);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

let stdoutSink: (LogSink & { flush(): void }) | undefined;

function stdout(): LogSink {
  if (!stdoutSink) {
    stdoutSink = batchedSink(1);
    process.on('exit', stdoutSink.flush);
  }
  return stdoutSink;
}

/** The structured logger of a main server or a microservice process: one JSON line per event. */
export function createLogger(level: LogLevel = 'info', stream?: LogSink): Logger {
  return pino({ level, base: { name: 'portico' } }, stream ?? stdout());
}

/**
 * The line of every served call, exactly as `logger.info({ requestId, target, status, ms },
 * 'call')` writes it for a logger of {@link createLogger} or one of its children: level, time and
 * bindings included (a logger with other formatters or timestamps would differ). It costs about a
 * fifth of pino's generic serializer, which is a visible part of a small call when a main server
 * writes a line per call. Nothing is written, or computed, while `info` is disabled.
 */
export function createCallLog(logger: Logger): CallLog {
  const { streamSym, chindingsSym } = pino.symbols;
  const internals = logger as unknown as Record<symbol, unknown>;
  const info = logger.levels.values.info;
  return (requestId, parts, status, started) => {
    if (!logger.isLevelEnabled('info')) return;
    const ms = Math.round((performance.now() - started) * 100) / 100;
    const target = JSON.stringify(parts.join('/'));
    (internals[streamSym] as LogSink).write(
      `{"level":${info},"time":${Date.now()}${internals[chindingsSym] as string},"requestId":${JSON.stringify(requestId)},"target":${target},"status":${status},"ms":${ms},"msg":"call"}\n`,
    );
  };
}
