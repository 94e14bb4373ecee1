/**
 * The browser-safe entry of the package, `portico/client`: the typed HTTP client and the error it
 * throws, with no import of Node or of the server.
 */
export type { ErrorBody } from '../errors';
export { isRemoteError, RemoteError } from '../errors';
export type { ClientOptions, ContextHeaders } from './create-client';
export { createClient } from './create-client';
export type { CallOptions } from './remote-proxy';
export { withCallOptions } from './remote-proxy';
export type {
  Client,
  DateFields,
  DatePath,
  DatesOption,
  Plain,
  RemoteCall,
  RemoteMethodName,
  RemoteResult,
} from './types';
