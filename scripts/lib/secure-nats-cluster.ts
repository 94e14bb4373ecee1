import { type NatsCluster, startNatsCluster } from './nats-cluster';
import { makeSecureNatsMaterial, type SecureNatsUser, secureNatsConfigFile } from './secure-nats';

/** A routed nats-server cluster running the scale-out example's configuration. */
export interface SecureNatsCluster extends NatsCluster {
  /** The CA that signed the servers' certificate (and the client certificate). */
  readonly caFile: string;
  /** A client certificate and its key, signed by the CA. */
  readonly certFile: string;
  readonly keyFile: string;
  /** The password of each user, made at random. */
  readonly passwords: Readonly<Record<SecureNatsUser, string>>;
}

/** Options of {@link startSecureNatsCluster}. */
export interface SecureNatsClusterOptions {
  /** How many routed nodes. Default 3. */
  readonly size?: number;
  /** Lines added to every node's configuration, such as `ping_interval: "1s"`. */
  readonly extraConfig?: string;
}

/**
 * Starts a cluster (3 nodes by default) whose every node runs the shipped
 * `examples/scale-out/nats-server.conf` (TLS, its users and their permissions), with routes
 * that are TLS too and verify each other's certificates; certificates and passwords are made
 * at run time and deleted by `stop()`.
 *
 * @example
 * const cluster = await startSecureNatsCluster();
 * const nc = await connect({ servers: [...cluster.urls], user: 'portico-main',
 *   pass: cluster.passwords['portico-main'], tls: { caFile: cluster.caFile } });
 */
export async function startSecureNatsCluster(
  options: SecureNatsClusterOptions = {},
): Promise<SecureNatsCluster> {
  const material = makeSecureNatsMaterial();
  try {
    const cluster = await startNatsCluster({
      ...options,
      configFile: secureNatsConfigFile(),
      env: material.env,
      clusterConfig:
        '  tls { cert_file: $NATS_SERVER_CERT, key_file: $NATS_SERVER_KEY, ca_file: $NATS_CA, verify: true }',
    });
    const { caFile, certFile, keyFile, passwords } = material;
    return {
      ...cluster,
      caFile,
      certFile,
      keyFile,
      passwords,
      async stop() {
        await cluster.stop();
        material.remove();
      },
    };
  } catch (error) {
    material.remove();
    throw error;
  }
}
