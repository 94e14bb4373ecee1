import { type Msg } from 'nats';
import pino from 'pino';
import { ERROR_STATUS } from '../../src/errors';
import { encodeReply } from '../../src/protocol/codec';
import { type CallEnvelope, ENVELOPE_VERSION } from '../../src/protocol/envelope';
import { type ReplicaWatch, watchReplicas } from '../../src/transport/nats/replica-watch';
import { requestReply } from '../../src/transport/nats/request-reply';
import { checkNats } from '../support/nats';
import { useNatsLink } from '../support/nats-link';

const describeNats = checkNats('the unheard replica tests are skipped') ? describe : describe.skip;
const text = new TextEncoder();

const call = (microservice: string): CallEnvelope => ({
  version: ENVELOPE_VERSION,
  microservice,
  service: 'jobs',
  method: 'slow',
  apiId: 'RMC',
  sequenceName: 'jobs',
  args: ['"a0:1500"'],
  context: { requestId: 'a0', locale: 'en', privilegeNames: [], privileged: false },
  deadline: Date.now() + 10_000,
});

/**
 * What a caller is told of a call that ran (docs/faults.md): never 503 `NOT_ACKNOWLEDGED`, "did not
 * run", when a replica that the main server had not heard yet took it, nor when an idempotent
 * call's first send may have run and the second was refused.
 */
describeNats('a call taken by a replica the main server has not heard', () => {
  const logger = pino({ level: 'silent' });
  const setup = useNatsLink('unheard-test', logger, { replicas: true });

  it('is answered REPLICA_LOST (it may have run), not NOT_ACKNOWLEDGED', async () => {
    const { link, replicas } = setup;
    // A replica that the main server hears, which holds nothing.
    const heard = replicas.subscribe('portico.jobs._ping', {
      callback: (_error, msg) => {
        const status = { microservice: 'jobs', replica: 'heard', pid: 1, running: 0, waiting: 0 };
        msg.respond(text.encode(JSON.stringify({ ...status, concurrency: 1, holds: [] })));
      },
    });
    // A replica that took the call and started it, then was killed before its first ping answer.
    const taken: Msg[] = [];
    const unheard = replicas.subscribe('portico.jobs', {
      queue: 'portico.jobs',
      callback: (_error, msg) => taken.push(msg),
    });
    await replicas.flush();
    let watch: ReplicaWatch | undefined;
    try {
      watch = watchReplicas({
        link,
        subject: 'portico.jobs',
        microservice: 'jobs',
        logger,
        events: undefined,
      });
      const answer = requestReply({ link, subject: 'portico.jobs' }, call('jobs'));
      await expect(answer).rejects.toMatchObject({ code: 'REPLICA_LOST' });
      expect(taken).toHaveLength(1);
    } finally {
      watch?.stop();
      heard.unsubscribe();
      unheard.unsubscribe();
    }
  });

  it('is answered REPLICA_LOST when the first send may have run and the retry was refused', async () => {
    const refusals = [
      {
        status: ERROR_STATUS.REPLICA_LOST,
        code: 'REPLICA_LOST',
        message: 'stalled after taking it',
      },
      { status: ERROR_STATUS.NOT_ACKNOWLEDGED, code: 'NOT_ACKNOWLEDGED', message: 'read too late' },
    ];
    const { link, replicas } = setup;
    let sends = 0;
    const replica = replicas.subscribe('portico.again', {
      queue: 'portico.again',
      callback: (_error, msg) => {
        const error = refusals[sends++] ?? refusals[1];
        msg.respond(encodeReply({ ok: false, error: error as (typeof refusals)[0] }, 'r1'));
      },
    });
    await replicas.flush();
    try {
      const hop = { link, subject: 'portico.again', idempotent: () => true };
      await expect(requestReply(hop, call('again'))).rejects.toMatchObject({
        code: 'REPLICA_LOST',
      });
      expect(sends).toBe(2);
    } finally {
      replica.unsubscribe();
    }
  });
});
