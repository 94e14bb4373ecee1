import { Writable } from 'node:stream';
import pino from 'pino';
import { startAdminServer } from '../../src/server/admin-server';
import { HTTP_DEFAULTS } from '../../src/server/config';
import { createErrorListener } from '../../src/server/error-listener';

describe('startAdminServer', () => {
  it("sends its application's errors to the main server's listener, not a listener of its own", async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const logger = pino({ level: 'debug' }, stream);
    const heard: string[] = [];
    const shared = createErrorListener(logger, undefined);
    const admin = await startAdminServer({
      placement: { port: 0, host: '127.0.0.1' },
      limits: HTTP_DEFAULTS,
      routes: async () => {
        throw new Error('the route failed');
      },
      logger,
      onError: (error, ctx) => {
        heard.push(error.message);
        shared(error, ctx);
      },
    });
    try {
      const answer = await fetch(`http://127.0.0.1:${admin.port}/-/live`);
      expect(answer.status).toBe(500);
      expect(await answer.text()).not.toContain('the route failed');
      expect(heard).toEqual(['the route failed']);
      const errors = lines.filter((line) => line.msg === 'unhandled error');
      expect(errors).toHaveLength(1);
    } finally {
      await admin.close();
    }
  });
});
