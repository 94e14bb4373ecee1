import type { Logger } from 'pino';
import { type MethodMeta } from '../decorators/metadata';
import { frameworkError, toErrorBody } from '../errors';
import { type NativeAppDefinition } from '../microservices';
import { isPromiseLike, raceDeadline } from '../protocol/deadline';
import { type CallEnvelope, type CallReply } from '../protocol/envelope';
import { LIMIT_DEFAULTS } from '../protocol/limit-defaults';
import { type SequenceSerializer } from '../serialization/sequence';
import { DEFAULT_SERIALIZERS } from '../serialization/serializers';
import { type ArgumentReading, readArguments } from './call-arguments';
import { runWithCallContext } from './call-context';
import { notFoundBody } from './not-found';
import { buildServiceRegistry, type ServiceEntry } from './registry';
import { checkResult } from './result-check';

/** The microservice side of a call: envelope in, reply out. */
export interface MicroserviceRuntime {
  readonly name: string;
  readonly services: ReadonlyMap<string, ServiceEntry>;
  /** The reply: at once when the method returned a value, later when it returned a promise. */
  handle(envelope: CallEnvelope): CallReply | Promise<CallReply>;
}

/** Options of {@link createMicroserviceRuntime}. */
export interface RuntimeOptions {
  /** Show unexpected errors' messages and stacks to callers. Never in production. */
  readonly development?: boolean;
  /** Nesting limit of argument texts. Default 64. */
  readonly maxDepth?: number;
  /** Where unexpected errors are logged with their stacks; callers see only a 500. */
  readonly logger?: Pick<Logger, 'error'>;
}

/** A call whose method returned a promise: what its reply is written with when it settles. */
interface PendingCall {
  readonly envelope: CallEnvelope;
  readonly method: MethodMeta;
  readonly serializer: SequenceSerializer;
}

/**
 * How long after its deadline a method still running is given up. The caller has its 504 from the
 * main server at the deadline; letting go a moment later means that calls which waited for the
 * slot until their own deadline passed are refused, not started with no time left.
 */
const GIVE_UP_GRACE_MS = 50;

/** Builds the runtime of a native microservice from its definition. */
export function createMicroserviceRuntime(
  definition: NativeAppDefinition,
  options: RuntimeOptions = {},
): MicroserviceRuntime {
  const services = buildServiceRegistry(definition.services);
  const serializers = new Map<string, SequenceSerializer>(
    Object.entries({ ...DEFAULT_SERIALIZERS, ...definition.serializers }),
  );
  const development = options.development ?? false;
  const reading: ArgumentReading = {
    bind: {
      ignoreUnknownFields: definition.ignoreUnknownFields ?? false,
      maxDepth: options.maxDepth ?? LIMIT_DEFAULTS.maxDepth,
    },
    development,
  };

  /**
   * Serves one call. A method that returns a value is answered synchronously, without a promise
   * or a timer; one that returns a promise is awaited until just after the deadline.
   */
  function handle(envelope: CallEnvelope): CallReply | Promise<CallReply> {
    try {
      const service = services.get(envelope.service);
      const method = service?.methods.get(envelope.method);
      // The reply toErrorBody would make of the error, without building the error and its stack.
      if (!service || !method) {
        return { ok: false, error: notFoundBody(envelope, services, development) };
      }
      const serializer = serializers.get(envelope.sequenceName);
      if (!serializer) throw frameworkError('INVALID_HEADER', 'unknown X-SVC-Sequence-Name');
      const args = readArguments(envelope, method, serializer, reading);
      if (method.privileged && !envelope.context.privileged) {
        throw frameworkError(
          'FORBIDDEN',
          `${envelope.service}.${envelope.method} needs a privileged call`,
        );
      }
      if (Date.now() >= envelope.deadline) {
        throw frameworkError('DEADLINE_EXCEEDED', 'the deadline passed before the call started');
      }
      const call = { fn: method.fn, self: service.instance, args, reads: method.callContext };
      const returned = runWithCallContext(envelope.context, call);
      if (isPromiseLike(returned)) return settle(returned, { envelope, method, serializer });
      return replyOf(returned, method, serializer);
    } catch (error) {
      return errorReply(error, envelope);
    }
  }

  /** The reply of a method that returned a promise; it is given up just after the deadline. */
  async function settle(returned: PromiseLike<unknown>, call: PendingCall): Promise<CallReply> {
    const { envelope, method, serializer } = call;
    try {
      // A method that never settles is given up then, so that it holds no replica slot.
      const result = await raceDeadline(returned, {
        ms: envelope.deadline + GIVE_UP_GRACE_MS - Date.now(),
        expired: giveUp,
      });
      return replyOf(result, method, serializer);
    } catch (error) {
      return errorReply(error, envelope);
    }
  }

  function giveUp(): never {
    throw frameworkError('DEADLINE_EXCEEDED', 'the call did not finish before its deadline');
  }

  function errorReply(error: unknown, envelope: CallEnvelope): CallReply {
    const body = toErrorBody(error, development);
    // A fault of the method or of the framework: the caller sees a 500, the operator the stack.
    if (body.status >= 500 && body.code !== 'DEADLINE_EXCEEDED') {
      options.logger?.error({ err: error, requestId: envelope.context.requestId }, 'a call failed');
    }
    return { ok: false, error: body };
  }

  return { name: definition.name, services, handle };
}

/** The reply to a method's result: no body for `void`, else the result written by the sequence. */
function replyOf(result: unknown, method: MethodMeta, serializer: SequenceSerializer): CallReply {
  if (result === undefined || method.returns === null) return { ok: true, body: null };
  if (method.returns) checkResult(result, method.returns);
  return { ok: true, body: serializer.writeResult(result, method.returns) };
}
