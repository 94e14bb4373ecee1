import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type NativeAppDefinition } from '../../src/microservices';
import { applyContract } from '../../src/runtime/contract/apply-contract';
import { findContract, readContract } from '../../src/runtime/contract/read-contract';
import { buildContractProject } from '../contract/types-project';
import { startTestServer, type TestServer } from '../support/harness';

/** Helpers in a file of their own: each reads the context after an await, one way or another. */
const HELPERS = `import { getCallContext } from 'portico';
export const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));
export async function whoCalls(): Promise<string> { await tick(); return getCallContext().requestId; }
export function apply<T>(f: () => T): T { return f(); }
export class Caller { async who(): Promise<string> { await tick(); return getCallContext().requestId; } }
export class Quiet { async who(): Promise<string> { return 'quiet'; } }
/** An object EventTarget calls by its own protocol's name, \`handleEvent\`. */
export class Listener {
  result: Promise<string> = Promise.resolve('');
  handleEvent(): void { this.result = (async () => { await tick(); return getCallContext().requestId; })(); }
}
`;

/** Methods that reach a read in each way the build follows, and one that reaches none. */
const SERVICE = `import { Api, ApiOperation, getCallContext, nativeApp, RemoteService } from 'portico';
import { apply, Caller, Listener, Quiet, tick, whoCalls } from './helpers';
const standIn: Quiet = { async who() { await tick(); return getCallContext().requestId; } };
let quiet = new Quiet();
quiet = standIn;
@Api() @RemoteService('who') export class WhoService {
  private readonly caller = new Caller();
  @ApiOperation('direct') async direct(_: number): Promise<string> { await tick(); return getCallContext().requestId; }
  @ApiOperation('helper') async viaHelper(_: number): Promise<string> { return whoCalls(); }
  @ApiOperation('class') async viaClass(_: number): Promise<string> { return this.caller.who(); }
  @ApiOperation('callback') async viaCallback(_: number): Promise<string> {
    return apply(async () => { await tick(); return getCallContext().requestId; });
  }
  @ApiOperation('stand-in') async viaStandIn(_: number): Promise<string> { return quiet.who(); }
  @ApiOperation('handed') async viaHanded(_: number): Promise<string> {
    const target = new EventTarget();
    const listener = new Listener();
    target.addEventListener('go', listener);
    target.dispatchEvent(new Event('go'));
    return listener.result;
  }
  @ApiOperation('pure') double(n: number): number { return n * 2; }
}
export default nativeApp({ name: 'who', services: [WhoService] });
`;

describe("callContext: 'sync' inferred by the build, on the main server", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-inferred-'));
  let server: TestServer;
  let app: NativeAppDefinition;

  beforeAll(async () => {
    const { module } = await buildContractProject(
      dir,
      { 'helpers.ts': HELPERS, 'service.ts': SERVICE },
      { nodeTypes: true },
    );
    app = require(module).default as NativeAppDefinition;
    applyContract(readContract(findContract(module) as string), [app]);
    server = await startTestServer({ microservices: [app] });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = (method: string, requestId: string) =>
    server.http
      .post(`/who/who/${method}`)
      .set('Content-Type', 'application/json')
      .set('X-SVC-Request-ID', requestId)
      .send('2');

  it.each(['direct', 'viaHelper', 'viaClass', 'viaCallback', 'viaStandIn', 'viaHanded'])(
    'keeps AsyncLocalStorage for %s, which reads the context after an await',
    async (method) => {
      const ids = Array.from({ length: 8 }, (_, i) => `${method}-${i}`);
      const answers = await Promise.all(ids.map((id) => call(method, id)));
      expect(answers.map((a) => [a.status, JSON.parse(a.text)])).toEqual(
        ids.map((id) => [200, id]),
      );
    },
  );

  it('runs the method that reaches no read without AsyncLocalStorage', async () => {
    const run = jest.spyOn(AsyncLocalStorage.prototype, 'run');
    try {
      const answer = await call('double', 'pure-1');
      expect([answer.status, answer.text]).toEqual([200, '4']);
      expect(run).toHaveBeenCalledTimes(0);
      await call('direct', 'read-1');
      expect(run).toHaveBeenCalledTimes(1);
    } finally {
      run.mockRestore();
    }
  });
});
