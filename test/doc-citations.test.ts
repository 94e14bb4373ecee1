import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './support/docs';

const CODE_FOLDERS = ['src', 'test', 'examples', 'scripts', 'bench'];

/** Every TypeScript file of the folders that hold code, by its path from the repository's root. */
function codeFiles(): string[] {
  return CODE_FOLDERS.flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => path.join(folder, file)),
  );
}

/** Each `docs/….md` (with its `§N`, when one is given) that a code file cites. */
function citations(): { file: string; page: string; section?: string }[] {
  return codeFiles().flatMap((file) =>
    [
      ...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/\b(docs\/[\w/-]+\.md)(?: §(\d+))?/g),
    ].map(([, page = '', section]) => ({ file, page, section })),
  );
}

describe('the design notes that the code cites', () => {
  const cited = citations();

  it('are pages of the repository, with the sections cited', () => {
    expect(cited.filter(({ page }) => page === 'docs/design.md').length).toBeGreaterThan(10);
    const missing = cited.filter(({ page, section }) => {
      const file = path.join(ROOT, page);
      if (!existsSync(file)) return true;
      return section !== undefined && !readFileSync(file, 'utf8').includes(`\n## ${section}. `);
    });
    expect(missing).toEqual([]);
  });

  it('name their file: no comment cites a design document that the repository does not hold', () => {
    const bare = codeFiles().filter((file) =>
      /\bDESIGN\s§/.test(readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(bare).toEqual([]);
  });
});
