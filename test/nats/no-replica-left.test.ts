import pino from 'pino';
import { answerPings } from '../../src/replica/replica-pings';
import { NoReplyError } from '../../src/transport/nats/no-reply-error';
import { replicaSubject } from '../../src/transport/nats/replica-ping';
import { checkNats } from '../support/nats';
import { useNatsLink } from '../support/nats-link';
import { steerableStatus, watchGone } from '../support/replica-status';
import { waitFor } from '../support/wait';

const describeNats = checkNats('the no-replica-left tests are skipped') ? describe : describe.skip;

/** Keeps the event loop busy for `ms`, as a main server under load does now and then. */
function busy(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

// With no replica left, NATS answers "no responders" at once: the caller gets 503, "never reached a
// replica" (docs/faults.md). The replica watch must not answer the call first, as REPLICA_LOST
// ("may have run"), when its ping round falls between the call and NATS's answer.
describeNats('a call when every replica the main server knew is gone', () => {
  const lines: { msg: string; replica?: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const setup = useNatsLink('no-replica-left', logger, { replicas: true });

  const status = (id: string, draining: boolean) => steerableStatus('gone', id, draining);

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
      const watch = watchGone(setup.link, subject, logger);
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
});
