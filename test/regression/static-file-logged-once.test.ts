import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMainServer, staticFiles } from 'portico';
import { sendRaw } from '../hardening/support/raw-http';
import { waitFor } from '../support/wait';

// Bug (issue 24's closing note): without middleware of the user's, Koa pipes a static file
// itself, and when the file fails while it is sent Koa tells the app's error listeners twice
// (its pipe's callback and its watch of the answer's end): the one failure was logged twice.
describe('a static file that fails while it is sent, without middleware of the user', () => {
  const base = mkdtempSync(path.join(os.tmpdir(), 'portico-logged-once-'));
  writeFileSync(path.join(base, 'fine.txt'), 'fine');
  const logs: { msg: string; err?: { code?: string } }[] = [];
  // `/proc/self/mem` is a regular file that opens, and whose first read fails (EIO). (An
  // `index.html` that is a directory, which failed so once, is now refused as no file.)
  const main = createMainServer({
    microservices: [
      staticFiles({ name: 'files', dir: base }),
      staticFiles({ name: 'proc', dir: '/proc/self' }),
    ],
    logStream: { write: (line: string) => logs.push(JSON.parse(line)) },
  });
  let url: string;
  beforeAll(async () => {
    url = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
  });
  afterAll(async () => {
    await main.close();
    rmSync(base, { recursive: true, force: true });
  });

  const failures = () => logs.filter((line) => line.err?.code === 'EIO');

  it('is logged once, and the server goes on serving files', async () => {
    await sendRaw(url, 'GET /proc/mem HTTP/1.1\r\nHost: x\r\n\r\n');
    await waitFor(() => failures().length > 0, { what: 'the failure logged' });
    // A whole request answered after it: a second report of the failure would have come by then.
    const fine = await sendRaw(url, 'GET /files/fine.txt HTTP/1.1\r\nHost: x\r\n\r\n');
    expect([fine.status, fine.body]).toEqual([200, 'fine']);
    expect(failures().map((line) => line.msg)).toEqual(['unhandled error']);
  });
});
