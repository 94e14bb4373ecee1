/**
 * The packages that only `generate-swagger` needs, with the versions package.json declares for
 * them as optional peers: a runtime install never pulls them.
 */
export const GENERATOR_PEERS: Readonly<Record<string, string>> = {
  'ts-morph': '^28.0.0',
  '@apidevtools/swagger-parser': '^12.1.0',
};

/** The generator's peers that cannot be loaded from where portico is installed. */
export function missingGeneratorPeers(
  resolve: (name: string) => string = require.resolve,
): string[] {
  return Object.keys(GENERATOR_PEERS).filter((name) => {
    try {
      resolve(name);
      return false;
    } catch {
      return true;
    }
  });
}

/** The one line that names the missing peers and the command that installs them. */
export function missingPeersMessage(missing: readonly string[]): string {
  const specs = missing.map((name) => `${name}@${GENERATOR_PEERS[name] ?? 'latest'}`);
  const verb = missing.length === 1 ? 'is' : 'are';
  return (
    `generate-swagger needs ${missing.join(' and ')}, which ${verb} not installed: ` +
    `run npm install --save-dev ${specs.join(' ')}`
  );
}
