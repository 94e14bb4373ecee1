import { createRequire } from 'node:module';
import path from 'node:path';
import type * as TsMorph from 'ts-morph';
import { DECORATOR_FLAGS } from '../../decorators/compiler-flags';
import { requirePeer } from '../../peers';

/** The compiler options that portico's decorators need, each `true`. */
const NEEDED = ['experimentalDecorators', 'emitDecoratorMetadata'] as const;

/** The decorator options that `options` (a tsconfig's resolved compilerOptions) leaves unset. */
export function missingDecoratorFlags(options: TsMorph.ts.CompilerOptions): string[] {
  return NEEDED.filter((name) => options[name] !== true);
}

/** The one line that names the missing options, before tsc's TS1240 errors do less clearly. */
export function decoratorFlagsMessage(tsconfig: string, missing: readonly string[]): string {
  const list = missing.map((name) => `"${name}": true`).join(' and ');
  const why = missing.includes('experimentalDecorators')
    ? 'without the first, tsc reads them as standard decorators and reports TS1240 on each decorated field, TS1241 and TS1270 on each decorated method'
    : 'without the second, the runtime learns no field or parameter types';
  return `${tsconfig} does not set ${list} in compilerOptions: portico's decorators need ${DECORATOR_FLAGS} (${why})`;
}

type Ts = typeof TsMorph.ts;

/** The project's own TypeScript, else the one ts-morph carries. */
function typescriptOf(file: string): Ts {
  try {
    return createRequire(file)('typescript') as Ts;
  } catch {
    return requirePeer<typeof TsMorph>('ts-morph', 'reading tsconfig.json').ts;
  }
}

/**
 * Reads a tsconfig.json (with what it `extends`) by the project's own TypeScript and returns the
 * message that names the decorator options it lacks, or `undefined` when both are set. It is for
 * commands that run tsc on the project, such as `portico dev`.
 */
export function checkDecoratorFlags(tsconfig: string): string | undefined {
  const file = path.resolve(tsconfig);
  const ts = typescriptOf(file);
  const read = ts.readConfigFile(file, ts.sys.readFile);
  if (read.error) return undefined;
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(file));
  const missing = missingDecoratorFlags(parsed.options);
  return missing.length > 0 ? decoratorFlagsMessage(tsconfig, missing) : undefined;
}
