import type http from 'node:http';
import { PassThrough } from 'node:stream';
import { answerClientError } from '../../src/server/raw-refusals';

/** A response as Node leaves it once it was written whole, or begun, with `Connection: close`. */
function closingResponse(finished: boolean): http.ServerResponse {
  return {
    headersSent: true,
    writableEnded: true,
    writableFinished: finished,
    shouldKeepAlive: false,
    req: { complete: false, rawHeaders: [], headers: {} },
    getHeader: () => undefined,
  } as unknown as http.ServerResponse;
}

// Bug: Node's parser refuses a head (a Transfer-Encoding that does not end in chunked) after the
// request event, whose 400 with Connection: close is written by then. Depending on whether that
// 400 had reached the socket, a second 400 followed it, or the socket was destroyed under it.
describe('a parser error after an answer that closes the connection', () => {
  it.each([
    ['written whole', true],
    ['still being written', false],
  ])('writes nothing more, and leaves the answer %s to close the connection', (_, finished) => {
    const socket = new PassThrough();
    let written = '';
    socket.on('data', (chunk: Buffer) => {
      written += chunk.toString('latin1');
    });
    const error = Object.assign(new Error('Parse Error'), {
      code: 'HPE_INVALID_TRANSFER_ENCODING',
    });
    answerClientError(error, socket, [closingResponse(finished)]);
    expect([written, socket.destroyed, socket.writableEnded]).toEqual(['', false, false]);
  });
});
