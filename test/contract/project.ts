import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { type NativeAppDefinition } from '../../src/microservices';
import { generateDocument } from '../../src/swagger/cli/generate';
import { porticoTypes } from '../support/portico-types';
import { batchSource, type FieldSpec } from './random-classes';
import { type Schema } from './schema-values';

/**
 * RFC 3339 date-time, checked here independently of the runtime's own reader: a leap second is
 * second 60 of 23:59 in UTC, as JSON Schema's validators (ajv-formats) take it.
 */
export function isDateTime(text: string): boolean {
  const m =
    /^(\d{4})-(\d\d)-(\d\d)[Tt](\d\d):(\d\d):(\d\d)(\.\d+)?([Zz]|([+-])(\d\d):(\d\d))$/.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  date.setUTCFullYear(year!);
  const sameDay = date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
  const [offH, offM] = [Number(m[10] ?? 0), Number(m[11] ?? 0)];
  if (!sameDay || hour! > 23 || minute! > 59 || offH > 23 || offM > 59) return false;
  if (second! < 60) return true;
  const sign = m[9] === '-' ? -1 : 1;
  const utc = (((hour! * 60 + minute! - sign * (offH * 60 + offM)) % 1440) + 1440) % 1440;
  return second === 60 && utc === 23 * 60 + 59;
}

/** Writes a batch as a project, generates its OpenAPI 3.1 document and loads its classes. */
export async function buildProject(batch: readonly FieldSpec[][], dir: string) {
  const source = batchSource(batch);
  const compilerOptions = {
    target: 'ES2022',
    module: 'commonjs',
    strict: true,
    types: [],
    noEmit: true,
    skipLibCheck: true,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    paths: { portico: [porticoTypes()] },
  };
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions, include: ['service.ts'] }),
  );
  writeFileSync(path.join(dir, 'service.ts'), source);
  const generation = await generateDocument({
    project: path.join(dir, 'tsconfig.json'),
    title: 'Random',
    version: '1',
    openapi: '3.1',
  });
  const js = ts.transpileModule(source, {
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      strict: true,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
    },
  }).outputText;
  writeFileSync(path.join(dir, 'service.js'), js);
  const app = require(path.join(dir, 'service.js')).default as NativeAppDefinition;
  return { generation, app, source, document: generation.document as Schema };
}

/** The document's schemas, each object closed as the runtime closes it (`additionalProperties`). */
export function closedSchemas(document: Schema): Record<string, Schema> {
  const schemas: Record<string, Schema> = structuredClone(document.components.schemas);
  for (const schema of Object.values(schemas)) {
    // A union's members are closed each; the union itself lists no properties of its own.
    const union = schema.oneOf !== undefined;
    if (schema.type === 'object' && !union && schema.additionalProperties === undefined) {
      schema.additionalProperties = false;
    }
  }
  return schemas;
}
