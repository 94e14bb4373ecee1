import pino from 'pino';
import type { RemoteError } from '../../src/errors';
import { encodeReply } from '../../src/protocol/codec';
import { answerPings } from '../../src/replica/replica-pings';
import { replicaSubject } from '../../src/transport/nats/replica-ping';
import { requestReply } from '../../src/transport/nats/request-reply';
import { checkNats } from '../support/nats';
import { useNatsLink } from '../support/nats-link';
import { callToGone, steerableStatus, watchGone } from '../support/replica-status';
import { waitFor } from '../support/wait';

const describeNats = checkNats('the no-replica-open tests are skipped') ? describe : describe.skip;

const call = callToGone('g1');

// No replica the main server knows takes calls: it answers 503 itself, "retry later", and sends
// nothing that a replica might take as it goes (docs/faults.md).
describeNats('a call when no replica the main server knows takes calls', () => {
  const lines: { msg: string; replica?: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const setup = useNatsLink('no-replica-open', logger, { replicas: true });
  const status = (id: string, draining: boolean) => steerableStatus('gone', id, draining);
  /** What the call to `subject` ends with through `watch`: the error, or undefined if answered. */
  const refusal = (subject: string, watch: ReturnType<typeof watchGone>) =>
    requestReply({ link: setup.link, subject, steer: watch.steer }, call).then(
      () => undefined,
      (reason: unknown) => reason,
    );

  // The last replica drains: it keeps its subscriptions a moment, and a call sent to the queue
  // group as it ends them is lost in a cluster of NATS nodes. A user expects 503, "retry later".
  it('is answered 503 at once, never sent, while the only replica drains', async () => {
    const subject = 'portico.gonel';
    const state = { draining: false };
    const taken: string[] = [];
    const pings = answerPings(setup.replicas, subject, () => status('last-1', state.draining));
    const queue = setup.replicas.subscribe(subject, {
      queue: subject,
      callback: (_error, msg) => {
        taken.push(msg.subject);
        msg.respond(encodeReply({ ok: true, body: '2' }, 'last-1'));
      },
    });
    await setup.replicas.flush();
    const watch = watchGone(setup.link, subject, logger);
    try {
      await waitFor(() => watch.steer.next() === replicaSubject(subject, 'last-1'));
      state.draining = true;
      await waitFor(() => watch.steer.next() === undefined);
      const error = await refusal(subject, watch);
      expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
      expect((error as RemoteError).headers).toMatchObject({ 'Retry-After': '1' });
      expect(taken).toEqual([]);
    } finally {
      watch.stop();
      queue.unsubscribe();
      await pings.subscription.unsubscribe();
    }
  });
  // Every replica hangs (SIGSTOP): NATS still hands calls to their subscriptions, where none runs.
  it('is answered 503 at once, never sent, while every replica is counted lost', async () => {
    const subject = 'portico.gones';
    const taken: string[] = [];
    const pings = answerPings(setup.replicas, subject, () => status('hung-1', false));
    const queue = setup.replicas.subscribe(subject, {
      queue: subject,
      callback: (_error, msg) => taken.push(msg.subject),
    });
    await setup.replicas.flush();
    const watch = watchGone(setup.link, subject, logger);
    try {
      await waitFor(() => watch.steer.next() === replicaSubject(subject, 'hung-1'));
      await pings.subscription.unsubscribe();
      await waitFor(() =>
        lines.some((line) => line.replica === 'hung-1' && line.msg === 'replica lost'),
      );
      const error = await refusal(subject, watch);
      expect(error).toMatchObject({
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: 'no replica of gone answers its pings',
      });
      expect(taken).toEqual([]);
    } finally {
      watch.stop();
      queue.unsubscribe();
    }
  });

  // Every replica drained and said goodbye (SIGTERM): none hangs, none is running.
  it('says every replica left, once the only replica drained and went', async () => {
    const subject = 'portico.gonet';
    const state = { draining: false };
    const pings = answerPings(setup.replicas, subject, () => status('left-1', state.draining));
    await setup.replicas.flush();
    const watch = watchGone(setup.link, subject, logger);
    try {
      await waitFor(() => watch.steer.next() === replicaSubject(subject, 'left-1'));
      state.draining = true;
      await waitFor(() => watch.steer.closed() === 'draining');
      await pings.subscription.unsubscribe();
      await waitFor(() =>
        lines.some((line) => line.replica === 'left-1' && line.msg === 'replica left'),
      );
      const error = await refusal(subject, watch);
      expect(error).toMatchObject({
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: 'every replica of gone has left: none is running',
      });
      expect((error as RemoteError).headers).toMatchObject({ 'Retry-After': '1' });
    } finally {
      watch.stop();
    }
  });
});
