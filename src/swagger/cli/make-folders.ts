import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Makes the folder `dir` and each missing one above it, one at a time. Node's
 * `mkdir(dir, { recursive: true })` never settles where a folder cannot be made below /proc
 * (`/proc/x/y`), on Node 20 to 26; this fails there with mkdir's own error. A file where a folder
 * should be is named as such, where mkdir says EEXIST or ENOTDIR.
 */
export async function makeFolders(dir: string): Promise<void> {
  const missing: string[] = [];
  // One step per folder of the path, up to the root: bounded by its length.
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const stats = await stat(at).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
      throw error;
    });
    if (stats?.isDirectory()) break;
    if (stats) throw new Error(`${shown(at)} is a file, not a folder`);
    missing.push(at);
    if (path.dirname(at) === at) break;
  }
  for (const folder of missing.reverse()) {
    await mkdir(folder).catch((error: NodeJS.ErrnoException) => {
      // Made meanwhile by another process: what matters is that it is there.
      if (error.code !== 'EEXIST') throw error;
    });
  }
}

/** A path as the command line would write it: relative below the working folder, else whole. */
function shown(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative)
    ? file
    : relative;
}
