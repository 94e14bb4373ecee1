import { type NativeAppDefinition } from '../microservices';
import { needPeer } from '../peers';
import type { NatsReplica } from '../replica/nats-replica';
import { startReplica } from '../replica/start-replica';
import { createLogger } from '../server/logger';
import type { ReplicaAdmin } from '../server/replica-admin';
import { redactUrl } from '../transport/nats/nats-options';
import { type ContractMode, useContract } from './contract-mode';
import { DRAIN_GRACE_MS, drainOnSignal } from './drain-on-signal';
import { checkModulePath, loadDefaultExport, loadFailure } from './load-module';
import { type MicroserviceOptions, readMicroserviceOptions } from './microservice-options';

/**
 * `portico microservice`: runs one replica until SIGTERM or SIGINT, then drains it. Resolves with
 * the exit code: 0 after a clean drain, 1 when it could not load its module, start or drain, 2
 * for a wrong command line.
 */
export async function runMicroservice(args: readonly string[]): Promise<number> {
  let options: MicroserviceOptions;
  let definition: NativeAppDefinition;
  let mode: ContractMode;
  try {
    options = readMicroserviceOptions(args, process.env);
  } catch (error) {
    process.stderr.write(`portico microservice: ${messageOf(error)}\n`);
    return 2;
  }
  // The command line is right from here on: a module that is missing or wrong is 1, as in start.
  try {
    definition = await loadNativeApp(options.module);
    mode = useContract(options.module, [definition]);
  } catch (error) {
    process.stderr.write(`portico microservice: ${messageOf(error)}\n`);
    return 1;
  }
  const logger = createLogger(options.logLevel ?? 'info');
  logger.info(mode.details, mode.message);
  let replica: NatsReplica;
  let admin: ReplicaAdmin | undefined;
  try {
    if (options.adminPort !== undefined) needPeer('prom-client');
    if (options.tracing) needPeer('@opentelemetry/api');
    replica = await startReplica(definition, { ...options, logger });
    if (options.adminPort !== undefined) admin = await startAdmin(replica, options.adminPort);
  } catch (error) {
    // One line for the log, as on stderr: a wrong password or certificate is no place for a stack.
    logger.error({ reason: messageOf(error) }, 'the replica could not start');
    logger.debug({ err: error }, 'the replica could not start');
    process.stderr.write(`portico microservice: ${messageOf(error)}\n`);
    return 1;
  }
  logger.info(
    {
      microservice: replica.microservice,
      replica: replica.replicaId,
      subject: replica.subject,
      queue: replica.subject,
      servers: options.servers.map(redactUrl),
      concurrency: replica.concurrency,
      pid: process.pid,
      ...(admin ? { adminPort: admin.port } : {}),
    },
    'replica ready',
  );
  const code = await drainOnSignal(replica, logger, admin, options.drainGraceMs ?? DRAIN_GRACE_MS);
  await admin?.close();
  return code;
}

/** Loads the admin server (and prom-client) only when a port is asked for. */
function startAdmin(replica: NatsReplica, port: number): Promise<ReplicaAdmin> {
  const { startReplicaAdmin } =
    require('../server/replica-admin') as typeof import('../server/replica-admin');
  return startReplicaAdmin(replica, port);
}

async function loadNativeApp(module: string): Promise<NativeAppDefinition> {
  checkModulePath(module);
  let loaded: unknown;
  try {
    loaded = await loadDefaultExport(module);
  } catch (error) {
    throw new Error(loadFailure(module, error));
  }
  const definition = loaded as Partial<NativeAppDefinition> | undefined;
  if (definition?.type !== 'nativeApp') {
    throw new Error(`the default export of ${module} is not a nativeApp definition`);
  }
  return definition as NativeAppDefinition;
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/^portico: /, '');
}
