import pino from 'pino';
import type { RemoteError } from '../../src/errors';
import { answerPings } from '../../src/replica/replica-pings';
import { type ReplicaStatus, replicaSubject } from '../../src/transport/nats/replica-ping';
import { requestReply } from '../../src/transport/nats/request-reply';
import { checkNats } from '../support/nats';
import { useNatsLink } from '../support/nats-link';
import { callToGone, steerableStatus, watchGone } from '../support/replica-status';
import { waitFor } from '../support/wait';

const describeNats = checkNats('the replica lost calls tests are skipped')
  ? describe
  : describe.skip;

const call = (n: number) => callToGone(`c${n}`, String(n));

// The `replica lost` line tells an operator how many calls went down with the replica: every call
// answered REPLICA_LOST for it, not only those it had reported holding (docs/faults.md).
describeNats('the replica lost line of a replica that dies holding calls', () => {
  const lines: { msg: string; replica?: string; calls?: number }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const setup = useNatsLink('replica-lost-calls', logger, { replicas: true });

  /**
   * Plays replica `id` on `subject`: it takes the calls on `on` and never answers them, and
   * reports holding the first `reports` of them in its ping answers.
   */
  function hang(subject: string, status: ReplicaStatus, on: string, reports: number) {
    const taken: string[] = [];
    const takes = setup.replicas.subscribe(on, {
      queue: subject,
      callback: (_error, msg) => taken.push(msg.reply ?? ''),
    });
    const pings = answerPings(setup.replicas, subject, (inbox) => ({
      ...status,
      holds: taken.slice(0, reports).map((reply) => reply.slice(inbox.length + 1)),
    }));
    return { taken, takes, pings };
  }

  /** Sends `count` calls, and has the replica stop answering pings in the same turn. */
  function sendAndDie(
    subject: string,
    steer: ReturnType<typeof watchGone>['steer'],
    count: number,
    dies: () => void,
  ) {
    const hop = { link: setup.link, subject, steer };
    const calls = Array.from({ length: count }, (_, n) =>
      requestReply(hop, call(n)).then(
        () => undefined,
        (reason: unknown) => reason as RemoteError,
      ),
    );
    dies();
    return Promise.all(calls);
  }

  it('counts the calls steered to it in its last moments, besides those it reported', async () => {
    const subject = 'portico.lostc';
    const replica = hang(
      subject,
      steerableStatus('gone', 'steered-1', false),
      replicaSubject(subject, 'steered-1'),
      1,
    );
    await setup.replicas.flush();
    const watch = watchGone(setup.link, subject, logger);
    const mux = setup.link.requests();
    try {
      await waitFor(() => watch.steer.next() === replicaSubject(subject, 'steered-1'));
      const first = sendAndDie(subject, watch.steer, 1, () => {});
      // It reports the first call in a ping answer; the two sent next, it never reports.
      await waitFor(() =>
        [...mux.pending.values()].some((pending) => pending.holder !== undefined),
      );
      const next = sendAndDie(subject, watch.steer, 2, () =>
        replica.pings.subscription.unsubscribe(),
      );
      const errors = [...(await first), ...(await next)];
      expect(errors.map((error) => error?.code)).toEqual([
        'REPLICA_LOST',
        'REPLICA_LOST',
        'REPLICA_LOST',
      ]);
      expect(replica.taken).toHaveLength(3);
      expect(
        lines.find((line) => line.replica === 'steered-1' && line.msg === 'replica lost'),
      ).toMatchObject({ calls: 3 });
    } finally {
      watch.stop();
      replica.takes.unsubscribe();
    }
  });

  it('counts the calls it may have taken from the queue group after its last answer', async () => {
    const subject = 'portico.lostq';
    const status = { ...steerableStatus('gone', 'queued-1', false), steerable: false };
    const replica = hang(subject, status, subject, 0);
    await setup.replicas.flush();
    const watch = watchGone(setup.link, subject, logger);
    try {
      while (!(await watch.ready()));
      const errors = await sendAndDie(subject, watch.steer, 2, () =>
        replica.pings.subscription.unsubscribe(),
      );
      expect(errors.map((error) => error?.code)).toEqual(['REPLICA_LOST', 'REPLICA_LOST']);
      expect(replica.taken).toHaveLength(2);
      expect(
        lines.find((line) => line.replica === 'queued-1' && line.msg === 'replica lost'),
      ).toMatchObject({ calls: 2 });
    } finally {
      watch.stop();
      replica.takes.unsubscribe();
    }
  });
});
