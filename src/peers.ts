/**
 * The packages portico loads only for a feature that asks for them. package.json declares each as
 * an optional peer with this range, so a runtime install pulls none of them; a test keeps the two
 * lists equal.
 */
export const OPTIONAL_PEERS = {
  'prom-client': {
    range: '^15.1.3',
    neededBy: "metrics (metrics: true, or a replica's --admin-port)",
  },
  '@opentelemetry/api': { range: '^1.9.0', neededBy: 'tracing (tracing: true, or --tracing)' },
  re2js: { range: '^2.10.0', neededBy: 'a pattern on a @Field' },
  'swagger-ui-dist': { range: '^5.35.0', neededBy: 'swaggerUi' },
  'ts-morph': { range: '^28.0.0', neededBy: 'generate-swagger', dev: true },
  '@apidevtools/swagger-parser': { range: '^12.1.0', neededBy: 'generate-swagger', dev: true },
} as const satisfies Readonly<
  Record<string, { range: string; neededBy: string; dev?: boolean | undefined }>
>;

/** The name of an optional peer package. */
export type PeerName = keyof typeof OPTIONAL_PEERS;

/** The command that installs `names` where the feature needs them. */
export function installCommand(names: readonly PeerName[]): string {
  const dev = names.some((name) => 'dev' in OPTIONAL_PEERS[name]);
  const specs = names.map((name) => `${name}@${OPTIONAL_PEERS[name].range}`);
  return `npm install ${dev ? '--save-dev ' : ''}${specs.join(' ')}`;
}

/**
 * The one line that says what needs `name`, that it is missing, and how to install it. `where`,
 * when given, names the declaration that asked for it (`field Order.currency`).
 */
export function missingPeerMessage(name: PeerName, where?: string): string {
  const site = where === undefined ? '' : `${where}: `;
  return (
    `portico: ${site}${OPTIONAL_PEERS[name].neededBy} needs ${name}, which is not installed: ` +
    `run ${installCommand([name])}`
  );
}

/** Whether `name` can be loaded from where portico is installed. */
export function isPeerInstalled(name: PeerName): boolean {
  try {
    require.resolve(name);
    return true;
  } catch {
    return false;
  }
}

/** Throws the one line of {@link missingPeerMessage} when `name` is not installed. */
export function needPeer(name: PeerName, where?: string): void {
  if (!isPeerInstalled(name)) throw new TypeError(missingPeerMessage(name, where));
}

/**
 * Loads the optional peer `name`, or throws the one line of {@link missingPeerMessage} when it is
 * not installed. Any other failure of loading it is thrown as it is.
 *
 * @example
 * const api = requirePeer<typeof import('@opentelemetry/api')>('@opentelemetry/api');
 */
export function requirePeer<T>(name: PeerName, where?: string): T {
  needPeer(name, where);
  return require(name) as T;
}
