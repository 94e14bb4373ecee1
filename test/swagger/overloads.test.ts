import path from 'node:path';
import { generateFixture } from './support';

const SERVICE = path.join(__dirname, 'fixtures', 'overloads', 'service.ts');

const OVERLOADED =
  'parser.parse is overloaded; a remote method has one signature, so give each its own name';

const REST =
  'parser.sum(...values) is a rest parameter, which the runtime fills with one argument: a call gives the method one body (ROA) or an array with an item per parameter (RMC), so values would be an array that holds the whole array where its type says number[]; write values: number[], a parameter that takes the array';

const MARKED = '; it is marked x-unsupported-type in the document, and the runtime cannot bind it';

const UNBOUND_T = `which is a type parameter that is never bound: write the type it stands for: a generic method's type parameters are bound by no call, and a generic type needs its type arguments${MARKED}`;

describe('generate-swagger and a signature no call can reach as written, or a generic one', () => {
  it('refuses an overloaded method and a rest parameter, with file and line, and describes the other methods', async () => {
    const { diagnostics, document } = await generateFixture('overloads');
    expect(
      diagnostics.map((d) => [d.severity, d.location?.file, d.location?.line, d.message]),
    ).toEqual([
      ['error', SERVICE, 9, OVERLOADED],
      ['error', SERVICE, 19, REST],
      // A generic method's T is not Awaited<T>, and never says what to write for a result.
      ['warning', SERVICE, 24, `parser.echo(value) has type \`T\`, ${UNBOUND_T}`],
      ['warning', SERVICE, 24, `parser.echo() has type \`T\`, ${UNBOUND_T}`],
      [
        'warning',
        SERVICE,
        29,
        `parser.fail() has type \`never\`, which holds no value: write void for a method that only throws; leave a member out${MARKED}`,
      ],
    ]);
    expect(Object.keys(document.paths as object)).toEqual([
      '/m/parser/add',
      '/m/parser/double',
      '/m/parser/echo',
      '/m/parser/fail',
    ]);
  });

  it("names a destructured parameter's body 'body', not by its pattern", async () => {
    const { document } = await generateFixture('overloads');
    const post = (document.paths as Record<string, any>)['/m/parser/add'].post;
    expect(post.parameters[0]).toMatchObject({ in: 'body', name: 'body', required: true });
  });

  it('refuses a rest parameter of a method the contract alone types, which the document leaves out', async () => {
    const { diagnostics } = await generateFixture('overloads', {
      contract: { file: path.join(__dirname, 'fixtures', 'overloads', 'unwritten'), command: 'g' },
    });
    expect(diagnostics).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        message: expect.stringContaining('parser.scale(...values) is a rest parameter'),
        location: expect.objectContaining({ file: SERVICE, line: 34 }),
      }),
    );
    // A destructured rest parameter is named by its pattern, and the fix by a name of its own.
    expect(diagnostics).toContainEqual({
      severity: 'error',
      message:
        'parser.label(...[name, count]) is a rest parameter, which the runtime fills with one argument: a call gives the method one body (ROA) or an array with an item per parameter (RMC), so the pattern [name, count] would take apart an array that holds the whole array where its type says [string, number]; write a parameter per item, or args: [string, number], a parameter that takes the array',
      location: expect.objectContaining({ file: SERVICE, line: 39 }),
    });
  });
});
