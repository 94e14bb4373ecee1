import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Project } from 'ts-morph';
import { createContextReach } from '../../src/swagger/context/context-reach';
import { extractApi } from '../../src/swagger/extract/extract';
import { porticoTypes } from '../support/portico-types';

const HEADER = `import { Api, ApiOperation, createNatsClient, getCallContext, getCallDeadline, nativeApp, RemoteService } from 'portico';
import { apply, double, Helper, whoCalls } from './helpers';
`;

/** A second file of the project: helpers that read the context, and one that does not. */
const HELPERS = `import { getCallContext } from 'portico';
export function whoCalls(): string { return getCallContext().requestId; }
export function double(n: number): number { return n * 2; }
export function apply(f: () => number): number { return f(); }
export class Helper {
  who(): string { return whoCalls(); }
  pure(n: number): number { return double(n); }
}
`;

/** A service whose methods reach a read in each way, or not at all. */
const SERVICE = `${HEADER}
interface Calc { mul(a: number, b: number): number; }
const calc = createNatsClient<Calc>({ microservice: 'calc', service: 'calc' });
@Api() @RemoteService('s') export class S {
  private readonly helper = new Helper();
  @ApiOperation('pure') pure(n: number): number { return this.helper.pure(n) + double(n); }
  @ApiOperation('direct') async direct(n: number): Promise<string> { await null; return getCallContext().requestId + n; }
  @ApiOperation('deadline') deadline(n: number): number { return (getCallDeadline() ?? 0) + n; }
  @ApiOperation('helper in another file') viaHelper(n: number): string { return whoCalls() + n; }
  @ApiOperation('method of another class') viaClass(n: number): string { return this.helper.who() + n; }
  @ApiOperation('through a callback') viaCallback(n: number): number { return apply(() => n); }
  @ApiOperation('nats client') async nats(n: number): Promise<number> { return calc.mul(n, 2); }
  @ApiOperation('any') viaAny(n: unknown): number { return (n as any).go(); }
}
export default nativeApp({ name: 'm', services: [S] });
`;

/** Writes the files as a project importing portico's source, and runs `read` on it. */
function withProject<T>(files: Record<string, string>, read: (project: Project) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'context-reach-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    const compilerOptions = {
      target: 'ES2022',
      strict: true,
      noEmit: true,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      paths: { portico: [porticoTypes()] },
    };
    const tsconfig = path.join(dir, 'tsconfig.json');
    writeFileSync(tsconfig, JSON.stringify({ compilerOptions }));
    return read(new Project({ tsConfigFilePath: tsconfig }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Why each method of class `S` may read its context (`'sync'` where it cannot). */
function reasons(files: Record<string, string>): Record<string, string> {
  return withProject(files, (project) => {
    const program = project.getProgram().compilerObject;
    const checker = program.getTypeChecker();
    const sources = program.getSourceFiles().filter((f) => !f.isDeclarationFile);
    const reach = createContextReach({ checker, program }, sources);
    const service = project.getSourceFileOrThrow('service.ts').getClassOrThrow('S');
    return Object.fromEntries(
      service.getMethods().map((m) => [m.getName(), reach(m.compilerNode) ?? 'sync']),
    );
  });
}

describe('the context reach of the contract', () => {
  it('finds each way a method reaches a read, and the method that reaches none', () => {
    expect(reasons({ 'service.ts': SERVICE, 'helpers.ts': HELPERS })).toEqual({
      pure: 'sync',
      direct: 'it uses getCallContext',
      deadline: 'it uses getCallDeadline',
      viaHelper: 'it uses getCallContext',
      viaClass: 'it uses getCallContext',
      viaCallback: 'it calls f through a function-typed value',
      nats: 'it calls calc.mul through a function-typed value',
      viaAny: 'it calls (n as any).go, whose function is not known',
    });
  });

  it("writes callContext: 'sync' into the contract for the method that reaches none", () => {
    const contract = withProject({ 'service.ts': SERVICE, 'helpers.ts': HELPERS }, (project) => {
      const { model } = extractApi(project, { rmc: true, contract: true, everyRemoteMethod: true });
      return model.operations.filter((o) => o.callContext === 'sync').map((o) => o.method);
    });
    expect(contract).toEqual(['pure']);
  });

  it('counts an override in a subclass and a reading accessor as reads', () => {
    const source = `${HEADER}
class Base { work(n: number): number { return n; } }
class Reading extends Base { override work(n: number): number { return getCallContext().locale.length + n; } }
class Account { get owner(): string { return getCallContext().requestId; } }
export class S {
  base: Base = new Reading();
  viaOverride(n: number): number { return this.base.work(n); }
  untouched(n: number): number { return n; }
}
void Account;
`;
    const found = reasons({ 'service.ts': source, 'helpers.ts': HELPERS });
    expect(found.viaOverride).toBe('it uses getCallContext, in code that may run from any method');
    expect(found.untouched).toBe(found.viaOverride);
  });

  it('finds an override, where no accessor or protocol method reads', () => {
    const source = `${HEADER}
class Base { work(n: number): number { return n; } }
class Reading extends Base { override work(n: number): number { return getCallContext().locale.length + n; } }
export class S {
  base: Base = new Reading();
  viaOverride(n: number): number { return this.base.work(n); }
  viaSuper(n: number): number { return new Base().work(n); }
  untouched(n: number): number { return n; }
}
`;
    const found = reasons({ 'service.ts': source, 'helpers.ts': HELPERS });
    expect(found).toEqual({
      viaOverride: 'it uses getCallContext',
      viaSuper: 'it uses getCallContext',
      untouched: 'sync',
    });
  });

  it('takes every method of a program that imports no context reader as reading none', () => {
    const source = `import { RemoteService } from 'portico';
function apply(f: () => number): number { return f(); }
export class S { viaCallback(n: number): number { return apply(() => n); } }
void RemoteService;
`;
    expect(reasons({ 'service.ts': source })).toEqual({ viaCallback: 'sync' });
  });

  it('counts code loaded at run time as a read', () => {
    const source = `import { RemoteService } from 'portico';
export class S { load(name: string): unknown { return require(name); } }
void RemoteService;
`;
    expect(reasons({ 'service.ts': source })).toEqual({ load: 'it requires a module at run time' });
  });

  it('counts a package that depends on portico, also through another package, as a read', () => {
    const pkg = (name: string, deps: Record<string, string>) =>
      JSON.stringify({ name, version: '1.0.0', types: 'index.d.ts', dependencies: deps });
    const source = `import { RemoteService } from 'portico';
import { shout } from 'plain-lib';
import { wrapped } from 'wrapper-lib';
export class S {
  pure(n: string): string { return shout(n); }
  viaPackage(n: string): string { return wrapped(n); }
}
void RemoteService;
`;
    const found = reasons({
      'service.ts': source,
      'node_modules/plain-lib/package.json': pkg('plain-lib', {}),
      'node_modules/plain-lib/index.d.ts': 'export declare function shout(s: string): string;',
      'node_modules/wrapper-lib/package.json': pkg('wrapper-lib', { 'context-lib': '1.0.0' }),
      'node_modules/wrapper-lib/index.d.ts': 'export declare function wrapped(s: string): string;',
      'node_modules/context-lib/package.json': pkg('context-lib', { portico: '*' }),
    });
    expect(found).toEqual({
      pure: 'sync',
      viaPackage: 'it calls wrapped, of a package that depends on portico',
    });
  });

  it('finds a reader imported under another name or through a namespace', () => {
    const source = `import * as portico from 'portico';
import { getCallContext as context } from 'portico';
export class S {
  renamed(): string { return context().requestId; }
  namespaced(): string { return portico.getCallDeadline()?.toString() ?? ''; }
  pure(n: number): number { return n + 1; }
}
`;
    expect(reasons({ 'service.ts': source })).toEqual({
      renamed: 'it uses getCallContext',
      namespaced: 'it uses getCallDeadline',
      pure: 'sync',
    });
  });

  it('follows a decorator that may replace the method with a function of its own', () => {
    const source = `${HEADER}
function logged(_: object, __: string, d: PropertyDescriptor) {
  d.value = async function () {
    await null;
    return getCallContext().requestId;
  };
}
function noted(_: object, __: string) {}
export class S {
  @logged wrapped(n: number): number { return n; }
  @noted plain(n: number): number { return n; }
}
`;
    expect(reasons({ 'service.ts': source, 'helpers.ts': HELPERS })).toEqual({
      wrapped: 'it uses getCallContext',
      plain: 'sync',
    });
  });

  it('counts a function value it cannot see, handed to a library that may call it, as a read', () => {
    const source = `${HEADER}
function each(items: number[], f: (n: number) => void): void { items.forEach(f); }
function callIt(f: () => number): number { return f.call(undefined); }
function report(n: number): void { void n; }
export class S {
  handed(n: number): void { each([n], () => undefined); }
  called(n: number): number { return callIt(() => n); }
  written(n: number): number[] { [n].forEach(report); return [n].map(this.twice); }
  withThis(n: number): number[] { return [n].map(this.twice, this); }
  twice(n: number): number { return n * 2; }
}
`;
    expect(reasons({ 'service.ts': source, 'helpers.ts': HELPERS })).toEqual({
      handed: 'it hands f, a function it cannot see, to items.forEach',
      called: 'it hands f, a function it cannot see, to f.call',
      written: 'sync',
      // The library receives \`this\`, so it may call any of its methods, \`called\` among them.
      withThis: 'it hands f, a function it cannot see, to f.call',
      twice: 'sync',
    });
  });

  it('counts a listener that module code hands to a library as code of every method', () => {
    const source = `${HEADER}
import { Emitter } from 'tiny-events';
export const events = new Emitter();
events.on('tick', async () => { await null; console.log(getCallContext().requestId); });
export class S { emit(n: number): number { events.emit('tick'); return n; } }
`;
    const library =
      'export declare class Emitter { on(e: string, f: () => void): void; emit(e: string): void; }';
    const files = {
      'service.ts': source,
      'helpers.ts': HELPERS,
      'node_modules/tiny-events/package.json': '{"name":"tiny-events","types":"index.d.ts"}',
      'node_modules/tiny-events/index.d.ts': library,
    };
    expect(reasons(files)).toEqual({
      emit: 'it uses getCallContext, in code that may run from any method',
    });
    const quiet = { ...files, 'service.ts': source.replace(/^events\.on.*$/m, '') };
    expect(reasons(quiet)).toEqual({ emit: 'sync' });
  });

  it('follows the methods of an object handed to a library, which may call them by its own names', () => {
    const source = `${HEADER}
import { Registry } from 'plugin-host';
class Handler { async handle(): Promise<string> { await null; return getCallContext().requestId; } }
class Quiet { handle(): string { return 'ok'; } }
interface Hook { handle(): string; }
const registry = new Registry();
export class S {
  registered(): void { registry.register(new Handler()); }
  constructed(): void { void new Registry(new Handler()); }
  nested(): void { registry.register({ options: { plugin: new Handler() } }); }
  spread(): void { registry.register(...[new Handler()]); }
  assigned(): void { registry.current = new Handler(); }
  hook(h: Hook): void { registry.register(h); }
  quiet(): void { registry.register(new Quiet()); }
}
`;
    const host = `export declare class Registry {
  constructor(plugin?: object);
  current: object | undefined;
  register(...plugins: object[]): void;
}`;
    expect(
      reasons({
        'service.ts': source,
        'helpers.ts': HELPERS,
        'node_modules/plugin-host/package.json': '{"name":"plugin-host","types":"index.d.ts"}',
        'node_modules/plugin-host/index.d.ts': host,
      }),
    ).toEqual({
      registered: 'it uses getCallContext',
      constructed: 'it uses getCallContext',
      nested: 'it uses getCallContext',
      spread: 'it uses getCallContext',
      assigned: 'it uses getCallContext',
      hook: 'it hands h, whose handle it cannot see, to registry.register',
      quiet: 'sync',
    });
  });

  it('follows an object literal or a class that stands in for a class by its shape', () => {
    const source = `${HEADER}
class ByLiteral { find(id: string): string { return id; } }
class BySpread { look(id: string): string { return id; } }
class ByImplements { seek(id: string): string { return id; } }
class Store { find(id: number): number { return id; } }
class ByParameter { pick(id: string): string { return id; } }
export const make = (f: (id: string) => string): ByParameter => ({ pick: f });
export const literal: ByLiteral = { find(id) { return getCallContext().requestId + id; } };
const base = { look(id: string): string { return getCallContext().requestId + id; } };
export const spread: BySpread = { ...base };
export class Implementing implements ByImplements {
  seek(id: string): string { return getCallContext().requestId + id; }
}
export class S {
  constructor(private readonly a: ByLiteral, private readonly b: BySpread, private readonly c: ByImplements, private readonly store: Store) {}
  viaLiteral(id: string): string { return this.a.find(id); }
  viaSpread(id: string): string { return this.b.look(id); }
  viaImplements(id: string): string { return this.c.seek(id); }
  viaStore(id: number): number { return this.store.find(id); }
  viaParameter(p: ByParameter): string { return p.pick('x'); }
}
`;
    expect(reasons({ 'service.ts': source, 'helpers.ts': HELPERS })).toEqual({
      viaLiteral: 'it uses getCallContext',
      viaSpread: 'it uses getCallContext',
      viaImplements: 'it uses getCallContext',
      viaStore: 'sync',
      viaParameter: 'it calls p.pick, for which pick, a function it cannot see, may stand',
    });
  });

  it("follows a call through a library's function type, or a library type's method, to the project's code", () => {
    const source = `${HEADER}
import type { Callback, Source } from 'typed-lib';
export class S {
  constructor(private readonly done: Callback, private readonly source: Source) {}
  viaCallback(): void { this.done(); }
  viaSource(): string { return this.source.next(); }
  viaElement(): string { return this.source['next'](); }
}
export const source: Source = { next() { return getCallContext().requestId; } };
`;
    const lib = 'export type Callback = () => void;\nexport interface Source { next(): string; }';
    expect(
      reasons({
        'service.ts': source,
        'helpers.ts': HELPERS,
        'node_modules/typed-lib/package.json': '{"name":"typed-lib","types":"index.d.ts"}',
        'node_modules/typed-lib/index.d.ts': lib,
      }),
    ).toEqual({
      viaCallback: 'it calls this.done through a function-typed value',
      viaSource: 'it uses getCallContext',
      viaElement: 'it uses getCallContext',
    });
  });
});
