import ts from 'typescript';
import { type NativeAppDefinition } from '../../src/microservices';
import { type Json } from '../../src/swagger/build/dialect';
import { type Generation, generateDocument } from '../../src/swagger/cli/generate';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send } from '../support/http';
import { sourceProject } from './support';

const SERVICE = `
import { Api, ApiOperation, nativeApp, RemoteService } from 'portico';

@Api()
@RemoteService('greeter')
export class GreeterService {
  @ApiOperation('erased', { returns: String })
  hello(name?: string): string {
    return 'hello ' + (name ?? 'world');
  }

  @ApiOperation('defaulted', { returns: String })
  greet(name = 'world'): string {
    return 'hello ' + name;
  }

  @ApiOperation('two of three optional', { returns: String })
  join(first: string, second = '-', third = '!'): string {
    return first + second + third;
  }
}

export const app = nativeApp({ name: 'hello', services: [GreeterService] });
`;

/** The document says of a parameter what the runtime does: a default value makes it optional. */
describe('generate-swagger on optional parameters', () => {
  const project = sourceProject(SERVICE);
  let generation: Generation;
  beforeAll(async () => {
    const info = { title: 'Hello', version: '1.0.0' };
    generation = await generateDocument({ project: project.tsconfig, ...info, openapi: '3.1' });
  });
  afterAll(() => project.remove());

  const operation = (method: string) =>
    ((generation.document.paths as Json)[`/hello/greeter/${method}`] as Json).post as Json;

  it('warns where TypeScript erases the ?, and describes the parameter as the runtime takes it', () => {
    expect(generation.diagnostics.map((d) => `${d.location?.line}: ${d.message}`)).toEqual([
      '8: greeter.hello(name) is optional in its type, but TypeScript erases the ?, so the runtime requires it and the document says so: give it a default value (name = …), or write a contract (generate-swagger --contract), to make it optional on the wire',
    ]);
    expect((operation('hello').requestBody as Json).required).toBe(true);
    expect((operation('greet').requestBody as Json).required).toBe(false);
    expect(generation.invalid).toBeUndefined();
  });

  it('counts the required leading arguments of an RMC array as minItems', () => {
    const body = operation('join').requestBody as Json;
    const schema = ((body.content as Json)['application/json'] as Json).schema as Json;
    const tuple = (schema.anyOf as Json[] | undefined)?.[0] ?? schema;
    expect(tuple).toMatchObject({ type: 'array', minItems: 1, maxItems: 3 });
  });

  it('says the same in libA JSON and in XML, where the runtime also takes the shorter array', () => {
    const content = (operation('join').requestBody as Json).content as Json;
    const json = (content['application/json'] as Json).schema as Json;
    const libA = (json.anyOf as Json[])[1];
    expect(libA).toMatchObject({ type: 'array', minItems: 1, maxItems: 3 });
    const xml = (content['application/xml'] as Json).schema as Json;
    expect(xml).toMatchObject({ xml: { name: 'paramArray' }, required: ['0'] });
    expect(Object.keys(xml.properties as Json)).toEqual(['0', '1', '2']);
  });
});

const PEOPLE = `
import { Api, ApiOperation, Field, nativeApp, RemoteService } from 'portico';

export class Person {
  @Field() name!: string;
  @Field() middleName?: string;
  @Field({ optional: true }) nick?: string;
  @Field(String) maiden!: string | undefined;
}

@Api()
@RemoteService('people')
export class PersonService {
  @ApiOperation('echo', { returns: Person })
  echo(person: Person): Person {
    return person;
  }
}

export const app = nativeApp({ name: 'hello', services: [PersonService] });
`;

/** A `@Field` member written `name?: T`: without a contract, the runtime learns of it from `optional: true` only. */
describe('generate-swagger on optional @Field members, without a contract', () => {
  const project = sourceProject(PEOPLE);
  let generation: Generation;
  let server: TestServer;
  beforeAll(async () => {
    const info = { title: 'Hello', version: '1.0.0' };
    generation = await generateDocument({ project: project.tsconfig, ...info, openapi: '3.1' });
    const { outputText } = ts.transpileModule(PEOPLE, {
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        strict: true,
        experimentalDecorators: true,
        emitDecoratorMetadata: true,
      },
    });
    const module = { exports: {} as { app: NativeAppDefinition } };
    new Function('require', 'module', 'exports', outputText)(require, module, module.exports);
    server = await startTestServer({ microservices: [module.exports.app], logLevel: 'silent' });
  });
  afterAll(async () => {
    await server?.close();
    project.remove();
  });

  it('warns where TypeScript erases the ?, and lists the member as required, as the server takes it', async () => {
    expect(generation.diagnostics.map((d) => `${d.location?.line}: ${d.message}`)).toEqual([
      '6: Person.middleName is optional in its type, but TypeScript erases the ?, so the runtime requires it and the document says so: write @Field({ optional: true }), or build with --contract',
      '8: Person.maiden is optional in its type, but TypeScript erases its type (T | undefined), so the runtime requires it and the document says so: write @Field({ optional: true }), or build with --contract',
    ]);
    const person = ((generation.document.components as Json).schemas as Json).Person as Json;
    expect(person.required).toEqual(['name', 'middleName', 'maiden']);
    const call = (body: object) =>
      send(server.url, '/hello/people/echo', { headers: json(), body: JSON.stringify(body) });
    const missing = await call({ name: 'Ada', nick: 'A', maiden: 'M' });
    expect(missing.status).toBe(400);
    expect(missing.error?.message).toContain('field middleName: required field is missing');
    const noMaiden = await call({ name: 'Ada', middleName: 'B' });
    expect(noMaiden.error?.message).toContain('field maiden: required field is missing');
    expect((await call({ name: 'Ada', middleName: 'B', maiden: 'M' })).status).toBe(200);
  });
});
