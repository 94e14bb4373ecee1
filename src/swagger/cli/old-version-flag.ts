/** The line written to standard error when the old `--version <text>` names the API's version. */
export const VERSION_FLAG_DEPRECATED =
  'generate-swagger: --version <text> is deprecated and will stop working in the next release: use --api-version <text>';

/**
 * `--version` alone (last, or before another flag) asks for portico's version; followed by a
 * value (`--version 1.0.0`, `--version=1.0.0`) it is the old name of `--api-version`, renamed
 * here: `renamed` tells the caller to warn.
 */
export function renameOldVersionFlag(argv: readonly string[]): {
  args: string[];
  renamed: boolean;
} {
  const args: string[] = [];
  let renamed = false;
  argv.forEach((arg, i) => {
    const next = argv[i + 1];
    const valued =
      arg.startsWith('--version=') ||
      (arg === '--version' && next !== undefined && !next.startsWith('-'));
    renamed ||= valued;
    args.push(valued ? arg.replace('--version', '--api-version') : arg);
  });
  return { args, renamed };
}
