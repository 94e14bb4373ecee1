import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { readMicroserviceOptions } from '../../src/cli/microservice-options';
import { MICROSERVICE_NAME_RULE } from '../../src/protocol/microservice-name';
import { calcModule } from './fixture-modules';

describe('readMicroserviceOptions', () => {
  it('reads the module, the NATS URLs, the name and the concurrency', () => {
    expect(
      readMicroserviceOptions(
        ['m.js', '--nats', 'nats://a:1,nats://b:2', '--nats', 'nats://c:3', '--name', 'calc2'],
        {},
      ),
    ).toEqual({
      module: 'm.js',
      servers: ['nats://a:1', 'nats://b:2', 'nats://c:3'],
      name: 'calc2',
      development: false,
    });
    expect(
      readMicroserviceOptions(['m.js', '--concurrency', '8', '--subject-prefix', 'p'], {
        NATS_URL: 'nats://env:4222',
      }),
    ).toEqual({
      module: 'm.js',
      servers: ['nats://env:4222'],
      concurrency: 8,
      subjectPrefix: 'p',
      development: false,
    });
  });

  it.each([
    [[], 'the module of the microservice is missing'],
    [['m.js'], '--nats <url> is missing (or set NATS_URL)'],
    [['m.js', '--nats', 'x', '--concurrency', '0'], '--concurrency must be a whole number'],
    [['m.js', '--nats', 'x', '--concurrency', '2.5'], '--concurrency must be a whole number'],
    [['m.js', 'n.js', '--nats', 'x'], 'unexpected argument n.js'],
    [
      ['m.js', '--nats', 'x', '--port', '1'],
      'unknown option --port: portico --help lists the options',
    ],
  ])('refuses %j', (args, message) => {
    expect(() => readMicroserviceOptions(args, {})).toThrow(message);
  });

  it('reads LOG_LEVEL, and refuses one that is not a level', () => {
    const args = ['m.js', '--nats', 'x'];
    expect(readMicroserviceOptions(args, { LOG_LEVEL: 'warn' }).logLevel).toBe('warn');
    expect(() => readMicroserviceOptions(args, { LOG_LEVEL: 'loud' })).toThrow(
      'LOG_LEVEL must be one of trace, debug, info, warn, error, fatal or silent, got "loud"',
    );
  });
});

describe('portico microservice', () => {
  const bin = path.resolve(__dirname, '../../bin/portico.js');
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [bin, 'microservice', ...args], { encoding: 'utf8' });

  it('exits 2 with one line that names the problem and where the usage is', () => {
    const result = run('--nats', 'nats://127.0.0.1:1');
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      'portico microservice: the module of the microservice is missing: portico microservice --help shows the usage\n',
    );
  });

  // The command line is right; the module it names is wrong: 1, as for portico start.
  it('exits 1 with one line naming the build when the module does not exist', () => {
    const result = run('dist/nowhere.js', '--nats', 'nats://127.0.0.1:1');
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'portico microservice: cannot find dist/nowhere.js: build the project first (npx tsc) and give the path of the compiled .js file\n',
    );
  });

  it('exits 2 when --name is no microservice name, before it loads the module', () => {
    const result = run('dist/nowhere.js', '--nats', 'nats://127.0.0.1:1', '--name', 'my.calc');
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      `portico microservice: --name: microservice name "my.calc" must be ${MICROSERVICE_NAME_RULE}: it is the first segment of its URL paths and a token of its NATS subject, in every placement\n`,
    );
  });

  it.each(['--help', '-h'])('prints its usage with %s, and exits 0', (flag) => {
    const result = run('dist/main.js', flag);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^Usage:\n {2}portico microservice <module> --nats <url>/);
    expect(result.stdout).not.toContain('portico start');
    expect(result.stdout).toMatch(/^Exit codes: 0 .*\n1 a failure once the command line is read/m);
  });

  it('exits 1 when the module is not a nativeApp definition', () => {
    const config = path.resolve(path.dirname(calcModule()), '../main.js');
    const result = run(config, '--nats', 'nats://127.0.0.1:1');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `the default export of ${config} is not a nativeApp definition`,
    );
  });
});
