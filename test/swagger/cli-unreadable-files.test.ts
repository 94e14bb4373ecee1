import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../../src/swagger/cli/cli';
import { captureIo, fixtureProject } from './support';

const BASE = ['--title', 'Fixture', '--api-version', '1.0.0', '--microservice', 'm'];

// A tsconfig that is not JSON, a --project that is a folder, or an --out that cannot be
// written ended the command with a stack trace (the bin's last resort): one line now, exit 1.
describe('generate-swagger with a file it cannot read or write', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'generate-swagger-files-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function run(...args: string[]) {
    const io = captureIo();
    const code = await main(args, io);
    return { code, err: io.err() };
  }

  function expectOneLine(err: string, ...parts: string[]) {
    expect(err).not.toMatch(/^\s+at /m);
    expect(err.split('\n').filter((line) => line.startsWith('generate-swagger:'))).toHaveLength(1);
    for (const part of parts) expect(err).toContain(part);
  }

  it('names a tsconfig that is not JSON, and the parser error', async () => {
    const tsconfig = path.join(dir, 'tsconfig.json');
    writeFileSync(tsconfig, '{ "compilerOptions": { ');
    const { code, err } = await run('--project', tsconfig, ...BASE, '--out', '-');
    expect(code).toBe(1);
    expectOneLine(err, `generate-swagger: cannot read ${tsconfig}: `, "'}' expected");
  });

  it('names a --project that is a folder, and the file to give', async () => {
    const { code, err } = await run('--project', dir, ...BASE, '--out', '-');
    expect(code).toBe(1);
    expectOneLine(err, `generate-swagger: ${dir} is a folder: give its tsconfig.json`);
  });

  it('names an --out that cannot be written, and why', async () => {
    const out = path.join(dir, 'taken');
    mkdirSync(out);
    const project = fixtureProject('minimal');
    const { code, err } = await run('--project', project, ...BASE, '--out', out);
    expect(code).toBe(1);
    expectOneLine(err, `generate-swagger: cannot write ${out}: `, 'EISDIR');
    const checked = await run('--project', project, ...BASE, '--out', out, '--check');
    expect(checked.code).toBe(1);
    expectOneLine(checked.err, `generate-swagger: cannot read ${out}: `, 'EISDIR');
  });

  // Below /proc, Node's mkdir(recursive) never returned: the command hung, on Node 20 to 26.
  const onLinux = process.platform === 'linux' ? it : it.skip;
  onLinux('names an --out whose folder cannot be made, or that cannot take the bytes', async () => {
    const file = path.join(dir, 'file');
    writeFileSync(file, '');
    const cases = [
      // ENOENT for root, EACCES for another user: mkdir's error either way.
      ['/proc/x/y/swagger.json', "mkdir '/proc/x'"],
      [path.join(file, 'swagger.json'), `${file} is a file, not a folder`],
      [path.join(file, 'sub', 'swagger.json'), `${file} is a file, not a folder`],
      ['/sys/portico/swagger.json', "mkdir '/sys/portico'"],
      ['/dev/full', 'ENOSPC'],
    ];
    const project = fixtureProject('minimal');
    for (const [out = '', why = ''] of cases) {
      const { code, err } = await run('--project', project, ...BASE, '--out', out);
      expect([out, code]).toEqual([out, 1]);
      expectOneLine(err, `generate-swagger: cannot write ${out}: `, why);
    }
  });

  it('refuses an empty --out or --project as a wrong command line', async () => {
    const project = ['--project', fixtureProject('minimal')];
    for (const [flag, args] of [
      ['--out', [...project, ...BASE, '--out', '']],
      ['--project', [...BASE, '--project', '']],
    ] as const) {
      const { code, err } = await run(...args);
      expect({ code, err }).toEqual({
        code: 2,
        err: `generate-swagger: ${flag} needs a value: generate-swagger --help shows the usage\n`,
      });
    }
  });
});
