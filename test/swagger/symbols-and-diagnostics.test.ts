import { existsSync } from 'node:fs';
import path from 'node:path';
import { generateFixture, otherThanBinding, ROOT } from './support';

type Json = Record<string, any>;

const UNBOUND = '; it is marked x-unsupported-type in the document, and the runtime cannot bind it';

function fixtureFile(...parts: string[]): string {
  return path.join(__dirname, 'fixtures', ...parts);
}

describe('generate-swagger decorator recognition', () => {
  it('follows renamed imports, namespace imports and relative imports of the source', async () => {
    const { document, diagnostics } = await generateFixture('renamed');
    expect(otherThanBinding(diagnostics)).toEqual([]);
    // The microservice name comes from a renamed nativeApp whose name is a constant.
    expect(Object.keys(document.paths as Json)).toEqual([
      '/social/farewell/bye',
      '/social/greeter/greet',
    ]);
    expect((document.paths as Json)['/social/greeter/greet'].post.summary).toBe('Greets someone');
  });

  it('recognises the declarations of the built package, as a dependent project sees them', async () => {
    if (!existsSync(path.join(ROOT, 'dist/src/index.d.ts'))) {
      throw new Error('dist/ is missing: run `npm run build` before this test');
    }
    const { document, diagnostics } = await generateFixture('from-dist');
    expect(otherThanBinding(diagnostics)).toEqual([]);
    const post = (document.paths as Json)['/built/counter/count'].post;
    expect(post.responses['200'].schema).toEqual({
      type: 'integer',
      xml: { name: 'int' },
      minimum: -Number.MAX_SAFE_INTEGER,
      maximum: Number.MAX_SAFE_INTEGER,
      example: 0,
    });
    expect((document.definitions as Json).Count).toMatchObject({
      xml: { name: 'count' },
      properties: { n: { type: 'integer' } },
    });
  });

  it('ignores same-named decorators and nativeApp of another package', async () => {
    const { document, diagnostics } = await generateFixture('other-package');
    expect(otherThanBinding(diagnostics)).toEqual([]);
    expect(Object.keys(document.paths as Json)).toEqual(['/ours/real/ping']);
    expect((document.tags as Json[]).map((t) => t.name)).toEqual(['real']);
  });
});

describe('generate-swagger diagnostics', () => {
  it('reports two declarations with one name, with both file paths', async () => {
    const { diagnostics } = await generateFixture('name-clash', { microservice: 'm' });
    expect(otherThanBinding(diagnostics)).toHaveLength(1);
    const [clash] = otherThanBinding(diagnostics);
    expect(clash?.severity).toBe('error');
    expect(clash?.message).toContain('two declarations are named User');
    expect(clash?.message).toContain(path.join('name-clash', 'billing', 'user.ts:2'));
    expect(clash?.message).toContain(path.join('name-clash', 'crm', 'user.ts:2'));
    expect(clash?.location).toEqual({ file: fixtureFile('name-clash', 'crm', 'user.ts'), line: 2 });
  });

  it('warns, with file and line, about other parameter counts and unsupported types', async () => {
    const { diagnostics, document, invalid } = await generateFixture('diagnostics', {
      microservice: 'm',
    });
    const file = fixtureFile('diagnostics', 'service.ts');
    const found = diagnostics.map((d) => [
      d.severity,
      d.location?.file,
      d.location?.line,
      d.message,
    ]);
    expect(found).toEqual([
      [
        'warning',
        file,
        16,
        expect.stringContaining('odd.pair has @ApiOperation but takes 2 parameters'),
      ],
      [
        'warning',
        file,
        21,
        expect.stringContaining('odd.none has @ApiOperation but takes 0 parameters'),
      ],
      // Each says what to write instead.
      [
        'warning',
        file,
        5,
        `Odd.big has type \`bigint\`, which has no JSON form: write number (with a JSDoc @integer for whole numbers) or string${UNBOUND}`,
      ],
      [
        'warning',
        file,
        6,
        `Odd.lookup has type \`Map<string, number>\`, which is a built-in class with no JSON form: write Record<string, number>, an object of keys${UNBOUND}`,
      ],
      [
        'warning',
        file,
        7,
        `Odd.callback has type \`() => void\`, which is a function: leave it out of the type (Omit<T, …>), or make it a method, which is not sent${UNBOUND}`,
      ],
      [
        'warning',
        file,
        8,
        `Odd.anything has type \`unknown\`, which describes no shape: write the type of the values it holds${UNBOUND}`,
      ],
      [
        'warning',
        file,
        9,
        `Odd.sku has type \`item-\${number}\`, whose shape neither the server nor the document checks: both take any string; write string, or an alias of string with a JSDoc @pattern, which is checked`,
      ],
      [
        'warning',
        file,
        26,
        expect.stringMatching(/^odd\.odd\(input\) \(Odd\) is an interface, .* cannot bind/),
      ],
      [
        'warning',
        file,
        26,
        'odd.odd() declares a result type that TypeScript emits as Object, so the runtime cannot check its results against the document: give { returns: … }, or build with --contract',
      ],
    ]);
    expect(invalid).toBeUndefined();
    expect(Object.keys(document.paths as Json)).toEqual(['/m/odd/odd']);
    // Never a silent {}: the schema says what it could not describe.
    expect((document.definitions as Json).Odd.properties.big).toEqual({
      'x-unsupported-type': 'bigint',
    });
    expect((document.definitions as Json).Odd.properties.sku).toEqual({ type: 'string' });
  });

  it('turns every warning into an error under --strict', async () => {
    const { diagnostics } = await generateFixture('diagnostics', {
      microservice: 'm',
      strict: true,
    });
    expect(diagnostics).toHaveLength(9);
    expect(diagnostics.every((d) => d.severity === 'error')).toBe(true);
  });

  it('warns about an @Api class that no nativeApp deploys', async () => {
    const { diagnostics, document } = await generateFixture('diagnostics');
    expect(diagnostics.map((d) => d.message)).toContain(
      'no nativeApp in the project deploys OddService; it is left out (give --microservice)',
    );
    expect(document.paths).toEqual({});
  });
});
