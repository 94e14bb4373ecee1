import { existsSync, watch } from 'node:fs';

/** How long the compiled files must stay unchanged before a round starts: one compile's writes. */
const SETTLE_MS = 200;

/**
 * Calls `onChange` once the JavaScript under `dir` (where the server's module was compiled to)
 * has changed and then stayed unchanged for {@link SETTLE_MS}. Returns false, watching nothing,
 * while `dir` does not exist: no build has written it yet.
 */
export function watchCompiled(dir: string, onChange: () => void): boolean {
  // Node 20 throws ENOENT for a folder that is not there, Node 24 watches nothing, silently.
  if (!existsSync(dir)) return false;
  let timer: NodeJS.Timeout | undefined;
  try {
    const watcher = watch(dir, { recursive: true }, (_event, file) => {
      if (file && !/\.[cm]?js$/.test(file)) return;
      clearTimeout(timer);
      timer = setTimeout(onChange, SETTLE_MS);
    });
    watcher.unref();
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * `task` run one at a time: a call while it runs makes it run once more afterwards (never more),
 * so a burst of changes ends in one round on the last of them.
 */
export function serialized(task: () => Promise<void>) {
  let running: Promise<void> | undefined;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = task().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        run();
      }
    });
  };
  return Object.assign(run, { idle: async () => running });
}
