import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The Node major the servers run on unless `--node` says otherwise. */
export const DEFAULT_SERVER_NODE = 24;

/**
 * The node binary the servers run on: `--node PATH`; the bench's own with `--node current` or
 * when it is Node 24 or later; else Node 24 from the npm registry's `node@24` package, installed
 * once into `bench/results/node-24` (ignored by git). Node 24 is the default because its
 * AsyncLocalStorage costs no promise hooks (docs/design-context.md); the bench's own Node stays
 * measured by the row `roa-json-bench-node`.
 */
export function serverNode(requested: string | undefined, root: string): string {
  if (requested === 'current') return process.execPath;
  if (requested !== undefined) return requested;
  if (Number(process.versions.node.split('.')[0]) >= DEFAULT_SERVER_NODE) return process.execPath;
  const dir = path.join(root, 'bench', 'results', `node-${DEFAULT_SERVER_NODE}`);
  const binary = path.join(dir, 'node_modules', '.bin', 'node');
  if (!existsSync(binary)) install(dir);
  return binary;
}

function install(dir: string): void {
  const args = ['install', '--prefix', dir, '--no-save', '--no-package-lock', '--no-audit'];
  process.stderr.write(`installing node@${DEFAULT_SERVER_NODE} into ${dir} for the servers\n`);
  const run = spawnSync('npm', [...args, '--no-fund', `node@${DEFAULT_SERVER_NODE}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (run.status !== 0) {
    throw new Error(
      `npm could not install node@${DEFAULT_SERVER_NODE}; run with --node current or --node PATH`,
    );
  }
}
