import { type PermissionRequest } from 'portico';
import { calc, probe } from '../fixtures/services';
import { PLACEMENTS, startTestServer, type TestServer } from '../support/harness';
import { json, send, xml } from '../support/http';

describe.each(PLACEMENTS)('X-SVC-* headers (%s)', (placement) => {
  let server: TestServer;
  const asked: PermissionRequest[] = [];
  beforeAll(async () => {
    server = await startTestServer(
      {
        microservices: [calc, probe],
        ENTRY_POINTS: {
          WEB_SERVICE_FACADE_HTTP: {
            defaultLocale: 'de-CH',
            permissionResolver: (request) => {
              asked.push(request);
              return request.privilegeNames.includes('admin');
            },
          },
        },
      },
      placement,
    );
  });
  afterAll(() => server.close());

  const context = (headers: Record<string, string>) =>
    send(server.url, '/probe/probe/context', { headers: json(headers), body: '1' });

  describe('X-SVC-API-ID', () => {
    it('selects RMC, which takes an array', async () => {
      const answer = await send(server.url, '/probe/probe/echo', {
        headers: json({ 'X-SVC-API-ID': 'RMC' }),
        body: '["hi"]',
      });
      expect(answer).toMatchObject({ status: 200, text: '"hi"' });
    });

    it.each(['roa', 'rmc', 'SOAP', ''])('refuses %j with 400 (case sensitive)', async (value) => {
      const answer = await send(server.url, '/probe/probe/echo', {
        headers: json({ 'X-SVC-API-ID': value }),
        body: '"x"',
      });
      expect(answer.status).toBe(400);
      expect(answer.error).toMatchObject({
        code: 'INVALID_HEADER',
        message: 'X-SVC-API-ID must be ROA or RMC (case sensitive)',
      });
    });

    it('refuses ROA on a method with another parameter count, pointing to RMC', async () => {
      const answer = await send(server.url, '/calc/multiplier/mulOne', {
        headers: json({ 'X-SVC-API-ID': 'ROA' }),
        body: '[2,3]',
      });
      expect(answer.status).toBe(400);
      expect(answer.error?.code).toBe('WRONG_ARITY');
      expect(answer.error?.message).toContain('X-SVC-API-ID: RMC');
      const none = await send(server.url, '/probe/probe/none', { headers: json(), body: '' });
      expect(none.error?.code).toBe('WRONG_ARITY');
    });

    it('refuses an RMC argument count that differs from the parameter count', async () => {
      for (const body of ['[2]', '[2,3,4]', '[]']) {
        const answer = await send(server.url, '/calc/multiplier/mulOne', {
          headers: json({ 'X-SVC-API-ID': 'RMC' }),
          body,
        });
        expect(answer.status).toBe(400);
        expect(answer.error?.message).toMatch(/mulOne takes 2 arguments, the body has \d/);
      }
    });

    it('says "1 argument" for a one-parameter method called through RMC with two', async () => {
      const answer = await send(server.url, '/probe/probe/echo', {
        headers: json({ 'X-SVC-API-ID': 'RMC' }),
        body: '["a","b"]',
      });
      expect(answer.error?.message).toBe('echo takes 1 argument, the body has 2');
    });

    it('calls a method with no parameters through RMC with an empty array', async () => {
      const answer = await send(server.url, '/probe/probe/none', {
        headers: json({ 'X-SVC-API-ID': 'RMC' }),
        body: '[]',
      });
      expect(answer).toMatchObject({ status: 200, text: '42' });
    });
  });

  describe('X-SVC-Sequence-Name', () => {
    it('refuses a name that is not one of the four sequences', async () => {
      const answer = await send(server.url, '/calc/multiplier/mulTwo', {
        headers: json({ 'X-SVC-Sequence-Name': 'libCParamArrayJsonInOutSequence' }),
        body: '{"a":2,"b":3}',
      });
      expect(answer.status).toBe(400);
      expect(answer.error?.message).toContain('X-SVC-Sequence-Name must be one of');
    });

    it('refuses an XML body with a JSON sequence (415, naming the header and the XML sequences)', async () => {
      const answer = await send(server.url, '/calc/multiplier/mulTwo', {
        headers: { 'Content-Type': 'application/xml' },
        body: '<MulInput><a>2</a><b>3</b></MulInput>',
      });
      expect(answer.status).toBe(415);
      expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(answer.error?.message).toContain('X-SVC-Sequence-Name');
      expect(answer.error?.message).toContain('libAParamArrayXmlInOutSequence');
    });

    it('refuses a JSON body with an XML sequence (415)', async () => {
      const answer = await send(server.url, '/calc/multiplier/mulTwo', {
        headers: json({ 'X-SVC-Sequence-Name': 'libAParamArrayXmlInOutSequence' }),
        body: '{"a":2,"b":3}',
      });
      expect(answer.status).toBe(415);
    });
  });

  describe('X-SVC-Request-ID', () => {
    it('echoes the caller id on success and on every error, into the error envelope too', async () => {
      const ok = await send(server.url, '/calc/multiplier/mulTwo', {
        headers: json({ 'X-SVC-Request-ID': 'req-1' }),
        body: '{"a":2,"b":3}',
      });
      expect(ok.headers['x-svc-request-id']).toBe('req-1');
      for (const [path, method] of [
        ['/calc/nope/x', 'POST'],
        ['/calc/multiplier/mulTwo', 'GET'],
        ['/nope/a/b', 'POST'],
      ] as const) {
        const answer = await send(server.url, path, {
          method,
          headers: json({ 'X-SVC-Request-ID': 'req-2' }),
          body: '{}',
        });
        expect(answer.headers['x-svc-request-id']).toBe('req-2');
        expect(answer.error?.requestId).toBe('req-2');
      }
    });

    it('generates a UUID when none is sent, and passes it to the method', async () => {
      const answer = await context({});
      expect(answer.headers['x-svc-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.parse(answer.text).requestId).toBe(answer.headers['x-svc-request-id']);
    });

    it.each([['x'.repeat(129)], ['has space'], ['tab\there']])(
      'refuses %j with 400 and answers with a fresh id',
      async (value) => {
        const answer = await send(server.url, '/calc/multiplier/mulTwo', {
          headers: json({ 'X-SVC-Request-ID': value }),
          body: '{"a":2,"b":3}',
        });
        expect(answer.status).toBe(400);
        expect(answer.error?.message).toContain('X-SVC-Request-ID');
        expect(answer.headers['x-svc-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      },
    );

    it('accepts 128 visible ASCII characters', async () => {
      const id = '!~'.repeat(64);
      const answer = await context({ 'X-SVC-Request-ID': id });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text).requestId).toBe(id);
    });
  });

  describe('call context', () => {
    it('carries session, user, application, IP, locale and privilege names to the method', async () => {
      const answer = await context({
        'X-SVC-Session-ID': 'sess-9',
        'X-SVC-User': 'ada',
        'X-SVC-Client-Application-Name': 'billing',
        'X-SVC-IP': '10.1.2.3',
        'X-SVC-Locale': 'fr',
        'X-SVC-Privilege-Names': ' reader ;; writer; ',
      });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text)).toMatchObject({
        sessionId: 'sess-9',
        user: 'ada',
        clientApplicationName: 'billing',
        ip: '10.1.2.3',
        locale: 'fr',
        privilegeNames: 'reader;writer',
        privileged: false,
        peerAddress: expect.stringContaining('127.0.0.1'),
      });
    });

    it('uses the configured default locale', async () => {
      expect(JSON.parse((await context({})).text).locale).toBe('de-CH');
    });

    it.each([
      ['X-SVC-IP', 'not-an-ip'],
      ['X-SVC-Locale', 'en us!'],
      ['X-SVC-User', 'u'.repeat(1025)],
    ])('refuses %s: %j with 400', async (header, value) => {
      const answer = await context({ [header]: value });
      expect(answer.status).toBe(400);
      expect(answer.error?.message).toContain(header);
    });

    it('refuses a mode header sent twice, which Node joins as "ROA, RMC"', async () => {
      const answer = await send(server.url, '/probe/probe/context', {
        headers: { 'Content-Type': 'application/json', 'X-SVC-API-ID': ['ROA', 'RMC'] },
        body: '1',
      });
      expect(answer.status).toBe(400);
      expect(answer.error?.message).toBe('X-SVC-API-ID is sent more than once: send it once');
    });
  });

  describe('privileges', () => {
    it('asks the permission resolver with the split names and the target', async () => {
      asked.length = 0;
      await context({ 'X-SVC-Privilege-Names': 'a;b', 'X-SVC-User': 'ada' });
      expect(asked).toEqual([
        {
          privilegeNames: ['a', 'b'],
          microservice: 'probe',
          service: 'probe',
          method: 'context',
          headers: { user: 'ada' },
        },
      ]);
    });

    it('shows the resolver the four claimed headers, and nothing else of the context', async () => {
      asked.length = 0;
      await context({
        'X-SVC-Session-ID': 's-1',
        'X-SVC-User': 'ada',
        'X-SVC-Client-Application-Name': 'shop',
        'X-SVC-IP': '192.0.2.7',
        'X-SVC-Locale': 'de-CH',
        'X-SVC-Request-ID': 'req-claimed',
      });
      // Not the request id, the locale or the socket's peer address, which the context holds too.
      expect(asked.map((request) => request.headers)).toEqual([
        { sessionId: 's-1', user: 'ada', clientApplicationName: 'shop', ip: '192.0.2.7' },
      ]);
    });

    it('refuses a privileged method to an unprivileged call with 403', async () => {
      const answer = await send(server.url, '/probe/probe/secret', {
        headers: json({ 'X-SVC-Privilege-Names': 'reader' }),
        body: '1',
      });
      expect(answer.status).toBe(403);
      expect(answer.error?.code).toBe('FORBIDDEN');
    });

    it('calls a privileged method when the resolver grants the call', async () => {
      const answer = await send(server.url, '/probe/probe/secret', {
        headers: json({ 'X-SVC-Privilege-Names': 'reader;admin' }),
        body: '1',
      });
      expect(answer).toMatchObject({ status: 200, text: '"granted"' });
      const ctx = await context({ 'X-SVC-Privilege-Names': 'admin' });
      expect(JSON.parse(ctx.text).privileged).toBe(true);
    });

    it('answers 403 in XML for an XML call', async () => {
      const answer = await send(server.url, '/probe/probe/secret', {
        headers: xml('libB'),
        body: '<int>1</int>',
      });
      expect(answer.status).toBe(403);
      expect(answer.text).toMatch(/^<error><status>403<\/status><code>FORBIDDEN<\/code>/);
    });
  });
});

describe('the default permission resolver', () => {
  it('grants nothing', async () => {
    const server = await startTestServer({ microservices: [probe] });
    try {
      const answer = await send(server.url, '/probe/probe/secret', {
        headers: json({ 'X-SVC-Privilege-Names': 'admin' }),
        body: '1',
      });
      expect(answer.status).toBe(403);
    } finally {
      await server.close();
    }
  });
});

describe('a permission resolver that fails', () => {
  it('answers 500 with a hidden message when it throws, and logs the error', async () => {
    const server = await startTestServer({
      microservices: [probe],
      ENTRY_POINTS: {
        WEB_SERVICE_FACADE_HTTP: {
          permissionResolver: () => {
            throw new Error('directory down');
          },
        },
      },
    });
    try {
      const answer = await send(server.url, '/probe/probe/echo', { headers: json(), body: '"x"' });
      expect(answer.status).toBe(500);
      expect(answer.error).toMatchObject({
        code: 'INTERNAL_ERROR',
        message: 'Internal server error',
      });
      expect(server.logs).toContainEqual(
        expect.objectContaining({
          msg: 'the permission resolver failed',
          err: expect.objectContaining({ message: 'directory down' }),
        }),
      );
    } finally {
      await server.close();
    }
  });

  it('answers 504 at the deadline when it never settles', async () => {
    const server = await startTestServer({
      microservices: [probe],
      ENTRY_POINTS: {
        WEB_SERVICE_FACADE_HTTP: {
          callTimeoutMs: 200,
          permissionResolver: () => new Promise<boolean>(() => {}),
        },
      },
    });
    try {
      const answer = await send(server.url, '/probe/probe/echo', { headers: json(), body: '"x"' });
      expect(answer.status).toBe(504);
      expect(answer.error?.code).toBe('DEADLINE_EXCEEDED');
    } finally {
      await server.close();
    }
  });
});

describe('unexpected errors', () => {
  it('are logged with their stack, while the caller sees only a 500', async () => {
    const server = await startTestServer({ microservices: [probe] });
    try {
      await send(server.url, '/probe/probe/fail', { headers: json(), body: '"boom"' });
      expect(server.logs).toContainEqual(
        expect.objectContaining({
          level: 50,
          msg: 'a call failed',
          err: expect.objectContaining({
            message: 'internal detail boom',
            stack: expect.stringContaining('services.ts'),
          }),
        }),
      );
    } finally {
      await server.close();
    }
  });
});
