import pino from 'pino';
import { startNatsReplica } from '../../src/replica/nats-replica';
import { watchReplicas } from '../../src/transport/nats/replica-watch';
import { checkNats } from '../support/nats';
import { useNatsLink } from '../support/nats-link';
import { timersLeftBy } from '../support/timers-left';
import jobs from './fixtures/faults';

const describeNats = checkNats('the replica timer tests are skipped') ? describe : describe.skip;
const silent = pino({ level: 'silent' });

describeNats('a replica that a main server watches, once it stops', () => {
  // The main server's link outlives the replica: its pings, one a second by default, would start
  // timers of its own while the replica's are counted.
  const setup = useNatsLink('replica-timers-test', silent, { pingIntervalMs: 600_000 });

  const watched = async (stop: 'close' | 'drain', holdingOnly = true) => {
    const watch = watchReplicas({
      link: setup.link,
      subject: 'portico.jobs',
      microservice: 'jobs',
      logger: silent,
      events: undefined,
    });
    try {
      return await timersLeftBy(
        async () => {
          const replica = await startNatsReplica(jobs, { servers: [setup.nats.url] });
          await replica[stop]();
        },
        { holdingOnly },
      );
    } finally {
      watch.stop();
    }
  };

  it('leaves no timer that holds the process open when closed', async () => {
    await expect(watched('close')).resolves.toEqual([]);
  });

  it('leaves no timer that holds the process open when drained', async () => {
    await expect(watched('drain')).resolves.toEqual([]);
  });

  it('leaves no timer of its own running at all once drained', async () => {
    // A drain ends every wait it began: even a timer that holds nothing open would run on.
    await expect(watched('drain', false)).resolves.toEqual([]);
  });
});
