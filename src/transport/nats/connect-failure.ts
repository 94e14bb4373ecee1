import { ErrorCode, NatsError } from 'nats';
import { redactServers } from './nats-options';

/**
 * The error of a first connection to `servers` that could not be made: where (without
 * credentials), NATS's reason and, where nothing listens at the address, what to check, as the
 * other start failures say their way out.
 */
export function connectFailure(error: unknown, servers: readonly string[]): Error {
  const reason = error instanceof Error ? error.message : String(error);
  const where = redactServers(servers);
  const refused = error instanceof NatsError && error.code === ErrorCode.ConnectionRefused;
  const hint = refused ? `: is nats-server running at ${where}?` : '';
  return new Error(`cannot connect to NATS at ${where}: ${reason}${hint}`, { cause: error });
}
