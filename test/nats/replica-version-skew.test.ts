import {
  createMainServer,
  type MainServer,
  type NatsReplica,
  nativeApp,
  RemoteMethod,
  RemoteService,
  startReplica,
} from 'portico';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { json, send } from '../support/http';
import { checkNats } from '../support/nats';
import { waitFor } from '../support/wait';

const describeNats = checkNats('the version skew tests are skipped') ? describe : describe.skip;

/** The microservice as its replicas of the earlier version have it. */
@RemoteService('calc')
class CalcBefore {
  @RemoteMethod({ params: [String], returns: String })
  who(_asking: string): string {
    return 'before';
  }
}

/** Ends the call of `stay` that runs. */
let release: () => void = () => undefined;

/** The next version, which the main server serves: three methods more. */
@RemoteService('calc')
class CalcNext {
  @RemoteMethod({ params: [String], returns: String })
  who(_asking: string): string {
    return 'next';
  }
  @RemoteMethod({ params: [String], returns: String, idempotent: true })
  look(text: string): string {
    return `looked ${text}`;
  }
  @RemoteMethod({ params: [String], returns: String })
  write(text: string): string {
    return `wrote ${text}`;
  }
  /** Ends when the test releases it: a call that its replica holds until it leaves. */
  @RemoteMethod({ params: [String], returns: String, idempotent: true })
  stay(text: string): Promise<string> {
    return new Promise<string>((resolve) => {
      release = () => resolve(`stayed ${text}`);
    });
  }
}

const WARNING = 'a replica does not have a method that this main server serves';

// A rolling upgrade that adds methods: while replicas of both versions run, a call of a new method
// may reach one that does not have it (docs/scaling-out.md).
describeNats('replicas of an earlier version of the microservice', () => {
  const lines: Record<string, unknown>[] = [];
  let nats: NatsServerProcess;
  const replicas: NatsReplica[] = [];
  let main: MainServer;
  let url: string;
  const call = (method: string, body: string) =>
    send(url, `/calc/calc/${method}`, { headers: json(), body });

  beforeAll(async () => {
    nats = await startNatsServer();
    const subjectPrefix = `skew${process.pid}`;
    const options = { servers: [nats.url], subjectPrefix };
    replicas.push(
      await startReplica(nativeApp({ name: 'calc', services: [CalcBefore] }), {
        ...options,
        replicaId: 'before-1',
      }),
      await startReplica(nativeApp({ name: 'calc', services: [CalcNext] }), {
        ...options,
        replicaId: 'next-1',
      }),
    );
    main = createMainServer({
      logLevel: 'warn',
      logStream: { write: (line: string) => lines.push(JSON.parse(line)) },
      microservices: [nativeApp({ name: 'calc', services: [CalcNext] })],
      placement: { nats: { servers: [nats.url], subjectPrefix } },
    });
    url = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
    // Both in turn, once two calls in a row reach both versions.
    for (let round = 0; ; round++) {
      const both = [await call('who', '"?"'), await call('who', '"?"')].map(
        (answer) => answer.text,
      );
      if (both.includes('"before"') && both.includes('"next"')) break;
      if (round === 500) throw new Error(`both replicas were not in turn: ${both.join(', ')}`);
    }
  });
  afterAll(async () => {
    await main?.close();
    for (const replica of replicas) await replica.close();
    await nats?.stop();
  });

  it('sends an idempotent call again when the replica it reached does not have the method', async () => {
    for (let n = 0; n < 6; n++) {
      const answer = await call('look', JSON.stringify(`x${n}`));
      expect({ status: answer.status, text: answer.text }).toEqual({
        status: 200,
        text: `"looked x${n}"`,
      });
    }
  });

  it('answers another 404, and warns once per replica and method', async () => {
    const statuses: number[] = [];
    // The replicas take turns: within a few calls, two reach the one without the method.
    while (statuses.filter((status) => status === 404).length < 2 && statuses.length < 100)
      statuses.push((await call('write', '"y"')).status);
    expect(new Set(statuses)).toEqual(new Set([200, 404]));
    const warned = lines.filter((line) => line.msg === WARNING);
    expect(warned).toEqual([
      expect.objectContaining({ microservice: 'calc', replica: 'before-1', method: 'calc/look' }),
      expect.objectContaining({ microservice: 'calc', replica: 'before-1', method: 'calc/write' }),
    ]);
  });

  // Last: the replica of the next version leaves. Its idempotent call may have run, and was sent
  // again; the replica of the earlier version answered that second send 404, and the caller got
  // "no such remote method" for a method that exists and may have run. A 404 speaks of the second
  // send only, as a refusal does (docs/faults.md): the caller gets the first answer.
  it('answers REPLICA_LOST, not 404, when the second send of a call that may have run finds no method', async () => {
    const next = replicas[1] as NatsReplica;
    const held = call('stay', '"z"');
    await waitFor(() => next.inFlight === 1, {
      what: 'the call at the replica of the next version',
    });
    await next.leave();
    const answer = await held;
    release();
    expect({ status: answer.status, code: JSON.parse(answer.text).error?.code }).toEqual({
      status: 502,
      code: 'REPLICA_LOST',
    });
  });
});
