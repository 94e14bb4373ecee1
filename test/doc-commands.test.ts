import { existsSync } from 'node:fs';
import path from 'node:path';
import { docPages, docSection, ROOT, readDoc } from './support/docs';

const { scripts } = require('../package.json') as { scripts: Record<string, string> };

/** The `sh` blocks of a page; the README's own project is left out (test/adopter runs it). */
function shellBlocks(page: string): string[] {
  const own = page === 'README.md' ? docSection(page, 'A service in three steps') : '';
  const text = readDoc(page).replace(own, '');
  return [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map(([, block]) => block ?? '');
}

const commands = docPages().flatMap((page) => shellBlocks(page).map((block) => ({ page, block })));

describe('the shell blocks of the README and docs/', () => {
  it('run only npm scripts that package.json has', () => {
    const named = commands.flatMap(({ page, block }) =>
      [...block.matchAll(/\bnpm run ([\w:-]+)/g)].map(([, name = '']) => ({ page, name })),
    );
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter(({ name }) => !(name in scripts))).toEqual([]);
  });

  it('read only files that the repository (and its build) has', () => {
    const files = commands.flatMap(({ page, block }) =>
      [
        ...block.matchAll(
          /(?:^|[\s=])((?:dist|examples|bin|scripts|bench)\/[\w./-]+\.(?:js|ts|sh|conf))\b/gm,
        ),
      ].map(([, file]) => ({ page, file: file ?? '' })),
    );
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter(({ file }) => !existsSync(path.join(ROOT, file)))).toEqual([]);
  });
});
