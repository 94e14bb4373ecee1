import { createMainServer, type MainServer } from 'portico';
import { calc } from '../fixtures/services';
import { json, send } from '../support/http';

// A body parser added with app.use read a call's body before portico's dispatch, which then waited
// for a body that would not come: the call hung until its client gave up.
describe('a call whose body middleware added with app.use has read', () => {
  let main: MainServer;
  let url: string;
  beforeAll(async () => {
    main = createMainServer({ microservices: [calc], logLevel: 'silent', development: true });
    main.app.use(async (ctx, next) => {
      if (ctx.get('X-Parse') === 'yes') {
        const chunks: Buffer[] = [];
        for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
        (ctx.request as { body?: unknown }).body = JSON.parse(Buffer.concat(chunks).toString());
      }
      await next();
    });
    url = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
  });
  afterAll(() => main.close());

  it('is answered 500 at once, saying why, and the server goes on serving', async () => {
    const call = (parse: string) =>
      send(url, '/calc/multiplier/mulTwo', {
        headers: json({ 'X-Parse': parse }),
        body: '{"a":2,"b":3}',
      });
    const refused = await call('yes');
    expect([refused.status, refused.error?.code]).toEqual([500, 'INTERNAL_ERROR']);
    expect(refused.error?.message).toBe(
      "the body was read before portico's dispatch, by middleware added with app.use",
    );
    const served = await call('no');
    expect([served.status, served.text]).toEqual([200, '{"result":6}']);
  });
});
