import pino from 'pino';
import { startNatsReplica } from '../../src/replica/nats-replica';
import { watchReplicas } from '../../src/transport/nats/replica-watch';
import { checkNats } from '../support/nats';
import { useNatsLink } from '../support/nats-link';
import { waitFor } from '../support/wait';
import jobs from './fixtures/faults';

const describeNats = checkNats('the replica introduction tests are skipped')
  ? describe
  : describe.skip;
const silent = pino({ level: 'silent' });

/**
 * A main server counts lost only the replicas it has heard (docs/faults.md): a replica must be
 * heard before it takes a call, or one that dies or stops right after its start, its first calls
 * with it, is never counted lost.
 */
describeNats('a replica that starts while a main server watches', () => {
  const setup = useNatsLink('introduction-test', silent);

  it('is heard before it takes calls, so it is counted lost when it dies at once', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => lines.push(JSON.parse(line)) },
    );
    const watch = watchReplicas({
      link: setup.link,
      subject: 'portico.jobs',
      microservice: 'jobs',
      logger,
      events: undefined,
    });
    try {
      const replica = await startNatsReplica(jobs, {
        servers: [setup.nats.url],
        replicaId: 'quick',
      });
      // Dies the moment it could take a call: its connection ends without a word.
      await replica.close();
      const lost = () => lines.find((line) => line.msg === 'replica lost');
      await waitFor(() => lost() !== undefined, {
        what: 'the replica lost line',
        timeoutMs: 5_000,
      });
      expect(lost()).toMatchObject({ level: 40, microservice: 'jobs', replica: 'quick', calls: 0 });
    } finally {
      watch.stop();
    }
  });
});
