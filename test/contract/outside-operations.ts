import { type Described, describedIn, typeName } from './document-writer';
import { closedSchemas } from './project';
import { itemSchema, type Schema } from './schema-values';
import { type SequenceKind } from './sequence-views';
import { NIL, toXml } from './xml-writer';

/** One operation of the document, as a request and an answer describe it. */
export interface Operation {
  readonly path: string;
  /** The request's libB JSON schema (for RMC, the array of the arguments): values come from it. */
  readonly request: Schema;
  /** The request's libA JSON schema: the value in its wrapper (RMC: each argument in one). */
  readonly libA: Schema;
  /** The request's XML schema (RMC: the arguments as properties named by their position). */
  readonly xml: Schema;
  readonly answer: Described;
  /** ROA takes the one argument as the body; RMC an array of the arguments. */
  readonly rmc: boolean;
}

/** The document's operations that take arguments, with their schemas closed as the runtime's. */
export function operationsOf(document: Schema) {
  const schemas = closedSchemas(document);
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Schema>)) {
    const { requestBody, responses } = item.post;
    const [request, libA] = requestBody.content['application/json'].schema.anyOf;
    if (request.maxItems === 0) continue;
    const xml = requestBody.content['application/xml'].schema;
    const rmc = request.xml?.name === 'paramArray';
    const answer = describedIn(responses['200'].content);
    operations.push({ path, request, libA, xml, answer, rmc });
  }
  return { operations, schemas };
}

/** The name of the one property of a libA wrapper's schema. */
function wrapperOf(schema: Schema): string {
  return schema.required?.[0] ?? Object.keys(schema.properties ?? {})[0];
}

/**
 * What a sequence's body holds for `value`, and the schema of the document that judges it: libB
 * JSON the value; libA JSON the value in the wrapper the document names (RMC: each argument in
 * its own); XML the value, or for RMC the arguments by position, as the XML schema has them.
 */
export function asSent(sequence: SequenceKind, operation: Operation, value: unknown) {
  const { rmc, libA } = operation;
  if (sequence === 'libB JSON') return { sent: value, schema: operation.request };
  if (sequence === 'libA JSON') {
    if (!rmc) return { sent: { [wrapperOf(libA)]: value }, schema: libA };
    const args = (value as unknown[]).map((arg, i) => ({ [wrapperOf(argAt(libA, i))]: arg }));
    return { sent: args, schema: libA };
  }
  if (!rmc) return { sent: value, schema: operation.xml };
  const args = Object.fromEntries((value as unknown[]).map((arg, i) => [String(i), arg]));
  return { sent: args, schema: operation.xml };
}

/** The schema of the argument at `i`; one past the parameters, the last parameter's. */
function argAt(schema: Schema, i: number): Schema {
  return itemSchema(schema, Math.min(i, schema.prefixItems.length - 1));
}

/** A body as the sequence writes it: JSON as it is, XML by `toXml` (RMC: an element per argument). */
export function bodyOf(
  sequence: SequenceKind,
  operation: Operation,
  value: unknown,
  schemas: Record<string, Schema>,
): string {
  const { sent } = asSent(sequence, operation, value);
  if (sequence.endsWith('JSON')) return JSON.stringify(sent);
  const libB = sequence === 'libB XML';
  const schema = operation.request;
  if (!operation.rmc) return toXml(typeName(schema, schemas, libB), value, schema, schemas);
  // Each argument is named as the root of its type.
  const args = (value as unknown[]).map((arg, i) => {
    const name = typeName(argAt(schema, i), schemas, libB);
    return arg === null ? `<${name} ${NIL}/>` : toXml(name, arg, argAt(schema, i), schemas);
  });
  return `<paramArray>${args.join('')}</paramArray>`;
}
