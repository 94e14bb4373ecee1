import { existsSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Diagnostic } from '../model';
import { type CliOptions, parseCliArgs, USAGE } from './cli-args';
import { type Generation, generateDocument, UnreadableProject } from './generate';
import { makeFolders } from './make-folders';
import { VERSION_FLAG_DEPRECATED } from './old-version-flag';
import { shortDiff } from './short-diff';

/** Where the command writes its text; the process's streams unless a test gives others. */
export interface CliIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
}

/** `src/a.ts:3: warning: …`, with the path relative to the working directory. */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const where = diagnostic.location
    ? `${path.relative(process.cwd(), diagnostic.location.file)}:${diagnostic.location.line}: `
    : '';
  return `${where}${diagnostic.severity}: ${diagnostic.message}`;
}

async function check(options: CliOptions, generation: Generation, io: CliIo): Promise<number> {
  let current: string | undefined;
  try {
    current = existsSync(options.out) ? await readFile(options.out, 'utf8') : undefined;
  } catch (error) {
    io.stderr.write(`generate-swagger: cannot read ${options.out}: ${(error as Error).message}\n`);
    return 1;
  }
  if (current === generation.text) {
    io.stderr.write(`generate-swagger: ${options.out} is up to date\n`);
    return 0;
  }
  const why = current === undefined ? 'does not exist' : 'differs from the source';
  io.stderr.write(`generate-swagger: ${options.out} ${why}; run generate-swagger to update it\n`);
  if (current !== undefined) io.stderr.write(`${shortDiff(current, generation.text)}\n`);
  return 1;
}

/** Writes `text` to `file`, making its directory; false, with one line said, when it cannot. */
async function writeOut(file: string, text: string, io: CliIo): Promise<boolean> {
  try {
    await makeFolders(path.dirname(path.resolve(file)));
    await writeFile(file, text);
    return true;
  } catch (error) {
    io.stderr.write(`generate-swagger: cannot write ${file}: ${(error as Error).message}\n`);
    return false;
  }
}

async function write(options: CliOptions, generation: Generation, io: CliIo): Promise<number> {
  if (options.out === '-') {
    io.stdout.write(generation.text);
    return 0;
  }
  if (!(await writeOut(options.out, generation.text, io))) return 1;
  if (options.contract && generation.contractText !== undefined) {
    if (!(await writeOut(options.contract.file, generation.contractText, io))) return 1;
    io.stderr.write(`generate-swagger: wrote ${options.contract.file}\n`);
  }
  const paths = Object.keys((generation.document.paths as object | undefined) ?? {}).length;
  const count = `${paths} operation${paths === 1 ? '' : 's'}`;
  io.stderr.write(`generate-swagger: wrote ${options.out} (${count})\n`);
  return 0;
}

async function run(options: CliOptions, io: CliIo): Promise<number> {
  if (options.deprecatedVersionFlag) io.stderr.write(`${VERSION_FLAG_DEPRECATED}\n`);
  if (!existsSync(options.project)) {
    const slashed = options.project.replaceAll('\\', '/');
    const hint =
      path.sep === '/' && slashed !== options.project && existsSync(slashed)
        ? `: write the path with / on this system: ${slashed}`
        : '';
    io.stderr.write(`generate-swagger: no tsconfig at ${options.project}${hint}\n`);
    return 1;
  }
  if (statSync(options.project).isDirectory()) {
    const file = path.join(options.project, 'tsconfig.json');
    io.stderr.write(
      `generate-swagger: ${options.project} is a folder: give its tsconfig.json (${file})\n`,
    );
    return 1;
  }
  let generation: Generation;
  try {
    generation = await generateDocument(options);
  } catch (error) {
    if (!(error instanceof UnreadableProject)) throw error;
    io.stderr.write(`generate-swagger: ${error.message}\n`);
    return 1;
  }
  for (const diagnostic of generation.diagnostics)
    io.stderr.write(`${formatDiagnostic(diagnostic)}\n`);
  const errors = generation.diagnostics.filter((d) => d.severity === 'error').length;
  if (errors > 0) {
    io.stderr.write(`generate-swagger: ${errors} error(s); nothing written\n`);
    return 1;
  }
  if (generation.invalid) {
    const dialect = options.openapi === '3.1' ? 'OpenAPI 3.1' : 'Swagger 2.0';
    io.stderr.write(`generate-swagger: the document is not valid ${dialect}; nothing written\n`);
    io.stderr.write(`${generation.invalid}\n`);
    return 1;
  }
  return options.check ? check(options, generation, io) : write(options, generation, io);
}

/**
 * Runs `generate-swagger` with the given arguments; resolves with the exit code: 0 done, 1 an
 * error in the project (one that is not there or cannot be read too), the document or its file
 * (or `--check` found a difference), 2 a wrong command line.
 * `version` is what `--version` alone prints: portico's version.
 */
export async function main(
  argv: readonly string[],
  io: CliIo = process,
  version = 'unknown',
): Promise<number> {
  let options: CliOptions | 'help' | 'version';
  try {
    options = parseCliArgs(argv);
  } catch (error) {
    // One line, as portico start's: what is wrong, and where the usage is when it does not say.
    const { message } = error as Error;
    const help = /--help/.test(message) ? '' : ': generate-swagger --help shows the usage';
    io.stderr.write(`generate-swagger: ${message}${help}\n`);
    return 2;
  }
  if (options === 'help' || options === 'version') {
    io.stdout.write(`${options === 'help' ? USAGE : version}\n`);
    return 0;
  }
  return run(options, io);
}
