import pino, { type Logger } from 'pino';
import { type LogLevel } from './config';

/** The structured logger of a main server or a microservice process: one JSON line per event. */
export function createLogger(
  level: LogLevel = 'info',
  stream?: { write(line: string): unknown },
): Logger {
  const options = { level, base: { name: 'portico' } };
  return stream ? pino(options, stream) : pino(options);
}
