import type { NatsReplica } from '../../src/replica/nats-replica';
import { type ReplicaAdmin, startReplicaAdmin } from '../../src/server/replica-admin';

/**
 * A replica's admin port on loopback for a replica of `calc` that is idle (nothing running or
 * waiting, concurrency 1), without NATS: what its routes answer does not depend on a connection.
 */
export async function startIdleReplicaAdmin(): Promise<{ admin: ReplicaAdmin; url: string }> {
  const replica = { microservice: 'calc', replicaId: 'r1', running: 0, waiting: 0, concurrency: 1 };
  const admin = await startReplicaAdmin(replica as unknown as NatsReplica, 0, '127.0.0.1');
  return { admin, url: `http://127.0.0.1:${admin.port}` };
}
