import { createClient, isRemoteError, type RemoteError, withCallOptions } from 'portico';
import type { CalculatorService } from '../../examples/calc/calculator.service';
import type { MultiplierService } from '../../examples/calc/multiplier.service';
import { calc, type ProbeService, probe } from '../fixtures/services';
import { PLACEMENTS, startTestServer, type TestServer } from '../support/harness';

/** The error a call rejects with, so that its fields can be compared. */
async function failure(call: Promise<unknown>): Promise<RemoteError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!isRemoteError(error)) throw new Error(`expected a RemoteError, got ${String(error)}`);
  return error;
}

describe.each(PLACEMENTS)('createClient over HTTP (%s placement)', (placement) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      {
        microservices: [calc, probe],
        ENTRY_POINTS: {
          WEB_SERVICE_FACADE_HTTP: {
            callTimeoutMs: 1000,
            permissionResolver: ({ privilegeNames }) => privilegeNames.includes('admin'),
          },
        },
      },
      placement,
    );
  });
  afterAll(() => server.close());

  const clients = () => ({
    multiplier: createClient<MultiplierService>({
      baseUrl: server.url,
      microservice: 'calc',
      service: 'multiplier',
    }),
    calculator: createClient<CalculatorService>({
      baseUrl: `${server.url}/`,
      microservice: 'calc',
      service: 'calculator',
    }),
    probe: createClient<ProbeService>({
      baseUrl: server.url,
      microservice: 'probe',
      service: 'probe',
      dates: {
        profile: { '$.born': true },
        team: { '$.lead.born': true, '$.members[*].born': true },
      },
    }),
  });

  it('calls every example method, RMC for two arguments and ROA for one', async () => {
    const { multiplier, calculator } = clients();
    expect(await multiplier.mulOne(2, 3)).toBe(6);
    expect(await multiplier.mulTwo({ a: 2, b: 3 })).toEqual({ result: 6 });
    expect(await multiplier.mulThree({ a: 2, b: 3 })).toBe(6);
    expect(await multiplier.mulFour(2, 3)).toEqual({ result: 6 });
    expect(await calculator.add({ a: 7, b: 2 })).toEqual({ result: 9 });
    expect(await calculator.sub({ a: 7, b: 2 })).toEqual({ result: 5 });
    expect(await calculator.mul({ a: 7, b: 2 })).toEqual({ result: 14 });
    expect(await calculator.div({ a: -7, b: 2 })).toEqual({ result: -3 });
  });

  it('throws a service error as a RemoteError with its code, status and the request id', async () => {
    const { calculator } = clients();
    const error = await failure(
      withCallOptions(calculator, { requestId: 'client-div-1' }).div({ a: 1, b: 0 }),
    );
    expect(error).toMatchObject({
      code: 'DIVISION_BY_ZERO',
      status: 400,
      message: 'b must not be 0',
      requestId: 'client-div-1',
    });
  });

  it('gives the request id the server made when the caller sent none', async () => {
    const { probe: client } = clients();
    const error = await failure(client.fail('typed'));
    expect(error).toMatchObject({ code: 'OUT_OF_STOCK', status: 409 });
    expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('revives the dates it was told of, in nested payloads and arrays', async () => {
    const { probe: client } = clients();
    const born = new Date('1990-05-17T08:30:00.000Z');
    const person = { name: 'Ada', age: 36, score: 1.5, active: true, born };
    const profile = await client.profile(person);
    expect(profile.born).toEqual(born);
    expect(profile.born).toBeInstanceOf(Date);
    const team = await client.team({ title: 't', lead: person, members: [person, person] });
    expect(team.lead.born).toEqual(born);
    expect(team.members.map((m) => m.born)).toEqual([born, born]);
    const unborn = await client.profile({ name: 'B', age: 1, score: 0, active: false });
    expect(unborn).toEqual({ name: 'B', age: 1, score: 0, active: false });
  });

  it('sends the context headers, and privilege names only as claims for the resolver', async () => {
    const client = createClient<ProbeService>({
      baseUrl: server.url,
      microservice: 'probe',
      service: 'probe',
      headers: {
        locale: 'de-CH',
        sessionId: 's-1',
        user: 'ada',
        clientApplicationName: 'client-test',
        ip: '203.0.113.9',
        privilegeNames: ['admin', 'ops'],
      },
      dates: {
        profile: { '$.born': true },
        team: { '$.members[*].born': true, '$.lead.born': true },
      },
    });
    expect(await withCallOptions(client, { requestId: 'ctx-1' }).context(0)).toMatchObject({
      requestId: 'ctx-1',
      locale: 'de-CH',
      sessionId: 's-1',
      user: 'ada',
      clientApplicationName: 'client-test',
      ip: '203.0.113.9',
      privilegeNames: 'admin;ops',
      privileged: true,
    });
    expect(await client.secret(1)).toBe('granted');
    const { probe: plain } = clients();
    expect(await failure(plain.secret(1))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('answers undefined for a method without a result, and calls a method without parameters', async () => {
    const { probe: client } = clients();
    expect(await client.forget(1)).toBeUndefined();
    expect(await client.none()).toBe(42);
    expect(await client.sort([3, 1, 2])).toEqual([1, 2, 3]);
  });

  it('gets the one 404 for a method that is public but not remote', async () => {
    const { probe: client } = clients();
    const error = await failure(client.notRemote());
    expect(error).toMatchObject({ status: 404, code: 'METHOD_NOT_FOUND' });
  });

  it("gets the server's 504 for a call past the server's deadline", async () => {
    const { probe: client } = clients();
    const error = await failure(client.sleep(1500));
    expect(error).toMatchObject({ status: 504, code: 'DEADLINE_EXCEEDED' });
    expect(error.requestId).toBeDefined();
  });

  it('gives up after its own timeout with a 504 of its own, under the request id the caller chose', async () => {
    const { probe: client } = clients();
    const error = await failure(withCallOptions(client, { timeoutMs: 50 }).sleep(900));
    expect(error).toMatchObject({ status: 504, code: 'DEADLINE_EXCEEDED' });
    expect(error.message).toBe('no answer within 50 ms');
    expect(error.requestId).toBeUndefined();
    const chosen = withCallOptions(client, { timeoutMs: 50, requestId: 'slow-1' });
    const named = await failure(chosen.sleep(900));
    expect(named).toMatchObject({ code: 'DEADLINE_EXCEEDED', requestId: 'slow-1' });
    expect((named.cause as Error).name).toBe('AbortError');
  });

  it("rejects with the signal's reason when the caller aborts", async () => {
    const { probe: client } = clients();
    const controller = new AbortController();
    const call = withCallOptions(client, { signal: controller.signal }).sleep(900);
    controller.abort(new Error('user left'));
    await expect(call).rejects.toThrow('user left');
    await expect(withCallOptions(client, { signal: controller.signal }).sleep(1)).rejects.toThrow(
      'user left',
    );
  });
});

describe('createClient failures before any portico answer', () => {
  it('tells a network failure by its code NETWORK_ERROR, with the request id only when the caller chose it', async () => {
    const server = await startTestServer({ microservices: [calc] });
    const url = server.url;
    await server.close();
    const calculator = createClient<CalculatorService>({
      baseUrl: url,
      microservice: 'calc',
      service: 'calculator',
    });
    const error = await failure(calculator.add({ a: 1, b: 2 }));
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', status: 503 });
    expect(error.requestId).toBeUndefined();
    expect((error.cause as Error).name).toBe('TypeError');
    const named = await failure(
      withCallOptions(calculator, { requestId: 'net-1' }).add({ a: 1, b: 2 }),
    );
    expect(named).toMatchObject({ code: 'NETWORK_ERROR', requestId: 'net-1' });
    expect((named.cause as Error).name).toBe('TypeError');
  });

  it('gets a server 503 with its code and request id when the microservice is full', async () => {
    const server = await startTestServer({
      microservices: [probe],
      ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: { maxConcurrentCalls: 1 } },
    });
    const client = createClient<ProbeService>({
      baseUrl: server.url,
      microservice: 'probe',
      service: 'probe',
      dates: {
        profile: { '$.born': true },
        team: { '$.members[*].born': true, '$.lead.born': true },
      },
    });
    try {
      const first = client.sleep(300);
      const error = await failure(client.sleep(1));
      expect(error).toMatchObject({ code: 'OVERLOADED', status: 503 });
      expect(error.requestId).toBeDefined();
      expect(await first).toBe(300);
    } finally {
      await server.close();
    }
  });

  it('names a bare 502, 503 or 504 of a proxy by its status', async () => {
    for (const [status, code] of [
      [502, 'BAD_REPLY'],
      [503, 'SERVICE_UNAVAILABLE'],
      [504, 'DEADLINE_EXCEEDED'],
    ] as const) {
      const calculator = createClient<CalculatorService>({
        baseUrl: 'http://proxy.invalid',
        microservice: 'calc',
        service: 'calculator',
        fetch: async () => new Response('<html>gateway</html>', { status }),
      });
      expect(await failure(calculator.add({ a: 1, b: 2 }))).toMatchObject({ status, code });
    }
  });

  it('says that a success answer is not JSON, with its status, its start and its request id', async () => {
    const page = '<!doctype html><html><body>Sign in to the network to go on</body></html>';
    for (const [body, said] of [
      [page, `the HTTP 200 answer is not JSON: "${page.slice(0, 40)}…"`],
      ['', 'the HTTP 200 answer is not JSON: it is empty'],
    ] as const) {
      const calculator = createClient<CalculatorService>({
        baseUrl: 'http://portal.invalid',
        microservice: 'calc',
        service: 'calculator',
        fetch: async () => new Response(body, { headers: { 'X-SVC-Request-ID': 'r-1' } }),
      });
      const error = await failure(calculator.add({ a: 1, b: 2 }));
      expect(error).toMatchObject({ status: 502, code: 'BAD_REPLY', requestId: 'r-1' });
      expect(error.message).toBe(said);
    }
  });
});
