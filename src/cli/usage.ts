import { DEFAULT_PORT } from '../server/config';
import { MICROSERVICE_USAGE } from './microservice-options';

const START_USAGE = `  portico start [config] [--port N] [--host H] [--admin-port N] [--development] [--verbose]
                           [--drain-grace-ms N]
                           Start a main server. config is compiled JavaScript whose default
                           export is the server configuration, or one microservice, which is then
                           served alone (default: ./portico.config.js). --admin-port moves
                           /-/live, /-/ready and /-/metrics off the public port to port N.
                           SIGTERM finishes the calls in flight, then exits 0; calls still held
                           --drain-grace-ms after it (default: the drain delay, then callTimeoutMs
                           and a second) are answered 502 SERVER_LEFT and it exits 1.`;

const DEV_USAGE = `  portico dev [config] [--project tsconfig.json] [--port N] [--host H] [--admin-port N]
                           [--verbose] [-- generate-swagger flags]
                           Development mode: tsc --watch on the project; after each build,
                           generate-swagger with the flags after -- (the document, and the
                           contract with --contract), then the server restarted; a 404 names what
                           is unknown. SIGINT, SIGTERM and SIGHUP stop every process it
                           started, and so does the end of the process that started it; a
                           second signal kills them at once.`;

const ENVIRONMENT = `Environment: PORT is the port when --port is not given (default ${DEFAULT_PORT}); LOG_LEVEL the
log level. A start-up failure prints one line; --verbose adds the stack.`;

const EXIT_CODES = `Exit codes: 0 stopped by SIGTERM or SIGINT after the calls in flight, or help, --help, --version;
1 a failure once the command line is read (a module missing or wrong, a wrong configuration, a
port in use, a drain cut short, a second signal); 2 a wrong command line (an unknown command or
option, an option of one value given twice, a value missing or not one, a PORT or LOG_LEVEL that
is not one). portico dev ends with tsc's code when tsc stops.`;

/** A replica's: no PORT, no tsc (docs/scaling-out.md says the same). */
const REPLICA_EXIT_CODES = `Exit codes: 0 stopped by SIGTERM or SIGINT after the calls in flight, or --help;
1 a failure once the command line is read (a module missing or wrong, NATS not reachable or
refusing the replica, a drain cut short, a second signal); 2 a wrong command line (an unknown
option, an option of one value given twice, a value missing or not one, a LOG_LEVEL that is not
one).`;

/** The text of `portico --help`: every command. */
export const USAGE = `Usage:
${START_USAGE}
${DEV_USAGE}
${MICROSERVICE_USAGE}
  portico generate-swagger --title T --api-version V [--project tsconfig.json] [--out F] …
                           Write the API description of the project's @Api classes;
                           portico generate-swagger --help lists its flags. generate-swagger is
                           the same command.
  portico --version        Print portico's version.
  portico help [command]   Print this text (as portico --help does), or the usage of one
                           command (as portico <command> --help does).
${ENVIRONMENT}
${EXIT_CODES}`;

/** The text of `portico <command> --help`: that command alone. */
export const COMMAND_USAGE = {
  start: `Usage:\n${START_USAGE}\n${ENVIRONMENT}\n${EXIT_CODES}`,
  dev: `Usage:\n${DEV_USAGE}\n${ENVIRONMENT}\n${EXIT_CODES}`,
  microservice: `Usage:\n${MICROSERVICE_USAGE}\nEnvironment: LOG_LEVEL is the log level.\n${REPLICA_EXIT_CODES}`,
} as const;

/** Whether a command's arguments ask for its usage (`--help` or `-h`, before any `--`). */
export function asksForHelp(args: readonly string[]): boolean {
  const cut = args.indexOf('--');
  return (cut < 0 ? args : args.slice(0, cut)).some((arg) => arg === '--help' || arg === '-h');
}
