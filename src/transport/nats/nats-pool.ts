import type { Logger } from 'pino';
import { connectNats, type NatsLink } from './nats-connection';
import { type NatsEvents, reportReconnects } from './nats-events';
import { type NatsConnectionOptions, redactServers } from './nats-options';
import { natsPoolKey } from './nats-pool-key';

/**
 * Shares one connection per set of equal options (see `natsPoolKey`) among the transports of a
 * main server.
 */
export interface NatsPool {
  /** The connection for `options`, connecting on first use. */
  acquire(options: NatsConnectionOptions, connectTimeoutMs?: number): Promise<NatsLink>;
  /** Gives a connection back; the last user closes it. */
  release(options: NatsConnectionOptions): Promise<void>;
}

interface Entry {
  readonly link: Promise<NatsLink>;
  users: number;
}

/** Creates an empty pool whose connections log through `logger` and report to `events`. */
export function createNatsPool(logger: Logger, events?: NatsEvents): NatsPool {
  const entries = new Map<string, Entry>();
  return {
    acquire(options, connectTimeoutMs) {
      const key = natsPoolKey(options);
      let entry = entries.get(key);
      if (!entry) {
        const link = connectNats({
          ...options,
          name: 'portico main server',
          logger,
          ...(connectTimeoutMs === undefined ? {} : { connectTimeoutMs }),
        });
        const created: Entry = { link, users: 0 };
        entry = created;
        entries.set(key, created);
        link.then(
          ({ connection }) => {
            // The label names the servers without credentials.
            const servers = redactServers(options.servers);
            if (events) reportReconnects(connection, servers, events).catch(() => undefined);
          },
          () => entries.get(key) === created && entries.delete(key),
        );
      }
      entry.users++;
      return entry.link;
    },
    async release(options) {
      const key = natsPoolKey(options);
      const entry = entries.get(key);
      if (!entry || --entry.users > 0) return;
      entries.delete(key);
      const { connection } = await entry.link;
      await connection.close();
    },
  };
}
