import { RemoteError } from '../errors';
import { type CallOptions } from './remote-proxy';

/** One HTTP request of a call: where it goes, what it sends, and the `fetch` that sends it. */
interface Outgoing {
  readonly fetcher: typeof fetch;
  readonly url: string;
  readonly request: RequestInit;
}

/** What a call needs of an HTTP answer. */
interface Answer {
  readonly status: number;
  readonly text: string;
  readonly requestId: string | undefined;
}

/**
 * Fetches with the call's signal and timeout, and reads the answer within them. A timeout is a 504
 * `DEADLINE_EXCEEDED`, a request that got no HTTP answer a 503 `NETWORK_ERROR`, and an abort
 * rejects with the signal's reason.
 */
export async function sendRequest(outgoing: Outgoing, call: CallOptions): Promise<Answer> {
  const { fetcher, url, request } = outgoing;
  call.signal?.throwIfAborted();
  // Without a timeout the caller's signal goes to fetch as it is: no controller, no timer.
  const timeout =
    call.timeoutMs === undefined ? undefined : startTimeout(call.timeoutMs, call.signal);
  const signal = timeout?.signal ?? call.signal;
  try {
    const response = await fetcher(url, signal ? { ...request, signal } : request);
    // The body is read before the timer stops, so that a stalled body also times out.
    const text = await response.text();
    const requestId = response.headers.get('X-SVC-Request-ID') ?? undefined;
    return { status: response.status, text, requestId };
  } catch (error) {
    // No answer names an id: the one the caller chose, if any, is the one the server logs.
    const sentId = call.requestId === undefined ? {} : { requestId: call.requestId };
    if (timeout?.expired) {
      throw new RemoteError('DEADLINE_EXCEEDED', `no answer within ${call.timeoutMs} ms`, {
        cause: error,
        ...sentId,
      });
    }
    if (call.signal?.aborted) throw call.signal.reason;
    const message = `the request to ${url} got no answer`;
    throw new RemoteError('NETWORK_ERROR', message, { cause: error, ...sentId });
  } finally {
    timeout?.stop();
  }
}

/** A signal that aborts after `ms`, or when the caller's `outer` signal does. */
function startTimeout(ms: number, outer: AbortSignal | undefined) {
  const controller = new AbortController();
  const abort = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', abort, { once: true });
  const state = {
    signal: controller.signal,
    expired: false,
    stop() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', abort);
    },
  };
  const timer = setTimeout(() => {
    state.expired = true;
    controller.abort();
  }, ms);
  return state;
}
