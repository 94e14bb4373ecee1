import { readFileSync } from 'node:fs';
import path from 'node:path';

/** What the README's "Your own project" section shows: files, and one call with its answer. */
export interface ReadmeProject {
  /** Each file by its path in the project, as the section shows it. */
  readonly files: ReadonlyMap<string, string>;
  /** The curl line's path, headers and body. */
  readonly call: { path: string; headers: Record<string, string>; body: string };
  /** The answer written under the curl line. */
  readonly answer: string;
}

const README = path.join(__dirname, '..', '..', 'README.md');

/** Reads the section: every fenced block whose info string names a file, and the curl line. */
export function readReadmeProject(): ReadmeProject {
  const readme = readFileSync(README, 'utf8');
  const start = readme.indexOf('\n## Your own project\n');
  if (start < 0) throw new Error('the README has no "Your own project" section');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const files = new Map<string, string>();
  for (const [, name = '', text = ''] of section.matchAll(/^```\w+ (\S+)\n([\s\S]*?)^```$/gm)) {
    files.set(name, text);
  }
  const curl = /^curl -s (.*) localhost:8082(\/\S+)\n# (.*)$/m.exec(section);
  if (!curl) throw new Error('the "Your own project" section has no curl line with its answer');
  const headers: Record<string, string> = {};
  for (const [, name = '', value = ''] of (curl[1] ?? '').matchAll(/-H '([^:]+): ([^']*)'/g)) {
    headers[name] = value;
  }
  const body = /-d '([^']*)'/.exec(curl[1] ?? '')?.[1] ?? '';
  return { files, call: { path: curl[2] ?? '', headers, body }, answer: curl[3] ?? '' };
}
