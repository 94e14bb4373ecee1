import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runDev } from './dev-command';
import { runMicroservice } from './microservice-command';
import { runStart } from './start-command';
import { readStartOptions, startArgsOfDev } from './start-options';
import { describeFailure, StartupError } from './startup-error';
import { asksForHelp, COMMAND_USAGE, USAGE } from './usage';

/** The commands that `portico help <command>` describes. */
const COMMANDS: ReadonlySet<string> = new Set(['start', 'dev', 'microservice', 'generate-swagger']);

/** Runs the `portico` command line; returns the exit code, or never returns while serving. */
export async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'help') return help(rest);
  if (
    (command === 'start' || command === 'dev' || command === 'microservice') &&
    asksForHelp(rest)
  ) {
    process.stdout.write(`${COMMAND_USAGE[command]}\n`);
    return 0;
  }
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

/** `portico help [command]`: the usage of every command, or that of the one named (its `--help`). */
function help(args: readonly string[]): Promise<number> {
  const [command, extra] = args;
  if (extra !== undefined) {
    process.stderr.write(`portico: unexpected argument ${extra}: portico help takes one command\n`);
    return Promise.resolve(2);
  }
  if (command === undefined || command === 'help') return main(['--help']);
  if (!COMMANDS.has(command)) return main([command]);
  return main([command, '--help']);
}

async function startOrDev(command: 'start' | 'dev', all: readonly string[]): Promise<number> {
  // `portico dev … -- <generate-swagger arguments>`: what follows `--` is the generator's.
  const cut = command === 'dev' ? all.indexOf('--') : -1;
  const args = cut < 0 ? all : all.slice(0, cut);
  const verbose = args.includes('--verbose');
  try {
    const options = readStartOptions(args, process.env, command);
    if (command === 'start') return await runStart(options);
    const generateArgs = cut < 0 ? [] : all.slice(cut + 1);
    checkGenerateArgs(generateArgs);
    return await runDev(options, startArgsOfDev(args), generateArgs);
  } catch (error) {
    process.stderr.write(describeFailure('portico', error, verbose));
    return (error as { exitCode?: number }).exitCode ?? 1;
  }
}

/**
 * Refuses, before tsc starts, the generate-swagger flags of `portico dev` that generate-swagger
 * would refuse after each build (exit 2, as any wrong command line).
 */
function checkGenerateArgs(args: readonly string[]): void {
  if (args.length === 0) return;
  const { parseCliArgs } =
    require('../swagger/cli/cli-args') as typeof import('../swagger/cli/cli-args');
  try {
    parseCliArgs(args);
  } catch (error) {
    const message = `the generate-swagger flags after --: ${(error as Error).message}`;
    throw new StartupError(message, { exitCode: 2 });
  }
}

/**
 * `portico generate-swagger`: loads the generator (and with it the TypeScript compiler) only for
 * this command, after checking that its optional peers are installed.
 */
async function generateSwagger(args: readonly string[]): Promise<number> {
  // Its usage and portico's version need no compiler: a runtime-only install prints them too.
  const { parseCliArgs, USAGE: GENERATOR_USAGE } =
    require('../swagger/cli/cli-args') as typeof import('../swagger/cli/cli-args');
  const asked = (() => {
    try {
      return parseCliArgs(args);
    } catch {
      return undefined;
    }
  })();
  if (asked === 'help' || asked === 'version') {
    process.stdout.write(`${asked === 'help' ? GENERATOR_USAGE : packageVersion()}\n`);
    return 0;
  }
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
