import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CONTRACT_FILE, CONTRACT_VERSION, type Contract } from './contract-format';

/** A contract read from its file: `dir` is where its module paths start. */
export interface LoadedContract {
  readonly file: string;
  readonly dir: string;
  readonly contract: Contract;
}

/**
 * The contract that serves the compiled module `moduleFile`: the nearest `portico-contract.json`
 * in its directory or above, up to the directory of the project's package.json.
 */
export function findContract(moduleFile: string): string | undefined {
  let dir = path.dirname(path.resolve(moduleFile));
  for (;;) {
    const file = path.join(dir, CONTRACT_FILE);
    if (existsSync(file)) return file;
    const parent = path.dirname(dir);
    if (parent === dir || existsSync(path.join(dir, 'package.json'))) return undefined;
    dir = parent;
  }
}

/** The SHA-256 of a compiled module's bytes, as the contract records it. */
export function moduleHash(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/**
 * Reads a contract and refuses, in one line naming the command to run, one that no longer
 * matches the compiled modules it was written from.
 */
export function readContract(file: string): LoadedContract {
  const contract = JSON.parse(readFileSync(file, 'utf8')) as Contract;
  const shown = path.relative(process.cwd(), file) || file;
  if (contract?.portico !== CONTRACT_VERSION) {
    throw new Error(
      `${shown} is not a contract of this portico version: run generate-swagger --contract ${shown} again`,
    );
  }
  const dir = path.dirname(file);
  for (const [module, hash] of Object.entries(contract.modules)) {
    const compiled = path.resolve(dir, module);
    const now = existsSync(compiled) ? moduleHash(compiled) : undefined;
    if (now !== hash) {
      const why = now === undefined ? 'is gone' : 'changed';
      throw new Error(
        `${shown} is stale: ${path.relative(process.cwd(), compiled)} ${why} since it was written; run ${contract.command}`,
      );
    }
  }
  return { file, dir, contract };
}
