import { type CallEnvelope, type CallReply, type Transport } from '../protocol/envelope';
import { type MicroserviceRuntime } from '../runtime/runtime';

/** The embedded placement: the envelope object is handed to a runtime in the same process. */
export function createInProcessTransport(runtime: MicroserviceRuntime): Transport {
  return {
    placement: 'in-process',
    call(envelope: CallEnvelope): CallReply | Promise<CallReply> {
      return runtime.handle(envelope);
    },
    close: () => Promise.resolve(),
  };
}
