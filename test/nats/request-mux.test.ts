import fc from 'fast-check';
import { connect, type NatsConnection } from 'nats';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { NoReplyError } from '../../src/transport/nats/no-reply-error';
import { createRequestMux } from '../../src/transport/nats/request-mux';
import { checkNats } from '../support/nats';
import { waitFor } from '../support/wait';

const describeNats = checkNats('the request mux tests are skipped') ? describe : describe.skip;
const text = new TextEncoder();
const read = new TextDecoder();

describeNats('the request mux of a main server', () => {
  let nats: NatsServerProcess;
  let client: NatsConnection;
  let responder: NatsConnection;
  /** Replies that the responder holds back, by request text. */
  const held = new Map<string, () => void>();

  beforeAll(async () => {
    nats = await startNatsServer({});
    client = await connect({ servers: nats.url, noAsyncTraces: true });
    responder = await connect({ servers: nats.url });
    // Answers `echo` with the request's text reversed, in a shuffled order (each after up to
    // 5 ms), and `wait:` requests only when released.
    responder.subscribe('echo', {
      callback: (_, msg) => {
        const got = read.decode(msg.data);
        const answer = () => msg.respond(text.encode([...got].reverse().join('')));
        if (got.startsWith('wait:')) held.set(got, answer);
        else setTimeout(answer, Math.random() * 5);
      },
    });
    await responder.flush();
  });

  afterAll(async () => {
    await client?.close();
    await responder?.close();
    await nats?.stop();
  });

  it('gives every caller its own reply, however many calls go out in one turn', async () => {
    const mux = createRequestMux(client);
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.string({ maxLength: 20 }), { maxLength: 200 }),
          async (texts) => {
            const replies = await Promise.all(
              texts.map((t) => mux.request('echo', text.encode(t), 5_000)),
            );
            expect(replies.map((r) => read.decode(r))).toEqual(
              texts.map((t) => [...t].reverse().join('')),
            );
          },
        ),
        { numRuns: 30 },
      );
    } finally {
      mux.close();
    }
  });

  it('rejects at once with no-responders when nobody listens on the subject', async () => {
    const mux = createRequestMux(client);
    try {
      const started = Date.now();
      const error = await mux.request('nobody.here', text.encode('x'), 5_000).catch((e) => e);
      expect(error).toBeInstanceOf(NoReplyError);
      expect(error.reason).toBe('no-responders');
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      mux.close();
    }
  });

  it('rejects with timeout when the reply is late, drops the late reply, and serves on', async () => {
    const mux = createRequestMux(client);
    try {
      const error = await mux.request('echo', text.encode('wait:1'), 150).catch((e) => e);
      expect(error).toBeInstanceOf(NoReplyError);
      expect(error.reason).toBe('timeout');
      // A call waiting when the late reply arrives does not get it.
      let next: string | undefined;
      const pending = mux.request('echo', text.encode('wait:3'), 5_000).then((reply) => {
        next = read.decode(reply);
        return next;
      });
      await waitFor(() => held.has('wait:3'), { what: 'the second request' });
      const received = client.stats().inMsgs;
      held.get('wait:1')?.();
      await waitFor(() => client.stats().inMsgs === received + 1, { what: 'the late reply' });
      expect(next).toBeUndefined();
      held.get('wait:3')?.();
      expect(await pending).toBe('3:tiaw');
      const reply = await mux.request('echo', text.encode('abc'), 5_000);
      expect(read.decode(reply)).toBe('cba');
    } finally {
      mux.close();
    }
  });

  it('times each call out by its own timeout, a shorter one asked after a longer one too', async () => {
    const mux = createRequestMux(client);
    try {
      const long = mux.request('echo', text.encode('wait:long'), 60_000);
      const started = Date.now();
      const error = await mux.request('echo', text.encode('wait:short'), 200).catch((e) => e);
      expect(error).toBeInstanceOf(NoReplyError);
      expect(error.reason).toBe('timeout');
      expect(error.message).toBe('no reply within 200 ms');
      expect(Date.now() - started).toBeLessThan(30_000);
      // The long call still waits, and a third, shorter again, times out in its turn.
      const third = await mux.request('echo', text.encode('wait:third'), 100).catch((e) => e);
      expect(third.reason).toBe('timeout');
      expect(mux.pending.size).toBe(1);
      await waitFor(() => held.has('wait:long'), { what: 'the long request' });
      held.get('wait:long')?.();
      expect(read.decode(await long)).toBe('gnol:tiaw');
    } finally {
      mux.close();
    }
  });

  it('rejects the calls still waiting when closed, and every later one', async () => {
    const mux = createRequestMux(client);
    const waiting = mux.request('echo', text.encode('wait:2'), 5_000).catch((e) => e);
    await waitFor(() => held.has('wait:2'), { what: 'the request' });
    mux.close();
    const error = await waiting;
    expect(error).toBeInstanceOf(NoReplyError);
    expect(error.reason).toBe('closed');
    await expect(mux.request('echo', text.encode('x'), 5_000)).rejects.toMatchObject({
      reason: 'closed',
    });
    held.get('wait:2')?.();
  });

  it('names the called subject in each reply subject, and takes a reply only on its own', async () => {
    const mux = createRequestMux(client, '_INBOX_portico');
    const replies: string[] = [];
    // A responder of `calc` that also answers, on the reply subject of the `relay` call it
    // guesses from its own, a forged result: the forged one must not reach the relay caller.
    const calc = responder.subscribe('portico.calc', {
      callback: (_, msg) => {
        replies.push(msg.reply ?? '');
        responder.publish((msg.reply ?? '').replace('.portico.calc.', '.portico.relay.'), 'forged');
        msg.respond(text.encode('calc'));
      },
    });
    const relay = responder.subscribe('portico.relay', {
      callback: (_, msg) => {
        replies.push(msg.reply ?? '');
        setTimeout(() => msg.respond(text.encode('relay')), 20);
      },
    });
    await responder.flush();
    try {
      const [toRelay, toCalc] = await Promise.all([
        mux.request('portico.relay', text.encode(''), 5_000),
        mux.request('portico.calc', text.encode(''), 5_000),
      ]);
      expect(read.decode(toCalc)).toBe('calc');
      expect(read.decode(toRelay)).toBe('relay');
      expect(replies.sort()).toEqual([
        expect.stringMatching(/^_INBOX_portico\.[^.]+\.portico\.calc\.[^.]+$/),
        expect.stringMatching(/^_INBOX_portico\.[^.]+\.portico\.relay\.[^.]+$/),
      ]);
    } finally {
      calc.unsubscribe();
      relay.unsubscribe();
      mux.close();
    }
  });
});
