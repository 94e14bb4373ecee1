import pino from 'pino';
import { createErrorListener, type DisconnectPhase } from '../../src/server/error-listener';

// A client that reset its connection behind pipelined requests was counted twice when the server
// met the reset under a write (ECONNRESET) and then a parse error of the bytes it had read before
// (HPE_*): portico_client_disconnects_total read 10 for 5 such clients in one run and 5 in another.
describe('the error listener counts a client that went away once per connection', () => {
  const gone = (code: string) => Object.assign(new Error(code), { code });
  const request = (socket: { destroyed: boolean }) => ({ socket, complete: true });

  it('counts a reset and the parse error after it on one connection once, and each connection', () => {
    const phases: DisconnectPhase[] = [];
    const listen = createErrorListener(pino({ level: 'silent' }), (phase) => phases.push(phase));
    const socket = { destroyed: true };
    const other = { destroyed: true };
    listen(gone('ECONNRESET'), { req: request(socket), path: '/a/b/c' } as never);
    listen(gone('HPE_INVALID_METHOD'), { req: request(socket), path: '/a/b/c' } as never);
    expect(phases).toEqual(['response']);
    listen(gone('HPE_INVALID_METHOD'), { req: request(other), path: '/a/b/c' } as never);
    expect(phases).toEqual(['response', 'response']);
  });
});
