import { nativeApp, RemoteMethod, RemoteService } from 'portico';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send, xml } from '../support/http';

// Issue 22: an optional parameter was required on the wire, in ROA (an empty body was a 400) and
// in RMC (a shorter array was WRONG_ARITY). A default value is what survives compilation.
@RemoteService('greeter')
class GreeterService {
  @RemoteMethod({ params: [String], returns: String })
  hello(name = 'world'): string {
    return `hello ${name}`;
  }

  @RemoteMethod({ params: [String], returns: String })
  strict(name: string): string {
    return `hello ${name}`;
  }

  @RemoteMethod({ params: [String, String, String], returns: String })
  join(first: string, second = '-', third = '!'): string {
    return `${first}${second}${third}`;
  }
}

/** Another decorator's wrapper, whose `(...args)` hides which parameters are optional. */
function logged(_: object, __: string, descriptor: PropertyDescriptor): void {
  const inner = descriptor.value as (...args: unknown[]) => unknown;
  descriptor.value = function (this: unknown, ...args: unknown[]) {
    return inner.apply(this, args);
  };
}

@RemoteService('wrapped')
class WrappedService {
  @RemoteMethod({ params: [String], returns: String })
  @logged
  hello(name: string): string {
    return `hello ${name}`;
  }
}

const app = nativeApp({ name: 'opt', services: [GreeterService, WrappedService] });
const RMC = { 'X-SVC-API-ID': 'RMC' };

describe('optional parameters on the wire', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [app] });
  });
  afterAll(() => server.close());

  const call = (method: string, headers: Record<string, string>, body: string) =>
    send(server.url, `/opt/greeter/${method}`, { headers, body });

  it.each([
    ['JSON', json()],
    ['libB XML', xml('libB')],
    ['libA XML', xml('libA')],
  ])('ROA with an empty body leaves it out, in %s', async (_, headers) => {
    const answer = await call('hello', headers, '');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('hello world');
    expect((await call('hello', json(), '"you"')).text).toBe('"hello you"');
  });

  it('ROA with an empty body is still refused for a required parameter', async () => {
    const answer = await call('strict', json(), '');
    expect(answer.status).toBe(400);
    expect(answer.error?.code).toBe('MALFORMED_BODY');
  });

  it('keeps every parameter required behind a wrapper that takes ...args', async () => {
    const path = '/opt/wrapped/hello';
    const empty = await send(server.url, path, { headers: json(), body: '' });
    expect(empty.status).toBe(400);
    const none = await send(server.url, path, { headers: json(RMC), body: '[]' });
    expect(none.error).toMatchObject({ code: 'WRONG_ARITY' });
  });

  it.each([
    ['[]', '"hello world"'],
    ['["you"]', '"hello you"'],
  ])('RMC takes fewer elements: %s', async (body, expected) => {
    expect((await call('hello', json(RMC), body)).text).toBe(expected);
  });

  it('RMC takes from the required count to all, in JSON and XML, and refuses fewer or more', async () => {
    expect((await call('join', json(RMC), '["a"]')).text).toBe('"a-!"');
    expect((await call('join', json(RMC), '["a","+"]')).text).toBe('"a+!"');
    expect((await call('join', json(RMC), '["a","+","?"]')).text).toBe('"a+?"');
    const paramArray = '<paramArray><string>a</string><string>+</string></paramArray>';
    expect((await call('join', xml('libA', RMC), paramArray)).text).toContain('a+!');
    for (const body of ['[]', '["a","b","c","d"]']) {
      const answer = await call('join', json(RMC), body);
      expect(answer.status).toBe(400);
      expect(answer.error).toMatchObject({
        code: 'WRONG_ARITY',
        message: `join takes 1 to 3 arguments, the body has ${JSON.parse(body).length}`,
      });
    }
  });
});
