import type { Logger } from 'pino';
import { connectNats, type NatsLink } from './nats-connection';
import { type NatsEvents, reportReconnects } from './nats-events';

/** Shares one connection per list of servers among the transports of a main server. */
export interface NatsPool {
  /** The connection to `servers`, connecting on first use. */
  acquire(servers: readonly string[], connectTimeoutMs?: number): Promise<NatsLink>;
  /** Gives a connection back; the last user closes it. */
  release(servers: readonly string[]): Promise<void>;
}

interface Entry {
  readonly link: Promise<NatsLink>;
  users: number;
}

/** Creates an empty pool whose connections log through `logger` and report to `events`. */
export function createNatsPool(logger: Logger, events?: NatsEvents): NatsPool {
  const entries = new Map<string, Entry>();
  return {
    acquire(servers, connectTimeoutMs) {
      const key = servers.join(',');
      let entry = entries.get(key);
      if (!entry) {
        const link = connectNats({
          servers,
          name: 'portico main server',
          logger,
          ...(connectTimeoutMs === undefined ? {} : { connectTimeoutMs }),
        });
        const created: Entry = { link, users: 0 };
        entry = created;
        entries.set(key, created);
        link.then(
          ({ connection }) => {
            if (events) reportReconnects(connection, key, events).catch(() => undefined);
          },
          () => entries.get(key) === created && entries.delete(key),
        );
      }
      entry.users++;
      return entry.link;
    },
    async release(servers) {
      const key = servers.join(',');
      const entry = entries.get(key);
      if (!entry || --entry.users > 0) return;
      entries.delete(key);
      const { connection } = await entry.link;
      await connection.close();
    },
  };
}
