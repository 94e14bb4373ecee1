import { type Class, createMicroserviceRuntime, nativeApp, RemoteService } from 'portico';
import ts from 'typescript';

/**
 * Compiles a module with the given compiler options and runs it against portico's sources, as an
 * adopter's project compiled with those options would.
 */
function run(source: string, options: ts.CompilerOptions): Record<string, unknown> {
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, ...options },
  });
  const module = { exports: {} as Record<string, unknown> };
  new Function('require', 'module', 'exports', outputText)(require, module, module.exports);
  return module.exports;
}

/** Serves every exported `@RemoteService` class of a module, as a nativeApp without a contract. */
function serve(exports: Record<string, unknown>): void {
  const services = Object.values(exports).filter((v) => typeof v === 'function') as Class[];
  createMicroserviceRuntime(nativeApp({ name: 'm', services: services.filter(isService) }));
}

function isService(ctor: Class): boolean {
  return /Service$/.test(ctor.name);
}

const BOTH_FLAGS = { experimentalDecorators: true, emitDecoratorMetadata: true };

const CUSTOMER = `
import { Field, RemoteMethod, RemoteService } from 'portico';
export class Customer { @Field() id!: string; }
@RemoteService() export class CustomerService {
  @RemoteMethod() find(id: string): Customer { return { id }; }
}`;

describe('decorators compiled without the flags they need', () => {
  it('name experimentalDecorators when TypeScript made standard decorators of them', () => {
    expect(() => run(CUSTOMER, {})).toThrow(
      `portico: @Field on id was compiled as a standard decorator: set "experimentalDecorators": true and "emitDecoratorMetadata": true in tsconfig.json's compilerOptions`,
    );
  });

  it('name emitDecoratorMetadata for a field when TypeScript emitted no types', () => {
    // Refused when served, not when defined: a contract of the build could have typed it.
    const source = `
import { Field, RemoteMethod, RemoteService } from 'portico';
export class Customer { @Field() id!: string; }
@RemoteService() export class CustomerService {
  @RemoteMethod({ params: [Customer] }) save(customer: Customer): void {}
}`;
    const exports = run(source, { experimentalDecorators: true });
    expect(() => serve(exports)).toThrow(
      'portico: field Customer.id has no type: TypeScript emitted no types here: set "emitDecoratorMetadata": true in tsconfig.json, or give it, for example @Field(String)',
    );
  });

  it('name emitDecoratorMetadata for a method when TypeScript emitted no types', () => {
    const source = `
import { RemoteMethod, RemoteService } from 'portico';
@RemoteService() export class EchoService { @RemoteMethod() echo(text: string) { return text; } }`;
    expect(() => serve(run(source, { experimentalDecorators: true }))).toThrow(
      'portico: EchoService.echo has parameters but no types: TypeScript emitted no types here: set "emitDecoratorMetadata": true in tsconfig.json, or give { params: [...] }',
    );
  });

  it('work with both flags', () => {
    expect(run(CUSTOMER, BOTH_FLAGS).CustomerService).toBeInstanceOf(Function);
  });
});

describe('a bare @Field whose type TypeScript emits too vaguely, without a contract', () => {
  const served = (member: string) => () =>
    serve(
      run(
        `
import { Field, RemoteMethod, RemoteService } from 'portico';
export class Order { @Field() ${member}; }
@RemoteService() export class OrderService { @RemoteMethod() save(order: Order): void {} }`,
        { ...BOTH_FLAGS, strict: true },
      ),
    );

  it('names the item type to give for an array', () => {
    expect(served('tags!: string[]')).toThrow(
      'portico: field Order.tags needs an explicit type: TypeScript emits it as Array, without its items: give them, for example @Field([String]), or build a contract with generate-swagger --contract',
    );
  });

  it('names a scalar with nullable, not an array, for a union with null', () => {
    expect(served('gift!: string | null')).toThrow(
      'portico: field Order.gift needs an explicit type: TypeScript emits it as Object (a union such as string | null, an interface or a type literal): give it, for example @Field(String, { nullable: true }), or build a contract with generate-swagger --contract',
    );
  });
});

describe('an overloaded remote method', () => {
  it('is named as a possible overload', () => {
    const source = `
import { RemoteMethod, RemoteService } from 'portico';
@RemoteService() export class ParseService {
  parse(text: string): number;
  parse(value: number): number;
  @RemoteMethod() parse(input: string | number): number { return Number(input); }
}`;
    expect(() => serve(run(source, BOTH_FLAGS))).toThrow(
      'portico: parameter 0 of ParseService.parse has no usable runtime type (TypeScript emitted Object for a union, any, an interface, or the implementation of an overloaded method): give { params: [...] }; an overloaded method cannot be remote, give each signature a name of its own',
    );
  });
});

describe('a service that is undefined', () => {
  it('is refused, naming its place and the likely cause', () => {
    @RemoteService('orders')
    class OrderService {}
    const imported = {} as { Missing?: Class };
    expect(() =>
      createMicroserviceRuntime(
        nativeApp({ name: 'shop', services: [OrderService, imported.Missing as Class] }),
      ),
    ).toThrow(
      'portico: service 1 of the microservice is undefined: check that its class is exported and imported under that name',
    );
  });
});

describe('two services with one name', () => {
  it('are refused, naming both classes', () => {
    @RemoteService('orders')
    class OrderService {}
    @RemoteService('orders')
    class LegacyOrderService {}
    expect(() =>
      createMicroserviceRuntime(
        nativeApp({ name: 'shop', services: [OrderService, LegacyOrderService] }),
      ),
    ).toThrow(
      "portico: two services are named orders: OrderService and LegacyOrderService; give one another name with @RemoteService('...')",
    );
  });
});
