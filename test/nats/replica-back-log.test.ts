import type { Msg } from 'nats';
import pino from 'pino';
import { pingSubject, type ReplicaStatus } from '../../src/transport/nats/replica-ping';
import { watchReplicas } from '../../src/transport/nats/replica-watch';
import { checkNats } from '../support/nats';
import { useNatsLink } from '../support/nats-link';
import { waitFor } from '../support/wait';

const describeNats = checkNats('the replica back log tests are skipped') ? describe : describe.skip;

const status: ReplicaStatus = {
  microservice: 'back',
  replica: 'b1',
  pid: process.pid,
  running: 0,
  waiting: 0,
  concurrency: 1,
  steerable: true,
  holds: [],
};

// A replica resumed after SIGCONT answers every ping it missed at once, oldest first: the log must
// say it is back, not that it fell silent again.
describeNats('the log of a replica that resumes', () => {
  const lines: { msg: string; replica?: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const setup = useNatsLink('replica-back-log', logger, { replicas: true });

  it('says "replica back" once, and no "replica silent" after it', async () => {
    const subject = 'portico.back';
    const held: Msg[] = [];
    let stopped = false;
    const answer = (msg: Msg) => msg.respond(new TextEncoder().encode(JSON.stringify(status)));
    const pings = setup.replicas.subscribe(pingSubject(subject), {
      callback: (_error, msg) => (stopped ? held.push(msg) : answer(msg)),
    });
    await setup.replicas.flush();
    const watch = watchReplicas({
      link: setup.link,
      subject,
      microservice: 'back',
      logger,
      events: undefined,
    });
    try {
      await waitFor(() => watch.steer.next() !== undefined);
      stopped = true;
      await waitFor(() => lines.some((line) => line.msg === 'replica lost'));
      stopped = false;
      for (const msg of held.splice(0)) answer(msg);
      await waitFor(() => lines.some((line) => line.msg === 'replica back'));
      // In turn again: it has answered a recent round, after all the old ones.
      await waitFor(() => watch.steer.next() !== undefined);
      const after = lines.slice(lines.findIndex((line) => line.msg === 'replica back'));
      expect(after.map((line) => line.msg)).toEqual(['replica back']);
    } finally {
      watch.stop();
      pings.unsubscribe();
    }
  });
});
