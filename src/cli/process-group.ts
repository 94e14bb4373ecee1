import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';

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

/**
 * Stops the child's whole group: SIGTERM to each process, then, once the leader has exited (or
 * after `graceMs`, whichever comes first), SIGKILL to whatever of the group is left.
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
}
