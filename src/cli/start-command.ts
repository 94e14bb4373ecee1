import { DEFAULT_PORT, type MainServerConfig } from '../server/config';
import { createMainServer, type MainServer } from '../server/main-server';
import { type ContractMode, useContract } from './contract-mode';
import { loadMainServerConfig } from './load-config';
import { type StartOptions } from './start-options';
import { firstLine, StartupError } from './startup-error';

/**
 * `portico start`: loads the configuration, listens, and serves until SIGTERM or SIGINT. Throws a
 * {@link StartupError} for every failure the user can act on.
 */
export async function runStart(options: StartOptions): Promise<number> {
  const base = await loadMainServerConfig(options.config);
  const config: MainServerConfig = {
    ...base,
    ...(options.logLevel === undefined ? {} : { logLevel: options.logLevel }),
    ...(options.development ? { development: true } : {}),
    ...(options.adminPort === undefined
      ? {}
      : { admin: { ...base.admin, port: options.adminPort } }),
  };
  let mode: ContractMode;
  try {
    mode = useContract(options.config, config.microservices);
  } catch (error) {
    throw new StartupError(firstLine(error), { cause: error });
  }
  let server: MainServer;
  try {
    server = createMainServer(config);
  } catch (error) {
    throw new StartupError(`${options.config}: ${firstLine(error)}`, { cause: error });
  }
  server.logger.info(mode.details, mode.message);
  const port = options.port ?? config.port ?? DEFAULT_PORT;
  const host = options.host ?? config.host;
  const adminPort = config.admin?.port;
  if (adminPort === port && port !== 0) {
    await server.close().catch(() => {});
    throw new StartupError(
      `the admin port is the server's port, ${port}: give the admin routes another with --admin-port, or none to serve them on ${port}`,
      { exitCode: 2 },
    );
  }
  try {
    await server.listen(port, host);
  } catch (error) {
    await server.close().catch(() => {});
    const admin = (error as { port?: unknown }).port === adminPort && adminPort !== port;
    throw listenFailure(error, admin ? { adminPort } : { port }, host);
  }
  stopOnSignals(server, options.drainGraceMs);
  return new Promise<number>(() => {});
}

function listenFailure(
  error: unknown,
  which: { port: number } | { adminPort: number | undefined },
  host: string | undefined,
): StartupError {
  const code = (error as { code?: string }).code;
  const port = 'port' in which ? which.port : which.adminPort;
  const where = `${'port' in which ? '' : 'admin '}${host === undefined ? `port ${port}` : `${host}:${port}`}`;
  const flag = 'port' in which ? '--port or PORT' : '--admin-port';
  const message =
    code === 'EADDRINUSE'
      ? `${where} is in use: stop what uses it, or choose another port with ${flag}`
      : code === 'EACCES'
        ? `${where} needs privileges: choose a port above 1023 with ${flag}`
        : code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND'
          ? `cannot listen on ${host}: give an address of this machine with --host`
          : `could not start: ${firstLine(error)}`;
  return new StartupError(message, { cause: error });
}

/**
 * Shuts the server down at the first SIGTERM or SIGINT: exit 0 once every request in flight was
 * answered, 1 when the drain grace ended first (those still held answered `SERVER_LEFT`) or a
 * second signal came, as a replica does (docs/operating.md).
 */
function stopOnSignals(server: MainServer, drainGraceMs: number | undefined): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // As a replica does: a second Ctrl-C must not wait for a hung call's grace (30 s and more).
      server.logger.warn({ signal }, 'second signal: leaving at once');
      process.exit(1);
    }
    stopping = true;
    server.logger.info({ signal }, 'shutting down: finishing the calls in flight');
    server.close(drainGraceMs === undefined ? {} : { drainGraceMs }).then(
      (held) => process.exit(held > 0 ? 1 : 0),
      (error: unknown) => {
        server.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
