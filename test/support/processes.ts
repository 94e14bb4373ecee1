import { readdirSync, readFileSync } from 'node:fs';

/** The processes below `pid`, read from /proc: children, theirs, and so on. */
export function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const stat = readIfThere(`/proc/${entry}/stat`);
    const parent = Number(stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  for (let queue = [pid]; queue.length > 0; ) {
    const children = parents.get(queue.shift() as number) ?? [];
    found.push(...children);
    queue.push(...children);
  }
  return found;
}

/** Whether `pid` is a process that still runs (a zombie has stopped). */
export function alive(pid: number): boolean {
  const stat = readIfThere(`/proc/${pid}/stat`);
  return stat !== undefined && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
}

function readIfThere(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
