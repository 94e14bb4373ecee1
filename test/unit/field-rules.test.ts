import { Field, Int, OneOf } from 'portico';
import { fieldsOf } from '../../src/decorators/metadata';
import { type Class } from '../../src/decorators/types';
import { libBJsonSerializer } from '../../src/serialization/json';
import { BindError } from '../../src/serialization/sequence';

enum Mixed {
  Low = 1,
  High = 2,
  Named = 'NAMED',
}

const options = { ignoreUnknownFields: false, maxDepth: 64 };

function declare(field: () => PropertyDecorator): Class {
  class Payload {}
  field()(Payload.prototype, 'value');
  return Payload;
}

describe('OneOf', () => {
  it('takes an enum’s values in declaration order, without the reverse entries of numeric members', () => {
    const type = fieldsOf(declare(() => Field(OneOf(Mixed)))).get('value')?.type;
    expect(type).toEqual({ kind: 'enum', values: [1, 2, 'NAMED'] });
  });

  it('takes a constant list, and refuses an empty one or values that are not strings or numbers', () => {
    expect(fieldsOf(declare(() => Field(OneOf(['a', 'b'])))).get('value')?.type).toEqual({
      kind: 'enum',
      values: ['a', 'b'],
    });
    expect(() => OneOf([])).toThrow(/at least one value/);
    expect(() => OneOf([true as never])).toThrow(/strings and finite numbers/);
  });
});

describe('@Field limits', () => {
  it('refuses at declaration a limit that cannot apply to the field type', () => {
    expect(() => declare(() => Field(String, { minimum: 1 }))).toThrow(
      /field Payload.value: minimum cannot apply to a field of type string/,
    );
    expect(() => declare(() => Field(Int, { maxItems: 1 }))).toThrow(/maxItems cannot apply/);
    expect(() => declare(() => Field(OneOf(Mixed), { maxLength: 1 }))).toThrow(/maxLength/);
    expect(() => declare(() => Field([String], { minLength: 1.5 }))).toThrow(/whole number/);
  });

  it('refuses at declaration a pattern the linear-time engine cannot run', () => {
    expect(() => declare(() => Field(String, { pattern: '^(?=a)' }))).toThrow(
      /pattern "\^\(\?=a\)"/,
    );
  });

  it('puts item counts on the array and the other limits on its items', () => {
    const type = fieldsOf(declare(() => Field([Int], { minItems: 1, maximum: 3 }))).get(
      'value',
    )?.type;
    expect(type).toEqual({
      kind: 'array',
      rules: { minItems: 1 },
      items: { kind: 'int', rules: { maximum: 3 } },
    });
  });

  it('matches a pattern without backtracking, however the text is built', () => {
    const Payload = declare(() => Field(String, { pattern: '^(a+)+$' }));
    const text = JSON.stringify({ value: `${'a'.repeat(100_000)}!` });
    const read = () =>
      libBJsonSerializer.readArgument(text, { kind: 'class', ctor: Payload }, options);
    expect(read).toThrow(BindError);
    expect(read).toThrow(/does not match the pattern/);
  });

  it('counts string length in code points, as JSON Schema does', () => {
    const Payload = declare(() => Field(String, { maxLength: 2 }));
    const type = { kind: 'class', ctor: Payload } as const;
    expect(libBJsonSerializer.readArgument('{"value":"😀😀"}', type, options)).toEqual({
      value: '😀😀',
    });
    expect(() => libBJsonSerializer.readArgument('{"value":"😀😀😀"}', type, options)).toThrow(
      /3 characters, more than 2/,
    );
  });
});
