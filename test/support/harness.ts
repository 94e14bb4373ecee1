import {
  createMainServer,
  type MainServer,
  type MainServerConfig,
  type MicroserviceDefinition,
} from 'portico';
import request from 'supertest';

/** The placements the HTTP suites run in. The NATS placement joins when its carrier exists. */
export type PlacementName = 'in-process';

/** Every placement the parameterised HTTP suites run against. */
export const PLACEMENTS: readonly PlacementName[] = ['in-process'];

/** A main server listening on a free loopback port, and a supertest agent bound to it. */
export interface TestServer {
  readonly url: string;
  readonly main: MainServer;
  readonly http: ReturnType<typeof request>;
  readonly logs: Record<string, unknown>[];
  close(): Promise<void>;
}

/** Options of {@link startTestServer}: a main server configuration without microservices' placement. */
export type TestConfig = Omit<MainServerConfig, 'microservices'> & {
  readonly microservices: readonly MicroserviceDefinition[];
};

/** Starts a main server for a test in the given placement; `close` stops all of it. */
export async function startTestServer(
  config: TestConfig,
  placement: PlacementName = 'in-process',
): Promise<TestServer> {
  const logs: Record<string, unknown>[] = [];
  const logStream = { write: (line: string) => logs.push(JSON.parse(line)) };
  const main = createMainServer({ logLevel: 'info', logStream, ...config });
  const port = await main.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${port}`;
  void placement;
  return { url, main, http: request(url), logs, close: () => main.close() };
}
