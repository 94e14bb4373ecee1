import { Field, Int, nativeApp, OneOf, RemoteMethod, RemoteService } from 'portico';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send } from '../support/http';

// Issue 22: `async greet(): Promise<Greeting>` returning `{ text: 42 }` answered 200 while the same
// method written synchronously was a 500. TypeScript emits `Promise` as the result type of an
// async method, so `returns` names it; generate-swagger warns where neither does.
class Greeting {
  @Field() text!: string;
}

/** Answers what its argument asks for, after a turn of the event loop. */
@RemoteService('later')
class LaterService {
  @RemoteMethod({ params: [String], returns: Greeting })
  async greet(kind: string): Promise<Greeting> {
    await Promise.resolve();
    return (kind === 'good' ? { text: 'hi' } : { text: 42 }) as Greeting;
  }

  @RemoteMethod({ params: [String], returns: [Int] })
  async counts(kind: string): Promise<number[]> {
    await Promise.resolve();
    return kind === 'good' ? [1, 2] : [1, 2.5];
  }

  @RemoteMethod({ params: [String], returns: OneOf(['red', 'blue'] as const) })
  async colour(kind: string): Promise<'red' | 'blue'> {
    await Promise.resolve();
    return (kind === 'good' ? 'red' : 'green') as 'red';
  }
}

const later = nativeApp({ name: 'later', services: [LaterService] });

describe('the result of an async method', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [later], development: true });
  });
  afterAll(() => server.close());

  const call = (method: string, kind: string) =>
    send(server.url, `/later/later/${method}`, { headers: json(), body: JSON.stringify(kind) });

  it.each([
    ['greet', '{"text":"hi"}'],
    ['counts', '[1,2]'],
    ['colour', '"red"'],
  ])('%s answers a result that fits', async (method, body) => {
    const answer = await call(method, 'good');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(body);
  });

  it.each([
    ['greet', 'field text of the result is 42, which does not fit its declared type string'],
    ['counts', 'field [1] of the result is 2.5, which does not fit its declared type int'],
    [
      'colour',
      'the result does not fit its declared type: expected one of "red", "blue", got "green"',
    ],
  ])('%s is a 500 naming what does not fit', async (method, message) => {
    const answer = await call(method, 'bad');
    expect(answer.status).toBe(500);
    expect(answer.error).toMatchObject({ code: 'INTERNAL_ERROR', message });
  });
});
