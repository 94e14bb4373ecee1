import { RETRY_AFTER, RemoteError } from '../errors';
import { type CallEnvelope, type CallReply, type Transport } from '../transport/envelope';

/**
 * Wraps a transport so that at most `max` calls of its microservice run at once. One more is
 * refused at once with 503 `OVERLOADED` and `Retry-After`, never queued. A slot is freed when the
 * reply arrives or when the call's deadline passes, whichever is first, so a method that never
 * returns holds its slot only until the caller got its 504.
 *
 * @example
 * transports.set('calc', limitConcurrentCalls(createInProcessTransport(runtime), 1024));
 */
export function limitConcurrentCalls(transport: Transport, max: number): Transport {
  if (!Number.isInteger(max) || max < 1) {
    throw new TypeError('portico: maxConcurrentCalls must be a positive integer');
  }
  let active = 0;

  function call(envelope: CallEnvelope): Promise<CallReply> {
    if (active >= max) return Promise.reject(overloaded(envelope.microservice, max));
    active++;
    let held = true;
    const release = () => {
      if (held) {
        held = false;
        active--;
        clearTimeout(timer);
      }
    };
    const timer = setTimeout(release, Math.max(0, envelope.deadline - Date.now()));
    let pending: Promise<CallReply>;
    try {
      pending = transport.call(envelope);
    } catch (error) {
      release();
      return Promise.reject(error);
    }
    pending.then(release, release);
    return pending;
  }

  return {
    get placement() {
      return transport.placement;
    },
    get maxBodyBytes() {
      return transport.maxBodyBytes;
    },
    ...(transport.start ? { start: () => transport.start?.() ?? Promise.resolve() } : {}),
    call,
    close: () => transport.close(),
  };
}

function overloaded(microservice: string, max: number): RemoteError {
  return new RemoteError(
    'OVERLOADED',
    `microservice ${microservice} is running its limit of ${max} calls: retry later`,
    { headers: RETRY_AFTER },
  );
}
