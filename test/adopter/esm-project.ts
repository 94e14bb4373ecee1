import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readDoc } from '../support/docs';

/** The relative import that docs/getting-started.md shows for a project of ES modules. */
export function esmImportOfTheGuide(): string {
  const section = readDoc('docs/getting-started.md').split('\n## ES modules\n')[1] ?? '';
  const line = /^import .* from '\.\/[\w.-]+\.js';$/m.exec(section)?.[0];
  if (!line) throw new Error('docs/getting-started.md shows no relative import with .js');
  return line;
}

/** Makes the project at `dir` a package of ES modules, with nothing compiled yet. */
export function makeEsm(dir: string): void {
  const file = path.join(dir, 'package.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  writeFileSync(file, JSON.stringify({ ...manifest, type: 'module' }, null, 2));
  rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
}

/** Adds `.js` to every relative import of the project's sources, as the guide says to. */
export function addJsExtensions(dir: string): void {
  const src = path.join(dir, 'src');
  for (const name of readdirSync(src).filter((file) => file.endsWith('.ts'))) {
    const file = path.join(src, name);
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace(/from '(\.\.?\/[^']+?)(?<!\.js)'/g, "from '$1.js'"));
  }
}
