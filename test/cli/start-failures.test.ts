import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { send } from '../support/http';

const ROOT = path.join(__dirname, '..', '..');
const BIN = path.join(ROOT, 'bin', 'portico.js');

/** Runs `portico <args>` to its end from the repository's root. */
function portico(args: readonly string[], env: Record<string, string> = {}) {
  if (!existsSync(path.join(ROOT, 'dist', 'src', 'cli', 'portico.js'))) {
    throw new Error('dist/ is missing: run `npm run build` (npm test does it first)');
  }
  const { PORT: _, ...inherited } = process.env;
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: { ...inherited, ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('portico start refuses to start with one line that says what to do', () => {
  it.each([
    [
      'a configuration module that does not exist',
      ['start', 'dist/nowhere.js'],
      {},
      'portico: cannot find dist/nowhere.js: build the project first (npx tsc) and give the path of the compiled .js file\n',
      1,
    ],
    [
      'no module, and no portico.config.js, the default that docs/configuration.md names',
      ['start'],
      {},
      'portico: cannot find portico.config.js: build the project first (npx tsc) and give the path of the compiled .js file\n',
      1,
    ],
    [
      'a path written with backslashes',
      ['start', 'dist\\examples\\main.js'],
      {},
      'portico: cannot find dist\\examples\\main.js: write the path with / on this system: dist/examples/main.js\n',
      1,
    ],
    [
      // It said "cannot find src: build the project first", of a folder that is there.
      'a folder with no index.js',
      ['start', 'docs'],
      {},
      'portico: docs is a folder: give the path of the compiled .js file in it\n',
      1,
    ],
    [
      'a TypeScript module',
      ['start', 'examples/main.ts'],
      {},
      'portico: examples/main.ts is TypeScript: compile it (npx tsc) and give the compiled .js file instead\n',
      1,
    ],
    [
      'a module whose default export is not a configuration',
      ['start', 'dist/examples/calc/payloads.js'],
      {},
      'portico: the default export of dist/examples/calc/payloads.js is neither a main server configuration nor a microservice: export default { microservices: [...] }\n',
      1,
    ],
    [
      'a module that throws while it loads',
      ['start', 'test/fixtures/cli/throws.config.js'],
      {},
      'portico: cannot load test/fixtures/cli/throws.config.js: the database URL is not set (at test/fixtures/cli/throws.config.js:2)\n',
      1,
    ],
    [
      'a module that needs a package that is not installed',
      ['start', 'test/fixtures/cli/needs-missing.config.js'],
      {},
      "portico: cannot load test/fixtures/cli/needs-missing.config.js: Cannot find module 'a-package-that-is-not-installed' (at test/fixtures/cli/needs-missing.config.js:2)\n",
      1,
    ],
    [
      'an ES module whose relative import has no extension',
      ['start', 'test/fixtures/cli/esm-import/main.js'],
      {},
      'portico: cannot load test/fixtures/cli/esm-import/main.js: test/fixtures/cli/esm-import/main.js imports \'./lib/services\', which an ES module must write as \'./lib/services.js\': write the file\'s extension in the source\'s relative imports ("moduleResolution": "nodenext" asks for it; "bundler" does not)\n',
      1,
    ],
    [
      'a LOG_LEVEL that is not a level',
      ['start', 'dist/examples/main.js'],
      { LOG_LEVEL: 'verbose' },
      'portico: LOG_LEVEL must be one of trace, debug, info, warn, error, fatal or silent, got "verbose"\n',
      2,
    ],
    [
      'a PORT that is not a port number',
      ['start', 'dist/examples/main.js'],
      { PORT: 'eighty' },
      'portico: PORT must be a port number from 0 to 65535, got eighty\n',
      2,
    ],
    [
      'a --port beyond 65535',
      ['start', 'dist/examples/main.js', '--port', '70000'],
      {},
      'portico: --port must be a port number from 0 to 65535, got 70000\n',
      2,
    ],
    [
      'an --admin-port that is the --port',
      ['start', 'dist/examples/main.js', '--port', '8090', '--admin-port', '8090'],
      {},
      "portico: the admin port is the server's port, 8090: give the admin routes another with --admin-port, or none to serve them on 8090\n",
      2,
    ],
    [
      'a --port whose value starts with -',
      ['start', 'dist/examples/main.js', '--port', '-1'],
      {},
      'portico: --port needs a value: write --port=<value> for one that starts with -\n',
      2,
    ],
    [
      'a switch given a value',
      ['start', 'dist/examples/main.js', '--development=true'],
      {},
      'portico: --development takes no value: write --development alone\n',
      2,
    ],
    [
      // The last one won, without a word.
      'a --port given twice',
      ['start', 'dist/examples/main.js', '--port', '8090', '--port=8091'],
      {},
      'portico: --port is given twice (8090, then 8091): give it once\n',
      2,
    ],
    [
      'a --name given twice to portico microservice',
      [
        'microservice',
        'dist/examples/calc/index.js',
        '--nats',
        'nats://127.0.0.1:1',
        '--name',
        'a',
        '--name',
        'b',
      ],
      {},
      'portico microservice: --name is given twice (a, then b): give it once\n',
      2,
    ],
    [
      // It said "cannot find : build the project first", of a variable left unset.
      'an empty module path',
      ['start', ''],
      {},
      'portico: the module is an empty path: give the path of the compiled .js file\n',
      2,
    ],
    [
      // It listened on every interface, as if --host were not given.
      'an empty --host',
      ['start', 'dist/examples/main.js', '--host='],
      {},
      'portico: --host needs a value\n',
      2,
    ],
    [
      // It loaded the module and exited 1 with "the replica's maxCallMs must be at most …".
      'a --max-call-ms beyond the longest timer',
      [
        'microservice',
        'dist/examples/calc/index.js',
        '--nats',
        'nats://127.0.0.1:1',
        '--max-call-ms',
        '2147483648',
      ],
      {},
      'portico microservice: --max-call-ms must be at most 2147483647\n',
      2,
    ],
    [
      // It loaded the module and exited 1 with "subject prefix … is not a NATS subject".
      'a --subject-prefix that is no NATS subject',
      [
        'microservice',
        'dist/examples/calc/index.js',
        '--nats',
        'nats://127.0.0.1:1',
        '--subject-prefix',
        'a b',
      ],
      {},
      'portico microservice: --subject-prefix "a b" is not a NATS subject without wildcards\n',
      2,
    ],
    [
      // tsc started, and each build then said so, while portico dev went on.
      "portico dev's generate-swagger flags, wrong",
      ['dev', 'dist/examples/main.js', '--project', 'nowhere.json', '--', '--title'],
      {},
      'portico: the generate-swagger flags after --: --title needs a value\n',
      2,
    ],
    [
      "portico dev's generate-swagger flags, without --title",
      ['dev', 'dist/examples/main.js', '--project', 'nowhere.json', '--', '--out', 'x.json'],
      {},
      'portico: the generate-swagger flags after --: --title and --api-version are required\n',
      2,
    ],
    [
      'an argument after the module',
      ['start', 'dist/examples/main.js', 'extra'],
      {},
      'portico: unexpected argument extra: the command takes one module; portico start --help shows the usage\n',
      2,
    ],
    [
      'a port without --port, as npm start --port 9000 leaves it',
      ['start', 'dist/examples/main.js', '9000'],
      {},
      'portico: unexpected argument 9000: write --port 9000 for a port (npm takes --port for itself: PORT=9000 npm start)\n',
      2,
    ],
    [
      'an unknown option',
      ['start', 'dist/examples/main.js', '--watch'],
      {},
      'portico: unknown option --watch: portico --help lists the options\n',
      2,
    ],
    [
      "portico dev's --project",
      ['start', 'dist/examples/main.js', '--project', 'tsconfig.json'],
      {},
      'portico: --project is an option of portico dev\n',
      2,
    ],
    [
      'an unknown command',
      ['serve'],
      {},
      'portico: unknown command serve: portico --help lists the commands\n',
      2,
    ],
  ])('%s', (_, args, env, message, status) => {
    const result = portico(args, env);
    expect(result.stderr).toBe(message);
    expect(result.status).toBe(status);
  });

  it.each([
    ['a CommonJS module', 'main.js', '', 'main.js:2:23'],
    ['an ES module', 'main.mjs', '', 'main.mjs:2:21'],
    ['an ES module of a "type": "module" package', 'main.js', '{"type":"module"}', 'main.js:2:23'],
    ['a module that an ES module imports', 'entry.mjs', '', 'main.mjs:2:21'],
  ])(
    'names the file, line and column of a syntax error in %s, in portico start and microservice',
    (_, module, manifest, place) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'portico-syntax-'));
      try {
        const source = 'const ok = 1;\nmodule.exports = { ok,; };\n';
        writeFileSync(path.join(dir, 'main.js'), source);
        writeFileSync(
          path.join(dir, 'main.mjs'),
          source.replace('module.exports =', 'export default'),
        );
        // Imported, never run: the syntax error is found before any module runs.
        writeFileSync(path.join(dir, 'entry.mjs'), 'console.log("ran");\nimport "./main.mjs";\n');
        if (manifest) writeFileSync(path.join(dir, 'package.json'), manifest);
        for (const [command, prefix] of [
          [['start'], 'portico'],
          [['microservice', '--nats', 'nats://127.0.0.1:1'], 'portico microservice'],
        ] as const) {
          const result = spawnSync(
            process.execPath,
            [BIN, command[0], module, ...command.slice(1)],
            { cwd: dir, encoding: 'utf8' },
          );
          expect([result.stdout, result.stderr, result.status]).toEqual([
            '',
            `${prefix}: cannot load ${module}: Unexpected token ';' (at ${place})\n`,
            1,
          ]);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it("names no place in Node's own code for a JSON module that is not JSON", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portico-json-'));
    try {
      writeFileSync(path.join(dir, 'portico.config.json'), '{\n  "microservices": [ }\n');
      const result = spawnSync(process.execPath, [BIN, 'start', 'portico.config.json'], {
        cwd: dir,
        encoding: 'utf8',
      });
      // It said "(at node:internal/modules/esm/assert:89:15)".
      expect(result.stderr).toMatch(
        /^portico: cannot load portico\.config\.json: [^\n]*'}'[^\n]*\n$/,
      );
      expect(result.stderr).not.toContain('node:');
      expect(result.status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shows the stack as well with --verbose', () => {
    const result = portico(['start', 'test/fixtures/cli/throws.config.js', '--verbose']);
    const [line, ...stack] = result.stderr.split('\n');
    expect(line).toBe(
      'portico: cannot load test/fixtures/cli/throws.config.js: the database URL is not set (at test/fixtures/cli/throws.config.js:2)',
    );
    expect(stack.join('\n')).toMatch(
      /Error: the database URL is not set\n\s+at .*throws\.config\.js/,
    );
    expect(result.status).toBe(1);
  });

  describe('a port in use', () => {
    let holder: Server;
    beforeAll(async () => {
      holder = createServer().listen(0);
      await once(holder, 'listening');
    });
    afterAll(() => holder.close());

    it('is named, with the way out', () => {
      const port = (holder.address() as { port: number }).port;
      const result = portico(['start', 'dist/examples/main.js', '--port', String(port)]);
      expect(result.stderr).toBe(
        `portico: port ${port} is in use: stop what uses it, or choose another port with --port or PORT\n`,
      );
      expect(result.status).toBe(1);
    });

    it('is named as the admin port when --admin-port is the one in use', () => {
      const port = (holder.address() as { port: number }).port;
      const args = ['start', 'dist/examples/main.js', '--port', '0', '--admin-port', String(port)];
      const result = portico(args);
      expect(result.stderr).toBe(
        `portico: admin port ${port} is in use: stop what uses it, or choose another port with --admin-port\n`,
      );
      expect(result.status).toBe(1);
    });
  });
});

describe('portico start with another copy of portico than the project decorated with', () => {
  let dir: string;
  beforeAll(() => {
    // The project's own copy, as in its node_modules; the command run is the repository's, as a
    // global install would be. NODE_PATH lends the copy the repository's dependencies.
    dir = mkdtempSync(path.join(tmpdir(), 'portico-copy-'));
    const copy = path.join(dir, 'node_modules', 'portico');
    cpSync(path.join(ROOT, 'dist', 'src'), path.join(copy, 'dist', 'src'), { recursive: true });
    cpSync(path.join(ROOT, 'package.json'), path.join(copy, 'package.json'));
    writeFileSync(
      path.join(dir, 'main.js'),
      [
        "const { nativeApp, RemoteService } = require('portico');",
        'class Greeter {}',
        "RemoteService('greeter')(Greeter);",
        "module.exports = { default: nativeApp({ name: 'hello', services: [Greeter] }) };",
      ].join('\n'),
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names both copies and the way out', () => {
    const main = path.join(dir, 'main.js');
    const result = portico(['start', main], { NODE_PATH: path.join(ROOT, 'node_modules') });
    const copy = path.join(dir, 'node_modules', 'portico', 'dist', 'src');
    expect(result.stderr).toBe(
      `portico: ${main}: Greeter was decorated by the copy of portico in ${copy}, and this one is in ${path.join(ROOT, 'dist', 'src')}: start the project with its own (npx portico, or an npm script)\n`,
    );
    expect(result.status).toBe(1);
  });
});

/** What every command's help says of its exit codes. */
const EXIT_CODES =
  /^Exit codes: 0 [^;]+;\n?1 a failure once the command line is read[^;]+; 2 a wrong command line/m;

describe("a command's --help", () => {
  it.each([
    ['start', ['start', '--help'], 'start [config]'],
    ['start', ['start', 'dist/examples/main.js', '-h'], 'start [config]'],
    ['dev', ['dev', '--help'], 'dev [config]'],
    ['dev', ['dev', '--port', '9000', '--help', '--', '--title', 'T'], 'dev [config]'],
    ['microservice', ['microservice', '--help'], 'microservice <module>'],
  ])('portico %s prints its own usage and exits 0 (%j)', (_, args, usage) => {
    const result = portico(args);
    expect(result).toMatchObject({ status: 0, stderr: '' });
    expect(result.stdout).toMatch(new RegExp(`^Usage:\\n {2}portico ${usage.replace('[', '\\[')}`));
    expect([...result.stdout.matchAll(/^ {2}portico /gm)]).toHaveLength(1);
    expect(result.stdout).toMatch(EXIT_CODES);
  });

  it.each([
    ['start', 'start [config]'],
    ['dev', 'dev [config]'],
    ['microservice', 'microservice <module>'],
  ])('portico help %s prints the same usage as its --help', (command, usage) => {
    const result = portico(['help', command]);
    expect(result).toEqual({ ...portico([command, '--help']), status: 0 });
    expect(result.stdout).toMatch(new RegExp(`^Usage:\\n {2}portico ${usage.replace('[', '\\[')}`));
  });

  it('portico help prints the usage of every command, as portico --help does', () => {
    expect(portico(['help'])).toEqual({ ...portico(['--help']), status: 0 });
  });

  it("portico help generate-swagger prints the generator's flags", () => {
    const result = portico(['help', 'generate-swagger']);
    expect(result).toEqual({ ...portico(['generate-swagger', '--help']), status: 0 });
    expect(result.stdout).toMatch(/^Usage: portico generate-swagger /);
  });

  it.each([
    [['help', 'serve'], 'portico: unknown command serve: portico --help lists the commands\n'],
    [
      ['help', 'start', 'dev'],
      'portico: unexpected argument dev: portico help takes one command\n',
    ],
  ])('portico %j is refused with one line, exit 2', (args, message) => {
    expect(portico(args)).toEqual({ status: 2, stdout: '', stderr: message });
  });

  it("portico microservice's names only what a replica reads and does: no PORT, no tsc", () => {
    const { stdout } = portico(['microservice', '--help']);
    expect(stdout).not.toMatch(/\bPORT\b|portico dev|tsc/);
    expect(stdout).toMatch(/NATS not reachable or\s+refusing the replica/);
  });
});

describe('portico --version', () => {
  it("prints the package's version", () => {
    const { version } = require('../../package.json') as { version: string };
    expect(portico(['--version'])).toEqual({ status: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('lists every command in --help', () => {
    const { stdout, status } = portico(['--help']);
    expect(status).toBe(0);
    expect(stdout).toMatch(EXIT_CODES);
    // A line of 137 columns slipped in with the NATS ping flags: terminals wrap it mid-word.
    expect(stdout.split('\n').filter((line) => line.length > 100)).toEqual([]);
    const commands = [...stdout.matchAll(/^ {2}portico ([\w-]+)/gm)].map((match) => match[1]);
    expect(commands).toEqual([
      'start',
      'dev',
      'microservice',
      'generate-swagger',
      '--version',
      'help',
    ]);
  });
});

describe('portico start with a microservice module', () => {
  it.each([
    ['', 'dist/examples/calc/index.js'],
    [' (an ES module with a top-level await)', 'test/fixtures/cli/esm-await/main.js'],
  ])('serves the one microservice, on the --host and --port given%s', async (_, module) => {
    const child = spawn(
      process.execPath,
      [BIN, 'start', module, '--host', '127.0.0.1', '--port', '0'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      let output = '';
      const port = await new Promise<number>((resolve, reject) => {
        child.stdout.on('data', (chunk) => {
          output += chunk;
          const match = /"port":(\d+),"msg":"main server listening"/.exec(output);
          if (match) resolve(Number(match[1]));
        });
        child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
      });
      const answer = await send(`http://127.0.0.1:${port}`, '/calc/calculator/add', {
        headers: { 'Content-Type': 'application/json' },
        body: '{"a":7,"b":2}',
      });
      expect(answer).toMatchObject({ status: 200, text: '{"result":9}' });
    } finally {
      child.kill('SIGKILL');
    }
  });
});
