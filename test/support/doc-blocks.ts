import { spawn } from 'node:child_process';
import { ROOT, readDoc } from './docs';

/** The `sh` blocks of a page, in order. */
export function shBlocks(page: string): string[] {
  return [...readDoc(page).matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map(([, block]) => block ?? '');
}

/** What a block run by bash printed, and how it ended. */
export interface BlockRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A block to paste, and what must have been printed before the next one is pasted. */
export interface Paste {
  readonly block: string;
  readonly before?: (stdout: string) => boolean;
}

/**
 * Pastes blocks into one bash, from the repository's root, as a reader pastes them into a shell:
 * each once the output of those before it passes its `before`. Resolves once bash and every
 * process it left holding its output have ended. At `limitMs`, the whole process group is killed,
 * so that blocks that hang fail instead of holding the suite.
 */
export async function runInBash(
  pastes: readonly Paste[],
  env: NodeJS.ProcessEnv,
  limitMs: number,
): Promise<BlockRun> {
  const child = spawn('bash', ['-s'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  const waiting = [...pastes];
  const pasteNext = () => {
    while (waiting[0] && (waiting[0].before?.(stdout) ?? true)) {
      child.stdin.write((waiting.shift() as Paste).block);
    }
    if (waiting.length === 0 && child.stdin.writable) child.stdin.end();
  };
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    pasteNext();
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  pasteNext();
  const timer = setTimeout(() => process.kill(-(child.pid as number), 'SIGKILL'), limitMs);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  return { code, stdout, stderr };
}

/** Standard output without the JSON log lines of portico's processes: what the commands printed. */
export function withoutLogLines(stdout: string): string {
  return stdout.replace(/\{"level":\d+,[^\n]*\}\n/g, '');
}
