import pino from 'pino';
import { answerPings } from '../../src/replica/replica-pings';
import { connectNats } from '../../src/transport/nats/nats-connection';
import { type ReplicaStatus, replicaSubject } from '../../src/transport/nats/replica-ping';
import { type ReplicaWatch, watchReplicas } from '../../src/transport/nats/replica-watch';
import { checkNats } from '../support/nats';
import { useNatsLink } from '../support/nats-link';
import { waitFor } from '../support/wait';

const describeNats = checkNats('the replica leaving tests are skipped') ? describe : describe.skip;

// A replica that drains ends its subscriptions only once main servers steer no call to it: in a
// cluster of NATS nodes a call steered to an ended subscription is lost, not refused.
describeNats('a draining replica, before it ends its subscriptions', () => {
  const logger = pino({ level: 'silent' });
  const setup = useNatsLink('leaving-test', logger, { replicas: true });

  /** Answers pings as replica `id` of `subject`, draining once `drain` is true. */
  function replica(subject: string, id: string) {
    const state = { draining: false, pings: 0 };
    const pings = answerPings(setup.replicas, subject, (): ReplicaStatus => {
      state.pings++;
      return {
        microservice: 'leave',
        replica: id,
        pid: process.pid,
        running: 0,
        waiting: 0,
        concurrency: 1,
        draining: state.draining,
        joining: false,
        steerable: true,
        holds: [],
      };
    });
    return { state, pings };
  }

  const watch = (subject: string, link = setup.link) =>
    watchReplicas({ link, subject, microservice: 'leave', logger, events: undefined });
  /** Where the main server sends its next call: the replica's own subject, or the queue group. */
  const steersTo = (main: ReplicaWatch, id: string, subject: string) =>
    main.steer.next() === replicaSubject(subject, id);

  it('waits until every main server that pings it has taken it out of turn', async () => {
    const { state, pings } = replica('portico.leave1', 'r1');
    await setup.replicas.flush();
    // Two main servers, each on a connection of its own.
    const second = await connectNats({ servers: [setup.nats.url], name: 'second', logger });
    const mains = [watch('portico.leave1'), watch('portico.leave1', second)];
    try {
      await waitFor(() => mains.every((main) => steersTo(main, 'r1', 'portico.leave1')));
      state.draining = true;
      const pingsBefore = state.pings;
      await pings.leaving();
      expect(mains.map((main) => steersTo(main, 'r1', 'portico.leave1'))).toEqual([false, false]);
      // Three pings of each main server: the first answer that says it drains, and two more.
      expect(state.pings - pingsBefore).toBeGreaterThanOrEqual(6);
    } finally {
      for (const main of mains) main.stop();
      await second.connection.close();
      await pings.subscription.drain();
    }
  });

  it('ends them at once when no main server pings it', async () => {
    const { state, pings } = replica('portico.leave2', 'r2');
    await setup.replicas.flush();
    state.draining = true;
    let left = false;
    void pings.leaving().then(() => {
      left = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(left).toBe(true);
    expect(state.pings).toBe(0);
    await pings.subscription.drain();
  });

  it('does not wait for a main server that stopped pinging', async () => {
    const { state, pings } = replica('portico.leave3', 'r3');
    await setup.replicas.flush();
    const main = watch('portico.leave3');
    await waitFor(() => steersTo(main, 'r3', 'portico.leave3'));
    main.stop();
    state.draining = true;
    const pingsBefore = state.pings;
    await pings.leaving();
    expect(state.pings).toBe(pingsBefore);
    await pings.subscription.drain();
  });
});
