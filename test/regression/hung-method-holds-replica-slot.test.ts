import { createMainServer, type MainServer, type NatsReplica, startReplica } from 'portico';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { slowApp } from '../hardening/support/services';
import { json, send } from '../support/http';
import { checkNats } from '../support/nats';
import { waitFor } from '../support/wait';

const describeNats = checkNats('the hung-method regression over NATS is skipped')
  ? describe
  : describe.skip;

// Bug: a method that never settled kept its replica slot for ever. The caller got its 504, but
// the replica's limiter waited on the method, so after `concurrency` such calls the replica took
// no call at all. The runtime now gives a method up just after the envelope's deadline.
describeNats('a method that never returns, in a replica with one slot', () => {
  let nats: NatsServerProcess;
  let replica: NatsReplica;
  let main: MainServer;
  let url: string;
  beforeAll(async () => {
    nats = await startNatsServer();
    const subjectPrefix = `hung${process.pid}`;
    replica = await startReplica(slowApp('slow'), {
      servers: [nats.url],
      subjectPrefix,
      concurrency: 1,
    });
    main = createMainServer({
      logLevel: 'silent',
      microservices: [slowApp('slow')],
      placement: { nats: { servers: [nats.url], subjectPrefix } },
      ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: { callTimeoutMs: 400 } },
    });
    url = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
  });
  afterAll(async () => {
    await main?.close();
    await replica?.close();
    await nats?.stop();
  });

  it('gives the slot back at the deadline, so the next calls are served', async () => {
    for (let i = 0; i < 2; i++) {
      const hung = await send(url, '/slow/slow/hang', { headers: json(), body: '1' });
      expect(hung.status).toBe(504);
      await waitFor(() => replica.inFlight === 0);
      const next = await send(url, '/slow/slow/quick', { headers: json(), body: String(i) });
      expect(next).toMatchObject({ status: 200, text: String(i) });
    }
  });
});
