import { connect, type NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { connectNats, type NatsLink } from '../../src/transport/nats/nats-connection';

/** What {@link useNatsLink} starts for the tests of a suite. */
export interface NatsLinkSetup {
  readonly nats: NatsServerProcess;
  /** A main server's link to the nats-server. */
  readonly link: NatsLink;
  /** A plain connection that plays the replicas; there when `replicas: true` was asked. */
  readonly replicas: NatsConnection;
}

/**
 * Before the suite's tests, starts a nats-server of its own, connects a main server's link named
 * `name` to it and, with `replicas: true`, a plain connection; closes them after the tests.
 */
export function useNatsLink(
  name: string,
  logger: Logger,
  options: { readonly replicas?: boolean; readonly pingIntervalMs?: number } = {},
): NatsLinkSetup {
  let nats: NatsServerProcess | undefined;
  let link: NatsLink | undefined;
  let replicas: NatsConnection | undefined;

  beforeAll(async () => {
    nats = await startNatsServer({});
    const pings =
      options.pingIntervalMs === undefined ? {} : { pingIntervalMs: options.pingIntervalMs };
    link = await connectNats({ servers: [nats.url], name, logger, ...pings });
    if (options.replicas) replicas = await connect({ servers: nats.url });
  });

  afterAll(async () => {
    await replicas?.close();
    await link?.connection.close();
    await nats?.stop();
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is there only once the suite has started`);
    return value;
  };
  return {
    get nats() {
      return started(nats, 'the nats-server');
    },
    get link() {
      return started(link, 'the link');
    },
    get replicas() {
      return started(replicas, 'the connection of the replicas');
    },
  };
}
