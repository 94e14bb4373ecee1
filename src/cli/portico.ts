import { DEFAULT_PORT, type LogLevel, type MainServerConfig } from '../server/config';
import { createMainServer, type MainServer } from '../server/main-server';
import { loadDefaultExport } from './load-module';
import { runMicroservice } from './microservice-command';
import { MICROSERVICE_USAGE } from './microservice-options';

const USAGE = `Usage:
  portico start [config]   Start a main server. config is a module whose default export is the
                           server configuration (default: ./portico.config.js).
${MICROSERVICE_USAGE}
Environment: PORT overrides the port (default ${DEFAULT_PORT}); LOG_LEVEL the log level.`;

/** Runs the `portico` command line; returns the exit code, or never returns while serving. */
export async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'start') return start(rest[0] ?? 'portico.config.js');
  if (command === 'microservice') return runMicroservice(rest);
  process.stderr.write(`${USAGE}\n`);
  return command === undefined || command === '--help' || command === '-h' ? 0 : 2;
}

async function start(configFile: string): Promise<number> {
  const loaded = loadDefaultExport(configFile);
  const base = (typeof loaded === 'function' ? await loaded() : loaded) as MainServerConfig;
  const config: MainServerConfig = {
    ...base,
    ...(process.env.LOG_LEVEL ? { logLevel: process.env.LOG_LEVEL as LogLevel } : {}),
  };
  const port = process.env.PORT ? Number(process.env.PORT) : (config.port ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`portico: PORT must be a port number, got ${process.env.PORT}\n`);
    return 2;
  }
  const server = createMainServer(config);
  await server.listen(port, config.host);
  stopOnSignals(server);
  return new Promise<number>(() => {});
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
