import pino from 'pino';
import { answerPings } from '../../src/replica/replica-pings';
import { replicaSubject } from '../../src/transport/nats/replica-ping';
import { checkNats } from '../support/nats';
import { useNatsLink } from '../support/nats-link';
import { steerableStatus, watchGone } from '../support/replica-status';
import { waitFor } from '../support/wait';

const describeNats = checkNats('the replica restart id tests are skipped')
  ? describe
  : describe.skip;

const TWINS = 'two replicas answer with one id';

// A replica restarted at once under a fixed --replica-id is a new process (a new instance) with
// the id of the old one, which drains or has just died. Only two processes alive at once with
// one id are twins, worth a warning (docs/operating.md).
describeNats('a replica process that takes over the id of another', () => {
  const lines: { msg: string; replica?: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const setup = useNatsLink('replica-restart-id', logger, { replicas: true });
  const said = (id: string, msg: string) => () =>
    lines.some((line) => line.replica === id && line.msg === msg);

  /** Answers the pings of `subject` as the process `instance` of replica `id`. */
  function play(
    subject: string,
    id: string,
    instance: string,
    state = { draining: false, answers: 0 },
  ) {
    const status = () => {
      state.answers++;
      return { ...steerableStatus('gone', id, state.draining), instance };
    };
    return { pings: answerPings(setup.replicas, subject, status), key: `${id}.${instance}`, state };
  }

  it('is no twin when the old process was killed just before', async () => {
    const subject = 'portico.restartk';
    const old = play(subject, 'solo-k', 'aaaaaaa1');
    await setup.replicas.flush();
    const watch = watchGone(setup.link, subject, logger);
    let fresh: ReturnType<typeof play> | undefined;
    try {
      await waitFor(() => watch.steer.next() === replicaSubject(subject, old.key));
      // kill -9, and the new process starts under the same id at once.
      old.pings.subscription.unsubscribe();
      fresh = play(subject, 'solo-k', 'bbbbbbb2');
      await waitFor(() => watch.steer.next() === replicaSubject(subject, fresh?.key ?? ''));
      await waitFor(said('solo-k', 'replica lost'), { what: 'replica lost' });
      expect(said('solo-k', TWINS)()).toBe(false);
    } finally {
      watch.stop();
      fresh?.pings.subscription.unsubscribe();
    }
  });

  it('is no twin when the old process drains as it starts', async () => {
    const subject = 'portico.restartd';
    const old = play(subject, 'solo-d', 'aaaaaaa3');
    await setup.replicas.flush();
    const watch = watchGone(setup.link, subject, logger);
    let fresh: ReturnType<typeof play> | undefined;
    try {
      await waitFor(() => watch.steer.next() === replicaSubject(subject, old.key));
      old.state.draining = true;
      fresh = play(subject, 'solo-d', 'bbbbbbb4');
      await waitFor(() => watch.steer.next() === replicaSubject(subject, fresh?.key ?? ''));
      // It leaves once drained, while the new one answers.
      old.pings.subscription.unsubscribe();
      await waitFor(said('solo-d', 'replica left'), { what: 'replica left' });
      expect(said('solo-d', TWINS)()).toBe(false);
    } finally {
      watch.stop();
      fresh?.pings.subscription.unsubscribe();
    }
  });

  it('is a twin, said once, when both answer', async () => {
    const subject = 'portico.restartt';
    const one = play(subject, 'twin-t', 'aaaaaaa5');
    await setup.replicas.flush();
    const watch = watchGone(setup.link, subject, logger);
    let two: ReturnType<typeof play> | undefined;
    try {
      await waitFor(() => watch.steer.next() === replicaSubject(subject, one.key));
      two = play(subject, 'twin-t', 'bbbbbbb6');
      await waitFor(said('twin-t', TWINS), { what: TWINS });
      const steered = new Set([watch.steer.next(), watch.steer.next()]);
      expect(steered).toEqual(
        new Set([one.key, two.key].map((key) => replicaSubject(subject, key))),
      );
      // Both answer three more rounds: the warning is not said again.
      const answers = one.state.answers + (two?.state.answers ?? 0);
      await waitFor(() => one.state.answers + (two?.state.answers ?? 0) >= answers + 6);
      expect(lines.filter((line) => line.msg === TWINS && line.replica === 'twin-t')).toHaveLength(
        1,
      );
    } finally {
      watch.stop();
      one.pings.subscription.unsubscribe();
      two?.pings.subscription.unsubscribe();
    }
  });
});
