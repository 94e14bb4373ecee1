import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { readBodyText } from '../../src/entry-point/body';
import { waitFor } from '../support/wait';

/** A request whose body is written by the test, chunk by chunk. */
function request(): PassThrough & IncomingMessage {
  return Object.assign(new PassThrough(), { headers: {} }) as unknown as PassThrough &
    IncomingMessage;
}

describe('a request body read in many chunks', () => {
  it('reads the same text however the bytes are split', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        async (text, cuts) => {
          const bytes = Buffer.from(text, 'utf8');
          const at = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort(
            (a, b) => a - b,
          );
          const req = request();
          const read = readBodyText(req, 1 << 20);
          let from = 0;
          for (const to of [...at, bytes.length]) {
            if (to > from) req.write(Buffer.from(bytes.subarray(from, to)));
            from = to;
          }
          req.end();
          expect(await read).toBe(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
        },
      ),
    );
  });

  it('keeps no chunk alive once its bytes are read', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const req = request();
    const read = readBodyText(req, 1 << 20);
    const chunks: WeakRef<Buffer>[] = [];
    for (let i = 0; i < 2000; i++) {
      const chunk = Buffer.from(' ');
      chunks.push(new WeakRef(chunk));
      req.write(chunk);
    }
    // Held one by one, a million one-byte chunks of a chunked body took about 400 MB.
    const held = () => {
      gc();
      return chunks.filter((chunk) => chunk.deref() !== undefined).length;
    };
    await waitFor(() => held() <= 1, { timeoutMs: 3000, what: 'the chunks read to be collected' });
    req.end('1');
    expect(await read).toBe(`${' '.repeat(2000)}1`);
  });
});
