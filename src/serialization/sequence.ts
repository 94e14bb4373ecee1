import { type TypeRef } from '../decorators/types';

/** The four serializer sequence names of the specification, exactly as they travel. */
export const SEQUENCE_NAMES = [
  'libBParamArrayJsonInOutSequence',
  'libAParamArrayJsonInOutSequence',
  'libBParamArrayXmlInOutSequence',
  'libAParamArrayXmlInOutSequence',
] as const;

/** One of {@link SEQUENCE_NAMES}. */
export type SequenceName = (typeof SEQUENCE_NAMES)[number];

/** The two serialization families. */
export type Format = 'json' | 'xml';

/** A sequence's name and the family it reads and writes. */
export interface Sequence {
  readonly name: SequenceName;
  readonly format: Format;
}

const SEQUENCES: readonly Sequence[] = SEQUENCE_NAMES.map((name) => ({
  name,
  format: name.includes('Xml') ? 'xml' : 'json',
}));

/**
 * The sequence named `name`, with the constant of {@link SEQUENCE_NAMES} as its name, or
 * `undefined` for a name that is no sequence. The name comes from a request header, a new string
 * each call: compared with the four names, it is never hashed, and the constant, whose hash V8
 * keeps, serves the `Map` lookups after (docs/history/performance-log.md, "libA XML against ROA
 * JSON").
 */
export function findSequence(name: string): Sequence | undefined {
  for (const sequence of SEQUENCES) if (sequence.name === name) return sequence;
  return undefined;
}

/** The format a sequence reads and writes, or `undefined` for a name that is no sequence. */
export function formatOfSequence(name: string): Format | undefined {
  return findSequence(name)?.format;
}

/** True when `name` is one of the four sequence names. */
export function isSequenceName(name: string): name is SequenceName {
  return findSequence(name) !== undefined;
}

/** Options that a microservice passes to its serializers. */
export interface BindOptions {
  /** Fields that a class does not declare are skipped instead of refused. */
  readonly ignoreUnknownFields: boolean;
  /** Nesting deeper than this is refused. */
  readonly maxDepth: number;
}

/**
 * A serializer for one sequence: reads each argument text into a value of its declared type and
 * writes the result. Application-defined serializers implement this too.
 */
export interface SequenceSerializer {
  readonly format: Format;
  /**
   * Reads one argument. Throw a {@link BindError} (or any `RemoteError`) for input that does not
   * fit; its message is shown to the caller with the argument's position.
   */
  readArgument(text: string, type: TypeRef, options: BindOptions): unknown;
  /** Writes a result. `type` is the declared result type, `undefined` where only the value tells. */
  writeResult(value: unknown, type: TypeRef | undefined): string;
}

/** An argument that cannot be read or bound; `path` names the field (`items[2].a`), if any. */
export class BindError extends Error {
  constructor(
    message: string,
    readonly path: string = '',
    readonly code: 'INVALID_ARGUMENT' | 'MALFORMED_BODY' | 'LIMIT_EXCEEDED' = 'INVALID_ARGUMENT',
  ) {
    super(message);
    this.name = 'BindError';
  }
}
