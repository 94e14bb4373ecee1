import { Readable, Stream } from 'node:stream';
import type Koa from 'koa';

/** The statuses whose answer has no body: Koa ends them without reading the body set. */
const EMPTY_STATUSES = new Set([204, 205, 304]);

/**
 * Writes a stream body that middleware set (`ctx.body = stream`) where Koa would pipe it, and
 * resolves, once the answer ended or its connection closed, with what the stream failed with,
 * if it did; `undefined` for any other body, which Koa answers as usual. Koa's own pipe cuts
 * the connection when the stream fails, even before its first byte, and tells the app's
 * `error` listeners twice (its pipe and its end-of-answer watch each call `ctx.onerror`): here
 * the stream is only read into the answer, and what it fails with is the caller's to answer.
 */
export function pipeStreamBody(ctx: Koa.Context): Promise<unknown> | undefined {
  if (ctx.respond === false || !ctx.writable || ctx.method === 'HEAD') return undefined;
  if (EMPTY_STATUSES.has(ctx.status)) return undefined;
  const stream = readableOf(ctx.body);
  if (!stream) return undefined;
  // Failed before it was read (./stream-body-guard.ts kept the process up): nothing was sent.
  if (stream.errored) return Promise.resolve(stream.errored);
  ctx.respond = false;
  const res = ctx.res;
  return new Promise((resolve) => {
    let done = false;
    const finish = (failure?: unknown) => {
      if (done) return;
      done = true;
      stream.unpipe(res);
      res.off('close', closed);
      resolve(failure);
    };
    const closed = () => finish();
    // Kept for the stream's life: an `error` with no listener would end the process.
    stream.on('error', (error: unknown) => finish(error ?? new Error('the body stream failed')));
    res.on('close', closed);
    stream.pipe(res);
  });
}

/** The stream Koa makes of a body: a Node stream as it is, a web stream, Blob or Response read. */
function readableOf(body: unknown): Readable | undefined {
  if (body instanceof Stream) return body instanceof Readable ? body : undefined;
  if (body instanceof ReadableStream) return Readable.from(body);
  if (body instanceof Blob) return Readable.from(body.stream());
  if (body instanceof Response) return body.body ? Readable.from(body.body) : undefined;
  return undefined;
}
