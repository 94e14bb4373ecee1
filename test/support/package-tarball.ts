import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');

/**
 * Packs the built package into `dir` as `npm pack` would publish it, and returns the tarball's
 * path. The build is npm test's (prepack's own build is skipped: it would build the same again).
 */
export function packPortico(dir: string): string {
  if (!existsSync(path.join(ROOT, 'dist', 'src', 'index.js'))) {
    throw new Error('dist/ is missing: run `npm run build` (npm test does it first)');
  }
  const out = execFileSync(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', dir],
    { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const [packed] = JSON.parse(out) as { filename: string }[];
  if (!packed) throw new Error(`npm pack wrote no tarball: ${out}`);
  return path.join(dir, packed.filename);
}

/** The paths inside a tarball, without the leading `package/`. */
export function tarballFiles(tarball: string): string[] {
  return execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.replace(/^package\//, ''));
}
