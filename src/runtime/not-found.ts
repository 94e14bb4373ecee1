import { type ErrorBody, NOT_FOUND_MESSAGE } from '../errors';
import { type ServiceEntry } from './registry';

const NOT_FOUND_ERROR = {
  status: 404,
  code: 'METHOD_NOT_FOUND',
  message: NOT_FOUND_MESSAGE,
} as const;

/** Longest name of a call that a development 404 repeats. */
const MAX_ECHO = 80;

/**
 * The 404 of a call to a service or method the microservice does not have. Outside development
 * mode its message is the same whatever was asked; in development mode it names the unknown
 * segment and lists what there is.
 */
export function notFoundBody(
  call: { readonly microservice: string; readonly service: string; readonly method: string },
  services: ReadonlyMap<string, ServiceEntry>,
  development: boolean,
): ErrorBody {
  if (!development) return { ...NOT_FOUND_ERROR };
  const service = services.get(call.service);
  const detail = service
    ? `service ${call.service} has no remote method ${echo(call.method)}; its remote methods are ${list(service.methods.keys())}`
    : `microservice ${call.microservice} has no service ${echo(call.service)}; its services are ${list(services.keys())}`;
  return { ...NOT_FOUND_ERROR, message: `${NOT_FOUND_MESSAGE}: ${detail}` };
}

function list(names: Iterable<string>): string {
  return [...names].join(', ') || 'none';
}

function echo(text: string): string {
  return JSON.stringify(text.length > MAX_ECHO ? `${text.slice(0, MAX_ECHO)}…` : text);
}
