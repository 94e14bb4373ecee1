import { createMainServer } from 'portico';
import { calc } from '../fixtures/services';
import { type Answer, json, send, xml } from '../support/http';

/** What the middleware throws, by the request's `X-Throw` header. */
const THROWN: Record<string, () => unknown> = {
  // JSON cannot write a BigInt: Koa's `non-error thrown: %j` message threw while it was made.
  bigint: () => 10n,
  'to-json': () => ({
    toJSON() {
      throw new Error('no JSON here');
    },
  }),
  // A value the error carries that throws when it is read (a lazy getter of a library's error).
  getter: () =>
    Object.defineProperty(new Error('lazy'), 'status', {
      get() {
        throw new Error('not loaded');
      },
    }),
  'object-message': () =>
    Object.assign(new Error(), { status: 400, expose: true, message: { text: 'not a string' } }),
};

// The boundary that answers an error of a user's middleware read the thrown value to build its
// answer; where that reading threw, the envelope gave way to Koa's `text/plain` 500, and where the
// message was not a string, the envelope carried an object where its schema has a string.
describe('a value thrown by middleware that reading it makes throw, or an odd message', () => {
  let main: ReturnType<typeof createMainServer>;
  let url: string;
  beforeAll(async () => {
    main = createMainServer({ microservices: [calc], logStream: { write: () => {} } });
    main.app.use(async (ctx, next) => {
      const thrown = THROWN[ctx.get('X-Throw')];
      if (thrown) throw thrown();
      await next();
    });
    url = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
  });
  afterAll(() => main.close());

  const call = (what: string, headers = json()): Promise<Answer> =>
    send(url, '/calc/multiplier/mulTwo', {
      headers: { ...headers, 'X-Throw': what },
      body: headers['Content-Type'] === 'application/json' ? '{"a":2,"b":3}' : '<in/>',
    });

  it.each(['bigint', 'to-json', 'getter'])('is a 500 INTERNAL_ERROR envelope: %s', async (what) => {
    const answer = await call(what);
    expect([answer.status, answer.headers['content-type']]).toEqual([
      500,
      'application/json; charset=utf-8',
    ]);
    expect(answer.error).toEqual({
      status: 500,
      code: 'INTERNAL_ERROR',
      message: 'Internal server error',
      requestId: answer.headers['x-svc-request-id'],
    });
    const after = await send(url, '/calc/multiplier/mulTwo', {
      headers: json(),
      body: '{"a":2,"b":3}',
    });
    expect([after.status, after.text]).toEqual([200, '{"result":6}']);
  });

  it.each([
    ['JSON', json()],
    ['XML', xml('libB')],
  ])(
    'keeps the status of an error whose message is not a string, with the status text: %s',
    async (_, headers) => {
      const answer = await call('object-message', headers);
      expect(answer.status).toBe(400);
      expect(answer.error).toMatchObject({
        status: 400,
        code: 'BAD_REQUEST',
        message: 'Bad Request',
      });
    },
  );
});
