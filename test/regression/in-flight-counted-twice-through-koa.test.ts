import http from 'node:http';
import type Koa from 'koa';
import pino from 'pino';
import { createMainServer } from 'portico';
import { createErrorListener } from '../../src/server/error-listener';
import { createInFlight, type InFlight } from '../../src/server/in-flight';
import { MainApp } from '../../src/server/main-app';
import { createErrorBoundary } from '../../src/server/middleware-errors';
import { createRequestDispatch, type DispatchTargets } from '../../src/server/request-dispatch';
import { createRequestListener } from '../../src/server/request-listener';
import { calc } from '../fixtures/services';
import { waitFor } from '../support/wait';

// With middleware added by its user, the main server counted each request in flight twice: its
// request listener counted every request that went through Koa, and portico's dispatch counted
// it again. The count a shutdown waits on must be the number of requests being answered.

/** The main server's count of requests in flight, with the highest it reached. */
function recordedInFlight() {
  const real = createInFlight();
  const seen = { now: 0, peak: 0 };
  const inFlight: InFlight = {
    ...real,
    begin(res) {
      seen.peak = Math.max(seen.peak, ++seen.now);
      return real.begin(res);
    },
    end(place) {
      seen.now--;
      real.end(place);
    },
  };
  return { inFlight, seen };
}

/** A gate that a handler waits at until the test opens it. */
function gate() {
  let open = () => {};
  let reached = () => {};
  const arrived = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const wait = () => {
    reached();
    return opened;
  };
  return { arrived, open, wait };
}

/** The main server's request listener over a real socket, with `middleware` added or none. */
async function serve(entryPoint: DispatchTargets['entryPoint'], middleware?: Koa.Middleware) {
  const { inFlight, seen } = recordedInFlight();
  const handlers = new Map([['static', async (ctx: Koa.Context) => entryPoint(ctx, [])]]);
  const targets = { handlers, docsHome: undefined, entryPoint };
  const dispatch = createRequestDispatch(targets);
  const app = new MainApp(dispatch, createErrorBoundary({ development: false, cors: undefined }));
  app.silent = true;
  const onError = createErrorListener(pino({ level: 'silent' }), undefined);
  app.on('error', onError);
  if (middleware) app.use(middleware);
  const { listener } = createRequestListener({ app, dispatch, onError, ...targets, inFlight });
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, port, seen };
}

function get(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
) {
  return fetch(`http://127.0.0.1:${port}${path}`, { headers, signal: signal ?? null });
}

describe('the count of requests in flight', () => {
  it('counts a call through middleware of its user once, and back to none after it', async () => {
    const held = gate();
    const { server, port, seen } = await serve(
      async (ctx) => {
        await held.wait();
        ctx.status = 200;
        ctx.body = 'answered';
      },
      async (_ctx, next) => next(),
    );
    try {
      const answer = get(port, '/calc/multiplier/mulTwo');
      await held.arrived;
      expect(seen.now).toBe(1);
      held.open();
      expect(await (await answer).text()).toBe('answered');
      await waitFor(() => seen.now === 0, { what: 'no request in flight' });
      expect(seen.peak).toBe(1);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('counts a request that Koa answers without middleware of its user once', async () => {
    const held = gate();
    const { server, port, seen } = await serve(async (ctx) => {
      await held.wait();
      ctx.status = 200;
      ctx.body = 'a file';
    });
    try {
      const answer = get(port, '/static/file.txt');
      await held.arrived;
      expect(seen.now).toBe(1);
      held.open();
      expect(await (await answer).text()).toBe('a file');
      await waitFor(() => seen.now === 0, { what: 'no request in flight' });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('is back to none after errors of middleware and of the dispatch, and aborted requests', async () => {
    let held = gate();
    const { server, port, seen } = await serve(
      async (ctx) => {
        if (ctx.path === '/fails/in/dispatch') throw new Error('dispatch failed');
        await held.wait();
        ctx.status = 200;
      },
      async (ctx, next) => {
        if (ctx.get('X-Throw') === 'before') throw new Error('before next');
        await next();
        if (ctx.get('X-Throw') === 'after') throw null;
      },
    );
    try {
      expect((await get(port, '/a/b/c', { 'X-Throw': 'before' })).status).toBe(500);
      expect((await get(port, '/fails/in/dispatch')).status).toBe(500);
      held.open();
      expect((await get(port, '/a/b/c', { 'X-Throw': 'after' })).status).toBe(500);
      held = gate();
      const aborting = new AbortController();
      const aborted = get(port, '/a/b/c', {}, aborting.signal).catch(() => 'aborted');
      await held.arrived;
      aborting.abort();
      expect(await aborted).toBe('aborted');
      held.open();
      await waitFor(() => seen.now === 0, { what: 'no request in flight' });
      expect(seen.peak).toBe(1);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("lets a shutdown end at once after them, not after the calls' grace", async () => {
    // The grace is ten minutes: a count left above none would hold close() past the test's time.
    const main = createMainServer({
      microservices: [calc],
      logLevel: 'silent',
      ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: { callTimeoutMs: 600_000 } },
    });
    let held = gate();
    main.app.use(async (ctx, next) => {
      if (ctx.get('X-Throw') === 'yes') throw new Error('refused');
      if (ctx.get('X-Hold') === 'yes') await held.wait();
      await next();
    });
    const port = await main.listen(0, '127.0.0.1');
    const call = (headers: Record<string, string>, signal?: AbortSignal) =>
      fetch(`http://127.0.0.1:${port}/calc/multiplier/mulTwo`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: '{"a":2,"b":3}',
        signal: signal ?? null,
      });
    expect((await call({})).status).toBe(200);
    expect((await call({ 'X-Throw': 'yes' })).status).toBe(500);
    const aborting = new AbortController();
    const aborted = call({ 'X-Hold': 'yes' }, aborting.signal).catch(() => 'aborted');
    await held.arrived;
    aborting.abort();
    expect(await aborted).toBe('aborted');
    held.open();
    held = gate();
    await main.close();
  });
});
