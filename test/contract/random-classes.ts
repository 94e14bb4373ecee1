import fc from 'fast-check';

/** The kinds of field a random payload class may have. */
export type FieldKind =
  | 'int'
  | 'number'
  | 'string'
  | 'boolean'
  | 'date'
  | 'stringEnum'
  | 'numberEnum'
  | 'literals'
  | 'class';

/** One random field: its kind, shape, presence, `null`, limits and (for `class`) its target. */
export interface FieldSpec {
  readonly name: string;
  readonly kind: FieldKind;
  readonly array: boolean;
  readonly optional: boolean;
  readonly nullable: boolean;
  readonly limits: Readonly<Record<string, number | string>>;
  readonly target: number;
  /** In plain types, a `class` field holds the target's discriminated union instead. */
  readonly union: boolean;
  /**
   * In plain types, what an `array` field is: an array, one of nullable items, a record of the
   * items' type, or a tuple of one and an optional string. Decorators have only arrays.
   */
  readonly shape: 'array' | 'nullableItems' | 'record' | 'tuple';
}

/** The enums that the fields of both kinds of batch pick among. */
export const ENUMS = `export enum Color {
  Red = 'RED',
  Green = 'GREEN',
}

export enum Level {
  Low = 1,
  High = 2,
  Top = 5,
}
`;

/** The enums and literal lists every batch declares; fields pick among them. */
const PRELUDE = `import { Api, ApiOperation, Field, Int, nativeApp, OneOf, RemoteService } from 'portico';

${ENUMS}
export const SIZES = ['S', 'M', 'L'] as const;
`;

const SPECS: Record<FieldKind, [spec: string, type: string]> = {
  int: ['Int', 'number'],
  number: ['Number', 'number'],
  string: ['String', 'string'],
  boolean: ['Boolean', 'boolean'],
  date: ['Date', 'Date'],
  stringEnum: ['OneOf(Color)', 'Color'],
  numberEnum: ['OneOf(Level)', 'Level'],
  literals: ['OneOf(SIZES)', '(typeof SIZES)[number]'],
  class: ['', ''],
};

const intLimits = fc.oneof(
  fc.constant({}),
  fc
    .tuple(fc.integer({ min: -5, max: 5 }), fc.integer({ min: 0, max: 20 }))
    .map(([min, span]) => ({ minimum: min, maximum: min + span })),
  fc.integer({ min: -5, max: 5 }).map((min) => ({ exclusiveMinimum: min })),
);

const numberLimits = fc.oneof(
  fc.constant({}),
  fc
    .tuple(fc.integer({ min: -10, max: 10 }), fc.integer({ min: 1, max: 10 }))
    .map(([min, span]) => ({ exclusiveMinimum: min / 2, exclusiveMaximum: min / 2 + span })),
  fc.integer({ min: -10, max: 10 }).map((max) => ({ maximum: max })),
);

const stringLimits = fc.oneof(
  fc.constant({}),
  fc
    .tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 6 }))
    .map(([min, span]) => ({ minLength: min, maxLength: min + span })),
  fc.constantFrom('^[a-z]*$', '^[A-Z][a-z0-9]*$', 'b').map((pattern) => ({ pattern })),
  fc.constantFrom('email', 'uuid', 'date', 'ipv4', 'hostname').map((format) => ({ format })),
);

const arrayLimits = fc.oneof(
  fc.constant({}),
  fc
    .tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 3 }))
    .map(([min, span]) => ({ minItems: min, maxItems: min + span })),
);

function limitsOf(kind: FieldKind) {
  if (kind === 'int') return intLimits;
  if (kind === 'number') return numberLimits;
  if (kind === 'string') return stringLimits;
  return fc.constant({});
}

/** A random field of a class that may nest any of the `earlier` classes. */
function fieldArb(name: string, earlier: number): fc.Arbitrary<FieldSpec> {
  const kinds = Object.keys(SPECS).filter((k) => k !== 'class' || earlier > 0) as FieldKind[];
  return fc.constantFrom(...kinds).chain((kind) =>
    fc.record({
      name: fc.constant(name),
      kind: fc.constant(kind),
      array: fc.boolean(),
      optional: fc.boolean(),
      nullable: fc.boolean(),
      limits: fc.tuple(limitsOf(kind), arrayLimits).map(([own, items]) => ({ ...own, ...items })),
      target: fc.nat({ max: Math.max(earlier - 1, 0) }),
      union: fc.boolean(),
      shape: fc.constantFrom('array', 'nullableItems', 'record', 'tuple'),
    }),
  );
}

/** A batch of random payload classes; class `i` may nest classes `0 … i-1`. */
export const batchArb: fc.Arbitrary<FieldSpec[][]> = fc
  .integer({ min: 5, max: 8 })
  .chain((count) =>
    fc.tuple(
      ...Array.from({ length: count }, (_, i) =>
        fc
          .integer({ min: 1, max: 5 })
          .chain((size) =>
            fc.tuple(...Array.from({ length: size }, (_, j) => fieldArb(`f${j}`, i))),
          ),
      ),
    ),
  );

function fieldSource(field: FieldSpec): string {
  const [spec, type] =
    field.kind === 'class' ? [`C${field.target}`, `C${field.target}`] : SPECS[field.kind];
  const limits = field.array
    ? field.limits
    : Object.fromEntries(Object.entries(field.limits).filter(([k]) => !k.endsWith('Items')));
  const options = {
    ...(field.optional ? { optional: true } : {}),
    ...(field.nullable ? { nullable: true } : {}),
    ...limits,
  };
  const args = [field.array ? `[${spec}]` : spec];
  if (Object.keys(options).length > 0) args.push(JSON.stringify(options));
  const written = `${field.array ? `${type}[]` : type}${field.nullable ? ' | null' : ''}`;
  return `  @Field(${args.join(', ')}) ${field.name}${field.optional ? '?' : '!'}: ${written};`;
}

/** Declared types that travel as a whole body or argument, besides the batch's classes. */
const ROOTS: readonly (readonly [spec: string, type: string])[] = [
  ['Int', 'number'],
  ['Number', 'number'],
  ['String', 'string'],
  ['Boolean', 'boolean'],
  ['Date', 'Date'],
  ['OneOf(Color)', 'Color'],
  ['OneOf(Level)', 'Level'],
  ['OneOf(SIZES)', '(typeof SIZES)[number]'],
  ['[Int]', 'number[]'],
  ['[Number]', 'number[]'],
  ['[String]', 'string[]'],
  ['[Boolean]', 'boolean[]'],
  ['[Date]', 'Date[]'],
  ['[OneOf(Level)]', 'Level[]'],
  ['[[Number]]', 'number[][]'],
];

/**
 * The roots of a batch, each with an operation `root{k}` that echoes it (ROA) and `pair{k}` that
 * takes two (RMC) and answers both as an array: the fixed ones, each class and an array of it.
 */
export function rootsOf(batch: readonly FieldSpec[][]): (readonly [spec: string, type: string])[] {
  return [
    ...ROOTS,
    ...batch.flatMap((_, i) => [[`C${i}`, `C${i}`] as const, [`[C${i}]`, `C${i}[]`] as const]),
  ];
}

function rootMethods([spec, type]: readonly [string, string], k: number): string {
  return `  @ApiOperation('Echoes ${spec}', { params: [${spec}], returns: ${spec} })
  root${k}(value: ${type}): ${type} {
    return value;
  }

  @ApiOperation('Answers two ${spec}', { params: [${spec}, ${spec}], returns: [${spec}] })
  pair${k}(a: ${type}, b: ${type}): ${type}[] {
    return [a, b];
  }`;
}

/** The TypeScript source of a batch: its classes, echo operations, and the deployment. */
export function batchSource(batch: readonly FieldSpec[][]): string {
  const classes = batch.map(
    (fields, i) => `export class C${i} {\n${fields.map(fieldSource).join('\n')}\n}\n`,
  );
  const methods = [
    ...batch.map(
      (_, i) =>
        `  @ApiOperation('Echoes C${i}')\n  echo${i}(input: C${i}): C${i} {\n    return input;\n  }`,
    ),
    ...rootsOf(batch).map(rootMethods),
  ];
  return `${PRELUDE}\n${classes.join('\n')}
@Api()
@RemoteService('random')
export class RandomService {
${methods.join('\n\n')}
}

export default nativeApp({ name: 'random', services: [RandomService] });
`;
}
