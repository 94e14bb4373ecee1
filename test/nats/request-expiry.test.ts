import { connect, type NatsConnection } from 'nats';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { NoReplyError } from '../../src/transport/nats/no-reply-error';
import { createRequestMux } from '../../src/transport/nats/request-mux';
import { checkNats } from '../support/nats';
import { waitFor } from '../support/wait';

const describeNats = checkNats('the request expiry tests are skipped') ? describe : describe.skip;
const WAITING = 2_000;

/** Counts the reads of a map: the lookups per key, and every walk over it. */
function watchReads<K>(map: ReadonlyMap<K, unknown>): {
  gets: Map<K, number>;
  walks: number;
} {
  const seen = { gets: new Map<K, number>(), walks: 0 };
  const target = map as Map<K, unknown>;
  const get = target.get.bind(target);
  target.get = (key: K) => {
    seen.gets.set(key, (seen.gets.get(key) ?? 0) + 1);
    return get(key);
  };
  for (const walk of [Symbol.iterator, 'entries', 'keys', 'values', 'forEach'] as const) {
    const original = (target[walk] as () => unknown).bind(target);
    Object.defineProperty(target, walk, {
      value: (...args: []) => {
        seen.walks++;
        return original(...args);
      },
    });
  }
  return seen;
}

describeNats('the expiry of requests in the request mux', () => {
  let nats: NatsServerProcess;
  let client: NatsConnection;
  let silent: NatsConnection;
  let heard = 0;

  beforeAll(async () => {
    nats = await startNatsServer({});
    client = await connect({ servers: nats.url });
    silent = await connect({ servers: nats.url });
    // Takes every request and answers none.
    silent.subscribe('silent', { callback: () => heard++ });
    await silent.flush();
  });

  afterAll(async () => {
    await client?.close();
    await silent?.close();
    await nats?.stop();
  });

  it('times out the requests that are due without a look at those still waiting', async () => {
    const mux = createRequestMux(client);
    const seen = watchReads(mux.pending);
    try {
      const waiting = Array.from({ length: WAITING }, () =>
        mux.request('silent', new Uint8Array(), 600_000).catch((e) => e),
      );
      const due = await Promise.all(
        [1, 2, 3].map(() => mux.request('silent', new Uint8Array(), 300).catch((e) => e)),
      );
      for (const error of due) {
        expect(error).toBeInstanceOf(NoReplyError);
        expect(error.reason).toBe('timeout');
      }
      await waitFor(() => heard >= WAITING + 3, { what: 'every request at the responder' });
      expect(mux.pending.size).toBe(WAITING);
      // Publishing looked each request up once; the expiry of the three read none of the others.
      expect(seen.walks).toBe(0);
      expect(Math.max(...[...mux.pending.keys()].map((key) => seen.gets.get(key) ?? 0))).toBe(1);
      mux.close();
      expect(new Set((await Promise.all(waiting)).map((e) => e.reason))).toEqual(
        new Set(['closed']),
      );
    } finally {
      mux.close();
    }
  });
});
