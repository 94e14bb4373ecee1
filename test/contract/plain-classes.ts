import { ENUMS, type FieldSpec, rootsOf } from './random-classes';

/** The enums and the literal alias every plain batch declares; members pick among them. */
const PRELUDE = `import { Api, ApiOperation, nativeApp, RemoteService } from 'portico';

${ENUMS}
export type Size = 'S' | 'M' | 'L';

export interface Note {
  note: string | null;
}

/** The other member of every batch's unions: an intersection, told apart by two literals. */
export type Empty = { kind: 'empty' | 'none' } & Note;
`;

/** The TypeScript type of each field kind, written as users write it: no decorator says it. */
const TYPES: Record<Exclude<FieldSpec['kind'], 'class'>, string> = {
  int: 'number',
  number: 'number',
  string: 'string',
  boolean: 'boolean',
  date: 'Date',
  stringEnum: 'Color',
  numberEnum: 'Level',
  literals: 'Size',
};

/** The type of a field as its shape writes it: `T[]`, `(T | null)[]`, a record or a tuple. */
function shaped(type: string, field: FieldSpec): string {
  if (!field.array) return type;
  switch (field.shape) {
    case 'array':
      return `${type}[]`;
    case 'nullableItems':
      return `(${type} | null)[]`;
    case 'record':
      return `Record<string, ${type}>`;
    case 'tuple':
      return `[${type}, string?]`;
  }
}

/** The JSDoc tags of a member: its limits, and `@integer` for an integer. */
function tagsOf(field: FieldSpec): string[] {
  // Item counts bound arrays only; a tuple's length is its type's, and its items' limits differ.
  if (field.array && field.shape === 'tuple') return [];
  const counted = field.array && field.shape !== 'record';
  const limits = counted
    ? field.limits
    : Object.fromEntries(Object.entries(field.limits).filter(([k]) => !k.endsWith('Items')));
  const tags = Object.entries(limits).map(([k, v]) => `@${k} ${v}`);
  return field.kind === 'int' ? ['@integer', ...tags] : tags;
}

function memberSource(field: FieldSpec): string {
  const named = `${field.union ? 'U' : 'C'}${field.target}`;
  const type = field.kind === 'class' ? named : TYPES[field.kind];
  const written = `${shaped(type, field)}${field.nullable ? ' | null' : ''}`;
  const tags = tagsOf(field);
  const doc = tags.length > 0 ? `  /**\n${tags.map((t) => `   * ${t}\n`).join('')}   */\n` : '';
  return `${doc}  ${field.name}${field.optional ? '?' : ''}: ${written};`;
}

/** The TypeScript type a root spec of {@link rootsOf} stands for, in plain types. */
function plainType(spec: string): string {
  const array = /^\[(.*)\]$/.exec(spec);
  if (array) return `${plainType(array[1] as string)}[]`;
  const named: Record<string, string> = {
    Int: 'number',
    Number: 'number',
    String: 'string',
    Boolean: 'boolean',
    Date: 'Date',
    'OneOf(Color)': 'Color',
    'OneOf(Level)': 'Level',
    'OneOf(SIZES)': 'Size',
  };
  return named[spec] ?? spec;
}

/** Roots of the shapes that only plain types have: a record, a tuple, null items and null. */
const SHAPE_ROOTS = [
  'Record<string, number>',
  '[string, Size?, ...boolean[]]',
  '(Level | null)[]',
  'string | null',
].map((type) => [type, 'plain'] as const);

function rootMethods([spec, written]: readonly [string, string], k: number): string {
  const type = written === 'plain' ? spec : plainType(spec);
  const items = type.includes('|') ? `(${type})[]` : `${type}[]`;
  // An integer root has no plain TypeScript spelling without a JSDoc tag on a member: a number.
  return `  @ApiOperation('Echoes ${type}')
  root${k}(value: ${type}): ${type} {
    return value;
  }

  @ApiOperation('Answers two ${type}')
  async pair${k}(a: ${type}, b: ${type}): Promise<${items}> {
    return [a, b];
  }`;
}

/**
 * The source of a batch in plain TypeScript: each payload is an interface whose members carry
 * their limits as JSDoc tags, with no `@Field`, `OneOf` or `nullable`; the runtime learns them
 * from the build's contract. Each also has a discriminated union `U{i}` of `Full{i}` (the payload
 * with `kind: 'full'`) and `Empty` (an intersection), which fields and roots hold.
 */
export function plainBatchSource(batch: readonly FieldSpec[][]): string {
  const types = batch.map(
    (fields, i) => `export interface C${i} {\n${fields.map(memberSource).join('\n')}\n}\n
export interface Full${i} extends C${i} {\n  kind: 'full';\n}\n
export type U${i} = Full${i} | Empty;\n`,
  );
  // Each batch's unions travel as roots too, after the roots of rootsOf.
  const unions = batch.flatMap((_, i) => [[`U${i}`, ''] as const, [`[U${i}]`, ''] as const]);
  const methods = [
    ...batch.map(
      (_, i) =>
        `  @ApiOperation('Echoes C${i}')\n  echo${i}(input: C${i}): C${i} {\n    return input;\n  }`,
    ),
    ...[...rootsOf(batch), ...unions, ...SHAPE_ROOTS].map(rootMethods),
  ];
  return `${PRELUDE}\n${types.join('\n')}
@Api()
@RemoteService('random')
export class RandomService {
${methods.join('\n\n')}
}

export default nativeApp({ name: 'random', services: [RandomService] });
`;
}
