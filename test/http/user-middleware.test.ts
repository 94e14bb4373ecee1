import { createMainServer, type MainServer, nativeApp, RemoteMethod, RemoteService } from 'portico';
import request from 'supertest';
import { calc } from '../fixtures/services';
import { json, send, xml } from '../support/http';

let runs = 0;

@RemoteService('guarded')
class Guarded {
  @RemoteMethod({ params: [String], returns: String })
  touch(text: string): string {
    runs++;
    return text;
  }
}

const guarded = nativeApp({ name: 'guarded', services: [Guarded] });

describe('middleware added with app.use', () => {
  let main: MainServer;
  let url: string;
  const seen: string[] = [];
  beforeAll(async () => {
    main = createMainServer({ microservices: [calc, guarded], logLevel: 'silent' });
    main.app.use(async (ctx, next) => {
      seen.push(`first ${ctx.method} ${ctx.path}`);
      await next();
      ctx.set('X-Served-By', 'user middleware');
    });
    main.app.use(async (ctx, next) => {
      seen.push('second');
      if (ctx.get('Authorization') !== 'Bearer yes' && ctx.path.startsWith('/guarded/')) {
        ctx.status = 401;
        ctx.body = { error: 'who are you' };
        return;
      }
      await next();
    });
    url = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
  });
  afterAll(() => main.close());
  beforeEach(() => {
    seen.length = 0;
  });

  it('runs in the order added before a JSON call, and can set a header of its answer', async () => {
    const answer = await send(url, '/calc/multiplier/mulTwo', {
      headers: json(),
      body: '{"a":2,"b":3}',
    });
    expect([answer.status, answer.text]).toEqual([200, '{"result":6}']);
    expect(answer.headers['x-served-by']).toBe('user middleware');
    expect(seen).toEqual(['first POST /calc/multiplier/mulTwo', 'second']);
  });

  it('runs before an XML call', async () => {
    const answer = await send(url, '/calc/multiplier/mulTwo', {
      headers: xml('libB'),
      body: '<MulInput><a>2</a><b>3</b></MulInput>',
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(/>6</);
    expect(answer.headers['x-served-by']).toBe('user middleware');
    expect(seen).toEqual(['first POST /calc/multiplier/mulTwo', 'second']);
  });

  it('can answer a call itself, and the method does not run', async () => {
    const before = runs;
    const refused = await send(url, '/guarded/guarded/touch', { headers: json(), body: '"x"' });
    expect([refused.status, refused.text]).toEqual([401, '{"error":"who are you"}']);
    expect(refused.headers['x-served-by']).toBe('user middleware');
    expect(runs).toBe(before);
    const allowed = await send(url, '/guarded/guarded/touch', {
      headers: json({ Authorization: 'Bearer yes' }),
      body: '"x"',
    });
    expect([allowed.status, allowed.text, runs]).toEqual([200, '"x"', before + 1]);
  });

  it('runs before the other routes too', async () => {
    const live = await send(url, '/-/live', { method: 'GET' });
    expect(live.status).toBe(200);
    expect(live.headers['x-served-by']).toBe('user middleware');
    expect(seen).toEqual(['first GET /-/live', 'second']);
  });
});

describe("the main server's app used as a Koa app", () => {
  it('runs middleware added with app.use in its own callback', async () => {
    const main = createMainServer({ microservices: [calc], logLevel: 'silent' });
    main.app.use(async (ctx, next) => {
      await next();
      ctx.set('X-Served-By', 'user middleware');
    });
    const answer = await request(main.app.callback())
      .post('/calc/multiplier/mulTwo')
      .set('Content-Type', 'application/json')
      .send('{"a":2,"b":3}');
    expect([answer.status, answer.text]).toEqual([200, '{"result":6}']);
    expect(answer.headers['x-served-by']).toBe('user middleware');
  });
});
