import { NOT_FOUND_MESSAGE, RemoteError } from '../errors';

/** Longest part of a request path that a development 404 repeats. */
const MAX_ECHO = 80;

/**
 * The 404 of a path that names no native microservice. Outside development mode its message is
 * the same whatever was asked, so that callers cannot probe; in development mode it says which
 * segment is wrong and lists the microservices there are.
 */
export function microserviceNotFound(
  parts: readonly string[],
  microservices: Iterable<string>,
  development: boolean,
): RemoteError {
  if (!development) return new RemoteError('METHOD_NOT_FOUND', NOT_FOUND_MESSAGE);
  const known = [...microservices].join(', ') || 'none';
  const detail =
    parts.length !== 3 || !parts[1] || !parts[2]
      ? `the path must be /{microservice}/{service}/{method}, got ${echo(`/${parts.join('/')}`)}`
      : `there is no microservice ${echo(parts[0] ?? '')}; the native microservices are ${known}`;
  return new RemoteError('METHOD_NOT_FOUND', `${NOT_FOUND_MESSAGE}: ${detail}`);
}

/** A client's text, quoted and cut short, to repeat in a message. */
export function echo(text: string): string {
  const cut = text.length > MAX_ECHO ? `${text.slice(0, MAX_ECHO)}…` : text;
  return JSON.stringify(cut);
}
