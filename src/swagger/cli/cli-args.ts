import path from 'node:path';
import { microserviceNameFault } from '../../protocol/microservice-name';
import { CONTRACT_FILE } from '../../runtime/contract/contract-format';
import { parseFlags } from './arguments-error';
import { type GenerateOptions } from './generate';
import { renameOldVersionFlag } from './old-version-flag';

/** The usage text of `generate-swagger`. */
export const USAGE = `Usage: portico generate-swagger --title T --api-version V [options]
       generate-swagger --title T --api-version V [options]   (the same command)

Reads the @Api classes of a TypeScript project and writes their API description.

  --project <file>       the project's tsconfig.json (default: tsconfig.json)
  --title <text>         the document's title (required)
  --api-version <text>   the API's version (required); --version <text> still works for one
                         release, with a warning
  --description <text>   the document's description (default: none)
  --out <file>           where to write it, - for standard output (default: swagger.json)
  --base-url <url>       where the entry point is (default: where the document is served)
  --microservice <name>  put every service in this microservice, whatever deploys it: 1 to 128
                         of A-Z a-z 0-9 _ -, the first a letter or digit
  --strict               treat every warning as an error
  --check                write nothing; exit 1 with a diff if --out is not up to date
  --openapi 3.1          write OpenAPI 3.1 instead of Swagger 2.0
  --contract <file>      also write the types the runtime binds with, beside the compiled
                         code (run after tsc): <outDir>/portico-contract.json
  --rmc                  describe methods of another parameter count than one as RMC
                         operations (argument arrays) in Swagger 2.0; always on in OpenAPI 3.1
  --version              print portico's version
  --help                 show this text

Exit codes: 0 written (or up to date under --check); 1 an error in the project or the document,
a --project that is not there or cannot be read, an --out that cannot be written, or a file that
is not up to date under --check; 2 a wrong command line (an unknown option, an option given
twice, a value missing or not one, --title or --api-version left out).`;

/** The parsed command line. */
export interface CliOptions extends GenerateOptions {
  readonly out: string;
  readonly check: boolean;
  /** Set when the API's version came with the old `--version <text>`. */
  readonly deprecatedVersionFlag?: true;
}

function checkedBaseUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new Error(`--base-url must be an http or https URL without query, got ${value}`);
  }
  return value;
}

/**
 * Parses the arguments; `'help'` for --help, `'version'` for --version alone, and an `Error` with
 * the reason for bad input.
 */
export function parseCliArgs(argv: readonly string[]): CliOptions | 'help' | 'version' {
  const { args, renamed } = renameOldVersionFlag(argv);
  const { values } = parseStrictly(args);
  if (values.help) return 'help';
  if (values.version) return 'version';
  const versions = values['api-version'] ?? [];
  if (versions.length > 1) throw new Error("give the API's version once (--api-version)");
  const [version] = versions;
  if (!values.title || !version) throw new Error('--title and --api-version are required');
  for (const flag of ['out', 'project'] as const) {
    if (values[flag] === '') throw new Error(`--${flag} needs a value`);
  }
  if (values.openapi !== undefined && values.openapi !== '3.1') {
    throw new Error(`--openapi takes 3.1, got ${values.openapi}`);
  }
  const microservice = values.microservice;
  // The rule of every placement (docs/design.md §2), as `portico microservice --name` applies it.
  const nameFault = microservice === undefined ? undefined : microserviceNameFault(microservice);
  if (nameFault) throw new Error(`--microservice: ${nameFault}`);
  const baseUrl = checkedBaseUrl(values['base-url']);
  const contract = values.contract;
  if (contract !== undefined && path.basename(contract) !== CONTRACT_FILE) {
    throw new Error(
      `--contract must name a file called ${CONTRACT_FILE}, which the runtime looks for`,
    );
  }
  return {
    project: values.project,
    title: values.title,
    version,
    ...(values.description ? { description: values.description } : {}),
    out: values.out,
    check: values.check,
    strict: values.strict,
    ...(values.rmc ? { rmc: true } : {}),
    ...(values.openapi === '3.1' ? { openapi: '3.1' as const } : {}),
    ...(microservice ? { microservice } : {}),
    ...(baseUrl ? { baseUrl } : {}),
    ...(contract ? { contract: { file: contract, command: commandOf(args) } } : {}),
    ...(renamed ? { deprecatedVersionFlag: true as const } : {}),
  };
}

/** The command line as a user would type it again: what a stale contract tells them to run. */
function commandOf(argv: readonly string[]): string {
  const quoted = argv.map((a) => (/^[\w./=:@-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`));
  return ['npx generate-swagger', ...quoted].join(' ');
}

/** node:util's parseArgs on the flags of `generate-swagger`; its refusal in one line. */
function parseStrictly(args: string[]) {
  const config = { args, strict: true, allowPositionals: false, options: OPTIONS } as const;
  return parseFlags(config, 'generate-swagger --help');
}

const OPTIONS = {
  project: { type: 'string', default: 'tsconfig.json' },
  title: { type: 'string' },
  'api-version': { type: 'string', multiple: true },
  version: { type: 'boolean', default: false },
  description: { type: 'string' },
  out: { type: 'string', default: 'swagger.json' },
  'base-url': { type: 'string' },
  microservice: { type: 'string' },
  strict: { type: 'boolean', default: false },
  check: { type: 'boolean', default: false },
  openapi: { type: 'string' },
  rmc: { type: 'boolean', default: false },
  contract: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;
