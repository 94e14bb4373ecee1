import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import pino from 'pino';
import { watchReplicas } from '../../src/transport/nats/replica-watch';
import { checkNats } from '../support/nats';
import { useNatsLink } from '../support/nats-link';

const describeNats = checkNats('the replica watch tests are skipped') ? describe : describe.skip;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Collects garbage after the current job, when weak references may let go. */
async function collect(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
  }
}

describeNats('the readiness of a replica watch', () => {
  const logger = pino({ level: 'silent' });
  const setup = useNatsLink('watch-test', logger);

  it('is false while no replica answers, and keeps nothing of a check that ended', async () => {
    const watch = watchReplicas({
      link: setup.link,
      subject: 'portico.nobody',
      microservice: 'nobody',
      logger,
      events: undefined,
    });
    try {
      // A readiness probe asks again and again while no replica runs: each check must be let go
      // once it answered, or the watch grows by one per check for as long as none comes.
      const checks = await (async () => {
        const asked = Array.from({ length: 5 }, () => watch.ready());
        expect(await Promise.all(asked)).toEqual([false, false, false, false, false]);
        return asked.map((check) => new WeakRef(check));
      })();
      await collect();
      expect(checks.filter((check) => check.deref() !== undefined)).toHaveLength(0);
    } finally {
      watch.stop();
    }
  });
});
