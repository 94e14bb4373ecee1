import pino from 'pino';
import type { RemoteError } from '../../src/errors';
import { encodeReply } from '../../src/protocol/codec';
import { type CallEnvelope, ENVELOPE_VERSION } from '../../src/protocol/envelope';
import { answerPings } from '../../src/replica/replica-pings';
import { NoReplyError } from '../../src/transport/nats/no-reply-error';
import { type ReplicaStatus, replicaSubject } from '../../src/transport/nats/replica-ping';
import { watchReplicas } from '../../src/transport/nats/replica-watch';
import { requestReply } from '../../src/transport/nats/request-reply';
import { checkNats } from '../support/nats';
import { useNatsLink } from '../support/nats-link';
import { waitFor } from '../support/wait';

const describeNats = checkNats('the no-replica-left tests are skipped') ? describe : describe.skip;

/** Keeps the event loop busy for `ms`, as a main server under load does now and then. */
function busy(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

const call: CallEnvelope = {
  version: ENVELOPE_VERSION,
  microservice: 'gone',
  service: 'calc',
  method: 'add',
  apiId: 'RMC',
  sequenceName: 'calc',
  args: ['1'],
  context: { requestId: 'g1', locale: 'en', privilegeNames: [], privileged: false },
  deadline: Date.now() + 60_000,
};

// With no replica left, NATS answers "no responders" at once: the caller gets 503, "never reached a
// replica" (docs/faults.md). The replica watch must not answer the call first, as REPLICA_LOST
// ("may have run"), when its ping round falls between the call and NATS's answer.
describeNats('a call when every replica the main server knew is gone', () => {
  const lines: { msg: string; replica?: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const setup = useNatsLink('no-replica-left', logger, { replicas: true });

  const status = (id: string, draining: boolean): ReplicaStatus => {
    return {
      microservice: 'gone',
      replica: id,
      pid: process.pid,
      running: 0,
      waiting: 0,
      concurrency: 1,
      draining,
      joining: false,
      steerable: true,
      holds: [],
    };
  };

  it.each([
    ['killed', false],
    ['drained', true],
  ])(
    'is answered "no responders", not REPLICA_LOST, after its last replica was %s',
    async (_, draining) => {
      const subject = `portico.gone${draining ? 'd' : 'k'}`;
      const id = draining ? 'drained-1' : 'killed-1';
      const state = { draining: false };
      const pings = answerPings(setup.replicas, subject, () => status(id, state.draining));
      await setup.replicas.flush();
      const watch = watchReplicas({
        link: setup.link,
        subject,
        microservice: 'gone',
        logger,
        events: undefined,
      });
      try {
        await waitFor(() => watch.steer.next() === replicaSubject(subject, id));
        state.draining = draining;
        if (draining) await waitFor(() => watch.steer.next() === undefined);
        // The replica goes without a word, as kill -9 does, or after it drained.
        await pings.subscription.unsubscribe();
        await waitFor(() =>
          lines.some((line) => line.replica === id && /lost|left/.test(line.msg)),
        );
        const mux = setup.link.requests();
        for (let i = 0; i < 3; i++) {
          const call = mux.request(subject, new Uint8Array([1]), 5_000);
          // Published in this turn's batch; the loop then stalls past a ping period, so the watch's
          // tick runs before NATS's answer is read.
          setImmediate(() => busy(400));
          const error = await call.then(
            () => undefined,
            (reason: unknown) => reason,
          );
          expect(error).toBeInstanceOf(NoReplyError);
          expect((error as NoReplyError).reason).toBe('no-responders');
        }
      } finally {
        watch.stop();
      }
    },
  );
  // The last replica drains: it keeps its subscriptions a moment, and a call sent to the queue
  // group as it ends them is lost in a cluster of NATS nodes. A user expects 503, "retry later".
  it('is answered 503 at once, never sent, while the only replica drains', async () => {
    const subject = 'portico.gonel';
    const state = { draining: false };
    const taken: string[] = [];
    const pings = answerPings(setup.replicas, subject, () => status('last-1', state.draining));
    const queue = setup.replicas.subscribe(subject, {
      queue: subject,
      callback: (_error, msg) => {
        taken.push(msg.subject);
        msg.respond(encodeReply({ ok: true, body: '2' }, 'last-1'));
      },
    });
    await setup.replicas.flush();
    const watch = watchReplicas({
      link: setup.link,
      subject,
      microservice: 'gone',
      logger,
      events: undefined,
    });
    try {
      await waitFor(() => watch.steer.next() === replicaSubject(subject, 'last-1'));
      state.draining = true;
      await waitFor(() => watch.steer.next() === undefined);
      const hop = { link: setup.link, subject, steer: watch.steer };
      const error = await requestReply(hop, call).then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
      expect((error as RemoteError).headers).toMatchObject({ 'Retry-After': '1' });
      expect(taken).toEqual([]);
    } finally {
      watch.stop();
      queue.unsubscribe();
      await pings.subscription.unsubscribe();
    }
  });
  // Every replica hangs (SIGSTOP): NATS still hands calls to their subscriptions, where none runs.
  it('is answered 503 at once, never sent, while every replica is counted lost', async () => {
    const subject = 'portico.gones';
    const taken: string[] = [];
    const pings = answerPings(setup.replicas, subject, () => status('hung-1', false));
    const queue = setup.replicas.subscribe(subject, {
      queue: subject,
      callback: (_error, msg) => taken.push(msg.subject),
    });
    await setup.replicas.flush();
    const watch = watchReplicas({
      link: setup.link,
      subject,
      microservice: 'gone',
      logger,
      events: undefined,
    });
    try {
      await waitFor(() => watch.steer.next() === replicaSubject(subject, 'hung-1'));
      await pings.subscription.unsubscribe();
      await waitFor(() =>
        lines.some((line) => line.replica === 'hung-1' && line.msg === 'replica lost'),
      );
      const hop = { link: setup.link, subject, steer: watch.steer };
      const error = await requestReply(hop, call).then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
      expect(taken).toEqual([]);
    } finally {
      watch.stop();
      queue.unsubscribe();
    }
  });
});
