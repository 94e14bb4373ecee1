import { tmpdir } from 'node:os';
import { createMainServer, type MainServer, staticFiles } from 'portico';
import { calc } from '../fixtures/services';
import { sendRaw } from '../hardening/support/raw-http';

// Bug: `OPTIONS * HTTP/1.1`, which asks about the server as a whole (RFC 9110 §9.3.7), was the
// entry point's 404 METHOD_NOT_FOUND; `GET *` was a 405 that said to use POST, and `POST *` a 404.
// Now OPTIONS * is 200 with the methods the server takes in Allow, and any other method with the
// asterisk is a 400 (RFC 9112 §3.2.4: the asterisk-form is only for OPTIONS).
describe('the request target *', () => {
  let main: MainServer;
  let url: string;
  beforeAll(async () => {
    main = createMainServer({ microservices: [calc], logLevel: 'silent' });
    url = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
  });
  afterAll(() => main.close());

  const request = (method: string, head = '') =>
    `${method} * HTTP/1.1\r\nHost: localhost\r\nX-SVC-Request-ID: star-1\r\n${head}\r\n`;

  it('OPTIONS * is 200 with no body, the methods in Allow, and keeps the connection', async () => {
    const answer = await sendRaw(url, request('OPTIONS'));
    expect(answer).toMatchObject({ status: 200, body: '', closed: false });
    expect(answer.headers).toMatchObject({
      allow: 'GET, HEAD, POST, OPTIONS',
      'content-length': '0',
      'x-svc-request-id': 'star-1',
    });
  });

  it('OPTIONS * with an Origin is no CORS preflight: the same answer', async () => {
    const head = 'Origin: https://app.example\r\nAccess-Control-Request-Method: POST\r\n';
    const answer = await sendRaw(url, request('OPTIONS', head));
    expect(answer).toMatchObject({ status: 200, body: '' });
    expect(answer.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a preflight of an entry point path is unchanged', async () => {
    const answer = await sendRaw(
      url,
      'OPTIONS /calc/multiplier/mulTwo HTTP/1.1\r\nHost: localhost\r\n' +
        'Origin: https://app.example\r\nAccess-Control-Request-Method: POST\r\n\r\n',
    );
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-methods']).toBe('POST, OPTIONS');
  });

  it.each(['GET', 'HEAD', 'POST', 'DELETE'])('%s * is 400 BAD_REQUEST', async (method) => {
    const answer = await sendRaw(url, request(method, 'Content-Length: 0\r\n'), {
      head: method === 'HEAD',
    });
    expect(answer.status).toBe(400);
    if (method === 'HEAD') return;
    expect(JSON.parse(answer.body).error).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: `the request target * is only for OPTIONS (RFC 9112 §3.2.4): ${method} needs a path`,
      requestId: 'star-1',
    });
  });

  describe('with the admin routes on a port of their own', () => {
    let split: MainServer;
    let publicUrl: string;
    let adminUrl: string;
    beforeAll(async () => {
      split = createMainServer({
        microservices: [calc],
        admin: { port: 0, host: '127.0.0.1' },
        logLevel: 'silent',
      });
      publicUrl = `http://127.0.0.1:${await split.listen(0, '127.0.0.1')}`;
      adminUrl = `http://127.0.0.1:${split.adminPort}`;
    });
    afterAll(() => split.close());

    it('the public port takes only the entry point methods', async () => {
      const answer = await sendRaw(publicUrl, request('OPTIONS'));
      expect(answer).toMatchObject({ status: 200, body: '' });
      expect(answer.headers.allow).toBe('POST, OPTIONS');
    });

    it('the admin port takes GET and HEAD', async () => {
      const answer = await sendRaw(adminUrl, request('OPTIONS'));
      expect(answer).toMatchObject({ status: 200, body: '' });
      expect(answer.headers.allow).toBe('GET, HEAD');
    });
  });

  it('a static-files microservice adds its methods where the admin routes are away', async () => {
    const withFiles = createMainServer({
      microservices: [calc, staticFiles({ name: 'files', dir: tmpdir() })],
      admin: { port: 0, host: '127.0.0.1' },
      logLevel: 'silent',
    });
    try {
      const port = await withFiles.listen(0, '127.0.0.1');
      const answer = await sendRaw(`http://127.0.0.1:${port}`, request('OPTIONS'));
      expect(answer.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
    } finally {
      await withFiles.close();
    }
  });
});
