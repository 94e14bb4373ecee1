import { readFileSync } from 'node:fs';
import path from 'node:path';

/** What the README's "A service in three steps" shows: files, and one call with its answer. */
export interface ReadmeProject {
  /** Each file by its path in the project, as the section shows it. */
  readonly files: ReadonlyMap<string, string>;
  /** The curl line's path, headers and body. */
  readonly call: { path: string; headers: Record<string, string>; body: string };
  /** The answer written under the curl line. */
  readonly answer: string;
  /** The typed client's compiled script, and what it prints, written under its `node` line. */
  readonly client: { script: string; output: string };
}

const README = path.join(__dirname, '..', '..', 'README.md');

/** Reads the section: every fenced block whose info string names a file, and the curl line. */
export function readReadmeProject(): ReadmeProject {
  const readme = readFileSync(README, 'utf8');
  const start = readme.indexOf('\n## A service in three steps\n');
  if (start < 0) throw new Error('the README has no "A service in three steps" section');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const files = new Map<string, string>();
  for (const [, name = '', text = ''] of section.matchAll(/^```\w+ (\S+)\n([\s\S]*?)^```$/gm)) {
    files.set(name, text);
  }
  const curl = /^curl -s (.*) localhost:8082(\/\S+)\n# (.*)$/m.exec(section);
  if (!curl)
    throw new Error('the "A service in three steps" section has no curl line with its answer');
  const headers: Record<string, string> = {};
  for (const [, name = '', value = ''] of (curl[1] ?? '').matchAll(/-H '([^:]+): ([^']*)'/g)) {
    headers[name] = value;
  }
  const body = /-d '([^']*)'/.exec(curl[1] ?? '')?.[1] ?? '';
  const client = /^(?:.* && )?node (dist\/\S+\.js)\n# (.*)$/m.exec(section);
  if (!client)
    throw new Error('the "A service in three steps" section has no node line with its output');
  return {
    files,
    call: { path: curl[2] ?? '', headers, body },
    answer: curl[3] ?? '',
    client: { script: client[1] ?? '', output: client[2] ?? '' },
  };
}
