import { createMainServer, type MainServer } from 'portico';
import { type ReplicaAdmin } from '../../src/server/replica-admin';
import { calc } from '../fixtures/services';
import { send } from '../support/http';
import { startIdleReplicaAdmin } from '../support/replica-admin-stub';

// Bug: a path under /-/ that is no admin route was 405 with `Allow: GET, HEAD` for any method but
// GET and HEAD, which a GET then answered 404: the 405 sent the client to a method that finds
// nothing. docs/errors.md has 405 on an admin route only, and 404 for a path that is none; so
// with metrics off, /-/metrics. A query string after an admin route is ignored on every port.
describe('a path under /-/ that is no admin route', () => {
  let onPublic: MainServer;
  let withAdminPort: MainServer;
  let admin: ReplicaAdmin;
  const urls: Record<string, string> = {};
  beforeAll(async () => {
    onPublic = createMainServer({ microservices: [calc], logLevel: 'silent' });
    urls.public = `http://127.0.0.1:${await onPublic.listen(0, '127.0.0.1')}`;
    withAdminPort = createMainServer({
      microservices: [calc],
      admin: { port: 0, host: '127.0.0.1' },
      logLevel: 'silent',
    });
    await withAdminPort.listen(0, '127.0.0.1');
    urls.admin = `http://127.0.0.1:${withAdminPort.adminPort}`;
    const started = await startIdleReplicaAdmin();
    admin = started.admin;
    urls.replica = started.url;
  });
  afterAll(async () => {
    await onPublic.close();
    await withAdminPort.close();
    await admin.close();
  });

  it.each(['public', 'admin', 'replica'])(
    'is 404 whatever the method, on the %s port',
    async (port) => {
      const url = urls[port] as string;
      for (const path of [
        '/-/nothing',
        '/-/',
        '/-/live/x',
        ...(port === 'replica' ? [] : ['/-/metrics']),
      ]) {
        for (const method of ['POST', 'DELETE', 'GET']) {
          const answer = await send(url, path, { method });
          expect([path, method, answer.status, answer.headers.allow]).toEqual([
            path,
            method,
            404,
            undefined,
          ]);
          expect(JSON.parse(answer.text).error.code).toBe('NOT_FOUND');
        }
      }
      const post = await send(url, '/-/live', { method: 'POST' });
      expect([post.status, post.headers.allow]).toEqual([405, 'GET, HEAD']);
      expect((await send(url, '/-/live?probe=1', { method: 'GET' })).status).toBe(200);
    },
  );
});
