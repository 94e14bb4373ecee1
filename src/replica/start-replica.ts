import { type NativeAppDefinition } from '../microservices';
import type { NatsReplica } from './nats-replica';
import type { NatsReplicaOptions } from './nats-replica-options';

/**
 * Starts a replica of a native microservice on NATS: it joins the queue group of the
 * microservice's subject and serves calls until drained. The package entry exports this, and the
 * NATS client and the codec load only when it is called, so that a main server that embeds all
 * its microservices never loads them.
 *
 * @example
 * const replica = await startReplica(calc, { servers: ['nats://127.0.0.1:4222'] });
 * process.on('SIGTERM', () => replica.drain().then(() => process.exit(0)));
 */
export function startReplica(
  definition: NativeAppDefinition,
  options: NatsReplicaOptions,
): Promise<NatsReplica> {
  const { startNatsReplica } = require('./nats-replica') as typeof import('./nats-replica');
  return startNatsReplica(definition, options);
}
