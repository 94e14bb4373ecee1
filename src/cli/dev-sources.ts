import { execFileSync } from 'node:child_process';
import { type FSWatcher, statSync, watch } from 'node:fs';
import path from 'node:path';

/**
 * How long `tsc --watch` has to say that it saw an edit of a source file ("File change detected")
 * before `portico dev` starts it again: TypeScript 7 watches no folder of a project that sits
 * near the root of the file system (`/app`, `/srv/app`), so it would never build that edit.
 */
export const TSC_REACTS_MS = 1500;

const SOURCE = /\.[cm]?tsx?$/;
const DECLARATION = /\.d\.[cm]?tsx?$/;

/**
 * The folders that hold the project's own source files, as `tsc --showConfig` lists them (the
 * compiler's own reading of `include`, `files` and `exclude`); none when it cannot tell.
 */
export function sourceFolders(tsc: string, project: string): string[] {
  try {
    const config = path.resolve(project);
    const base = statSync(config).isDirectory() ? config : path.dirname(config);
    const shown: unknown = JSON.parse(
      execFileSync(process.execPath, [tsc, '--showConfig', '-p', project], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 60_000,
      }),
    );
    const files = (shown as { files?: unknown }).files;
    if (!Array.isArray(files)) return [];
    const sources = files.filter(
      (file): file is string => typeof file === 'string' && !DECLARATION.test(file),
    );
    return [...new Set(sources.map((file) => path.dirname(path.resolve(base, file))))];
  } catch {
    return [];
  }
}

/**
 * Calls `onEdit` with the path of each source file written in `folders` (not in their subfolders:
 * a new folder's file is built once a watched file imports it). Returns what stops the watching.
 */
export function watchSources(folders: readonly string[], onEdit: (file: string) => void) {
  const watchers: FSWatcher[] = [];
  for (const folder of folders) {
    try {
      const watcher = watch(folder, (_event, name) => {
        if (name && SOURCE.test(name) && !DECLARATION.test(name)) onEdit(path.join(folder, name));
      });
      watcher.on('error', () => watcher.close());
      watchers.push(watcher);
    } catch {
      // A folder removed since tsc listed it: nothing of it to build.
    }
  }
  return () => {
    for (const watcher of watchers) watcher.close();
  };
}

/**
 * Looks at the source files in `folders` beside `tsc --watch`: an edit that tsc has not said it saw
 * ("File change detected", read by `output`) within {@link TSC_REACTS_MS} calls `restart`, which
 * starts tsc again; an edit while that runs is looked at once it has ended.
 */
export function missedEdits(folders: readonly string[], restart: (file: string) => Promise<void>) {
  let reacted = true;
  let restarting = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const check = (file: string) => {
    if (closed || reacted) return;
    if (restarting) {
      timer = setTimeout(() => check(file), TSC_REACTS_MS);
      return;
    }
    restarting = true;
    void restart(file).finally(() => {
      restarting = false;
    });
  };
  const stopWatching = watchSources(folders, (file) => {
    reacted = false;
    clearTimeout(timer);
    timer = setTimeout(() => check(file), TSC_REACTS_MS);
  });
  return {
    output(text: string): void {
      if (/File change detected/.test(text)) reacted = true;
    },
    close(): void {
      closed = true;
      clearTimeout(timer);
      stopWatching();
    },
  };
}
