import { Readable } from 'node:stream';
import { createMainServer } from 'portico';
import { calc } from '../fixtures/services';
import { send } from '../support/http';

// Bug (issue 24's closing note): the guard that gives a stream body an error listener (see
// src/server/stream-body-guard.ts) added one more on each `ctx.body = stream`: the same stream
// set 11 times made Node print its MaxListenersExceededWarning.
describe('a stream that middleware sets as the body again and again', () => {
  it('gets one error listener from portico, and no MaxListeners warning', async () => {
    const counts: number[] = [];
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    const main = createMainServer({ microservices: [calc], logStream: { write: () => {} } });
    main.app.use(async (ctx) => {
      const stream = Readable.from(['same ', 'stream']);
      ctx.type = 'text/plain';
      ctx.body = stream;
      counts.push(stream.listenerCount('error'));
      for (let i = 0; i < 11; i++) ctx.body = stream;
      counts.push(stream.listenerCount('error'));
    });
    try {
      const port = await main.listen(0, '127.0.0.1');
      const answer = await send(`http://127.0.0.1:${port}`, '/anything', { method: 'GET' });
      expect([answer.status, answer.text]).toEqual([200, 'same stream']);
      expect(counts[1]).toBe(counts[0]);
      // Node emits the warning on the next tick of adding the listener: long before the answer.
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
      await main.close();
    }
  });
});
