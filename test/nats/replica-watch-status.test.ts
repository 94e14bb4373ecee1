import pino from 'pino';
import { watchReplicas } from '../../src/transport/nats/replica-watch';
import { checkNats } from '../support/nats';
import { useNatsLink } from '../support/nats-link';
import { waitFor } from '../support/wait';

const describeNats = checkNats('the replica watch tests are skipped') ? describe : describe.skip;
const text = new TextEncoder();

describeNats('a replica watch given a status it cannot read', () => {
  const logger = pino({ level: 'silent' });
  const setup = useNatsLink('watch-test', logger, { replicas: true });

  const status = (fields: object) => ({ replica: 'r1', cuts: 0, draining: false, ...fields });

  /**
   * A replica watch of `portico.<microservice>` whose pings are answered with `body`, once it has
   * heard two answers; `stop` ends the watch and the answers.
   */
  async function watchAnswered(microservice: string, body: unknown) {
    const { link, replicas: replica } = setup;
    let answered = 0;
    const subject = `portico.${microservice}`;
    const subscription = replica.subscribe(`${subject}._ping`, {
      callback: (_error, msg) => {
        answered++;
        msg.respond(text.encode(JSON.stringify(body)));
      },
    });
    await replica.flush();
    const watch = watchReplicas({ link, subject, microservice, logger, events: undefined });
    const stop = () => {
      watch.stop();
      subscription.unsubscribe();
    };
    try {
      await waitFor(() => answered >= 2);
    } catch (error) {
      stop();
      throw error;
    }
    return { watch, stop };
  }

  it.each([
    ['holds that are a number', status({ holds: 5 })],
    ['holds that are an object', status({ holds: {} })],
    ['holds that are not names', status({ holds: [1, 2] })],
    ['cuts that are text', status({ cuts: '2', holds: [] })],
    ['null', null],
  ])('ignores a status with %s, and keeps its connection', async (_, body) => {
    const { link } = setup;
    const heard = await watchAnswered('odd', body);
    try {
      // The answers were read (or refused) by now: a round trip on the same connection after them.
      await link.connection.flush();
      expect(link.connection.isClosed()).toBe(false);
      expect(link.connected).toBe(true);
      expect(await link.connection.request('portico.odd._ping', new Uint8Array(0))).toBeDefined();
    } finally {
      heard.stop();
    }
  });

  // The id becomes part of the subject that calls are steered to: a space or a line break in it
  // ended the main server's PUB line early, and NATS closed that connection, with every call on it.
  it.each([['a b'], ['a\r\nPUB portico.other 0\r\n'], ['a.>'], ['a'.repeat(129)]])(
    'steers no call to a replica that names itself %p, and keeps its connection',
    async (replicaId) => {
      const { link } = setup;
      const body = status({ replica: replicaId, steerable: true, holds: [] });
      const heard = await watchAnswered('named', body);
      try {
        await link.connection.flush();
        const steered = heard.watch.steer.next();
        if (steered !== undefined) link.connection.publish(steered, text.encode('a call'));
        expect(steered).toBeUndefined();
        expect(
          await link.connection.request('portico.named._ping', new Uint8Array(0)),
        ).toBeDefined();
        expect(link.connected).toBe(true);
      } finally {
        heard.stop();
      }
    },
  );
});
