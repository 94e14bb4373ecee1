import { once } from 'node:events';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM, launchChromium } from '../support/browser';
import { writeSnippetProject } from '../support/doc-snippets';
import { readDoc } from '../support/docs';
import { send } from '../support/http';
import { packPortico } from '../support/package-tarball';
import { alive, descendants } from '../support/processes';
import { waitFor } from '../support/wait';
import {
  npmInstall,
  type Running,
  run,
  spawnIn,
  startCommand,
  TYPESCRIPTS,
  writeReadmeFiles,
} from './adopter-project';
import { addJsExtensions, esmImportOfTheGuide, makeEsm } from './esm-project';
import { readReadmeProject } from './readme-project';

const { devDependencies } = require('../../package.json') as {
  devDependencies: Record<string, string>;
};
const pinned = (...names: string[]) =>
  Object.fromEntries(names.map((name) => [name, devDependencies[name] as string]));
const DEV_TOOLS = pinned('ts-morph', '@apidevtools/swagger-parser');
const SWAGGER_UI = pinned('swagger-ui-dist');

const project = readReadmeProject();
const work = mkdtempSync(path.join(tmpdir(), 'portico-adopter-'));
let tarball: string;
let base: string;
const running: Running[] = [];

beforeAll(() => {
  tarball = packPortico(work);
  base = createBase();
}, 300_000);
afterEach(() => {
  for (const command of running.splice(0)) command.kill();
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * The README's project with everything but TypeScript installed: what its two `npm install` lines
 * put in package.json, installed at once (one npm run instead of two, from the local cache).
 */
function createBase(): string {
  const dir = path.join(work, 'base');
  mkdirSync(dir);
  run(dir, 'npm', ['init', '-y']);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  manifest.dependencies = { portico: `file:${tarball}`, ...SWAGGER_UI };
  manifest.devDependencies = DEV_TOOLS;
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  npmInstall(dir, []);
  writeReadmeFiles(dir, project);
  return dir;
}

/** A copy of the base project with the given TypeScript installed. */
function createProject(name: string, typescript: string): string {
  const dir = path.join(work, name);
  cpSync(base, dir, { recursive: true, verbatimSymlinks: true });
  npmInstall(dir, ['--save-dev', `typescript@${typescript}`]);
  return dir;
}

function bin(dir: string, name: string): string {
  return path.join(dir, 'node_modules', '.bin', name);
}

describe.each(TYPESCRIPTS)("the README's own project, with TypeScript %s", (major, version) => {
  jest.setTimeout(300_000);
  let dir: string;
  beforeAll(() => {
    dir = createProject(`ts${major}`, version);
  });

  it('builds, and its API description passes generate-swagger --check --strict', () => {
    expect(run(dir, 'npx', ['tsc', '--version']).stdout).toContain(`Version ${major}.`);
    run(dir, 'npm', ['run', 'build']);
    const check = run(dir, 'npm', ['run', 'check']);
    expect(check.stderr).toContain('generate-swagger: public/swagger.json is up to date');
  });

  it('starts with the bin, answers the README calls (curl and typed client), serves Swagger UI, and stops on SIGTERM', async () => {
    const server = startCommand(dir, bin(dir, 'portico'), [
      'start',
      'dist/main.js',
      '--port',
      '0',
      '--host',
      '127.0.0.1',
    ]);
    running.push(server);
    const url = `http://127.0.0.1:${await server.listening()}`;
    // The README's build writes the contract: the server binds by the types the document shows.
    expect(server.output()).toContain(
      'contract mode: types come from the contract the build wrote',
    );
    const answer = await send(url, project.call.path, {
      headers: project.call.headers,
      body: project.call.body,
    });
    expect(answer).toMatchObject({ status: 200, text: project.answer });
    const called = run(dir, 'node', [project.client.script, url]);
    expect(called.stdout).toBe(`${project.client.output}\n`);
    const page = await send(url, '/docs/', { method: 'GET' });
    expect(page.text).toContain('<script src="./swagger-ui-bundle.js"></script>');
    const document = await send(url, '/docs/swagger.json', { method: 'GET' });
    expect(document.text).toBe(readFileSync(path.join(dir, 'public', 'swagger.json'), 'utf8'));
    // The README's service reaches the document: @Api on the class, @ApiOperation on the method.
    expect(Object.keys(JSON.parse(document.text).paths)).toEqual([project.call.path]);
    expect(await server.stop()).toBe(0);
  });

  it('with a contract written after tsc, starts in contract mode, and refuses it once the code changed', async () => {
    const contract = 'dist/portico-contract.json';
    const args = ['--title', 'Hello API', '--version', '1.0.0', '--out', 'public/swagger.json'];
    const generated = run(dir, bin(dir, 'generate-swagger'), [
      ...args,
      '--strict',
      '--contract',
      contract,
    ]);
    expect(generated.stderr).toContain(`generate-swagger: wrote ${contract}\n`);
    const main = path.join(dir, 'dist', 'main.js');
    const compiled = readFileSync(main, 'utf8');
    try {
      const server = startCommand(dir, bin(dir, 'portico'), [
        'start',
        'dist/main.js',
        '--port',
        '0',
      ]);
      running.push(server);
      const url = `http://127.0.0.1:${await server.listening()}`;
      expect(server.output()).toContain(
        'contract mode: types come from the contract the build wrote',
      );
      const answer = await send(url, project.call.path, {
        headers: project.call.headers,
        body: project.call.body,
      });
      expect(answer).toMatchObject({ status: 200, text: project.answer });
      expect(await server.stop()).toBe(0);
      writeFileSync(main, `${compiled}\n// changed after generate-swagger`);
      const refused = spawnIn(dir, bin(dir, 'portico'), ['start', 'dist/main.js']);
      expect(refused.status).toBe(1);
      const stale =
        /^portico: dist\/portico-contract\.json is stale: dist\/main\.js changed since it was written; run (npx generate-swagger .*)\n$/;
      expect(refused.stderr).toMatch(stale);
      // The command it names is one a user can paste into a shell: it writes the contract again.
      const command = stale.exec(refused.stderr)?.[1] as string;
      expect(command).toContain("--title 'Hello API'");
      expect(spawnIn(dir, 'bash', ['-c', command]).status).toBe(0);
      const again = startCommand(dir, bin(dir, 'portico'), [
        'start',
        'dist/main.js',
        '--port',
        '0',
      ]);
      running.push(again);
      await again.listening();
      expect(again.output()).toContain('contract mode');
      expect(await again.stop()).toBe(0);
    } finally {
      writeFileSync(main, compiled);
      rmSync(path.join(dir, contract), { force: true });
    }
  });

  it('compiles every TypeScript block of the README and docs/, pasted beside its files', () => {
    // test/doc-snippets.test.ts checks them with this repository's TypeScript; here, the user's.
    writeSnippetProject(path.join(dir, 'doc-snippets'));
    const compiled = spawnIn(dir, 'npx', ['tsc', '-p', 'doc-snippets']);
    expect({ status: compiled.status, errors: compiled.stdout }).toEqual({ status: 0, errors: '' });
  });
});

describe("the README's own project as ES modules (docs/getting-started.md)", () => {
  jest.setTimeout(300_000);

  it('needs .js on relative imports, then builds, starts and answers both calls', async () => {
    const dir = path.join(work, 'esm');
    cpSync(path.join(work, 'ts7'), dir, { recursive: true, verbatimSymlinks: true });
    makeEsm(dir);
    const without = spawnIn(dir, 'npx', ['tsc']);
    expect(without.status).not.toBe(0);
    expect(without.stdout).toMatch(/error TS(2307|2835): .*'\.\/greeter\.service'/);
    addJsExtensions(dir);
    expect(readFileSync(path.join(dir, 'src', 'main.ts'), 'utf8')).toContain(esmImportOfTheGuide());
    run(dir, 'npm', ['run', 'build']);
    const server = startCommand(dir, bin(dir, 'portico'), ['start', 'dist/main.js', '--port', '0']);
    running.push(server);
    const url = `http://127.0.0.1:${await server.listening()}`;
    const answer = await send(url, project.call.path, {
      headers: project.call.headers,
      body: project.call.body,
    });
    expect(answer).toMatchObject({ status: 200, text: project.answer });
    expect(run(dir, 'node', [project.client.script, url]).stdout).toBe(
      `${project.client.output}\n`,
    );
    expect(await server.stop()).toBe(0);
  });
});

describe("the README's own project in development mode and in a browser", () => {
  jest.setTimeout(300_000);
  let dir: string;
  beforeAll(() => {
    dir = path.join(work, 'ts7');
    if (!existsSync(path.join(dir, 'public', 'swagger.json'))) {
      throw new Error('the TypeScript 7 project was not built');
    }
  });

  (existsSync(CHROMIUM) ? it : it.skip)('runs "Try it out" in Swagger UI', async () => {
    const server = startCommand(dir, bin(dir, 'portico'), ['start', 'dist/main.js', '--port', '0']);
    running.push(server);
    const url = `http://127.0.0.1:${await server.listening()}`;
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const outside: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(url)) outside.push(request.url());
      });
      await page.goto(`${url}/docs/`);
      const greet = page.locator('.opblock', {
        has: page.locator('[data-path="/hello/greeter/greet"]'),
      });
      await greet.locator('.opblock-summary').click();
      await greet.getByRole('button', { name: 'Try it out' }).click();
      await greet.locator('textarea.body-param__text').fill('{"name":"Grace"}');
      await greet.getByRole('button', { name: 'Execute' }).click();
      const response = greet.locator('.live-responses-table .response');
      const body = response.locator('.response-col_description .microlight').first();
      await body.waitFor();
      expect(JSON.parse((await body.textContent()) ?? '')).toEqual({ text: 'Hello, Grace!' });
      expect(outside).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('portico dev recompiles, regenerates the document and restarts on a change; a 404 names what is unknown; SIGTERM stops its whole process tree', async () => {
    const script = JSON.parse(project.files.get('package.json') ?? '{}').scripts.dev;
    expect(script).toBe(`portico dev dist/main.js -- ${quoted(DEV_GENERATE)}`);
    const dev = startDev(dir);
    const first = `http://127.0.0.1:${await dev.listening(1)}`;
    const call = { headers: project.call.headers, body: project.call.body };
    expect((await send(first, project.call.path, call)).text).toBe(project.answer);
    const unknown = await send(first, '/hello/greeter/wave', call);
    expect(JSON.parse(unknown.text).error.message).toBe(
      'no such remote method: service greeter has no remote method "wave"; its remote methods are greet',
    );
    const source = path.join(dir, 'src', 'greeter.service.ts');
    const original = readFileSync(source, 'utf8');
    writeFileSync(source, original.replace('Hello, ', 'Good day, ').replace(/\n}\n$/, WAVE));
    const second = `http://127.0.0.1:${await dev.listening(2)}`;
    expect((await send(second, project.call.path, call)).text).toBe(
      project.answer.replace('Hello, ', 'Good day, '),
    );
    const document = JSON.parse((await send(second, '/docs/swagger.json', { method: 'GET' })).text);
    expect(Object.keys(document.paths).sort()).toEqual([project.call.path, '/hello/greeter/wave']);
    expect((await send(second, '/hello/greeter/wave', call)).text).toBe(
      project.answer.replace('Hello, ', 'Bye, '),
    );
    // tsc saw the edit itself: portico dev did not start it again.
    expect(dev.output()).not.toContain('tsc --watch did not see');
    await expectTreeStopped(dev, 'SIGTERM');
    writeFileSync(source, original);
  });

  // TypeScript 7's tsc --watch watches no folder of a project near the root of the file system
  // (/app in a container, /srv/app, /tmp/x): without portico dev's own look at the sources, an edit
  // there was never built.
  it('portico dev builds each edit of a project near the root, where tsc --watch sees none', async () => {
    const near = mkdtempSync('/tmp/portico-near-root-');
    try {
      for (const name of ['src', 'public', 'tsconfig.json', 'package.json']) {
        cpSync(path.join(dir, name), path.join(near, name), { recursive: true });
      }
      symlinkSync(path.join(dir, 'node_modules'), path.join(near, 'node_modules'));
      const dev = startDev(near);
      const call = { headers: project.call.headers, body: project.call.body };
      await dev.listening(1);
      const source = path.join(near, 'src', 'greeter.service.ts');
      writeFileSync(source, readFileSync(source, 'utf8').replace('Hello, ', 'Good day, '));
      const second = `http://127.0.0.1:${await dev.listening(2)}`;
      expect((await send(second, project.call.path, call)).text).toBe(
        project.answer.replace('Hello, ', 'Good day, '),
      );
      expect(dev.output()).toContain(
        'portico dev: tsc --watch did not see src/greeter.service.ts change',
      );
      await expectTreeStopped(dev, 'SIGTERM');
    } finally {
      rmSync(near, { recursive: true, force: true });
    }
  });

  it.each(['SIGINT', 'SIGHUP'] as const)(
    'portico dev stops its whole process tree on %s',
    async (signal) => {
      const dev = startDev(dir);
      await dev.listening(1);
      await expectTreeStopped(dev, signal);
    },
  );

  it('portico dev stops its whole process tree when what started it dies without a word', async () => {
    // `npm run dev` killed with SIGTERM passes nothing on, like this shell killed while it waits.
    const shell = startDev(dir, ['sh', '-c', '"$0" "$@" & wait']);
    await shell.listening(1);
    const tree = descendants(shell.child.pid as number);
    expect(tree.length).toBeGreaterThanOrEqual(3);
    // Every process of the tree writes to these pipes: they close once the last one has exited.
    const closed = [shell.child.stdout, shell.child.stderr].map((pipe) => once(pipe!, 'close'));
    shell.child.kill('SIGKILL');
    await Promise.all(closed);
    // The pipes close as the last process closes its files, which it does before it has quite
    // died: wait for the tree's end itself (a process that stays fails here, as before).
    await waitFor(() => !tree.some(alive), { timeoutMs: 5_000, what: 'the end of every process' });
    expect(tree.filter(alive)).toEqual([]);
  });
});

/** The flags the README's dev script gives generate-swagger after `--`. */
const DEV_GENERATE = [
  '--title',
  'Hello API',
  '--api-version',
  '1.0.0',
  '--out',
  'public/swagger.json',
  '--contract',
  'dist/portico-contract.json',
];

/** A second remote method, put in place of the class's closing brace. */
const WAVE = `
  @ApiOperation('Says goodbye')
  wave(input: GreetInput): Greeting {
    return { text: \`Bye, \${input.name}!\` };
  }
}
`;

function quoted(args: readonly string[]): string {
  return args.map((arg) => (arg.includes(' ') ? `"${arg}"` : arg)).join(' ');
}

/** `portico dev` on the project, started by `wrapper` (a command and its arguments) if given. */
function startDev(dir: string, wrapper: readonly string[] = []): Running {
  const args = ['dev', 'dist/main.js', '--port', '0', '--host', '127.0.0.1', '--', ...DEV_GENERATE];
  const [command = bin(dir, 'portico'), ...before] = wrapper;
  const dev = startCommand(
    dir,
    command,
    wrapper.length === 0 ? args : [...before, bin(dir, 'portico'), ...args],
  );
  // Its children lead process groups of their own, and outlive a killed wrapper: a failed test
  // kills by pid every process seen below it.
  const seen = new Set<number>();
  const look = () => {
    for (const pid of dev.child.pid === undefined ? [] : descendants(dev.child.pid)) seen.add(pid);
  };
  const watched: Running = {
    ...dev,
    listening: async (count) => {
      const port = await dev.listening(count);
      look();
      return port;
    },
    kill: () => {
      look();
      dev.kill();
      for (const pid of seen) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    },
  };
  running.push(watched);
  return watched;
}

/** Sends `signal` to `portico dev` and expects it, and every process it started, to be gone. */
async function expectTreeStopped(dev: Running, signal: NodeJS.Signals): Promise<void> {
  const pid = dev.child.pid as number;
  const tree = descendants(pid);
  // tsc (with TypeScript 7 on Node 20: its Node script, and the native compiler under it) and the server.
  expect(tree.length).toBeGreaterThanOrEqual(2);
  dev.child.kill(signal);
  expect(await new Promise((resolve) => dev.child.once('exit', resolve))).toBe(0);
  expect([pid, ...tree].filter(alive)).toEqual([]);
}

describe('a runtime install of the packed package', () => {
  jest.setTimeout(300_000);

  it("holds none of generate-swagger's tools, which then says what to install", () => {
    const dir = path.join(work, 'runtime');
    mkdirSync(dir);
    run(dir, 'npm', ['init', '-y']);
    npmInstall(dir, ['--omit=dev', tarball]);
    const installed = run(dir, 'npm', ['ls', '--all', '--parseable']).stdout;
    for (const name of [
      'typescript',
      'ts-morph',
      '@apidevtools/swagger-parser',
      'ajv',
      'swagger-ui-dist',
      'prom-client',
      '@opentelemetry/api',
      're2js',
    ]) {
      expect([name, installed.includes(`${path.sep}node_modules${path.sep}${name}\n`)]).toEqual([
        name,
        false,
      ]);
    }
    const generate = spawnIn(dir, bin(dir, 'generate-swagger'), [
      '--title',
      'T',
      '--api-version',
      '1',
    ]);
    expect(generate.stderr).toBe(
      'generate-swagger needs ts-morph and @apidevtools/swagger-parser, which are not installed: run npm install --save-dev ts-morph@^28.0.0 @apidevtools/swagger-parser@^12.1.0\n',
    );
    expect(generate.status).toBe(1);
    // Its usage and portico's version need neither: they were refused the same way.
    for (const args of [['--help'], ['--version']]) {
      const asked = spawnIn(dir, bin(dir, 'generate-swagger'), args);
      expect([args, asked.status, asked.stderr]).toEqual([args, 0, '']);
      expect(asked.stdout).toMatch(
        args[0] === '--help' ? /^Usage: portico generate-swagger / : /^0\.1\.0\n$/,
      );
    }
    const help = spawnIn(dir, bin(dir, 'portico'), ['help', 'generate-swagger']);
    expect([help.status, help.stdout]).toEqual([
      0,
      expect.stringMatching(/^Usage: portico generate-swagger /),
    ]);
    expect(spawnIn(dir, bin(dir, 'portico'), ['--version']).stdout).toBe('0.1.0\n');
    // docs/getting-started.md: msgpackr loads the native addon that npm installed beside it.
    const guide = readDoc('docs/getting-started.md');
    const native = /\(`(node -p "[^"`]+")` prints `true`\)/.exec(guide)?.[1] ?? 'missing';
    expect(spawnIn(dir, 'bash', ['-c', native])).toMatchObject({ status: 0, stdout: 'true\n' });
  });

  it('names the package to install when metrics, tracing or a pattern asks for one that is missing', () => {
    const dir = path.join(work, 'runtime');
    const hello =
      "const { nativeApp } = require('portico');\n" +
      'class Greeter {}\n' +
      "const hello = nativeApp({ name: 'hello', services: [Greeter] });\n";
    writeFileSync(
      path.join(dir, 'metrics.js'),
      `${hello}module.exports = { microservices: [hello], metrics: true };\n`,
    );
    writeFileSync(
      path.join(dir, 'tracing.js'),
      `${hello}module.exports = { microservices: [hello], tracing: true };\n`,
    );
    writeFileSync(
      path.join(dir, 'pattern.js'),
      "const { Field } = require('portico');\n" +
        'class Order {}\n' +
        "Field(String, { pattern: '^[A-Z]{3}$' })(Order.prototype, 'currency');\n" +
        'module.exports = { microservices: [] };\n',
    );
    const start = (config: string) => spawnIn(dir, bin(dir, 'portico'), ['start', config]);
    const metrics = start('metrics.js');
    expect(metrics.stderr).toBe(
      "portico: metrics.js: metrics (metrics: true, or a replica's --admin-port) needs prom-client, which is not installed: run npm install prom-client@^15.1.3\n",
    );
    expect(metrics.status).toBe(1);
    const tracing = start('tracing.js');
    expect(tracing.stderr).toBe(
      'portico: tracing.js: tracing (tracing: true, or --tracing) needs @opentelemetry/api, which is not installed: run npm install @opentelemetry/api@^1.9.0\n',
    );
    expect(tracing.status).toBe(1);
    const pattern = start('pattern.js');
    expect(pattern.stderr).toBe(
      'portico: cannot load pattern.js: field Order.currency: a pattern on a @Field needs re2js, which is not installed: run npm install re2js@^2.10.0\n',
    );
    expect(pattern.status).toBe(1);
    writeFileSync(path.join(dir, 'hello.js'), `${hello}module.exports = hello;\n`);
    // It stops before it connects: nothing listens at this address.
    const nats = ['microservice', 'hello.js', '--nats', 'nats://127.0.0.1:9'];
    const replica = spawnIn(dir, bin(dir, 'portico'), [...nats, '--admin-port', '0']);
    expect(replica.stderr).toBe(
      "portico microservice: metrics (metrics: true, or a replica's --admin-port) needs prom-client, which is not installed: run npm install prom-client@^15.1.3\n",
    );
    expect(replica.status).toBe(1);
    const traced = spawnIn(dir, bin(dir, 'portico'), [...nats, '--tracing']);
    expect(traced.stderr).toBe(
      'portico microservice: tracing (tracing: true, or --tracing) needs @opentelemetry/api, which is not installed: run npm install @opentelemetry/api@^1.9.0\n',
    );
    expect(traced.status).toBe(1);
  });
});
