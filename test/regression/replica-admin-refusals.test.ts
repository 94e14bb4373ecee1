import { once } from 'node:events';
import net from 'node:net';
import type { NatsReplica } from '../../src/replica/nats-replica';
import { type ReplicaAdmin, startReplicaAdmin } from '../../src/replica/replica-admin';
import { rawRequest, sendRaw } from '../hardening/support/raw-http';

// Bug: a replica's admin port answered bytes its parser refused with Node's bare 400 (no body),
// and its refusals under a fresh request id, not the caller's X-SVC-Request-ID.
describe("a replica's admin port", () => {
  let admin: ReplicaAdmin;
  let url: string;
  beforeAll(async () => {
    const replica = {
      microservice: 'calc',
      replicaId: 'r1',
      running: 0,
      waiting: 0,
      concurrency: 1,
    };
    admin = await startReplicaAdmin(replica as unknown as NatsReplica, 0, '127.0.0.1');
    url = `http://127.0.0.1:${admin.port}`;
  });
  afterAll(() => admin.close());

  const envelopeOf = (body: string) => JSON.parse(body).error as Record<string, unknown>;

  it('answers its refusals under the caller request id', async () => {
    const headers: [string, string][] = [
      ['Host', 'x'],
      ['X-SVC-Request-ID', 'admin-1'],
    ];
    for (const [method, target, status] of [
      ['POST', '/-/ready', 405],
      ['GET', '/-/nothing', 404],
    ] as const) {
      const answer = await sendRaw(url, rawRequest(method, target, headers));
      expect(answer.status).toBe(status);
      expect(answer.headers['x-svc-request-id']).toBe('admin-1');
      expect(envelopeOf(answer.body)).toMatchObject({ status, requestId: 'admin-1' });
    }
  });

  it.each([
    ['bad syntax', 'GET /-/live HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n', 400, 'BAD_REQUEST'],
    [
      'a head over the limit',
      `GET /-/live HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'HEADERS_TOO_LARGE',
    ],
  ])('answers %s with the error envelope, and closes', async (_, request, status, code) => {
    const answer = await sendRaw(url, request);
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const envelope = envelopeOf(answer.body);
    expect(envelope).toMatchObject({ status, code });
    expect(answer.headers['x-svc-request-id']).toBe(envelope.requestId);
    expect(answer.headers.connection).toBe('close');
    expect((await sendRaw(url, rawRequest('GET', '/-/live', [['Host', 'x']]))).status).toBe(200);
  });

  it('answers a head that comes too slowly with 408 and the envelope, as the main server does', async () => {
    const socket = net.connect(admin.port, '127.0.0.1');
    socket.on('error', () => {});
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
    });
    const closed = once(socket, 'close');
    // A head never finished: Node's own limits held such a connection for a minute or more.
    socket.write('GET /-/live HTTP/1.1\r\nHost: x\r\n');
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"code":"REQUEST_TIMEOUT"');
  });
});
