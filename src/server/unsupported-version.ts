import type { IncomingMessage } from 'node:http';

/**
 * Why a request that Node's parser read is refused for its HTTP version: a request line without
 * one (`GET /`, which the parser reads as HTTP/0.9) or a major version other than 1. Without this,
 * such a request is refused for a missing `Host`, which sends its writer looking in the wrong place.
 */
export function unsupportedVersion(req: IncomingMessage): string {
  if (req.httpVersionMajor === 0) {
    return 'the request line has no HTTP version (HTTP/0.9 is not supported): end it with HTTP/1.1';
  }
  return `HTTP/${req.httpVersionMajor}.${req.httpVersionMinor} is not supported: send HTTP/1.1`;
}
