import pino, { type Logger } from 'pino';
import { type LogLevel } from './config';

/**
 * How long a log line may wait in the buffer of standard output. Writing each line on its own
 * costs a write on the thread pool per call, about an eighth of a small call on a busy core;
 * lines go out in batches of 4 KiB instead, at least this often, and all of them at exit.
 */
const LOG_FLUSH_MS = 100;

/** The structured logger of a main server or a microservice process: one JSON line per event. */
export function createLogger(
  level: LogLevel = 'info',
  stream?: { write(line: string): unknown },
): Logger {
  const options = { level, base: { name: 'portico' } };
  if (stream) return pino(options, stream);
  return pino(
    options,
    pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: LOG_FLUSH_MS }),
  );
}
