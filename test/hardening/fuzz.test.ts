import path from 'node:path';
import fc from 'fast-check';
import { staticFiles } from 'portico';
import { calc, probe } from '../fixtures/services';
import { PLACEMENTS, startTestServer, type TestServer } from '../support/harness';
import { checkAnswer } from './fuzz/oracle';
import { encodeRequest, type FuzzRequest, fuzzRequests } from './fuzz/requests';
import { rawRequest, sendRaw } from './support/raw-http';

/**
 * Random requests against a live main server over real sockets, in each placement. CI runs a
 * bounded, seeded number of cases; `npm run fuzz -- --runs 100000 [--seed n]` runs more
 * (FUZZ_RUNS, FUZZ_SEED).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 500);
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_601);
const STATIC_DIR = path.join(__dirname, '..', 'fixtures', 'static');

const MUL_TWO = rawRequest(
  'POST',
  '/calc/multiplier/mulTwo',
  [
    ['Host', 'x'],
    ['Content-Type', 'application/json'],
    ['Content-Length', '13'],
  ],
  '{"a":2,"b":3}',
);

describe.each(PLACEMENTS)('fuzzing the main server (%s)', (placement) => {
  const runs = RUNS;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      {
        microservices: [calc, probe, staticFiles({ name: 'docs', dir: STATIC_DIR, cors: true })],
        logLevel: 'silent',
        ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: { callTimeoutMs: 2000, maxBodyBytes: 64 * 1024 } },
        http: { headersTimeoutMs: 2000, requestTimeoutMs: 3000 },
      },
      placement,
    );
  });
  afterAll(() => server.close());

  async function exercise(request: FuzzRequest): Promise<void> {
    const answer = await sendRaw(server.url, encodeRequest(request), {
      head: request.method === 'HEAD',
    });
    checkAnswer(request, answer);
    const after = await sendRaw(server.url, MUL_TWO);
    if (after.status !== 200 || after.body !== '{"result":6}') {
      throw new Error(`a normal call after the case answered ${after.status} ${after.body}`);
    }
  }

  it(
    `answers ${runs} random requests lawfully and keeps serving (seed ${SEED})`,
    async () => {
      const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
      await fc.assert(fc.asyncProperty(fuzzRequests, exercise), {
        numRuns: runs,
        seed: SEED,
      });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    },
    Math.max(60_000, runs * 20),
  );
});
