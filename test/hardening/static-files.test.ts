import { execFileSync } from 'node:child_process';
import {
  closeSync,
  constants,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { staticFiles } from 'portico';
import { startTestServer, type TestServer } from '../support/harness';
import { waitFor } from '../support/wait';
import { rawRequest, sendRaw } from './support/raw-http';

const SECRET = 'TOP-SECRET-CONTENT';
/** Larger than a read of the file's stream (64 KiB): it comes in several. */
const BIG = Array.from({ length: 30_000 }, (_, i) => `${i}\n`).join('');

/** A served directory next to a secret one, with symbolic links that lead in and out. */
function makeTree(): { base: string; served: string; secretFile: string } {
  const base = mkdtempSync(path.join(os.tmpdir(), 'portico-static-'));
  const served = path.join(base, 'public');
  const outside = path.join(base, 'outside');
  mkdirSync(path.join(served, 'sub'), { recursive: true });
  mkdirSync(path.join(served, 'no-index'), { recursive: true });
  mkdirSync(outside);
  const secretFile = path.join(outside, 'secret.txt');
  writeFileSync(secretFile, SECRET);
  writeFileSync(path.join(outside, 'index.html'), SECRET);
  writeFileSync(path.join(served, 'a.txt'), 'a');
  // koa-send serves it, with Content-Encoding: gzip, to a client that takes gzip.
  writeFileSync(path.join(served, 'a.txt.gz'), gzipSync('a'));
  writeFileSync(path.join(served, 'big.txt'), BIG);
  writeFileSync(path.join(served, 'sub', 'b.txt'), 'b');
  writeFileSync(path.join(served, 'no-index', 'c.txt'), 'c');
  writeFileSync(path.join(served, '.env'), SECRET);
  symlinkSync(secretFile, path.join(served, 'file-out'));
  symlinkSync(outside, path.join(served, 'dir-out'));
  symlinkSync('../outside/secret.txt', path.join(served, 'sub', 'relative-out'));
  symlinkSync(path.join(served, 'a.txt'), path.join(served, 'link-in'));
  symlinkSync('/etc/passwd', path.join(served, 'passwd'));
  // Not regular files: a named pipe (opened for reading, it waits for a writer) and a directory
  // where the index file would be.
  execFileSync('mkfifo', [path.join(served, 'pipe')]);
  symlinkSync('pipe', path.join(served, 'pipe-link'));
  mkdirSync(path.join(served, 'dir-index', 'index.html'), { recursive: true });
  return { base, served, secretFile };
}

describe('static files against traversal, symbolic links and listings', () => {
  let tree: ReturnType<typeof makeTree>;
  let server: TestServer;
  beforeAll(async () => {
    tree = makeTree();
    server = await startTestServer({
      microservices: [staticFiles({ name: 'files', dir: tree.served })],
    });
  });
  afterAll(async () => {
    // Opened for writing, the pipe lets go of any read that waits on it.
    try {
      closeSync(
        openSync(path.join(tree.served, 'pipe'), constants.O_WRONLY | constants.O_NONBLOCK),
      );
    } catch {
      // No read waits on it.
    }
    await server.close();
    rmSync(tree.base, { recursive: true, force: true });
  });

  const get = (target: string, method = 'GET') =>
    sendRaw(server.url, rawRequest(method, target, [['Host', 'x']]), { head: method === 'HEAD' });

  it('serves files, and links that stay inside the directory', async () => {
    expect(await get('/files/a.txt')).toMatchObject({ status: 200, body: 'a' });
    expect(await get('/files/sub/b.txt')).toMatchObject({ status: 200, body: 'b' });
    expect(await get('/files/link-in')).toMatchObject({ status: 200, body: 'a' });
    expect(await get('/files/big.txt')).toMatchObject({ status: 200, body: BIG });
    const head = await get('/files/big.txt', 'HEAD');
    expect([head.status, head.headers['content-length']]).toEqual([200, String(BIG.length)]);
  });

  const ask = (target: string, headers: [string, string][], method = 'GET') =>
    sendRaw(server.url, rawRequest(method, target, [['Host', 'x'], ...headers]), {
      head: method === 'HEAD',
    });

  it('answers a GET or HEAD that the file does not fail with 304, and 412 (RFC 9110 §13)', async () => {
    const { headers } = await ask('/files/a.txt', []);
    const since = headers['last-modified'] ?? '';
    const before = 'Thu, 01 Jan 1970 00:00:00 GMT';
    const status = async (fields: [string, string][], method = 'GET', file = 'a.txt') => {
      const answer = await ask(`/files/${file}`, fields, method);
      return [answer.status, answer.body];
    };
    for (const method of ['GET', 'HEAD']) {
      // If-None-Match: * holds for any file there is: it was answered 200 with the whole file.
      expect(await status([['If-None-Match', '*']], method)).toEqual([304, '']);
      expect(await status([['If-Modified-Since', since]], method)).toEqual([304, '']);
    }
    expect(await status([['If-Modified-Since', before]])).toEqual([200, 'a']);
    // No entity tag is sent, so none matches; If-None-Match then rules out If-Modified-Since.
    expect(
      await status([
        ['If-None-Match', '"a"'],
        ['If-Modified-Since', since],
      ]),
    ).toEqual([200, 'a']);
    expect(await status([['If-Match', '*']])).toEqual([200, 'a']);
    expect((await status([['If-Match', '"a"']]))[0]).toBe(412);
    expect((await status([['If-Unmodified-Since', before]]))[0]).toBe(412);
    expect((await status([['If-None-Match', '*']], 'GET', 'none.txt'))[0]).toBe(404);
  });

  it('serves one byte range (206), refuses one beyond the file (416), and says it does', async () => {
    const size = BIG.length;
    const { headers } = await ask('/files/big.txt', []);
    expect(headers['accept-ranges']).toBe('bytes');
    const range = async (value: string, more: [string, string][] = []) => {
      const answer = await ask('/files/big.txt', [['Range', value], ...more]);
      const { 'content-range': contentRange, 'content-length': length } = answer.headers;
      return { status: answer.status, body: answer.body, contentRange, length };
    };
    const part = (first: number, last: number) => ({
      status: 206,
      body: BIG.slice(first, last + 1),
      contentRange: `bytes ${first}-${last}/${size}`,
      length: String(last - first + 1),
    });
    expect(await range('bytes=0-9')).toEqual(part(0, 9));
    // Past the first read of the file's stream (64 KiB), to its end.
    expect(await range('bytes=70000-')).toEqual(part(70000, size - 1));
    expect(await range('bytes=-5')).toEqual(part(size - 5, size - 1));
    expect(await range(`bytes=10-${'9'.repeat(40)}`)).toEqual(part(10, size - 1));
    expect(await range('bytes=3-3', [['If-Range', headers['last-modified'] ?? '']])).toEqual(
      part(3, 3),
    );
    for (const value of [`bytes=${size}-`, 'bytes=-0', `bytes=${'9'.repeat(40)}-`]) {
      const refused = await range(value);
      expect([value, refused.status, refused.contentRange]).toEqual([
        value,
        416,
        `bytes */${size}`,
      ]);
    }
    // Ranges it does not serve are ignored, as RFC 9110 §14.2 allows: the whole file.
    const whole = { status: 200, body: BIG, contentRange: undefined, length: String(size) };
    for (const value of ['bytes=5-1', 'bytes=0-1,3-4', 'items=0-1', 'bytes=a-b', 'bytes=-']) {
      expect([value, await range(value)]).toEqual([value, whole]);
    }
    expect(await range('bytes=0-9', [['If-Range', '"etag"']])).toEqual(whole);
    expect(await range('bytes=0-9', [['If-Range', 'Thu, 01 Jan 1970 00:00:00 GMT']])).toEqual(
      whole,
    );
    // Refused in plain text, which no Content-Encoding of the gzip sibling may claim to be.
    const gzip = await ask('/files/a.txt', [
      ['Accept-Encoding', 'gzip'],
      ['Range', 'bytes=100-'],
    ]);
    expect([gzip.status, gzip.headers['content-encoding'], gzip.body]).toEqual([
      416,
      undefined,
      'Range Not Satisfiable',
    ]);
    const head = await ask('/files/big.txt', [['Range', 'bytes=0-9']], 'HEAD');
    expect([head.status, head.headers['content-length']]).toEqual([200, String(size)]);
  });

  it.each([
    '/files/file-out',
    '/files/dir-out/secret.txt',
    '/files/dir-out/',
    '/files/dir-out',
    '/files/sub/relative-out',
    '/files/passwd',
  ])('does not follow the symbolic link out of the directory: %s', async (target) => {
    for (const method of ['GET', 'HEAD']) {
      const answer = await get(target, method);
      expect(answer.status).toBe(404);
      expect(answer.body).not.toContain(SECRET);
      expect(answer.body).not.toContain('root:');
    }
  });

  it('reads nothing outside the directory, however the path is spelled', async () => {
    const absolute = tree.secretFile;
    const targets = [
      '/files/../outside/secret.txt',
      '/files/%2e%2e/outside/secret.txt',
      '/files/%2E%2E/outside/secret.txt',
      '/files/..%2foutside%2fsecret.txt',
      '/files/..%2Foutside%2Fsecret.txt',
      '/files/%2e%2e%2foutside%2fsecret.txt',
      '/files/sub/../../outside/secret.txt',
      '/files/sub/%2e%2e/%2e%2e/outside/secret.txt',
      '/files/..%5coutside%5csecret.txt',
      '/files/%252e%252e/outside/secret.txt',
      '/files/%c0%ae%c0%ae/outside/secret.txt',
      '/files/....//outside/secret.txt',
      `/files/${absolute}`,
      `/files/${encodeURIComponent(absolute)}`,
      `/files//${absolute}`,
      '/files/a.txt%00.html',
      '/files/%00',
      '/files/.env',
      '/files/%2eenv',
      '/files/sub/../.env',
      `/files/..%2f${path.basename(tree.base)}%2foutside%2fsecret.txt`,
    ];
    const answers = await Promise.all(targets.map((target) => get(target)));
    expect(answers.map((a, i) => [targets[i], a.status])).toEqual(
      targets.map((target) => [target, 404]),
    );
    for (const answer of answers) expect(answer.body).not.toContain(SECRET);
  });

  it('lists no directory, with or without a trailing slash', async () => {
    for (const target of ['/files/no-index/', '/files/no-index', '/files/sub/', '/files/']) {
      const answer = await get(target);
      expect(answer.status).toBe(404);
      expect(answer.body).not.toContain('c.txt');
      expect(answer.body).not.toContain('b.txt');
    }
  });

  it('keeps no file open for links it refuses', async () => {
    const before = readdirSync('/proc/self/fd').length;
    for (let i = 0; i < 200; i++) await get('/files/file-out');
    // The sockets of the answered requests close a moment after their answers.
    const opened = () => readdirSync('/proc/self/fd').length - before;
    await waitFor(() => opened() < 20, { what: 'the descriptors to close' }).catch(() => {});
    expect(opened()).toBeLessThan(20);
  });

  it('refuses what is not a regular file, and stays able to read files', async () => {
    // More requests than libuv's thread pool has threads (4): each open of the pipe held one.
    const targets = [
      '/files/pipe',
      '/files/pipe-link',
      '/files/dir-index/',
      '/files/dir-index/index.html',
    ];
    const answers = await Promise.all(
      [...targets, ...targets].map((target) =>
        sendRaw(server.url, rawRequest('GET', target, [['Host', 'x']]), { timeoutMs: 20_000 }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 404));
    expect(await get('/files/a.txt')).toMatchObject({ status: 200, body: 'a' });
  });
});
