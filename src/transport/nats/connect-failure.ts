import { ErrorCode, NatsError } from 'nats';
import { redactServers, redactUrl } from './nats-options';

/** Node's codes for a server certificate that no CA the client trusts signed. */
const UNTRUSTED_CERTIFICATE = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
]);

/** Node's codes for a certificate that is trusted but does not fit: retrying cannot change it. */
const UNFIT_CERTIFICATE = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

const CA_HINT =
  "give the CA certificate that signed nats-server's (NATS_CA, --nats-ca, or tls.caFile in the placement)";

const NO_TLS =
  'the server does not offer TLS, which this connection requires (NATS_TLS, NATS_CA, NATS_CERT or NATS_KEY, their flags, or tls in the placement)';

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

/**
 * Whether a first connection failed for a reason that trying again cannot mend: refused
 * credentials, TLS asked of a server without it, or a certificate that does not verify.
 */
export function isLastingFailure(error: unknown): boolean {
  if (
    error instanceof NatsError &&
    (error.isAuthError() || error.code === ErrorCode.ServerOptionNotAvailable)
  ) {
    return true;
  }
  const code = codeOf(error);
  return (
    typeof code === 'string' && (UNTRUSTED_CERTIFICATE.has(code) || UNFIT_CERTIFICATE.has(code))
  );
}

/**
 * The error of a first connection to `servers` that could not be made: where (without
 * credentials), NATS's reason and, where nothing listens at the address or TLS does not match,
 * what to check, as the other start failures say their way out.
 */
export function connectFailure(error: unknown, servers: readonly string[]): Error {
  const where = redactServers(servers);
  return new Error(`cannot connect to NATS at ${where}: ${reasonOf(error, where)}`, {
    cause: error,
  });
}

/**
 * The error of a first connection to several `servers` that could not be made, with each one's
 * reason: `errors` in the same order, `undefined` for a server that accepted only as the time to
 * connect ran out.
 */
export function everyServerFailed(errors: readonly unknown[], servers: readonly string[]): Error {
  const each = servers.map((server, index) => {
    const where = redactUrl(server);
    const error = errors[index];
    return `${where}: ${error === undefined ? 'accepted only as the time to connect ran out' : reasonOf(error, where)}`;
  });
  return new Error(`cannot connect to NATS at ${redactServers(servers)}: ${each.join('; ')}`, {
    cause: errors.find((error) => error !== undefined),
  });
}

function reasonOf(error: unknown, where: string): string {
  // Not instanceof Error: an error of node:tls may come from another realm (a test runner's).
  const message = (error as { message?: unknown } | null)?.message;
  const reason = typeof message === 'string' ? message : String(error);
  if (error instanceof NatsError) {
    if (error.code === ErrorCode.ConnectionRefused)
      return `${reason}: is nats-server running at ${where}?`;
    if (error.code === ErrorCode.ServerOptionNotAvailable && reason === 'tls') return NO_TLS;
    return reason;
  }
  const code = codeOf(error);
  if (typeof code === 'string' && UNTRUSTED_CERTIFICATE.has(code)) {
    // Node's own advice (trust the system's CAs) does not fit a nats-server with a private CA.
    return `${reason.replace(/; if the root CA is installed locally.*$/s, '')}: ${CA_HINT}`;
  }
  return reason;
}
