import { type MainServerConfig } from '../server/config';
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
  const port = options.port ?? config.port;
  const host = options.host ?? config.host;
  try {
    await server.listen(port, host);
  } catch (error) {
    await server.close().catch(() => {});
    throw listenFailure(error, port ?? 8082, host);
  }
  stopOnSignals(server);
  return new Promise<number>(() => {});
}

function listenFailure(error: unknown, port: number, host: string | undefined): StartupError {
  const code = (error as { code?: string }).code;
  const where = host === undefined ? `port ${port}` : `${host}:${port}`;
  const message =
    code === 'EADDRINUSE'
      ? `${where} is in use: stop what uses it, or choose another port with --port or PORT`
      : code === 'EACCES'
        ? `${where} needs privileges: choose a port above 1023 with --port or PORT`
        : code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND'
          ? `cannot listen on ${host}: give an address of this machine with --host`
          : `could not start: ${firstLine(error)}`;
  return new StartupError(message, { cause: error });
}

function stopOnSignals(server: MainServer): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    server.logger.info({ signal }, 'shutting down: finishing the calls in flight');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
