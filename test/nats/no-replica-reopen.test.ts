import pino from 'pino';
import type { RemoteError } from '../../src/errors';
import { encodeReply } from '../../src/protocol/codec';
import { type FramedReply } from '../../src/protocol/envelope';
import { answerPings } from '../../src/replica/replica-pings';
import { type ReplicaStatus, replicaSubject } from '../../src/transport/nats/replica-ping';
import { requestReply } from '../../src/transport/nats/request-reply';
import { checkNats } from '../support/nats';
import { useNatsLink } from '../support/nats-link';
import { callToGone, steerableStatus, watchGone } from '../support/replica-status';
import { waitFor } from '../support/wait';

const describeNats = checkNats('the no-replica-reopen tests are skipped')
  ? describe
  : describe.skip;

const call = callToGone('r1');

const base = { microservice: 'gone', pid: 1, running: 0, waiting: 0, concurrency: 1 };
/** Replicas that take calls through the queue group alone, so that nothing is steered to them. */
const unsteerable: [string, ReplicaStatus][] = [
  // An earlier release: no instance, no own subject, no calls reported.
  ['of an earlier release', { ...base, replica: 'old-1' }],
  // Its own subject refused by the NATS permissions: it says it is not steerable.
  [
    'whose own subject NATS refused',
    { ...base, replica: 'ref-1', instance: 'a1b2c3d4', steerable: false, holds: [] },
  ],
];

// While every replica a main server knows is counted lost it answers 503 itself (docs/faults.md).
// It opens again when a replica answers, at once: not at its next round of pings.
describeNats('a main server whose every replica was counted lost', () => {
  const lines: { msg: string; replica?: string }[] = [];
  const onLine: ((line: { msg: string; replica?: string }) => void)[] = [];
  const logger = pino(
    { level: 'info' },
    {
      write: (text: string) => {
        const line = JSON.parse(text);
        lines.push(line);
        for (const listen of onLine) listen(line);
      },
    },
  );
  const setup = useNatsLink('no-replica-reopen', logger, { replicas: true });
  const lostLine = (id: string) => () =>
    lines.some((line) => line.replica === id && line.msg === 'replica lost');

  it.each(unsteerable)(
    'sends the first call after a replica %s answers again, to the queue group',
    async (_, status) => {
      const subject = `portico.gone${status.replica.slice(0, 3)}`;
      const queue = setup.replicas.subscribe(subject, {
        queue: subject,
        callback: (_error, msg) =>
          msg.respond(encodeReply({ ok: true, body: '2' }, status.replica)),
      });
      let pings = answerPings(setup.replicas, subject, () => status);
      await setup.replicas.flush();
      const watch = watchGone(setup.link, subject, logger);
      try {
        while (!(await watch.ready()));
        await pings.subscription.unsubscribe();
        await waitFor(lostLine(status.replica), { what: 'replica lost' });
        expect(watch.steer.closed()).toBe('lost');
        // The first call sent once the main server has heard the replica again: in the same turn
        // of the event loop as its answer, before any timer of the watch can run.
        let first: Promise<FramedReply> | undefined;
        onLine.push((line) => {
          if (line.msg === 'replica back' && line.replica === status.replica && !first)
            queueMicrotask(() => {
              first = requestReply({ link: setup.link, subject, steer: watch.steer }, call);
            });
        });
        pings = answerPings(setup.replicas, subject, () => status);
        await waitFor(() => first !== undefined, { what: 'replica back' });
        await expect(first).resolves.toMatchObject({
          ok: true,
          body: '2',
          replica: status.replica,
        });
      } finally {
        onLine.length = 0;
        watch.stop();
        queue.unsubscribe();
        await pings.subscription.unsubscribe();
      }
    },
  );

  // Forgetting a lost replica (after 10 minutes; here 300 ms) must not open the door to the queue
  // group, where a replica that hangs still holds a subscription and would take the calls.
  it('keeps answering 503 once it has forgotten every lost replica, until one answers', async () => {
    const subject = 'portico.gonef';
    const taken: string[] = [];
    const queue = setup.replicas.subscribe(subject, {
      queue: subject,
      callback: (_error, msg) => taken.push(msg.subject),
    });
    const status = steerableStatus('gone', 'hung-f', false);
    let pings = answerPings(setup.replicas, subject, () => status);
    await setup.replicas.flush();
    const watch = watchGone(setup.link, subject, logger, 300);
    const hop = { link: setup.link, subject, steer: watch.steer };
    try {
      await waitFor(() => watch.steer.next() === replicaSubject(subject, 'hung-f'));
      await pings.subscription.unsubscribe();
      await waitFor(
        () => lines.some((l) => l.replica === 'hung-f' && l.msg === 'replica forgotten'),
        {
          what: 'replica forgotten',
        },
      );
      for (let i = 0; i < 3; i++) {
        const error = await requestReply(hop, call).then(
          () => undefined,
          (reason: unknown) => reason,
        );
        expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
        expect((error as RemoteError).headers).toMatchObject({ 'Retry-After': '1' });
      }
      expect(taken).toEqual([]);
      pings = answerPings(setup.replicas, subject, () => status);
      await waitFor(() => watch.steer.closed() === undefined, { what: 'the replica heard again' });
    } finally {
      watch.stop();
      queue.unsubscribe();
      await pings.subscription.unsubscribe();
    }
  });
});
