import {
  createMainServer,
  type MainServer,
  type MainServerConfig,
  type MicroserviceDefinition,
  type NativeAppDefinition,
  type NatsReplica,
  startReplica,
} from 'portico';
import request from 'supertest';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { checkNats } from './nats';

/** The placements the HTTP suites run in. */
export type PlacementName = 'in-process' | 'nats';

/**
 * Every placement the parameterised HTTP suites run against: NATS joins when nats-server is on
 * PATH (and must, when `PORTICO_REQUIRE_NATS=1`).
 */
export const PLACEMENTS: readonly PlacementName[] = checkNats(
  'the HTTP suites run in the in-process placement only',
)
  ? ['in-process', 'nats']
  : ['in-process'];

/** A main server listening on a free loopback port, and a supertest agent bound to it. */
export interface TestServer {
  readonly url: string;
  readonly main: MainServer;
  readonly http: ReturnType<typeof request>;
  readonly logs: Record<string, unknown>[];
  readonly placement: PlacementName;
  close(): Promise<void>;
}

/** Options of {@link startTestServer}: a main server configuration without microservices' placement. */
export type TestConfig = Omit<MainServerConfig, 'microservices'> & {
  readonly microservices: readonly MicroserviceDefinition[];
};

/**
 * The max payload of the test file's nats-server: large enough that the configured body limit
 * (default 1 MiB), not NATS's, decides 413 in both placements. test/nats checks the lowered limit.
 */
const TEST_MAX_PAYLOAD = 8 * 1024 * 1024;

let natsServer: Promise<NatsServerProcess> | undefined;
let suffix = 0;

// One nats-server per test file, started by the first NATS test server and stopped after the file.
if (typeof afterAll === 'function') {
  afterAll(async () => {
    const started = await natsServer?.catch(() => undefined);
    natsServer = undefined;
    await started?.stop();
  });
}

/** Starts a main server for a test in the given placement; `close` stops all of it. */
export async function startTestServer(
  config: TestConfig,
  placement: PlacementName = 'in-process',
): Promise<TestServer> {
  const logs: Record<string, unknown>[] = [];
  const logStream = { write: (line: string) => logs.push(JSON.parse(line)) };
  const replicas = placement === 'nats' ? await startReplicas(config) : undefined;
  const microservices = replicas ? replicas.placed : config.microservices;
  const main = createMainServer({ logLevel: 'info', logStream, ...config, microservices });
  const port = await main.listen(0, '127.0.0.1').catch(async (error: unknown) => {
    await replicas?.stop();
    throw error;
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    main,
    http: request(url),
    logs,
    placement,
    async close() {
      await main.close();
      await replicas?.stop();
    },
  };
}

/**
 * The NATS placement of a test server: one replica per native microservice in this process,
 * reached over the file's nats-server on a subject prefix of its own.
 */
async function startReplicas(config: TestConfig) {
  natsServer ??= startNatsServer({ maxPayload: TEST_MAX_PAYLOAD });
  const { url } = await natsServer;
  const subjectPrefix = `test${process.pid}n${++suffix}`;
  const nats = { servers: [url], subjectPrefix };
  const nativeApps = config.microservices.filter(
    (definition): definition is NativeAppDefinition => definition.type === 'nativeApp',
  );
  const maxDepth = config.ENTRY_POINTS?.WEB_SERVICE_FACADE_HTTP?.maxDepth;
  const started: NatsReplica[] = [];
  const stop = () => Promise.all(started.map((replica) => replica.drain())).then(() => undefined);
  try {
    for (const definition of nativeApps) {
      started.push(
        await startReplica(definition, {
          ...nats,
          development: config.development ?? false,
          ...(maxDepth === undefined ? {} : { maxDepth }),
        }),
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const placed = config.microservices.map((definition) =>
    definition.type === 'nativeApp' ? { ...definition, placement: { nats } } : definition,
  );
  return { placed, stop };
}
