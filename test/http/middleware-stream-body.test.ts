import { createReadStream } from 'node:fs';
import http from 'node:http';
import { Readable } from 'node:stream';
import { createMainServer } from 'portico';
import { calc } from '../fixtures/services';
import { json, send, xml } from '../support/http';

/** A stream that gives `first` (if any), then fails, as a file that breaks while it is read. */
function failing(first?: string): Readable {
  let given = false;
  return new Readable({
    read() {
      if (first !== undefined && !given) {
        given = true;
        this.push(first);
      } else setImmediate(() => this.destroy(new Error('disk at 10.0.0.7 failed')));
    },
  });
}

/** Reads an answer over a fresh connection: its status and text, or where it was cut. */
function read(port: number, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve) => {
    const req = http.request(
      { port, host: '127.0.0.1', method: 'GET', path: '/-/live', headers, agent: false },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk;
        });
        res.on('error', () => resolve(`${res.statusCode} cut after ${text}`));
        res.on('end', () => resolve(`${res.statusCode} ended after ${text}`));
      },
    );
    req.on('error', (error) => resolve(`failed: ${error.message}`));
    req.end();
  });
}

// Koa pipes a stream body with `stream.pipeline`, which cut the connection when the stream
// failed, before its first byte too, and told the app's error listeners twice.
describe('a stream body set by middleware added with app.use that fails', () => {
  const logs: Record<string, unknown>[] = [];
  let main: ReturnType<typeof createMainServer>;
  let port: number;
  beforeAll(async () => {
    const logStream = { write: (line: string) => logs.push(JSON.parse(line)) };
    main = createMainServer({ microservices: [calc], logStream });
    main.app.use(async (ctx, next) => {
      const what = ctx.get('X-Stream');
      if (what === 'after-call') {
        await next();
        ctx.body = failing();
      } else if (what === 'missing-file') {
        const file = createReadStream('/no/such/directory/file.txt');
        ctx.body = file;
        // Still awaiting when the stream fails: Koa 3 listens for its error only once it pipes.
        await new Promise<void>((resolve) => file.on('close', () => resolve()));
      } else if (what === 'whole') {
        ctx.body = Readable.from(['one ', 'two']);
      } else if (what === 'web') {
        ctx.body = new ReadableStream({ pull: (c) => c.error(new Error('web stream failed')) });
      } else if (what) {
        ctx.status = 201;
        ctx.type = 'text/plain';
        ctx.body = what === 'at-once' ? failing() : failing('partial');
      } else await next();
    });
    port = await main.listen(0, '127.0.0.1');
  });
  afterAll(() => main.close());
  const errorLines = (requestId: string) =>
    logs.filter((line) => line.msg === 'unhandled error' && line.requestId === requestId);

  it('before its first byte, is the 500 envelope in the request family, logged once', async () => {
    const answer = await send(`http://127.0.0.1:${port}`, '/-/live', {
      method: 'GET',
      headers: { 'X-Stream': 'at-once', 'X-SVC-Request-ID': 'at-once', Accept: 'text/xml' },
    });
    expect([answer.status, answer.headers['content-type']]).toEqual([
      500,
      'application/xml; charset=utf-8',
    ]);
    expect(answer.error).toEqual({
      status: 500,
      code: 'INTERNAL_ERROR',
      message: 'Internal server error',
      requestId: 'at-once',
    });
    expect(errorLines('at-once').map((line) => line.level)).toEqual([50]);
  });

  it("replacing a call's answer, is the envelope, and the call is logged with its 500", async () => {
    const headers = json({ 'X-Stream': 'after-call', 'X-SVC-Request-ID': 'after-call' });
    const answer = await send(`http://127.0.0.1:${port}`, '/calc/multiplier/mulTwo', {
      headers,
      body: '{"a":2,"b":3}',
    });
    expect([answer.status, answer.error?.code, answer.error?.requestId]).toEqual([
      500,
      'INTERNAL_ERROR',
      'after-call',
    ]);
    const calls = logs.filter((line) => line.msg === 'call' && line.requestId === 'after-call');
    expect(calls.map((line) => line.status)).toEqual([500]);
    expect(errorLines('after-call')).toHaveLength(1);
  });

  it('once bytes were sent, cuts the connection, and is logged once', async () => {
    const cut = await read(port, { 'X-Stream': 'later', 'X-SVC-Request-ID': 'later' });
    expect(cut).toBe('201 cut after partial');
    expect(errorLines('later').map((line) => line.level)).toEqual([50]);
  });

  it('before the middleware returned, ends no process: the envelope, logged once', async () => {
    const answer = await send(`http://127.0.0.1:${port}`, '/-/live', {
      method: 'GET',
      headers: { 'X-Stream': 'missing-file', 'X-SVC-Request-ID': 'missing-file' },
    });
    expect([answer.status, answer.error?.code, answer.text]).toEqual([
      500,
      'INTERNAL_ERROR',
      expect.not.stringContaining('/no/such'),
    ]);
    expect(errorLines('missing-file').map((line) => line.level)).toEqual([50]);
  });

  it('before its first byte, is the envelope for a web stream too', async () => {
    const answer = await send(`http://127.0.0.1:${port}`, '/-/live', {
      method: 'GET',
      headers: { 'X-Stream': 'web', 'X-SVC-Request-ID': 'web' },
    });
    expect([answer.status, answer.error?.code, answer.error?.requestId]).toEqual([
      500,
      'INTERNAL_ERROR',
      'web',
    ]);
    expect(errorLines('web')).toHaveLength(1);
  });

  it('keeps serving, and a stream that does not fail is answered whole', async () => {
    expect(await read(port, { 'X-Stream': 'whole' })).toBe('200 ended after one two');
    const answer = await send(`http://127.0.0.1:${port}`, '/calc/multiplier/mulTwo', {
      headers: xml('libB'),
      body: '<MulInput><a>2</a><b>3</b></MulInput>',
    });
    expect([answer.status, answer.text]).toEqual([
      200,
      '<MulOutput><result>6</result></MulOutput>',
    ]);
  });
});
