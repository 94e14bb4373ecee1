import { createMainServer, nativeApp, RemoteMethod, RemoteService } from 'portico';
import { json, send } from '../support/http';
import { timersLeftBy } from '../support/timers-left';

/** Calls that wait until the test lets them finish, and tell when they start. */
const held = { started: () => {}, release: () => {} };

@RemoteService('held')
class Held {
  @RemoteMethod({ params: [String], returns: String })
  async wait(text: string): Promise<string> {
    await new Promise<void>((resolve) => {
      held.release = resolve;
      held.started();
    });
    return text;
  }
}

describe('a main server closed while a call is in flight', () => {
  it('answers the call, then leaves no timer of its own running at all', async () => {
    const main = createMainServer({
      microservices: [nativeApp({ name: 'held', services: [Held] })],
      logLevel: 'silent',
    });
    const url = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
    const started = new Promise<void>((resolve) => {
      held.started = resolve;
    });
    const answer = send(url, '/held/held/wait', { headers: json(), body: '"done"' });
    await started;
    const left = await timersLeftBy(
      async () => {
        const closed = main.close();
        // The shutdown waits for the call: its fallback timer is running now.
        await new Promise((resolve) => setImmediate(resolve));
        held.release();
        await Promise.all([closed, answer]);
      },
      { holdingOnly: false },
    );
    expect((await answer).text).toBe('"done"');
    expect(left).toEqual([]);
  });
});
