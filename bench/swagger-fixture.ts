import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The shape of a generated fixture project. */
export interface FixtureShape {
  readonly services: number;
  readonly methodsPerService: number;
  /** The declarations `portico` resolves to (the built package, as an installed one would). */
  readonly porticoTypes: string;
}

const COMMON = `import { Field, Int } from 'portico';

/** Currencies of an amount. */
export enum Currency {
  Eur = 'EUR',
  Usd = 'USD',
  Chf = 'CHF',
}

/** An amount of money. */
export class Money {
  @Field() amount!: number;
  @Field(String) currency!: Currency;
}

/** A postal address. */
export class Address {
  @Field() street!: string;
  @Field() city!: string;
  @Field({ optional: true }) zip?: string;
  @Field(String) country!: 'CH' | 'DE' | 'FR' | 'IT';
  @Field([String]) lines!: string[];
}

/** A category tree: a recursive type. */
export class Category {
  @Field() name!: string;
  @Field([Category]) children!: Category[];
}

/** A line of an order. */
export class Line {
  @Field() sku!: string;
  @Field(Int) quantity!: number;
  @Field(Money) price!: Money;
  @Field(String, { optional: true }) note?: string | null;
}
`;

function serviceSource(index: number, methods: number): string {
  const out = [
    "import { Api, ApiOperation, Field, Int, RemoteService } from 'portico';",
    "import { Address, Category, Line, type Money } from '../shared/common';",
    '',
  ];
  for (let m = 0; m < methods; m++) {
    const input = `S${index}M${m}Input`;
    out.push(
      `/** Input ${m} of service ${index}. */`,
      `export class ${input} {`,
      '  @Field() id!: string;',
      '  @Field(Int) version!: number;',
      '  @Field([Line]) lines!: Line[];',
      '  @Field(Address) shipTo!: Address;',
      '  @Field(Category, { optional: true }) category?: Category;',
      "  @Field(String) mode!: 'draft' | 'final';",
      '}',
      '',
      `/** Output ${m} of service ${index}. */`,
      `export interface S${index}M${m}Output {`,
      '  id: string;',
      '  total: Money;',
      '  accepted: boolean;',
      '  warnings: { code: string; lines: number[] }[];',
      '}',
      '',
    );
  }
  out.push(`@Api({ description: 'Service ${index}' })`, `@RemoteService('service${index}')`);
  out.push(`export class Service${index} {`);
  for (let m = 0; m < methods; m++) {
    out.push(
      `  /** Method ${m} of service ${index}. */`,
      `  @ApiOperation('Operation ${m}')`,
      `  method${m}(input: S${index}M${m}Input): S${index}M${m}Output {`,
      "    return { id: input.id, total: { amount: 0, currency: 'EUR' as Money['currency'] }, accepted: true, warnings: [] };",
      '  }',
    );
  }
  out.push('}', '');
  return out.join('\n');
}

function indexSource(services: number): string {
  const imports = [];
  const names = [];
  for (let i = 0; i < services; i++) {
    imports.push(`import { Service${i} } from './services/service-${i}';`);
    names.push(`Service${i}`);
  }
  return `import { nativeApp } from 'portico';\n${imports.join('\n')}\n\nexport default nativeApp({ name: 'scale', services: [${names.join(', ')}] });\n`;
}

function tsconfig(porticoTypes: string): string {
  const compilerOptions = {
    target: 'ES2022',
    lib: ['ES2023'],
    module: 'nodenext',
    moduleResolution: 'nodenext',
    types: [],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    paths: { portico: [porticoTypes] },
  };
  return `${JSON.stringify({ compilerOptions, include: ['.'] }, null, 2)}\n`;
}

/**
 * Writes a project of `services` services with `methodsPerService` ROA methods each into `dir`
 * (replacing what was there), with payloads that nest arrays, enums, unions, optional and
 * nullable fields, a recursive type and types imported from another file.
 */
export function writeSwaggerFixture(dir: string, shape: FixtureShape): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'services'), { recursive: true });
  mkdirSync(path.join(dir, 'shared'), { recursive: true });
  writeFileSync(path.join(dir, 'tsconfig.json'), tsconfig(shape.porticoTypes));
  writeFileSync(path.join(dir, 'shared', 'common.ts'), COMMON);
  for (let i = 0; i < shape.services; i++) {
    const file = path.join(dir, 'services', `service-${i}.ts`);
    writeFileSync(file, serviceSource(i, shape.methodsPerService));
  }
  writeFileSync(path.join(dir, 'index.ts'), indexSource(shape.services));
}
