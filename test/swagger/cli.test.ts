import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { findSpecProblem } from '../../src/swagger/build/validate-spec';
import { main } from '../../src/swagger/cli/cli';
import * as generate from '../../src/swagger/cli/generate';
import { captureIo, fixtureProject, ROOT } from './support';

const BASE = ['--title', 'Fixture', '--api-version', '1.0.0'];

describe('generate-swagger command', () => {
  let dir: string;
  let out: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'generate-swagger-'));
    out = path.join(dir, 'api', 'swagger.json');
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function run(...args: string[]) {
    const io = captureIo();
    const code = await main(args, io);
    return { code, out: io.out(), err: io.err() };
  }

  it('writes the document, and --check passes on it until the file changes', async () => {
    const minimal = [
      '--project',
      fixtureProject('minimal'),
      ...BASE,
      '--microservice',
      'm',
      '--out',
      out,
    ];
    expect((await run(...minimal)).code).toBe(0);
    const written = readFileSync(out, 'utf8');
    expect(JSON.parse(written).paths).toHaveProperty(['/m/greeter/greet']);

    const upToDate = await run(...minimal, '--check');
    expect(upToDate).toMatchObject({ code: 0, err: expect.stringContaining('is up to date') });

    writeFileSync(out, written.replace('"Greets someone"', '"Greets anyone"'));
    const stale = await run(...minimal, '--check');
    expect(stale.code).toBe(1);
    expect(stale.err).toContain('differs from the source');
    expect(stale.err).toMatch(
      /^@@ line \d+ @@\n- +"summary": "Greets anyone",\n\+ +"summary": "Greets someone",$/m,
    );
    expect(readFileSync(out, 'utf8')).toContain('Greets anyone');
  });

  it('fails --check when the file does not exist', async () => {
    const missing = await run(
      '--project',
      fixtureProject('minimal'),
      ...BASE,
      '--out',
      out,
      '--check',
    );
    expect(missing).toMatchObject({ code: 1, err: expect.stringContaining('does not exist') });
    expect(existsSync(out)).toBe(false);
  });

  it('writes despite warnings, but fails and writes nothing under --strict', async () => {
    const args = ['--project', fixtureProject('diagnostics'), ...BASE, '--microservice', 'm'];
    const lenient = await run(...args, '--out', out);
    expect(lenient.code).toBe(0);
    expect(lenient.err).toMatch(/diagnostics\/service\.ts:16: warning: odd\.pair/);
    rmSync(out);
    const strict = await run(...args, '--out', out, '--strict');
    expect(strict.code).toBe(1);
    expect(strict.err).toMatch(/diagnostics\/service\.ts:16: error: odd\.pair/);
    expect(existsSync(out)).toBe(false);
  });

  it('fails on a name clash', async () => {
    const clash = await run(
      '--project',
      fixtureProject('name-clash'),
      ...BASE,
      '--microservice',
      'm',
      '--out',
      out,
    );
    expect(clash).toMatchObject({
      code: 1,
      err: expect.stringContaining('two declarations are named User'),
    });
    expect(existsSync(out)).toBe(false);
  });

  it('refuses to write a document that does not validate', async () => {
    // A microservice name in braces is a path template without a parameter: invalid Swagger. The
    // command line refuses such a name (below), so the validator is reached through the function.
    const generation = await generate.generateDocument({
      project: fixtureProject('minimal'),
      title: 'Fixture',
      version: '1.0.0',
      microservice: '{x}',
    });
    expect(generation.invalid).toContain('missing path parameter(s) for {x}');
    // What the command does with such a document: exit 1, the validator's words, nothing written.
    const spy = jest.spyOn(generate, 'generateDocument').mockResolvedValue(generation);
    try {
      const invalid = await run('--project', fixtureProject('minimal'), ...BASE, '--out', out);
      expect(invalid.code).toBe(1);
      expect(invalid.err).toContain('the document is not valid Swagger 2.0; nothing written');
      expect(invalid.err).toContain('missing path parameter(s) for {x}');
      expect(existsSync(out)).toBe(false);
    } finally {
      spy.mockRestore();
    }
  });

  it.each(['{x}', 'my.calc', 'a b', 'a:b', '-calc', 'é', 'x'.repeat(129)])(
    'refuses --microservice %j by the rule portico microservice --name applies (exit 2)',
    async (name) => {
      const refused = await run(
        '--project',
        fixtureProject('minimal'),
        ...BASE,
        `--microservice=${name}`, // the = form takes '-calc' as a value
        '--out',
        out,
      );
      expect(refused.code).toBe(2);
      expect(refused.err).toContain(
        `--microservice: microservice name ${JSON.stringify(name)} must be 1 to 128 characters`,
      );
      expect(refused.err.trim().split('\n')).toHaveLength(1);
      expect(existsSync(out)).toBe(false);
    },
  );

  it('takes a --microservice name of 128 characters of the rule', async () => {
    const name = `A${'b_-9'.repeat(31)}xyz`;
    const taken = await run(
      '--project',
      fixtureProject('minimal'),
      ...BASE,
      '--microservice',
      name,
      '--out',
      out,
    );
    expect(taken.code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).paths).toHaveProperty([`/${name}/greeter/greet`]);
  });

  it('writes validated OpenAPI 3.1 with --openapi 3.1, and honours --base-url', async () => {
    const args = [
      '--project',
      fixtureProject('minimal'),
      ...BASE,
      '--openapi',
      '3.1',
      '--out',
      '-',
    ];
    const result = await run(...args, '--base-url', 'https://api.example.com/v1');
    expect(result.code).toBe(0);
    const doc = JSON.parse(result.out);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: 'https://api.example.com/v1' }]);
    await expect(findSpecProblem(doc)).resolves.toBeUndefined();
  });

  it.each([
    [
      ['--api-version', '1'],
      '--title and --api-version are required: generate-swagger --help shows the usage',
    ],
    [
      ['--title', 'T'],
      '--title and --api-version are required: generate-swagger --help shows the usage',
    ],
    [
      [...BASE, '--api-version', '2'],
      "give the API's version once (--api-version): generate-swagger --help shows the usage",
    ],
    [
      [...BASE, '--version', '2'],
      "give the API's version once (--api-version): generate-swagger --help shows the usage",
    ],
    [[...BASE, '--openapi', '3.0'], '--openapi takes 3.1'],
    [[...BASE, '--base-url', 'ftp://x'], '--base-url must be an http or https URL'],
    [[...BASE, '--unknown'], 'unknown option --unknown: generate-swagger --help lists the options'],
    [[...BASE, '--out'], '--out needs a value'],
    [[...BASE, 'extra'], 'unexpected argument extra: generate-swagger --help shows the usage'],
    [
      [...BASE, '--out', 'a.json', '--out=b.json'],
      '--out is given twice (a.json, then b.json): give it once',
    ],
    [[...BASE, '--title', 'U'], '--title is given twice (Fixture, then U): give it once'],
  ])('exits 2 on bad usage with one line: %j', async (args, message) => {
    const result = await run(...args);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^generate-swagger: [^\n]*\n$/);
    expect(result.err).toContain(`generate-swagger: ${message}`);
  });

  it.each([
    ['nowhere.json', ''],
    ['.\\tsconfig.json', ': write the path with / on this system: ./tsconfig.json'],
  ])('exits 1 naming a --project that does not exist: %s', async (project, hint) => {
    // The command line is right; the file it names is not there: 1, as for portico start.
    const result = await run(...BASE, '--project', project);
    expect(result).toMatchObject({
      code: 1,
      err: `generate-swagger: no tsconfig at ${project}${hint}\n`,
    });
  });

  it("prints portico's version for --version alone, last or before another flag", async () => {
    for (const args of [['--version'], ['--version', '--title', 'T'], [...BASE, '--version']]) {
      const io = captureIo();
      expect(await main(args, io, '9.8.7')).toBe(0);
      expect([io.out(), io.err()]).toEqual(['9.8.7\n', '']);
    }
  });

  it('still takes the API version as --version <text>, with a deprecation line', async () => {
    const project = ['--project', fixtureProject('minimal'), '--microservice', 'm'];
    for (const old of [['--version', '3.2.1'], ['--version=3.2.1']]) {
      const result = await run(...project, '--title', 'T', ...old, '--out', '-');
      expect(result.code).toBe(0);
      expect(JSON.parse(result.out).info.version).toBe('3.2.1');
      expect(result.err.split('\n')[0]).toBe(
        'generate-swagger: --version <text> is deprecated and will stop working in the next release: use --api-version <text>',
      );
    }
    const current = await run(...project, ...BASE, '--out', '-');
    expect(current.err).not.toContain('deprecated');
  });

  it('puts --description in the document, and the wire notes in x-portico-wire', async () => {
    const project = ['--project', fixtureProject('minimal'), '--microservice', 'm'];
    for (const dialect of [[], ['--openapi', '3.1']]) {
      const args = [...project, ...BASE, ...dialect, '--out', '-'];
      const described = JSON.parse(
        (await run(...args, '--description', 'Orders of the shop.')).out,
      );
      expect(described.info).toEqual({
        title: 'Fixture',
        version: '1.0.0',
        description: 'Orders of the shop.',
      });
      const plain = JSON.parse((await run(...args)).out);
      expect(plain.info).toEqual({ title: 'Fixture', version: '1.0.0' });
      expect(plain['x-portico-wire'].join(' ')).toContain('X-SVC-Sequence-Name');
    }
  });

  it('runs as the installed bin', async () => {
    const bin = path.join(ROOT, 'bin/generate-swagger.js');
    if (!existsSync(path.join(ROOT, 'dist/src/swagger/cli/cli.js'))) {
      throw new Error('dist/ is missing: run `npm run build` before this test');
    }
    const args = [
      '--project',
      fixtureProject('minimal'),
      ...BASE,
      '--microservice',
      'm',
      '--out',
      out,
    ];
    const { stderr } = await promisify(execFile)(process.execPath, [bin, ...args]);
    expect(stderr).toContain(`wrote ${out} (1 operation)`);
    expect(JSON.parse(readFileSync(out, 'utf8')).swagger).toBe('2.0');
  });

  it('runs as portico generate-swagger, the same command', async () => {
    const bin = path.join(ROOT, 'bin/portico.js');
    const args = [
      'generate-swagger',
      '--project',
      fixtureProject('minimal'),
      '--microservice',
      'm',
    ];
    const run = promisify(execFile);
    const { stdout, stderr } = await run(process.execPath, [bin, ...args, ...BASE, '--out', '-']);
    expect(stderr).not.toContain('deprecated');
    expect(JSON.parse(stdout).info).toEqual({ title: 'Fixture', version: '1.0.0' });
    const help = await run(process.execPath, [bin, 'generate-swagger', '--help']);
    expect(help.stdout).toContain('Usage: portico generate-swagger');
    expect(help.stdout).toMatch(
      /^Exit codes: 0 written[^;]+; 1 an error in the project[^;]+; 2 a wrong command line/m,
    );
  });
});
