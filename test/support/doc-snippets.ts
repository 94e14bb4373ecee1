import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readReadmeProject } from '../adopter/readme-project';
import { docPages, ROOT, readDoc } from './docs';

/** One `ts` block of the README or a guide: its page, the file its info string names, its code. */
export interface Block {
  readonly page: string;
  readonly name: string | undefined;
  readonly code: string;
}

/** Every `ts` block of the README and the guides of docs/ (not docs/history). */
export const blocks: Block[] = docPages()
  .filter((page) => !page.startsWith('docs/history/'))
  .flatMap((page) =>
    [...readDoc(page).matchAll(/^```ts(?: (\S+))?\n([\s\S]*?)^```$/gm)].map(
      ([, name, code = '']) => ({ page, name, code }),
    ),
  );

/** The TypeScript files of examples/, by their text: a block that is one of them word for word. */
const exampleTexts = new Set(
  readdirSync(path.join(ROOT, 'examples'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => readFileSync(path.join(ROOT, 'examples', file), 'utf8')),
);

/** The file of examples/ that a block shows a part of, named on its first line (`// examples/…`). */
export const excerptOf = (block: Block) => /^\/\/ (examples\/[\w/.-]+\.ts)\b/.exec(block.code)?.[1];

/** The blocks that a user pastes as files of the README's project: all but the examples' own. */
export const pasted = blocks.filter((block) => !exampleTexts.has(block.code) && !excerptOf(block));

/** The file of the README's project that a pasted block goes in. */
export const fileOf = (block: Block, i: number) => block.name ?? `src/snippet-${i}.ts`;

/**
 * Writes the README's project into `dir` with every pasted block in it, and its tsconfig.json
 * with `noEmit` and the given `paths`; answers that file's path.
 */
export function writeSnippetProject(dir: string, paths?: Record<string, string[]>): string {
  const { files } = readReadmeProject();
  const tsconfig = JSON.parse(files.get('tsconfig.json') ?? '{}');
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  for (const [name, text] of files) {
    if (name.startsWith('src/')) writeFileSync(path.join(dir, name), text);
  }
  pasted.forEach((block, i) => {
    writeFileSync(path.join(dir, fileOf(block, i)), block.code);
  });
  const compilerOptions = { ...tsconfig.compilerOptions, noEmit: true, ...(paths && { paths }) };
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ ...tsconfig, compilerOptions }));
  return path.join(dir, 'tsconfig.json');
}
