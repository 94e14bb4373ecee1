/** The longest name a microservice may have. */
export const MAX_MICROSERVICE_NAME_LENGTH = 128;

const MICROSERVICE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** What {@link microserviceNameFault} accepts, in words, for error messages. */
export const MICROSERVICE_NAME_RULE = `1 to ${MAX_MICROSERVICE_NAME_LENGTH} characters of A-Z, a-z, 0-9, "_" and "-", the first a letter or digit`;

/**
 * Why `name` cannot name a microservice, or undefined when it can. A name is the first segment
 * of its URL paths, sent as written (a client that percent-encodes a name would miss it), and one
 * token of the NATS subject its replicas answer on (no ".", "*", ">" or space). One rule holds in
 * every placement, so that a microservice moves out of the process without a new name; the first
 * character a letter or digit keeps it from the admin prefix `-` and the label value `_unknown`.
 *
 * @example
 * microserviceNameFault('calc') // undefined
 */
export function microserviceNameFault(name: string): string | undefined {
  if (MICROSERVICE_NAME.test(name)) return undefined;
  return `microservice name ${JSON.stringify(name)} must be ${MICROSERVICE_NAME_RULE}: it is the first segment of its URL paths and a token of its NATS subject, in every placement`;
}
