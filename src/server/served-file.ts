import { constants, type Stats } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type Koa from 'koa';
import { toErrorBody } from '../errors';
import { sendError } from '../http/responses';
import { precondition, rangeOf } from './file-conditions';
import { answerShape } from './raw-refusals';

/** A regular file opened to be served, and what its descriptor says of it. */
export interface OpenedFile {
  readonly handle: FileHandle;
  readonly stats: Stats;
}

// Without it, opening a named pipe for reading waits for a writer, and holds one thread of
// libuv's pool meanwhile: four such requests stall every file read of the process.
const NON_BLOCKING = constants.O_NONBLOCK ?? 0;

/**
 * Opens `file` for reading when it is a regular file; `undefined` for anything else (a named
 * pipe, a device, a socket, a directory). The type is read from the descriptor opened, not from
 * the path: a file swapped for a pipe between a check and the open cannot slip through.
 */
export async function openRegularFile(file: string): Promise<OpenedFile | undefined> {
  const handle = await open(file, constants.O_RDONLY | NON_BLOCKING);
  try {
    const stats = await handle.stat();
    if (stats.isFile()) return { handle, stats };
  } catch (error) {
    await handle.close();
    throw error;
  }
  await handle.close();
  return undefined;
}

/**
 * Resolves once `stream` has its first bytes, or has ended, with `undefined`; with the error
 * when it fails first. Nothing is consumed: piped after, the stream gives every byte.
 */
export function firstBytes(stream: Readable): Promise<Error | undefined> {
  return new Promise((resolve) => {
    const settle = (error?: Error) => {
      stream.off('readable', ready);
      stream.off('error', settle);
      resolve(error);
    };
    const ready = () => settle();
    stream.on('readable', ready);
    stream.on('error', settle);
  });
}

/**
 * Answers with `opened`, the file `file` (the name gives its type), with the headers koa-send
 * would set. A file that fails before its first byte (a read error) is a 500 with the error
 * envelope: piped as it was, its failure cut the connection after the head was sent.
 */
export async function answerFile(
  ctx: Koa.Context,
  file: string,
  opened: OpenedFile,
): Promise<void> {
  const { handle, stats } = opened;
  if (!ctx.type) {
    // A `.br` or `.gz` sibling has the type of the file it compresses.
    const name = ctx.response.get('Content-Encoding')
      ? path.basename(file, path.extname(file))
      : file;
    ctx.type = path.extname(name);
  }
  if (!ctx.response.get('Last-Modified')) ctx.set('Last-Modified', stats.mtime.toUTCString());
  if (!ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'max-age=0');
  ctx.set('Accept-Ranges', 'bytes');
  const condition = precondition(ctx.headers, stats.mtime);
  const range =
    ctx.method === 'GET'
      ? rangeOf(ctx.headers.range, ctx.headers['if-range'], stats.size, stats.mtime)
      : undefined;
  if (condition !== 'serve' || range?.kind === 'unsatisfiable') {
    await handle.close();
    if (condition === 'serve') ctx.set('Content-Range', `bytes */${stats.size}`);
    ctx.status = condition === 'serve' ? 416 : condition;
    // 412 and 416 are answered in plain text, which a gzip or br sibling's encoding is not.
    if (condition !== 304) ctx.remove('Content-Encoding');
    return;
  }
  const part = range?.kind === 'part' ? range : undefined;
  // Koa destroys the stream, and so closes the file, once the answer is finished or cut.
  const stream = handle.createReadStream(part && { start: part.first, end: part.last });
  ctx.body = stream;
  if (part) {
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${part.first}-${part.last}/${stats.size}`);
  }
  ctx.length = part ? part.last - part.first + 1 : stats.size;
  if (ctx.method === 'HEAD') return;
  const failure = await firstBytes(stream);
  if (failure) failed(ctx, failure);
}

/** Answers a file that could not be read with a 500 and the error envelope, and reports it. */
export function failed(ctx: Koa.Context, error: Error): void {
  const { requestId, format } = answerShape(ctx.req);
  for (const name of [
    'Content-Encoding',
    'Last-Modified',
    'Cache-Control',
    'Accept-Ranges',
    'Content-Range',
  ]) {
    ctx.remove(name);
  }
  ctx.set('X-SVC-Request-ID', requestId);
  ctx.app.emit('error', error, ctx);
  sendError({ ctx, requestId, format }, toErrorBody(error, false));
}
