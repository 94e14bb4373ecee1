import pino, { type Logger } from 'pino';
import { type LogLevel } from './config';

/** The structured logger of a main server or a microservice process. */
export function createLogger(level: LogLevel = 'info'): Logger {
  return pino({ level, base: { name: 'portico' } });
}
