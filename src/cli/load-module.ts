import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { firstLine, StartupError } from './startup-error';
import { locateSyntaxError, syntaxWhere } from './syntax-place';
import { whereRaised } from './where-raised';

/** Refuses, in one line that says what to do, a path that names no compiled module. */
export function checkModulePath(file: string): void {
  if (/\.[cm]?tsx?$/.test(file)) {
    throw new StartupError(
      `${file} is TypeScript: compile it (npx tsc) and give the compiled .js file instead`,
    );
  }
  if (isResolvable(file)) return;
  if (statSync(file, { throwIfNoEntry: false })?.isDirectory()) {
    throw new StartupError(`${file} is a folder: give the path of the compiled .js file in it`);
  }
  const slashed = file.replaceAll('\\', '/');
  if (path.sep === '/' && slashed !== file && isResolvable(slashed)) {
    throw new StartupError(`cannot find ${file}: write the path with / on this system: ${slashed}`);
  }
  throw new StartupError(
    `cannot find ${file}: build the project first (npx tsc) and give the path of the compiled .js file`,
  );
}

/**
 * The line that says a module could not load: the error's first line and where it was raised
 * (`file:line:column` for a syntax error).
 */
export function loadFailure(file: string, error: unknown): string {
  const where = syntaxWhere(error) ?? whereRaised(error);
  return `cannot load ${file}: ${firstLine(error)}${where === undefined ? '' : ` (at ${where})`}`;
}

/** Whether `file` names a module that `require` finds (with or without its extension). */
export function isResolvable(file: string): boolean {
  try {
    require.resolve(path.resolve(file));
    return true;
  } catch {
    return false;
  }
}

/**
 * Loads a module by path and returns its default export (or the module itself): CommonJS, or an
 * ES module through `require`; one with a top-level `await`, which `require` refuses, is imported.
 */
export async function loadDefaultExport(file: string): Promise<unknown> {
  const resolved = path.resolve(file);
  let loaded: unknown;
  try {
    try {
      loaded = require(resolved);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'ERR_REQUIRE_ASYNC_MODULE') throw error;
      loaded = await import(pathToFileURL(resolved).href);
    }
  } catch (error) {
    locateSyntaxError(error, resolved);
    throw withImportHint(error);
  }
  if (loaded && typeof loaded === 'object' && 'default' in loaded) {
    return (loaded as { default: unknown }).default;
  }
  return loaded;
}

/**
 * Node finds an ES module's relative imports only by their whole file name, and its error names
 * neither the cause nor the fix. Sources compiled with `"moduleResolution": "bundler"` (or
 * `"module": "esnext"`) leave the extension out and still compile, so the import is named here.
 */
function withImportHint(error: unknown): unknown {
  const { code, url, message } = error as { code?: unknown; url?: unknown; message?: unknown };
  if (code !== 'ERR_MODULE_NOT_FOUND' || typeof url !== 'string' || !url.startsWith('file:')) {
    return error;
  }
  const missing = fileURLToPath(url);
  const file = ['.js', '.mjs', '/index.js'].map((end) => missing + end).find(existsSync);
  const importer = / imported from (.+)$/.exec(String(message))?.[1];
  if (file === undefined || importer === undefined) return error;
  const from = path.dirname(importer);
  return new Error(
    `${path.relative(process.cwd(), importer)} imports '${specifier(from, missing)}', which an ES module must write` +
      ` as '${specifier(from, file)}': write the file's extension in the source's relative imports` +
      ' ("moduleResolution": "nodenext" asks for it; "bundler" does not)',
    { cause: error },
  );
}

/** The relative import of `file` from the folder `from`, as a source writes it. */
function specifier(from: string, file: string): string {
  const relative = path.relative(from, file).split(path.sep).join('/');
  return relative.startsWith('../') ? relative : `./${relative}`;
}
