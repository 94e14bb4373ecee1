import pino from 'pino';
import { encodeReply } from '../../src/protocol/codec';
import { type CallEnvelope, ENVELOPE_VERSION } from '../../src/protocol/envelope';
import { replicaSubject } from '../../src/transport/nats/replica-ping';
import { replicaSteer } from '../../src/transport/nats/replica-steer';
import { requestReply } from '../../src/transport/nats/request-reply';
import { checkNats } from '../support/nats';
import { useNatsLink } from '../support/nats-link';

const describeNats = checkNats('the steering tests over NATS are skipped')
  ? describe
  : describe.skip;

/** A steer whose log lines are kept. */
function steerWithLog() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { steer: replicaSteer('portico.calc', 'calc', logger), lines };
}

describe('the steer of a main server', () => {
  it('sends to the queue group while no replica is in turn, then to each replica in turn', () => {
    const { steer } = steerWithLog();
    expect(steer.next()).toBeUndefined();
    steer.steerTo(['a', 'b', 'c'], []);
    const sent = Array.from({ length: 6 }, () => steer.next());
    expect(sent.slice(0, 3).sort()).toEqual(
      ['a', 'b', 'c'].map((id) => replicaSubject('portico.calc', id)),
    );
    expect(sent.slice(3)).toEqual(sent.slice(0, 3));
  });

  it('leaves out a replica that NATS found gone until the next round names it again', () => {
    const { steer } = steerWithLog();
    steer.steerTo(['a', 'b'], []);
    steer.skip(replicaSubject('portico.calc', 'a'));
    expect(new Set([steer.next(), steer.next()])).toEqual(
      new Set([replicaSubject('portico.calc', 'b')]),
    );
    // Out of turn, so the watch puts it back as soon as it answers a ping.
    expect([steer.has('a'), steer.has('b')]).toEqual([false, true]);
    steer.skip(replicaSubject('portico.calc', 'b'));
    expect(steer.next()).toBeUndefined();
    steer.steerTo(['a', 'b'], []);
    expect(new Set([steer.next(), steer.next()]).size).toBe(2);
  });

  it('logs a replica that falls silent once, and again when it answers', () => {
    const { steer, lines } = steerWithLog();
    steer.steerTo(['a', 'b'], []);
    steer.steerTo(['b'], ['a']);
    steer.steerTo(['b'], ['a']);
    expect(new Set([steer.next(), steer.next()])).toEqual(
      new Set([replicaSubject('portico.calc', 'b')]),
    );
    steer.steerTo(['a', 'b'], []);
    expect(lines.map((line) => [line.msg, line.replica])).toEqual([
      ['replica silent: no new calls', 'a'],
      ['replica answers again', 'a'],
    ]);
    // One counted lost meanwhile is logged by the watch (lost, then back), not here.
    steer.steerTo(['b'], ['a']);
    steer.steerTo(['b'], []);
    expect(lines).toHaveLength(3);
  });
});

const call: CallEnvelope = {
  version: ENVELOPE_VERSION,
  microservice: 'calc',
  service: 'calc',
  method: 'add',
  apiId: 'RMC',
  sequenceName: 'calc',
  args: ['1'],
  context: { requestId: 's1', locale: 'en', privilegeNames: [], privileged: false },
  deadline: Date.now() + 60_000,
};

describeNats('a call steered to a replica that is gone', () => {
  const setup = useNatsLink('steer-test', pino({ level: 'silent' }), { replicas: true });

  it('goes to the queue group (NATS found nobody there: it never ran), and the replica is left out', async () => {
    const { link, replicas } = setup;
    const taken: string[] = [];
    const queue = replicas.subscribe('portico.calc', {
      queue: 'portico.calc',
      callback: (_error, msg) => {
        taken.push(msg.subject);
        msg.respond(encodeReply({ ok: true, body: '2' }, 'alive'));
      },
    });
    await replicas.flush();
    try {
      const { steer } = steerWithLog();
      steer.steerTo(['gone'], []);
      const hop = { link, subject: 'portico.calc', steer };
      expect(await requestReply(hop, call)).toMatchObject({
        ok: true,
        body: '2',
        replica: 'alive',
      });
      expect(taken).toEqual(['portico.calc']);
      expect(steer.next()).toBeUndefined();
    } finally {
      queue.unsubscribe();
    }
  });
});
