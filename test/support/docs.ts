import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository's root, where README.md and docs/ are. */
export const ROOT = path.resolve(__dirname, '..', '..');

/** Every page whose examples the tests run: the README and each guide in docs/, subfolders too. */
export function docPages(): string[] {
  const guides = readdirSync(path.join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join('docs', file).split(path.sep).join('/'))
    .sort();
  return ['README.md', ...guides];
}

/** The text of one page, by its path from the repository's root (`docs/operating.md`). */
export function readDoc(page: string): string {
  return readFileSync(path.join(ROOT, page), 'utf8');
}

/** One `## heading` section of a page, up to the next `## ` heading (a page has one `# ` title). */
export function docSection(page: string, heading: string): string {
  const text = readDoc(page);
  const start = text.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`${page} has no section "${heading}"`);
  const end = text.indexOf('\n## ', start + 1);
  return end < 0 ? text.slice(start) : text.slice(start, end);
}
