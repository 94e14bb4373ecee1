import net from 'node:net';
import path from 'node:path';
import fc from 'fast-check';
import { packParts, unpackParts } from '../../bench/baselines/echo-wire';
import { checkRow } from '../../bench/drive';
import { type BenchNats, startBenchNats } from '../../bench/nats-server';
import { ROWS } from '../../bench/rows';
import { SERVERS } from '../../bench/server-specs';
import { type RunningServer, startServer } from '../../bench/servers';
import { checkNats } from '../support/nats';

const ROOT = path.resolve(__dirname, '../..');
const natsDescribe = checkNats('the NATS echo baselines of the bench') ? describe : describe.skip;

function post(port: number, body: string): Promise<[number, string]> {
  const url = `http://127.0.0.1:${port}/calc/multiplier/mulTwo`;
  const headers = { 'content-type': 'application/json' };
  return fetch(url, { method: 'POST', headers, body }).then(async (r) => [
    r.status,
    await r.text(),
  ]);
}

/** The answers complete in `bytes`, in order: each as its status and body (Content-Length or chunked). */
function answersIn(bytes: string): [number, string][] {
  const answers: [number, string][] = [];
  let at = 0;
  for (;;) {
    const headEnd = bytes.indexOf('\r\n\r\n', at);
    if (headEnd < 0) return answers;
    const head = bytes.slice(at, headEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    const bodyAt = headEnd + 4;
    // Without a length the body is chunked: an empty one is its last chunk alone.
    const end =
      length === undefined ? bytes.indexOf('0\r\n\r\n', bodyAt) + 5 : bodyAt + Number(length);
    if (end < bodyAt || end > bytes.length) return answers;
    answers.push([Number(head.slice(9, 12)), length === undefined ? '' : bytes.slice(bodyAt, end)]);
    at = end;
  }
}

/** Sends `bodies` pipelined in one write on one connection: one turn of the server's loop reads them all. */
function pipelined(port: number, bodies: readonly string[]): Promise<[number, string][]> {
  const request = (body: string) =>
    `POST /calc/multiplier/mulTwo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let bytes = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => {
      bytes += chunk;
      const answers = answersIn(bytes);
      if (answers.length === bodies.length) {
        socket.destroy();
        resolve(answers);
      }
    });
    socket.on('error', reject);
    socket.write(bodies.map(request).join(''));
  });
}

describe('the framing of nats-echo-batched', () => {
  it('gives back the parts it packed; a message cut inside a part is refused', () => {
    const parts = fc.array(fc.uint8Array({ maxLength: 40 }), { maxLength: 8 });
    fc.assert(
      fc.property(parts, fc.nat(), (list, n) => {
        const packed = packParts(list);
        expect(unpackParts(packed).map((p) => [...p])).toEqual(list.map((p) => [...p]));
        let boundary = 0;
        const whole = list.map((part) => (boundary += 4 + part.length));
        const cut = n % (packed.length + 1);
        const kept = whole.filter((end) => end <= cut).length;
        if (cut === 0 || whole.includes(cut)) {
          expect(unpackParts(packed.subarray(0, cut))).toHaveLength(kept);
        } else {
          expect(() => unpackParts(packed.subarray(0, cut))).toThrow('past the end');
        }
      }),
    );
  });
});

natsDescribe('the NATS echo baselines of npm run bench', () => {
  let nats: BenchNats;
  const servers = new Map<string, RunningServer>();

  beforeAll(async () => {
    nats = await startBenchNats(undefined);
    for (const id of ['nats-echo', 'nats-echo-batched']) {
      const spec = SERVERS.find((s) => s.id === id);
      if (!spec) throw new Error(`no server ${id}`);
      const placement = { root: ROOT, core: undefined, profileDir: undefined, nats };
      const server = await startServer(spec, placement);
      servers.set(id, server);
      // As the bench does: its check waits while no responder has subscribed yet (503).
      await checkRow(ROWS.find((row) => row.id === id) as (typeof ROWS)[number], server.port);
    }
  });

  afterAll(async () => {
    await Promise.all([...servers.values()].map((server) => server.stop()));
    await nats?.stop();
  });

  it.each(['nats-echo', 'nats-echo-batched'])(
    '%s answers mulTwo through its responder',
    async (id) => {
      const { port } = servers.get(id) as RunningServer;
      expect(await post(port, '{"a":2,"b":3}')).toEqual([200, '{"result":6}']);
      expect(await post(port, '{"a":2,')).toEqual([400, '']);
    },
  );

  it('nats-echo-batched gives each call of one batch its own answer', async () => {
    const { port } = servers.get('nats-echo-batched') as RunningServer;
    const bodies = Array.from({ length: 8 }, (_, i) => (i === 5 ? 'null' : `{"a":${i},"b":7}`));
    const answers = await pipelined(port, bodies);
    const expected = bodies.map((_, i): [number, string] =>
      i === 5 ? [400, ''] : [200, `{"result":${7 * i}}`],
    );
    expect(answers).toEqual(expected);
    const many = Array.from({ length: 30 }, (_, i) => post(port, `{"a":${i},"b":3}`));
    expect(await Promise.all(many)).toEqual(many.map((_, i) => [200, `{"result":${3 * i}}`]));
  });
});
