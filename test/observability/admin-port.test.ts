import { createMainServer, type MainServer } from 'portico';
import { calc } from '../fixtures/services';
import { type PorticoProcess, startPortico } from '../hardening/support/cli';
import { json, send } from '../support/http';

const get = (url: string, path: string) => send(url, path, { method: 'GET' });

/** Issue 24: the admin routes may move off the public port, to a port of their own. */
describe('the admin routes on an admin port', () => {
  let main: MainServer;
  let publicUrl: string;
  let adminUrl: string;
  beforeAll(async () => {
    main = createMainServer({
      microservices: [calc],
      metrics: true,
      drainDelayMs: 3000,
      admin: { port: 0, host: '127.0.0.1' },
      logLevel: 'silent',
    });
    publicUrl = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
    adminUrl = `http://127.0.0.1:${main.adminPort}`;
  });
  afterAll(() => main.close());

  it('answers liveness, readiness and metrics there', async () => {
    expect(await get(adminUrl, '/-/live')).toMatchObject({
      status: 200,
      text: '{"status":"live"}',
    });
    expect(await get(adminUrl, '/-/ready')).toMatchObject({
      status: 200,
      text: '{"status":"ready","phase":"serving","reasons":[]}',
    });
    await send(publicUrl, '/calc/calculator/add', { headers: json(), body: '{"a":1,"b":2}' });
    const metrics = await get(adminUrl, '/-/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.text).toContain('portico_calls_total{microservice="calc"');
  });

  it('answers none of them on the public port, which still serves calls', async () => {
    for (const route of ['/-/live', '/-/ready', '/-/metrics']) {
      const answer = await get(publicUrl, route);
      expect({ route, status: answer.status }).toEqual({ route, status: 404 });
      expect(answer.text).not.toContain('portico_');
      expect(JSON.parse(answer.text)).toMatchObject({
        error: { status: 404, code: 'NOT_FOUND', message: 'no such admin route on this port' },
      });
    }
    const call = await send(publicUrl, '/calc/calculator/add', {
      headers: json(),
      body: '{"a":1,"b":2}',
    });
    expect(call).toMatchObject({ status: 200, text: '{"result":3}' });
  });

  it('serves no calls and nothing else on the admin port', async () => {
    const call = await send(adminUrl, '/calc/calculator/add', { headers: json(), body: '{}' });
    expect(call.status).toBe(404);
    expect(JSON.parse(call.text)).toMatchObject({ error: { status: 404, code: 'NOT_FOUND' } });
    const post = await send(adminUrl, '/-/ready', { method: 'POST' });
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(post.text)).toMatchObject({
      error: { status: 405, code: 'METHOD_NOT_ALLOWED', message: 'POST is not allowed: use GET' },
    });
  });

  it('turns readiness false there first on shutdown', async () => {
    const closed = main.close();
    expect(await get(adminUrl, '/-/ready')).toMatchObject({ status: 503 });
    await closed;
  });
});

describe('the admin port setting', () => {
  it.each([[-1], [65536], [1.5], [Number.NaN]])('refuses port %s at start', (port) => {
    expect(() => createMainServer({ microservices: [calc], admin: { port } })).toThrow(
      'portico: admin.port must be a port number from 0 to 65535',
    );
  });
});

describe('portico start --admin-port', () => {
  let running: PorticoProcess | undefined;
  afterAll(() => running?.child.kill('SIGKILL'));

  it('moves the admin routes to that port', async () => {
    running = await startPortico('test/fixtures/cli/slow.config.js', ['--admin-port', '0']);
    const port = /"adminPort":(\d+)/.exec(running.output())?.[1];
    expect(port).toBeDefined();
    const admin = `http://127.0.0.1:${port}`;
    expect(await get(admin, '/-/live')).toMatchObject({ status: 200 });
    expect((await get(running.url, '/-/live')).status).toBe(404);
  });
});
