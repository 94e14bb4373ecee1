import { fieldsOf } from '../../src/decorators/metadata';
import { type Class } from '../../src/decorators/types';
import { type ContractSchema } from '../../src/runtime/contract/contract-format';
import { createTypeResolver } from '../../src/runtime/contract/contract-types';

/** An object type told apart by `kind`, holding `more` besides. */
function tagged(tag: string, ...more: ContractSchema[]): ContractSchema {
  return {
    kind: 'object',
    properties: [
      { name: 'kind', schema: { kind: 'enum', values: [tag] }, required: true },
      ...more.map((schema, i) => ({ name: `m${i}`, schema, required: false })),
    ],
  };
}

const ref = (name: string): ContractSchema => ({ kind: 'ref', name });
const byKind = (mapping: Record<string, number>) => ({ propertyName: 'kind', mapping });

/** The runtime type of `root` in a contract of `schemas`, none of them with a class. */
function resolve(schemas: Record<string, ContractSchema>, root: ContractSchema) {
  return createTypeResolver({ schemas, classOf: () => undefined }).typeOf(root, 'argument 0');
}

describe('the runtime types of a contract', () => {
  it('binds a named union by its literals, a member holding the union again', () => {
    const schemas: Record<string, ContractSchema> = {
      Leaf: tagged('leaf'),
      Node: tagged('node', { kind: 'array', items: ref('Tree') }),
      Tree: {
        kind: 'union',
        members: [ref('Leaf'), ref('Node')],
        discriminator: byKind({ leaf: 0, node: 1 }),
      },
    };
    const type = resolve(schemas, ref('Tree'));
    expect(type.kind).toBe('union');
    if (type.kind !== 'union') return;
    expect([...type.members.keys()]).toEqual(['leaf', 'node']);
    const node = type.members.get('node')?.ctor as Class;
    expect(fieldsOf(node).get('m0')?.type).toEqual({ kind: 'array', items: type });
  });

  it('keeps the null of a nullable named union, literal set, object or record', () => {
    const schemas: Record<string, ContractSchema> = {
      Leaf: tagged('leaf'),
      Other: tagged('other'),
      Maybe: {
        kind: 'union',
        members: [ref('Leaf'), ref('Other')],
        discriminator: byKind({ leaf: 0, other: 1 }),
        nullable: true,
      },
      Note: {
        kind: 'object',
        properties: [
          { name: 'text', schema: { kind: 'primitive', type: 'string' }, required: true },
        ],
        nullable: true,
      },
      Scores: {
        kind: 'object',
        properties: [],
        additional: { kind: 'primitive', type: 'number' },
        nullable: true,
      },
      Letters: {
        kind: 'union',
        members: [
          { kind: 'enum', values: ['a'] },
          { kind: 'enum', values: [1] },
        ],
        nullable: true,
      },
    };
    expect(resolve(schemas, ref('Maybe'))).toMatchObject({
      kind: 'nullable',
      of: { kind: 'union' },
    });
    // Named, for messages: `argument 0 (Letters)`, not its values.
    expect(resolve(schemas, ref('Letters'))).toEqual({
      kind: 'nullable',
      name: 'Letters',
      of: { kind: 'enum', values: ['a', 1] },
    });
    expect(resolve(schemas, ref('Note'))).toMatchObject({
      kind: 'nullable',
      of: { kind: 'class' },
    });
    expect(resolve(schemas, ref('Scores'))).toMatchObject({
      kind: 'nullable',
      of: { kind: 'record' },
    });
  });

  it.each<[string, Record<string, ContractSchema>, ContractSchema, string]>([
    [
      'a union of objects without a discriminator',
      { A: tagged('a'), B: tagged('b') },
      { kind: 'union', members: [ref('A'), ref('B')] },
      'portico: argument 0 is a union without a discriminator, which the runtime does not bind yet',
    ],
    [
      'a discriminator that names a member of other than an object type',
      { A: tagged('a') },
      {
        kind: 'union',
        members: [ref('A'), { kind: 'primitive', type: 'string' }],
        discriminator: byKind({ a: 0, b: 1 }),
      },
      'portico: argument 0 is a union of other than object types, which the runtime does not bind yet',
    ],
    [
      'a named object with both members and an index signature',
      {
        Mixed: {
          kind: 'object',
          properties: [
            { name: 'a', schema: { kind: 'primitive', type: 'string' }, required: true },
          ],
          additional: { kind: 'primitive', type: 'number' },
        },
      },
      ref('Mixed'),
      'portico: Mixed is an object with both members and an index signature, which the runtime does not bind yet',
    ],
    [
      'an intersection left as allOf',
      {},
      { kind: 'intersection' },
      'portico: argument 0 is an intersection, which the runtime does not bind yet',
    ],
    [
      'a type the build could not describe',
      {},
      { kind: 'unsupported', typeText: 'T' },
      'portico: argument 0 has type `T`, which generate-swagger could not describe and warned of at its file:line; the runtime cannot bind it. A type parameter is left unbound where a params or returns entry names a generic class alone (params: [Page]): drop the entry, so that the written type (Page<Day>) is used',
    ],
    [
      'a type the build could not describe that is no type parameter',
      {},
      { kind: 'unsupported', typeText: 'Map<string, number>' },
      'portico: argument 0 has type `Map<string, number>`, which generate-swagger could not describe and warned of at its file:line; the runtime cannot bind it. Its warning says what to write instead',
    ],
    [
      'a name the contract lacks',
      {},
      ref('Gone'),
      'portico: argument 0 names Gone, which the contract lacks',
    ],
  ])('refuses %s when it loads', (_, schemas, root, message) => {
    expect(() => resolve(schemas, root)).toThrow(message);
  });
});
