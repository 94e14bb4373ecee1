import { type ParseArgsConfig, parseArgs } from 'node:util';

/**
 * What a command says of a refusal of node:util's parseArgs: one line that names the option, and
 * for an unknown one the command whose `--help` lists them (`help`, default `portico --help`).
 */
export function argumentsError(error: unknown, help = 'portico --help'): string {
  const { message, code } = error as { message: string; code?: string };
  const option = /'(--?[\w-]+)/.exec(message)?.[1] ?? 'an option';
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    return `unexpected argument ${/'([^']*)'/.exec(message)?.[1] ?? ''}`;
  }
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    return `unknown option ${option}: ${help} lists the options`;
  }
  // A switch given a value (--development=true): it takes none, it is on by being there.
  if (/ does not take an argument/.test(message))
    return `${option} takes no value: write ${option} alone`;
  // parseArgs takes a value that starts with '-' for the next option unless it is written with '='.
  const ambiguous = / is ambiguous/.test(message)
    ? `: write ${option}=<value> for one that starts with -`
    : '';
  return `${option} needs a value${ambiguous}`;
}

/** What `parseArgs` says of each option it read, with `tokens: true`. */
interface OptionToken {
  readonly kind: string;
  readonly name?: string;
  readonly value?: string | undefined;
}

/**
 * The refusal of a flag that takes one value and was given twice (`--port 1 --port 2`), in one
 * line; `undefined` when none was. Flags declared `multiple` (`--nats`) may repeat, and so may
 * switches, which say the same thing each time.
 */
export function repeatedFlag(
  tokens: readonly OptionToken[] | undefined,
  options: Readonly<Record<string, { readonly type: string; readonly multiple?: boolean }>>,
): string | undefined {
  const seen = new Map<string, string | undefined>();
  for (const token of tokens ?? []) {
    if (token.kind !== 'option' || token.name === undefined) continue;
    const option = options[token.name];
    if (option === undefined || option.type !== 'string' || option.multiple) continue;
    if (seen.has(token.name)) {
      return `--${token.name} is given twice (${seen.get(token.name)}, then ${token.value}): give it once`;
    }
    seen.set(token.name, token.value);
  }
  return undefined;
}

/**
 * node:util's parseArgs of `config` with its tokens: what it refuses, in one line
 * ({@link argumentsError}, `help` naming the command whose `--help` lists the options), and a flag
 * of one value given twice ({@link repeatedFlag}) are thrown as an `Error`.
 */
export function parseFlags<const T extends ParseArgsConfig>(
  config: T,
  help?: string,
): ReturnType<typeof parseArgs<T>> {
  let parsed: ReturnType<typeof parseArgs<T>> & { readonly tokens?: readonly OptionToken[] };
  try {
    // With its tokens: `T` gives the types of the rest, which its own `tokens` does not change.
    parsed = parseArgs({ ...config, tokens: true }) as unknown as typeof parsed;
  } catch (error) {
    throw new Error(argumentsError(error, help));
  }
  const repeated = repeatedFlag(parsed.tokens, config.options ?? {});
  if (repeated !== undefined) throw new Error(repeated);
  return parsed;
}
