import { type ParseArgsConfig, parseArgs } from 'node:util';
import { MAX_TIMER_MS } from '../protocol/deadline';
import { isLogLevel, type LogLevel, logLevelError } from '../server/config';
import { parseFlags } from '../swagger/cli/arguments-error';
import { StartupError } from './startup-error';

/** What `portico start` and `portico dev` were asked to do. */
export interface StartOptions {
  readonly config: string;
  /** From `--port`, else `PORT`; `undefined` leaves the configuration's port (default 8082). */
  readonly port?: number;
  readonly host?: string;
  /** From `--admin-port`: the admin routes' own port, instead of the configuration's. */
  readonly adminPort?: number;
  /** From `LOG_LEVEL`; `undefined` leaves the configuration's level (default `info`). */
  readonly logLevel?: LogLevel;
  readonly development: boolean;
  readonly verbose: boolean;
  /** From `--drain-grace-ms` (`portico start`): how long the shutdown may take after SIGTERM. */
  readonly drainGraceMs?: number;
  /** The tsconfig that `portico dev` compiles. */
  readonly project: string;
}

/** The default configuration module of `portico start`. */
export const DEFAULT_CONFIG = 'portico.config.js';

/** Reads the arguments after `start` or `dev`; throws a {@link StartupError} (exit 2) when wrong. */
export function readStartOptions(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  command: 'start' | 'dev' = 'start',
): StartOptions {
  const { values, positionals } = parseStrictly(args);
  const [config = DEFAULT_CONFIG, ...extra] = positionals;
  if (extra.length > 0) throw usageError(unexpectedArgument(extra[0], command));
  const port =
    values.port !== undefined
      ? readPort('--port', values.port)
      : env.PORT !== undefined && env.PORT !== ''
        ? readPort('PORT', env.PORT)
        : undefined;
  const logLevel = readLogLevel(env);
  if (command === 'start' && values.project !== undefined) {
    throw usageError('--project is an option of portico dev');
  }
  const options = {
    config,
    ...(logLevel === undefined ? {} : { logLevel }),
    development: values.development ?? false,
    verbose: values.verbose ?? false,
    project: values.project ?? 'tsconfig.json',
    ...(port === undefined ? {} : { port }),
    ...(values.host === undefined ? {} : { host: values.host }),
    ...(values['admin-port'] === undefined
      ? {}
      : { adminPort: readPort('--admin-port', values['admin-port']) }),
    ...readDrainGrace(values['drain-grace-ms'], command),
  };
  const empty = emptyFlag(values);
  if (empty !== undefined) throw usageError(empty);
  return options;
}

/**
 * The refusal of a flag given an empty value (`--host=`, `--host "$UNSET"`), which would otherwise
 * mean the default or the working folder. Called once the flags whose readers refuse an empty
 * value in words of their own have been read.
 */
export function emptyFlag(values: Readonly<Record<string, unknown>>): string | undefined {
  const name = Object.keys(values).find((key) => {
    const value = values[key];
    return value === '' || (Array.isArray(value) && value.includes(''));
  });
  return name === undefined ? undefined : `--${name} needs a value`;
}

function parseStrictly(args: readonly string[]) {
  const options = {
    port: { type: 'string' },
    host: { type: 'string' },
    'admin-port': { type: 'string' },
    'drain-grace-ms': { type: 'string' },
    development: { type: 'boolean' },
    verbose: { type: 'boolean' },
    project: { type: 'string' },
  } as const;
  try {
    return parseCommandLine(args, options);
  } catch (error) {
    throw usageError((error as Error).message);
  }
}

type Flags = NonNullable<ParseArgsConfig['options']>;
type Parsed<T extends Flags> = ReturnType<
  typeof parseArgs<{ args: string[]; allowPositionals: true; strict: true; options: T }>
>;

/**
 * The options and positionals of a command line, or an `Error` that says what is wrong with it in
 * the words of `portico start` ({@link parseFlags}).
 */
export function parseCommandLine<T extends Flags>(args: readonly string[], options: T): Parsed<T> {
  const parsed = parseFlags({ args: [...args], allowPositionals: true, strict: true, options });
  if (parsed.positionals[0] === '') {
    throw new Error('the module is an empty path: give the path of the compiled .js file');
  }
  return parsed;
}

/** The arguments of `portico dev` that its server's `portico start` takes: all but `--project`. */
export function startArgsOfDev(args: readonly string[]): string[] {
  return args.filter(
    (arg, i) => arg !== '--project' && args[i - 1] !== '--project' && !arg.startsWith('--project='),
  );
}

/** An argument after the module, which a command of portico does not take. */
export function unexpectedArgument(arg: string | undefined, command: string): string {
  // `npm start --port 9000` gives npm the --port, and portico the number alone.
  if (command !== 'microservice' && /^\d+$/.test(arg ?? '')) {
    const script = command === 'start' ? 'npm start' : 'npm run dev';
    return `unexpected argument ${arg}: write --port ${arg} for a port (npm takes --port for itself: PORT=${arg} ${script})`;
  }
  return `unexpected argument ${arg}: the command takes one module; portico ${command} --help shows the usage`;
}

function readPort(name: string, text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) {
    throw usageError(`${name} must be a port number from 0 to 65535, got ${text}`);
  }
  return port;
}

/** `LOG_LEVEL`, checked; an empty one is no level. Shared with `portico microservice`. */
export function readLogLevel(env: NodeJS.ProcessEnv): LogLevel | undefined {
  const level = env.LOG_LEVEL;
  if (level === undefined || level === '') return undefined;
  if (!isLogLevel(level)) throw usageError(logLevelError('LOG_LEVEL', level));
  return level;
}

/** `--drain-grace-ms`, the same as a replica's (docs/operating.md); `portico dev` has none. */
function readDrainGrace(text: string | undefined, command: string): { drainGraceMs?: number } {
  if (text === undefined) return {};
  if (command !== 'start') throw usageError(`--drain-grace-ms is an option of portico start`);
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 1) {
    throw usageError(`--drain-grace-ms must be a whole number of at least 1, got ${text}`);
  }
  if (value > MAX_TIMER_MS) throw usageError(`--drain-grace-ms must be at most ${MAX_TIMER_MS}`);
  return { drainGraceMs: value };
}

function usageError(message: string): StartupError {
  return new StartupError(message, { exitCode: 2 });
}
