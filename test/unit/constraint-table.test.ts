import { Field, Int } from 'portico';
import {
  CONSTRAINT_NAMES,
  CONSTRAINTS,
  type ConstraintEntry,
  type ConstraintName,
} from '../../src/decorators/constraint-table';
import { type Class, type TypeSpec } from '../../src/decorators/types';
import { libBJsonSerializer } from '../../src/serialization/json';
import { renderSchema } from '../../src/swagger/build/render-schema';
import { type Converter, type Site } from '../../src/swagger/extract/converter';
import { placeConstraints } from '../../src/swagger/extract/field-agreement';
import { readPropertyTags } from '../../src/swagger/extract/property-tags';
import { type Diagnostic } from '../../src/swagger/model';
import { type SchemaModel } from '../../src/swagger/schema-model';

/** One field per constraint: its type, the limit, a value that keeps it and one that breaks it. */
interface Case {
  readonly spec: TypeSpec;
  readonly schema: SchemaModel;
  readonly limit: number | string;
  readonly kept: string;
  readonly broken: string;
  readonly refusal: RegExp;
}

const INT: SchemaModel = { kind: 'primitive', type: 'integer' };
const TEXT: SchemaModel = { kind: 'primitive', type: 'string' };
const INTS: SchemaModel = { kind: 'array', items: INT };

// A constraint added to the table without a case here does not compile.
const CASES = {
  minimum: { spec: Int, schema: INT, limit: 2, kept: '2', broken: '1', refusal: /less than 2/ },
  maximum: { spec: Int, schema: INT, limit: 2, kept: '2', broken: '3', refusal: /more than 2/ },
  exclusiveMinimum: {
    ...{ spec: Int, schema: INT, limit: 2, kept: '3', broken: '2' },
    refusal: /2 is not more than 2/,
  },
  exclusiveMaximum: {
    ...{ spec: Int, schema: INT, limit: 2, kept: '1', broken: '2' },
    refusal: /2 is not less than 2/,
  },
  minLength: {
    ...{ spec: String, schema: TEXT, limit: 2, kept: '"ab"', broken: '"a"' },
    refusal: /1 characters, fewer than 2/,
  },
  maxLength: {
    ...{ spec: String, schema: TEXT, limit: 2, kept: '"ab"', broken: '"abc"' },
    refusal: /3 characters, more than 2/,
  },
  pattern: {
    ...{ spec: String, schema: TEXT, limit: '^a+$', kept: '"aa"', broken: '"ab"' },
    refusal: /does not match the pattern \^a\+\$/,
  },
  format: {
    ...{ spec: String, schema: TEXT, limit: 'email', kept: '"a@b.c"', broken: '"a@b..c"' },
    refusal: /expected an email address, got "a@b\.\.c"/,
  },
  minItems: {
    ...{ spec: [Int], schema: INTS, limit: 2, kept: '[1,2]', broken: '[1]' },
    refusal: /1 items, fewer than 2/,
  },
  maxItems: {
    ...{ spec: [Int], schema: INTS, limit: 2, kept: '[1,2]', broken: '[1,2,3]' },
    refusal: /3 items, more than 2/,
  },
} satisfies Record<ConstraintName, Case>;

const options = { ignoreUnknownFields: false, maxDepth: 64 };

function declare(name: ConstraintName, { spec, limit }: Case): Class {
  class Payload {}
  Field(spec, { [name]: limit })(Payload.prototype, 'value');
  return Payload;
}

function tagsOf(name: string, text: string) {
  const diagnostics: Diagnostic[] = [];
  const converter = { report: (d: Diagnostic) => diagnostics.push(d) } as unknown as Converter;
  const site = { label: 'Payload.value', node: undefined } as unknown as Site;
  return { read: readPropertyTags(converter, [[name, text]], site), diagnostics };
}

describe('the one table of constraints', () => {
  it('has one entry for every name, in the order documents list them', () => {
    expect(CONSTRAINT_NAMES).toEqual(Object.keys(CASES));
    expect(Object.keys(CONSTRAINTS)).toEqual(CONSTRAINT_NAMES);
  });

  describe.each(CONSTRAINT_NAMES)('%s', (name) => {
    const given: Case = CASES[name];

    it('is enforced by the runtime, with the refusal naming the field', () => {
      const type = { kind: 'class', ctor: declare(name, given) } as const;
      const read = (value: string) =>
        libBJsonSerializer.readArgument(`{"value":${value}}`, type, options);
      expect(() => read(given.kept)).not.toThrow();
      expect(() => read(given.broken)).toThrow(given.refusal);
    });

    it('is read from its JSDoc tag, placed and written in both dialects', () => {
      const { read, diagnostics } = tagsOf(name, String(given.limit));
      expect(diagnostics).toEqual([]);
      expect(read.constraints).toEqual({ [name]: given.limit });
      const placed = placeConstraints(given.schema, read.constraints);
      const inner = (json: Record<string, unknown>) =>
        given.schema.kind === 'array' && !name.endsWith('Items')
          ? (json.items as Record<string, unknown>)
          : json;
      expect(inner(renderSchema(placed, 'openapi31'))[name]).toBe(given.limit);
      const draft4 = inner(renderSchema(placed, 'swagger2'));
      const entry: ConstraintEntry = CONSTRAINTS[name];
      if (entry.draft4) {
        expect(draft4[entry.draft4]).toBe(given.limit);
        expect(draft4[name]).toBe(true);
      } else expect(draft4[name]).toBe(given.limit);
    });
  });
});
