import { createMainServer, nativeApp, RemoteMethod, RemoteService } from 'portico';
import { json, send } from '../support/http';

// A shutdown lets the calls in flight finish, but a call counted itself in only on reaching
// portico's dispatch: one still in middleware added with app.use (an authentication that looks
// a token up) was cut with its connection, unanswered.
@RemoteService('echo')
class Echo {
  @RemoteMethod({ params: [String], returns: String })
  echo(text: string): string {
    return text;
  }
}

describe('a main server closed while a call is in middleware of its own', () => {
  it('lets the call go on to its method and answers it before closing', async () => {
    const main = createMainServer({
      microservices: [nativeApp({ name: 'echo', services: [Echo] })],
      logLevel: 'silent',
    });
    const held = { entered: () => {}, release: () => {} };
    const entered = new Promise<void>((resolve) => {
      held.entered = resolve;
    });
    main.app.use(async (_ctx, next) => {
      await new Promise<void>((resolve) => {
        held.release = resolve;
        held.entered();
      });
      await next();
    });
    const url = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
    const answer = send(url, '/echo/echo/echo', { headers: json(), body: '"still here"' });
    await entered;
    const closed = main.close();
    // The shutdown has stopped taking connections and waits for the call in flight.
    await new Promise((resolve) => setImmediate(resolve));
    held.release();
    const [, answered] = await Promise.all([closed, answer]);
    expect([answered.status, answered.text]).toEqual([200, '"still here"']);
  });
});
