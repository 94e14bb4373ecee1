/**
 * A start-up failure the user can act on: its message is the one line the command prints, and
 * `exitCode` what it exits with (2 for a wrong command line, 1 otherwise).
 */
export class StartupError extends Error {
  readonly exitCode: number;

  constructor(message: string, options: { exitCode?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'StartupError';
    this.exitCode = options.exitCode ?? 1;
  }
}

/** The first line of an error's message, without the `portico: ` that decorator errors start with. */
export function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? '').replace(/^portico: /, '');
}

/**
 * What a command prints for a failure: one line, and with `verbose` the stack of the error and
 * of its cause below it.
 */
export function describeFailure(command: string, error: unknown, verbose: boolean): string {
  const line =
    error instanceof StartupError
      ? error.message
      : `${firstLine(error)} (--verbose shows the stack)`;
  if (!verbose) return `${command}: ${line}\n`;
  const cause = error instanceof Error ? error.cause : undefined;
  const stacks = [error, cause].filter((e): e is Error => e instanceof Error).map((e) => e.stack);
  return `${command}: ${line}\n${stacks.join('\n')}\n`;
}
