import { connect, type NatsConnection } from 'nats';
import pino from 'pino';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { createNatsCarrier } from '../../src/transport/nats/nats-carrier';
import { checkNats } from '../support/nats';
import { waitFor } from '../support/wait';

const describeNats = checkNats('the NATS carrier tests are skipped') ? describe : describe.skip;

describeNats('a NATS transport closed while it connects', () => {
  let nats: NatsServerProcess;
  let probe: NatsConnection | undefined;

  beforeAll(async () => {
    nats = await startNatsServer({});
    await nats.stop();
  });

  afterAll(async () => {
    await probe?.close();
    await nats?.stop();
  });

  it('never pings its replicas, while another transport on the same connection does', async () => {
    const carrier = createNatsCarrier(pino({ level: 'silent' }));
    const placement = { servers: [nats.url], connectTimeoutMs: 30_000 };
    const closed = carrier.transport('gone', placement, { maxArgs: 16 });
    const kept = carrier.transport('kept', placement, { maxArgs: 16 });
    // Both wait for the server, which is down: one is closed before the connection comes.
    const closedStart = closed.start?.().catch(() => undefined);
    const keptStart = kept.start?.();
    const closing = closed.close();
    await nats.restart();
    await Promise.all([closedStart, keptStart, closing]);
    try {
      probe = await connect({ servers: nats.url });
      const pings = { gone: 0, kept: 0 };
      probe.subscribe('portico.gone._ping', { callback: () => pings.gone++ });
      probe.subscribe('portico.kept._ping', { callback: () => pings.kept++ });
      await probe.flush();
      // The kept transport's watch pings every round; a watch left behind would ping as often.
      await waitFor(() => pings.kept >= 3);
      expect(pings.gone).toBe(0);
    } finally {
      await kept.close();
    }
  });
});
