import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * A child started as the leader of a process group of its own, so that stopping it stops what it
 * started too: TypeScript 7's `tsc` is a Node script that runs the native compiler as its child,
 * and a signal to the script alone would leave the compiler running.
 */
export function spawnGroup(command: string, args: readonly string[], options: SpawnOptions) {
  return spawn(command, [...args], { ...options, detached: true });
}

/** Whether the child has exited (or could not start). */
export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null || child.pid === undefined;
}

/** Sends `signal` to every process of the child's group; quiet when the group is gone. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    // The group has no process left.
  }
}

/** SIGKILL to every process of the child's group, now: for a second signal, which will not wait. */
export function killGroup(child: ChildProcess | undefined): void {
  if (child && !hasExited(child)) signalGroup(child, 'SIGKILL');
}

/** Whether a process of group `pgid` is left (a zombie counts: kill() reaches it). */
function signalReaches(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a process of group `pgid` still runs. Where `/proc` lists processes, a zombie does not
 * count: an orphan's zombie waits for an init that may never reap it (a container's first process
 * often does not), yet it runs nothing. Elsewhere, whatever a signal reaches.
 */
function groupRuns(pgid: number): boolean {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return signalReaches(pgid);
  }
  return entries.some((name) => {
    if (!/^\d+$/.test(name)) return false;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      return false;
    }
    const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(group) === pgid && state !== 'Z';
  });
}

/**
 * Resolves once the child's group has no process left, or after `limitMs`. A SIGKILLed process
 * takes a moment to die, and no event tells its end to anyone but its parent (the group's
 * leader, gone by then): without the wait, `portico dev` could exit while a compiler it started
 * was still being torn down.
 */
async function groupGone(child: ChildProcess, limitMs: number): Promise<void> {
  const until = Date.now() + limitMs;
  while (child.pid !== undefined && groupRuns(child.pid) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Stops the child's whole group: SIGTERM to each process, then, once the leader has exited (or
 * after `graceMs`, whichever comes first), SIGKILL to whatever of the group is left, and waits
 * (at most a second) until none of it is left.
 */
export async function stopGroup(child: ChildProcess | undefined, graceMs = 5_000): Promise<void> {
  if (!child) return;
  if (!hasExited(child)) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    signalGroup(child, 'SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([exited, late]);
    clearTimeout(timer);
  }
  signalGroup(child, 'SIGKILL');
  await groupGone(child, 1_000);
}
