import 'reflect-metadata';
import { type ContextReads, Int, nativeApp, RemoteMethod, RemoteService } from '../../src';
import { type CallContext, ENVELOPE_VERSION } from '../../src/protocol/envelope';
import { getCallContext, runWithCallContext } from '../../src/runtime/call-context';
import { applyContract } from '../../src/runtime/contract/apply-contract';
import { type LoadedContract } from '../../src/runtime/contract/read-contract';
import { createMicroserviceRuntime } from '../../src/runtime/runtime';

const MODES: readonly ContextReads[] = ['async', 'sync'];
const tick = () => new Promise((resolve) => setImmediate(resolve));
const later = <T>(read: () => T) => new Promise<T>((resolve) => setTimeout(() => resolve(read())));

function context(requestId: string): CallContext {
  return { requestId, locale: 'en', privilegeNames: [], privileged: false };
}

/** Runs `fn` as a method declared with `reads`, under a context of its own. */
function call<T>(requestId: string, reads: ContextReads, fn: () => T): T {
  return runWithCallContext(context(requestId), { fn, reads });
}

/** What an asynchronous read gives: the context, or the error of a read outside any call. */
function readLater(): string {
  try {
    return getCallContext().requestId;
  } catch (error) {
    return (error as Error).message;
  }
}

describe.each(MODES)("a method declared callContext: '%s'", (reads) => {
  it('reads its context synchronously, and nothing is current after it returns', () => {
    expect(call('r-1', reads, () => getCallContext().requestId)).toBe('r-1');
    expect(() => getCallContext()).toThrow('outside a remote call');
  });

  it('sees its own context around a nested call, and the nested call its own', () => {
    const seen = call('outer', reads, () => {
      const inner = MODES.map((mode) => call(`inner-${mode}`, mode, readLater));
      return [...inner, readLater()];
    });
    expect(seen).toEqual(['inner-async', 'inner-sync', 'outer']);
  });

  it('never sees the context of a concurrent call, after awaits and in timers', async () => {
    const calls = Array.from({ length: 40 }, (_, i) =>
      call(`c-${i}`, reads, async () => {
        for (let step = 0; step <= i % 4; step++) await tick();
        return [readLater(), await later(readLater)];
      }),
    );
    const seen = await Promise.all(calls);
    seen.forEach(([afterAwait, inTimer], i) => {
      const expected = reads === 'async' ? `c-${i}` : 'outside a remote call';
      expect(afterAwait).toContain(expected);
      expect(inTimer).toContain(expected);
    });
  });
});

describe("callContext: 'sync'", () => {
  it('does not see an outer call after an await when nested in an asynchronous one', async () => {
    const seen = await call('outer', 'async', async () => {
      const inner = call('inner', 'sync', async () => {
        await tick();
        return readLater();
      });
      return [await inner, readLater()];
    });
    expect(seen).toEqual(['inner', 'outer']);
  });

  it('is refused in any other spelling', () => {
    const declare = () => {
      class Bad {
        @RemoteMethod({ params: [Int], callContext: 'later' as ContextReads })
        m(a: number) {
          return a;
        }
      }
      return Bad;
    };
    expect(declare).toThrow("m's callContext is 'async' or 'sync'");
  });

  it('reaches the runtime: a read after an await has no context, on every Node version', async () => {
    @RemoteService('who')
    class Who {
      @RemoteMethod({ params: [Int], returns: String, callContext: 'sync' })
      async whoAmI(_: number): Promise<string> {
        const before = getCallContext().requestId;
        await tick();
        return `${before} ${readLater()}`;
      }
    }
    const runtime = createMicroserviceRuntime(nativeApp({ name: 'w', services: [Who] }));
    const reply = await runtime.handle({
      version: ENVELOPE_VERSION,
      microservice: 'w',
      service: 'who',
      method: 'whoAmI',
      apiId: 'RMC',
      sequenceName: 'libAParamArrayJsonInOutSequence',
      args: ['{"int":1}'],
      context: context('env-1'),
      deadline: Date.now() + 10_000,
    });
    const after = 'portico: getCallContext() was called outside a remote call';
    expect(reply).toMatchObject({ ok: true, body: expect.stringContaining(`env-1 ${after}`) });
  });
});

describe("a contract's callContext: 'sync', inferred by the build", () => {
  const INT = { kind: 'primitive', type: 'integer' } as const;
  const STRING = { kind: 'primitive', type: 'string' } as const;

  /** Serves `method` of a service whose methods all read the context after an await. */
  async function serve(method: string, inferred: readonly string[]): Promise<string> {
    @RemoteService('who')
    class Who {
      @RemoteMethod({ params: [Int], returns: String })
      async undeclared(_: number): Promise<string> {
        const before = getCallContext().requestId;
        await tick();
        return `${before} ${readLater()}`;
      }

      @RemoteMethod({ params: [Int], returns: String, callContext: 'async' })
      async declared(_: number): Promise<string> {
        return this.undeclared(_);
      }
    }
    const app = nativeApp({ name: 'w', services: [Who] });
    const methods = inferred.map((name) => ({
      microservice: 'w',
      service: 'who',
      method: name,
      params: [INT],
      required: 1,
      result: STRING,
      callContext: 'sync' as const,
    }));
    const contract = { portico: 2, command: 'c', modules: {}, classes: {}, schemas: {}, methods };
    applyContract({ file: 'portico-contract.json', dir: '.', contract } as LoadedContract, [app]);
    const reply = await createMicroserviceRuntime(app).handle({
      version: ENVELOPE_VERSION,
      microservice: 'w',
      service: 'who',
      method,
      apiId: 'RMC',
      sequenceName: 'libAParamArrayJsonInOutSequence',
      args: ['{"int":1}'],
      context: context('env-2'),
      deadline: Date.now() + 10_000,
    });
    return reply.ok ? (reply.body ?? '') : reply.error.message;
  }

  it('runs the method without AsyncLocalStorage, as if declared', async () => {
    const after = 'portico: getCallContext() was called outside a remote call';
    expect(await serve('undeclared', ['undeclared'])).toContain(`env-2 ${after}`);
  });

  it('leaves a method the contract does not mark under AsyncLocalStorage', async () => {
    expect(await serve('undeclared', [])).toContain('env-2 env-2');
  });

  it("gives way to a method's own declaration", async () => {
    expect(await serve('declared', ['declared'])).toContain('env-2 env-2');
  });
});
