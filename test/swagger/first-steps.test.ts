import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { ApiOperation, nativeApp, RemoteService } from '../../src';
import { main } from '../../src/swagger/cli/cli';
import { checkDecoratorFlags, decoratorFlagsMessage } from '../../src/swagger/cli/decorator-flags';
import { generateDocument } from '../../src/swagger/cli/generate';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send } from '../support/http';
import { porticoTypes } from '../support/portico-types';
import { captureIo, sourceProject } from './support';

const SERVICE = `
import { RemoteMethod, RemoteService, nativeApp } from 'portico';

@RemoteService('greeter')
export class GreeterService {
  @RemoteMethod()
  greet(name: string): string {
    return 'hello ' + name;
  }
}

export const app = nativeApp({ name: 'hello', services: [GreeterService] });
`;

/** The README's service: decorated fields, a decorated method, two class decorators. */
const README_SERVICE = `
import { Api, ApiOperation, Field, RemoteService } from 'portico';

export class GreetInput {
  @Field() name!: string;
}

@Api({ description: 'Greets people' })
@RemoteService('greeter')
export class GreeterService {
  @ApiOperation('Greets someone by name')
  greet(input: GreetInput): GreetInput {
    return input;
  }
}
`;

const FLAGS = { experimentalDecorators: true, emitDecoratorMetadata: true };

/** The mistakes of a first project: a remote class without `@Api`, tsconfig without the flags. */
describe('generate-swagger on a first project', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'first-steps-'));
    writeFileSync(path.join(dir, 'service.ts'), SERVICE);
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function project(flags: Record<string, boolean>): string {
    const tsconfig = path.join(dir, 'tsconfig.json');
    const paths = { portico: [porticoTypes()] };
    const options = { target: 'ES2022', strict: true, noEmit: true, paths, ...flags };
    writeFileSync(tsconfig, JSON.stringify({ compilerOptions: options, include: ['.'] }));
    return tsconfig;
  }

  async function run(tsconfig: string, ...more: string[]) {
    const io = captureIo();
    const args = ['--project', tsconfig, '--title', 'Hello', '--version', '1.0.0'];
    const code = await main([...args, '--out', path.join(dir, 'swagger.json'), ...more], io);
    return { code, err: io.err() };
  }

  it('says that a remote class has no @Api, and fails under --strict instead of writing 0 operations', async () => {
    const tsconfig = project(FLAGS);
    const lenient = await run(tsconfig);
    expect(lenient.err).toMatch(
      /service\.ts:\d+: warning: GreeterService has @RemoteService but no @Api, so the document leaves its methods out: add @Api\(\) to the class/,
    );
    const strict = await run(tsconfig, '--strict');
    expect(strict.code).toBe(1);
    expect(strict.err).toMatch(/error: GreeterService has @RemoteService but no @Api/);
  });

  it.each([
    ['experimentalDecorators', { emitDecoratorMetadata: true }, /TS1240/],
    ['emitDecoratorMetadata', { experimentalDecorators: true }, /no field or parameter types/],
  ])('names a missing %s in tsconfig.json and writes nothing', async (flag, flags, why) => {
    const tsconfig = project(flags);
    const { code, err } = await run(tsconfig);
    expect(code).toBe(1);
    expect(err).toContain(`does not set "${flag}": true in compilerOptions`);
    expect(err).toMatch(why);
    expect(checkDecoratorFlags(tsconfig)).toContain(`"${flag}": true`);
  });

  it("names the codes tsc reports on the README's service without experimentalDecorators, and no other", () => {
    writeFileSync(path.join(dir, 'service.ts'), README_SERVICE);
    const tsconfig = project({});
    const { config } = ts.readConfigFile(tsconfig, ts.sys.readFile);
    const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dir);
    const program = ts.createProgram(parsed.fileNames, parsed.options);
    const reported = new Set(ts.getPreEmitDiagnostics(program).map((d) => `TS${d.code}`));
    const message = decoratorFlagsMessage('tsconfig.json', [
      'experimentalDecorators',
      'emitDecoratorMetadata',
    ]);
    expect([...message.matchAll(/TS\d+/g)].map(([code]) => code).sort()).toEqual(
      [...reported].sort(),
    );
  });

  it('finds the flags through extends, as tsc does', () => {
    const base = path.join(dir, 'tsconfig.base.json');
    writeFileSync(base, JSON.stringify({ compilerOptions: FLAGS }));
    const tsconfig = path.join(dir, 'tsconfig.json');
    writeFileSync(tsconfig, JSON.stringify({ extends: './tsconfig.base.json', include: ['.'] }));
    expect(checkDecoratorFlags(tsconfig)).toBeUndefined();
    writeFileSync(base, JSON.stringify({ compilerOptions: {} }));
    expect(checkDecoratorFlags(tsconfig)).toMatch(
      /"experimentalDecorators": true and "emitDecoratorMetadata": true/,
    );
  });
});

const INHERITED = `
import { Api, ApiOperation, RemoteService, nativeApp } from 'portico';

export abstract class BaseService {
  @ApiOperation('Pings')
  ping(word: string): string {
    return word;
  }
}

@Api()
@RemoteService('greeter')
export class GreeterService extends BaseService {
  @ApiOperation('Greets')
  greet(name: string): string {
    return 'hello ' + name;
  }
}

export const app = nativeApp({ name: 'hello', services: [GreeterService] });
`;

/** The server serves what a @RemoteService class declares itself: an inherited method is a 404. */
describe('a remote method declared on a class without @RemoteService', () => {
  abstract class BaseService {
    @ApiOperation('Pings')
    ping(word: string): string {
      return word;
    }
  }
  @RemoteService('greeter')
  class GreeterService extends BaseService {
    @ApiOperation('Greets')
    greet(name: string): string {
      return `hello ${name}`;
    }
  }
  let server: TestServer;
  const project = sourceProject(INHERITED);
  beforeAll(async () => {
    const app = nativeApp({ name: 'hello', services: [GreeterService] });
    server = await startTestServer({ microservices: [app], logLevel: 'silent' });
  });
  afterAll(async () => {
    await server?.close();
    project.remove();
  });

  it('is a warning at its line, since the server never serves it', async () => {
    const info = { title: 'Hello', version: '1.0.0' };
    const { diagnostics, document } = await generateDocument({
      project: project.tsconfig,
      ...info,
    });
    expect(diagnostics.map((d) => `${d.location?.line}: ${d.severity} ${d.message}`)).toEqual([
      "6: warning BaseService.ping has @ApiOperation, but its class has no @RemoteService, so it is never served nor described: a @RemoteService class serves only the methods it declares itself, not those it inherits; to serve it, take @ApiOperation off BaseService.ping and declare the method in each @RemoteService class that inherits it: in GreeterService, @ApiOperation('Pings') override ping(word: string): string { return super.ping(word); }",
    ]);
    expect(Object.keys(document.paths as object)).toEqual(['/hello/greeter/greet']);
    const call = (method: string) =>
      send(server.url, `/hello/greeter/${method}`, { headers: json(), body: '"Ada"' });
    expect((await call('greet')).status).toBe(200);
    expect((await call('ping')).error?.code).toBe('METHOD_NOT_FOUND');
  });
});
