import { parseArgs } from 'node:util';

/** What `portico microservice` was asked to do. */
export interface MicroserviceOptions {
  readonly module: string;
  readonly servers: readonly string[];
  readonly name?: string;
  readonly concurrency?: number;
  readonly subjectPrefix?: string;
  readonly development: boolean;
  /** Serve each call in an OpenTelemetry span, the child of the entry point's. */
  readonly tracing?: boolean;
  /** The port of the replica's own `/-/live`, `/-/ready` and `/-/metrics`; none without it. */
  readonly adminPort?: number;
}

/** The usage text of `portico microservice`. */
export const MICROSERVICE_USAGE = `  portico microservice <module> --nats <url> [--name <ms>] [--concurrency N]
                           [--subject-prefix <p>] [--development] [--tracing]
                           [--admin-port N]
                           Start one replica of a native microservice. module is compiled
                           JavaScript whose default export is a nativeApp definition. Replicas of
                           one microservice share its calls. SIGTERM stops taking calls, finishes
                           those in flight, then exits 0. --nats may repeat or list URLs with
                           commas (default: the NATS_URL environment variable). --tracing opens
                           an OpenTelemetry span per call (register an SDK with node --require);
                           --admin-port serves /-/live, /-/ready and /-/metrics on that port.`;

/** Reads the arguments after `microservice`; throws with a message for the user when they are wrong. */
export function readMicroserviceOptions(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): MicroserviceOptions {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    strict: true,
    options: {
      nats: { type: 'string', multiple: true },
      name: { type: 'string' },
      concurrency: { type: 'string' },
      'subject-prefix': { type: 'string' },
      development: { type: 'boolean' },
      tracing: { type: 'boolean' },
      'admin-port': { type: 'string' },
    },
  });
  const [module, ...extra] = positionals;
  if (module === undefined) throw new Error('the module of the microservice is missing');
  if (extra.length > 0) throw new Error(`unexpected argument ${extra[0]}`);
  const servers = (values.nats ?? (env.NATS_URL ? [env.NATS_URL] : []))
    .flatMap((url) => url.split(','))
    .map((url) => url.trim())
    .filter((url) => url !== '');
  if (servers.length === 0) throw new Error('--nats <url> is missing (or set NATS_URL)');
  return {
    module,
    servers,
    development: values.development ?? false,
    ...(values.tracing ? { tracing: true } : {}),
    ...(values['admin-port'] === undefined ? {} : { adminPort: readPort(values['admin-port']) }),
    ...(values.name === undefined ? {} : { name: values.name }),
    ...(values.concurrency === undefined
      ? {}
      : { concurrency: readConcurrency(values.concurrency) }),
    ...(values['subject-prefix'] === undefined ? {} : { subjectPrefix: values['subject-prefix'] }),
  };
}

function readConcurrency(text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 1) {
    throw new Error(`--concurrency must be a whole number of at least 1, got ${text}`);
  }
  return value;
}

function readPort(text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value > 65535) {
    throw new Error(`--admin-port must be a port number, got ${text}`);
  }
  return value;
}
