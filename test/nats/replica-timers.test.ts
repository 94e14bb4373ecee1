import { createHook } from 'node:async_hooks';
import pino from 'pino';
import { startNatsReplica } from '../../src/replica/nats-replica';
import { watchReplicas } from '../../src/transport/nats/replica-watch';
import { checkNats } from '../support/nats';
import { useNatsLink } from '../support/nats-link';
import jobs from './fixtures/faults';

const describeNats = checkNats('the replica timer tests are skipped') ? describe : describe.skip;
const silent = pino({ level: 'silent' });

/**
 * Runs `work` and answers where each timer it started and left running, and that keeps the
 * process alive, was made: a closed replica must let its process exit at once.
 */
async function timersLeftBy(
  work: () => Promise<void>,
  { holdingOnly = true }: { holdingOnly?: boolean } = {},
): Promise<string[]> {
  const made = new Map<number, { timer: NodeJS.Timeout; where: string }>();
  const hook = createHook({
    init(id, type, _trigger, resource) {
      if (type !== 'Timeout') return;
      // Past the message and this hook: the first frame outside Node is the timer's maker.
      const frames = new Error().stack?.split('\n').slice(2) ?? [];
      const where = frames.find((frame) => !frame.includes('(node:')) ?? 'node';
      made.set(id, { timer: resource as NodeJS.Timeout, where: where.trim() });
    },
    destroy: (id) => made.delete(id),
  });
  hook.enable();
  try {
    await work();
    // Node tells of a timer's end (cleared or fired) on a later turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    hook.disable();
  }
  const left = [...made.values()].filter(({ timer }) => !holdingOnly || timer.hasRef());
  return left.map(({ where }) => where);
}

describeNats('a replica that a main server watches, once it stops', () => {
  const setup = useNatsLink('replica-timers-test', silent);

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
