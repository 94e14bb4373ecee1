import net from 'node:net';
import { calc, probe } from '../fixtures/services';
import { PLACEMENTS, startTestServer, type TestServer } from '../support/harness';
import { json, send, xml } from '../support/http';

describe.each(PLACEMENTS)('bad input (%s)', (placement) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [calc, probe] }, placement);
  });
  afterAll(() => server.close());

  const mulTwoXml = (body: string) =>
    send(server.url, '/calc/multiplier/mulTwo', { headers: xml('libB'), body });

  it('refuses a DOCTYPE with 400, also in RMC bodies', async () => {
    const xxe =
      '<!DOCTYPE MulInput [<!ENTITY x SYSTEM "file:///etc/passwd">]><MulInput><a>&x;</a><b>3</b></MulInput>';
    const answer = await mulTwoXml(xxe);
    expect(answer.status).toBe(400);
    expect(answer.error?.code).toBe('MALFORMED_BODY');
    expect(answer.error?.message).toContain('DOCTYPE and other declarations are not allowed');
    const rmc = await send(server.url, '/calc/multiplier/mulOne', {
      headers: xml('libB', { 'X-SVC-API-ID': 'RMC' }),
      body: '<!DOCTYPE p [<!ENTITY lol "lol">]><paramArray><int>&lol;</int><int>3</int></paramArray>',
    });
    expect(rmc.status).toBe(400);
    expect(rmc.error).toMatchObject({
      code: 'MALFORMED_BODY',
      message: 'RMC body: DOCTYPE and other declarations are not allowed',
    });
    expect(rmc.text).not.toContain('root:');
  });

  it('refuses entities beyond the predefined and numeric ones, and decodes those', async () => {
    const nbsp = await mulTwoXml('<MulInput><a>&nbsp;2</a><b>3</b></MulInput>');
    expect(nbsp.status).toBe(400);
    expect(nbsp.error?.code).toBe('MALFORMED_BODY');
    expect(nbsp.error?.message).toMatch(/nbsp;? is not allowed/);
    const echo = await send(server.url, '/probe/probe/echo', {
      headers: xml('libB'),
      body: '<string>&lt;&#x41;&#66;&amp;</string>',
    });
    expect(echo).toMatchObject({ status: 200, text: '<string>&lt;AB&amp;</string>' });
  });

  it('refuses nesting deeper than 64 in JSON and XML with 400', async () => {
    const deepJson = await send(server.url, '/probe/probe/echo', {
      headers: json(),
      body: `${'['.repeat(65)}${']'.repeat(65)}`,
    });
    expect(deepJson.status).toBe(400);
    expect(deepJson.error?.code).toBe('LIMIT_EXCEEDED');
    const deepXml = await send(server.url, '/probe/probe/echo', {
      headers: xml('libB'),
      body: `${'<a>'.repeat(65)}${'</a>'.repeat(65)}`,
    });
    expect(deepXml.error?.code).toBe('LIMIT_EXCEEDED');
    const deepRmc = await send(server.url, '/probe/probe/echo', {
      headers: json({ 'X-SVC-API-ID': 'RMC' }),
      body: `[${'['.repeat(64)}${']'.repeat(64)}]`,
    });
    expect(deepRmc.error?.code).toBe('LIMIT_EXCEEDED');
  });

  it('survives a body of a million opening brackets', async () => {
    const answer = await send(server.url, '/probe/probe/echo', {
      headers: json(),
      body: '['.repeat(1_000_000),
    });
    expect(answer.status).toBe(400);
    expect(answer.error).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      message: 'argument 0 (string): nesting deeper than 64',
    });
  });

  it('refuses more than 256 RMC arguments with 400', async () => {
    const answer = await send(server.url, '/calc/multiplier/mulOne', {
      headers: json({ 'X-SVC-API-ID': 'RMC' }),
      body: `[${Array(257).fill(1).join(',')}]`,
    });
    expect(answer.status).toBe(400);
    expect(answer.error).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      message: 'RMC body: more than 256 arguments',
    });
  });

  it('never lets __proto__ reach a prototype, in JSON or XML', async () => {
    const polluting = await send(server.url, '/calc/multiplier/mulTwo', {
      headers: json(),
      body: '{"a":2,"b":3,"__proto__":{"polluted":1}}',
    });
    expect(polluting.status).toBe(400);
    expect(polluting.error).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'argument 0 (MulInput): field __proto__: field is not declared',
    });
    const nested = await send(server.url, '/probe/probe/team', {
      headers: json(),
      body: '{"title":"t","lead":{"name":"a","age":1,"score":1,"active":true,"constructor":{"prototype":{"polluted":1}}},"members":[]}',
    });
    expect(nested.status).toBe(400);
    expect(nested.error).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'argument 0 (Team): field lead.constructor: field is not declared',
    });
    const xmlProto = await mulTwoXml(
      '<MulInput><a>2</a><b>3</b><__proto__><polluted>1</polluted></__proto__></MulInput>',
    );
    expect(xmlProto.status).toBe(400);
    expect(xmlProto.error).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'argument 0 (MulInput): field __proto__: field is not declared',
    });
    // Asked of the process that ran the methods: the replica's, in the NATS placement.
    const keys = await send(server.url, '/probe/probe/prototypeKeys', {
      headers: json({ 'X-SVC-API-ID': 'RMC' }),
      body: '[]',
    });
    expect(keys.status).toBe(200);
    expect(JSON.parse(keys.text)).toEqual(Object.getOwnPropertyNames(Object.prototype).sort());
    expect(JSON.parse(keys.text)).not.toContain('polluted');
  });
});

describe('slow clients', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      microservices: [calc],
      http: { headersTimeoutMs: 500, requestTimeoutMs: 1000 },
    });
  });
  afterAll(() => server.close());

  /** Opens a raw connection, writes `first`, then trickles a byte now and then; resolves with what the server said. */
  function trickle(first: string): Promise<{ text: string; closed: boolean }> {
    const { port } = new URL(server.url);
    return new Promise((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1');
      let text = '';
      const drip = setInterval(() => socket.write(' '), 100);
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      socket.on('error', () => {});
      let byServer = true;
      socket.on('close', () => {
        clearInterval(drip);
        resolve({ text, closed: byServer });
      });
      socket.write(first);
      setTimeout(() => {
        byServer = false;
        socket.destroy();
      }, 8_000).unref();
    });
  }

  it('cuts off a client that trickles its headers, while others are served', async () => {
    const slow = trickle('POST /calc/multiplier/mulTwo HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    const quick = await send(server.url, '/calc/multiplier/mulTwo', {
      headers: json(),
      body: '{"a":2,"b":3}',
    });
    expect(quick.status).toBe(200);
    const result = await slow;
    expect(result.closed).toBe(true);
    expect(result.text).toMatch(/^HTTP\/1\.1 408 .*"code":"REQUEST_TIMEOUT"/s);
  });

  it('cuts off a client that trickles its body', async () => {
    const result = await trickle(
      'POST /calc/multiplier/mulTwo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"a":',
    );
    expect(result.closed).toBe(true);
    expect(result.text).toMatch(/^HTTP\/1\.1 408 .*"code":"REQUEST_TIMEOUT"/s);
  });
});
