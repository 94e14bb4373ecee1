import { installCommand, isPeerInstalled, type PeerName } from '../../peers';

/** The packages that only `generate-swagger` needs: optional peers, so a runtime never pulls them. */
export const GENERATOR_PEERS: readonly PeerName[] = ['ts-morph', '@apidevtools/swagger-parser'];

/** The generator's peers that cannot be loaded from where portico is installed. */
export function missingGeneratorPeers(
  installed: (name: PeerName) => boolean = isPeerInstalled,
): PeerName[] {
  return GENERATOR_PEERS.filter((name) => !installed(name));
}

/** The one line that names the missing peers and the command that installs them. */
export function missingPeersMessage(missing: readonly PeerName[]): string {
  const verb = missing.length === 1 ? 'is' : 'are';
  return `generate-swagger needs ${missing.join(' and ')}, which ${verb} not installed: run ${installCommand(missing)}`;
}
