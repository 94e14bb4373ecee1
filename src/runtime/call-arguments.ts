import { type MethodMeta } from '../decorators/metadata';
import { describeType, type TypeRef } from '../decorators/types';
import { frameworkError, isRemoteError, type RemoteError } from '../errors';
import { type CallEnvelope } from '../protocol/envelope';
import { BindError, type BindOptions, type SequenceSerializer } from '../serialization/sequence';

/** How a runtime reads arguments: the binding options, and whether errors show their causes. */
export interface ArgumentReading {
  readonly bind: BindOptions;
  readonly development: boolean;
}

/**
 * The arguments of a call, read from its texts by `serializer` into the method's parameter types;
 * a wrong count or an unreadable argument throws the 400 that names it.
 */
export function readArguments(
  envelope: CallEnvelope,
  method: MethodMeta,
  serializer: SequenceSerializer,
  reading: ArgumentReading,
): unknown[] {
  const texts = givenArguments(envelope, method);
  const args = new Array<unknown>(texts.length);
  for (let i = 0; i < texts.length; i++) {
    const type = method.params[i] as TypeRef;
    try {
      args[i] = serializer.readArgument(texts[i] as string, type, reading.bind);
    } catch (error) {
      throw argumentError(error, { index: i, type }, reading.development);
    }
  }
  return args;
}

/**
 * The argument texts of a call, after its count is checked. Optional parameters (those from the
 * first with a default value) may be left out: with an empty ROA body, or a shorter RMC array.
 */
function givenArguments(envelope: CallEnvelope, method: MethodMeta): readonly string[] {
  const expected = method.params.length;
  const required = method.required ?? expected;
  const given = envelope.args;
  if (envelope.apiId === 'ROA') {
    if (expected !== 1) {
      throw frameworkError(
        'WRONG_ARITY',
        `${envelope.method} takes ${expected} parameters; ROA calls only one-parameter methods: send X-SVC-API-ID: RMC with an array of arguments`,
      );
    }
    return required === 0 && given.length === 1 && (given[0] as string).trim() === '' ? [] : given;
  }
  if (given.length < required || given.length > expected) {
    const count = required === expected ? `${expected}` : `${required} to ${expected}`;
    const noun = count === '1' ? 'argument' : 'arguments';
    throw frameworkError(
      'WRONG_ARITY',
      `${envelope.method} takes ${count} ${noun}, the body has ${given.length}`,
    );
  }
  return given;
}

/** The error of an argument that could not be read, naming it by position and declared type. */
function argumentError(
  error: unknown,
  { index, type }: { index: number; type: TypeRef },
  development: boolean,
): RemoteError {
  if (isRemoteError(error)) return error;
  const where = `argument ${index} (${describeType(type)})`;
  if (error instanceof BindError) {
    const field = error.path ? `: field ${error.path}` : '';
    return frameworkError(error.code, `${where}${field}: ${error.message}`, { cause: error });
  }
  const detail = development && error instanceof Error ? `: ${error.message}` : '';
  return frameworkError('INVALID_ARGUMENT', `${where} could not be read${detail}`, {
    cause: error,
  });
}
