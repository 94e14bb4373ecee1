import { createMainServer, servletApp } from 'portico';

// Koa answers an error that reaches it by setting the headers the error carries; a value Node
// refuses there made that answer throw, and the promise of Koa's request handler rejected with
// nobody to catch it: the process ended, with every call in flight.
describe('an error whose headers Koa cannot set, thrown by a servlet app', () => {
  it('cuts its request, is logged, and the server keeps serving', async () => {
    const logs: Record<string, unknown>[] = [];
    const logStream = { write: (line: string) => logs.push(JSON.parse(line)) };
    const legacy = servletApp({
      name: 'legacy',
      app: async () => {
        throw Object.assign(new Error('refused'), { status: 401, headers: { 'X-Bad': 'a\nb' } });
      },
    });
    const main = createMainServer({ microservices: [legacy], logStream });
    const url = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
    try {
      const cut = await fetch(`${url}/legacy/x`).then(
        (answer) => `answered ${answer.status}`,
        () => 'cut',
      );
      expect(cut).toBe('cut');
      const errors = logs.filter((line) => line.msg === 'unhandled error');
      expect(errors.map((line) => (line.err as { code?: string }).code)).toContain(
        'ERR_INVALID_CHAR',
      );
      expect((await fetch(`${url}/-/live`)).status).toBe(200);
    } finally {
      await main.close();
    }
  });
});
