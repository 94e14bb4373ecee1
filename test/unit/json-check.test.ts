import fc from 'fast-check';
import { checkJsonText } from '../../src/serialization/json-check';
import { BindError } from '../../src/serialization/sequence';

const deep = { maxDepth: 1000 };

function refusal(text: string, wrapped = false): BindError | undefined {
  try {
    checkJsonText(text, { ...deep, wrapped });
    return undefined;
  } catch (error) {
    if (error instanceof BindError) return error;
    throw error;
  }
}

describe('checkJsonText', () => {
  it('takes every JSON text that has no key twice', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => refusal(JSON.stringify(value, null, 1)) === undefined),
    );
  });

  it('finds a key given twice anywhere, and names its path', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue(), { minKeys: 1 }),
        fc.nat(),
        (object, n) => {
          const keys = Object.keys(object);
          const key = keys[n % keys.length] as string;
          const inner = JSON.stringify(object).slice(0, -1);
          const text = `[0,{"x":${inner},${JSON.stringify(key)}:null}]`;
          const error = refusal(text);
          return error?.message === 'field is given twice' && error.path === `[1].x.${key}`;
        },
      ),
    );
  });

  it('finds a key given twice among many, before and after the short list of keys fills', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string(), { minLength: 1, maxLength: 40 }),
        fc.nat(),
        (keys, n) => {
          const key = keys[n % keys.length] as string;
          const members = [...keys, key].map((k, i) => `${JSON.stringify(k)}:${i}`);
          const error = refusal(`{${members.join(',')}}`);
          return error?.message === 'field is given twice' && error.path === key;
        },
      ),
    );
  });

  it('starts paths inside a libA wrapper', () => {
    expect(refusal('{"w":{"a":[{"b":1,"b":2}]}}', true)?.path).toBe('a[0].b');
    expect(refusal('{"w":1,"w":2}', true)?.message).toBe('the wrapper "w" is given twice');
  });

  it('refuses nesting deeper than the limit', () => {
    expect(() => checkJsonText('[[[1]]]', { maxDepth: 2 })).toThrow('nesting deeper than 2');
    expect(() => checkJsonText('[[1]]', { maxDepth: 2 })).not.toThrow();
  });

  it('skips strings with brackets, quotes and commas inside', () => {
    expect(refusal('{"a":"{\\"a\\":1,","b":"]","c":1}')).toBeUndefined();
  });
});
