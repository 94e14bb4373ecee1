import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_PORT } from '../server/config';
import { runDev } from './dev-command';
import { runMicroservice } from './microservice-command';
import { MICROSERVICE_USAGE } from './microservice-options';
import { runStart } from './start-command';
import { readStartOptions } from './start-options';
import { describeFailure } from './startup-error';

const USAGE = `Usage:
  portico start [config] [--port N] [--host H] [--admin-port N] [--development] [--verbose]
                           Start a main server. config is compiled JavaScript whose default
                           export is the server configuration, or one microservice, which is then
                           served alone (default: ./portico.config.js). --admin-port moves
                           /-/live, /-/ready and /-/metrics off the public port to port N.
  portico dev [config] [--project tsconfig.json] [--port N] [--host H] [-- generate-swagger flags]
                           Development mode: tsc --watch on the project; after each build,
                           generate-swagger with the flags after -- (the document, and the
                           contract with --contract), then the server restarted; a 404 names what
                           is unknown. SIGINT, SIGTERM and SIGHUP stop every process it
                           started, and so does the end of the process that started it.
${MICROSERVICE_USAGE}
  portico generate-swagger --title T --api-version V [--project tsconfig.json] [--out F] …
                           Write the API description of the project's @Api classes;
                           portico generate-swagger --help lists its flags. generate-swagger is
                           the same command.
  portico --version        Print portico's version.
  portico --help           Print this text.
Environment: PORT is the port when --port is not given (default ${DEFAULT_PORT}); LOG_LEVEL the
log level. A start-up failure prints one line; --verbose adds the stack.`;

/** Runs the `portico` command line; returns the exit code, or never returns while serving. */
export async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'start' || command === 'dev') return startOrDev(command, rest);
  if (command === 'microservice') return runMicroservice(rest);
  if (command === 'generate-swagger') return generateSwagger(rest);
  if (command === '--version' || command === '-v') {
    process.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  if (command === undefined || command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  process.stderr.write(`portico: unknown command ${command}: portico --help lists the commands\n`);
  return 2;
}

async function startOrDev(command: 'start' | 'dev', all: readonly string[]): Promise<number> {
  // `portico dev … -- <generate-swagger arguments>`: what follows `--` is the generator's.
  const cut = command === 'dev' ? all.indexOf('--') : -1;
  const args = cut < 0 ? all : all.slice(0, cut);
  const verbose = args.includes('--verbose');
  try {
    const options = readStartOptions(args, process.env);
    if (command === 'start') return await runStart(options);
    return await runDev(options, args, cut < 0 ? [] : all.slice(cut + 1));
  } catch (error) {
    process.stderr.write(describeFailure('portico', error, verbose));
    return (error as { exitCode?: number }).exitCode ?? 1;
  }
}

/**
 * `portico generate-swagger`: loads the generator (and with it the TypeScript compiler) only for
 * this command, after checking that its optional peers are installed.
 */
async function generateSwagger(args: readonly string[]): Promise<number> {
  const peers =
    require('../swagger/cli/generator-peers') as typeof import('../swagger/cli/generator-peers');
  const missing = peers.missingGeneratorPeers();
  if (missing.length > 0) {
    process.stderr.write(`${peers.missingPeersMessage(missing)}\n`);
    return 1;
  }
  const { main: generate } = require('../swagger/cli/cli') as typeof import('../swagger/cli/cli');
  return generate(args, process, packageVersion());
}

function packageVersion(): string {
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      if (manifest.name === 'portico') return String(manifest.version);
    } catch {
      // No package.json here: look one folder up.
    }
  }
  return 'unknown';
}
