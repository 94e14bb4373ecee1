import { MAX_TIMER_MS } from '../protocol/deadline';
import { microserviceNameFault } from '../protocol/microservice-name';
import { isReplicaId, REPLICA_ID_RULE } from '../protocol/replica-id';
import { type ReplicaLimits } from '../replica/replica-limits';
import { type LogLevel } from '../server/config';
import { type NatsConnectionOptions } from '../transport/nats/nats-options';
import { isSubjectPrefix } from '../transport/nats/subject-prefix';
import { NATS_FLAGS, readNatsFlags } from './nats-flags';
import { emptyFlag, parseCommandLine, readLogLevel, unexpectedArgument } from './start-options';

/** What `portico microservice` was asked to do. */
export interface MicroserviceOptions extends NatsConnectionOptions, Partial<ReplicaLimits> {
  readonly module: string;
  readonly name?: string;
  /** The id the replica names itself with in its replies; default `<hostname>:<pid>`. */
  readonly replicaId?: string;
  readonly concurrency?: number;
  readonly subjectPrefix?: string;
  readonly development: boolean;
  /** Serve each call in an OpenTelemetry span, the child of the entry point's. */
  readonly tracing?: boolean;
  /** The port of the replica's own `/-/live`, `/-/ready` and `/-/metrics`; none without it. */
  readonly adminPort?: number;
  /** How long a drain may take after SIGTERM before the replica leaves; default 30 000 ms. */
  readonly drainGraceMs?: number;
  /** From `LOG_LEVEL`; default `info`. */
  readonly logLevel?: LogLevel;
}

/** The usage text of `portico microservice`. */
export const MICROSERVICE_USAGE = `  portico microservice <module> --nats <url> [--name <ms>] [--concurrency N]
                           [--replica-id <id>] [--subject-prefix <p>] [--development]
                           [--tracing] [--admin-port N]
                           [--nats-user <u>] [--nats-nkey <seed file>] [--nats-creds <file>]
                           [--nats-tls] [--nats-ca <file>] [--nats-cert <file>] [--nats-key <file>]
                           [--nats-inbox-prefix <p>] [--nats-ping-interval-ms N]
                           [--nats-max-pings-out N]
                           [--max-call-ms N] [--max-waiting N] [--max-args N] [--max-body-bytes N]
                           [--drain-grace-ms N]
                           Start one replica of a native microservice. module is compiled
                           JavaScript whose default export is a nativeApp definition. Replicas of
                           one microservice share its calls. SIGTERM stops taking calls, finishes
                           those in flight, then exits 0; calls still held after --drain-grace-ms
                           (default 30000) are answered (503 not run, or 502 REPLICA_LOST when
                           running) and it exits 1. --nats may repeat or list URLs with
                           commas (default: the NATS_URL environment variable). Every NATS flag
                           has a NATS_* variable (NATS_USER, NATS_NKEY, NATS_CREDS, NATS_TLS=1,
                           NATS_CA, NATS_CERT, NATS_KEY, NATS_INBOX_PREFIX,
                           NATS_PING_INTERVAL_MS, NATS_MAX_PINGS_OUT); NATS_PASSWORD and
                           NATS_TOKEN have no flag. The NATS server is pinged every
                           --nats-ping-interval-ms (default 1000) and dropped for another node
                           after --nats-max-pings-out (default 3) pings without an answer.
                           --tracing opens an OpenTelemetry span per call (register an SDK
                           with node --require); --admin-port serves /-/live,
                           /-/ready and /-/metrics on that port. --replica-id names the replica
                           in its replies, which main servers count by (default <hostname>:<pid>;
                           letters, digits, ".", "_", ":" and "-", at most 128, no "." last or
                           next to another).`;

const LIMIT_FLAGS = {
  'max-call-ms': 'maxCallMs',
  'max-waiting': 'maxWaiting',
  'max-args': 'maxArgs',
  'max-body-bytes': 'maxBodyBytes',
} as const;

/** Reads the arguments after `microservice`; throws with a message for the user when they are wrong. */
export function readMicroserviceOptions(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): MicroserviceOptions {
  const { values, positionals } = parseStrictly(args);
  const [module, ...extra] = positionals;
  if (module === undefined) {
    throw new Error(
      'the module of the microservice is missing: portico microservice --help shows the usage',
    );
  }
  if (extra.length > 0) throw new Error(unexpectedArgument(extra[0], 'microservice'));
  const logLevel = readLogLevel(env);
  const options = {
    module,
    ...(logLevel === undefined ? {} : { logLevel }),
    ...readNatsFlags(values, env),
    development: values.development ?? false,
    ...(values.tracing ? { tracing: true } : {}),
    ...(values['admin-port'] === undefined ? {} : { adminPort: readPort(values['admin-port']) }),
    ...(values.name === undefined ? {} : { name: readName(values.name) }),
    ...(values['replica-id'] === undefined
      ? {}
      : { replicaId: readReplicaId(values['replica-id']) }),
    ...(values.concurrency === undefined
      ? {}
      : { concurrency: readPositive('--concurrency', values.concurrency) }),
    ...(values['subject-prefix'] === undefined
      ? {}
      : { subjectPrefix: readSubjectPrefix(values['subject-prefix']) }),
    ...(values['drain-grace-ms'] === undefined
      ? {}
      : { drainGraceMs: readMs('--drain-grace-ms', values['drain-grace-ms']) }),
    ...readLimits(values),
  };
  const empty = emptyFlag(values);
  if (empty !== undefined) throw new Error(empty);
  return options;
}

function parseStrictly(args: readonly string[]) {
  return parseCommandLine(args, {
    ...NATS_FLAGS,
    name: { type: 'string' },
    'replica-id': { type: 'string' },
    concurrency: { type: 'string' },
    'subject-prefix': { type: 'string' },
    development: { type: 'boolean' },
    'max-call-ms': { type: 'string' },
    'max-waiting': { type: 'string' },
    'max-args': { type: 'string' },
    'max-body-bytes': { type: 'string' },
    tracing: { type: 'boolean' },
    'admin-port': { type: 'string' },
    'drain-grace-ms': { type: 'string' },
  } as const);
}

function readLimits(
  values: Partial<Record<keyof typeof LIMIT_FLAGS, string>>,
): Partial<ReplicaLimits> {
  const limits: Partial<Record<keyof ReplicaLimits, number>> = {};
  for (const [flag, key] of Object.entries(LIMIT_FLAGS)) {
    const text = values[flag as keyof typeof LIMIT_FLAGS];
    const read = key === 'maxCallMs' ? readMs : readPositive;
    if (text !== undefined) limits[key] = read(`--${flag}`, text);
  }
  return limits;
}

function readPositive(flag: string, text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 1) {
    throw new Error(`${flag} must be a whole number of at least 1, got ${text}`);
  }
  return value;
}

/** A time in ms that a timer keeps: a longer one fires at once (Node makes it 1 ms). */
function readMs(flag: string, text: string): number {
  const value = readPositive(flag, text);
  if (value > MAX_TIMER_MS) throw new Error(`${flag} must be at most ${MAX_TIMER_MS}`);
  return value;
}

function readSubjectPrefix(text: string): string {
  if (!isSubjectPrefix(text)) {
    throw new Error(
      `--subject-prefix ${JSON.stringify(text)} is not a NATS subject without wildcards`,
    );
  }
  return text;
}

function readName(text: string): string {
  const fault = microserviceNameFault(text);
  if (fault) throw new Error(`--name: ${fault}`);
  return text;
}

function readReplicaId(text: string): string {
  if (!isReplicaId(text))
    throw new Error(`--replica-id must be ${REPLICA_ID_RULE}, got ${JSON.stringify(text)}`);
  return text;
}

function readPort(text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value > 65535) {
    throw new Error(`--admin-port must be a port number, got ${text}`);
  }
  return value;
}
