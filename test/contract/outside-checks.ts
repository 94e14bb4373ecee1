import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats';
import fc from 'fast-check';
import { send } from '../support/http';
import { writeAsDescribed } from './document-writer';
import { mutation } from './mutations';
import { asSent, bodyOf, type Operation } from './outside-operations';
import { isDateTime } from './project';
import { type Schema, valueArb } from './schema-values';
import { seenBy } from './sequence-views';
import { SEQUENCES } from './verdicts';

/** Adds the formats as the document means them, as the server checks them. */
function withFormats<A extends Ajv2020 | AjvDraft04>(ajv: A): A {
  addFormats(ajv, { mode: 'fast', formats: ['email', 'uuid', 'int32'] });
  ajv.addFormat('date', fullFormats.date);
  ajv.addFormat('date-time', isDateTime);
  return ajv;
}

/** ajv for OpenAPI 3.1 (JSON Schema 2020-12): a validator of a schema of the document. */
export function validatorOf(schemas: Record<string, Schema>) {
  const ajv = withFormats(new Ajv2020({ strict: false, allErrors: false }));
  const compiled = new Map<Schema, ValidateFunction>();
  return (schema: Schema, value: unknown): boolean => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile({ ...schema, components: { schemas } });
      compiled.set(schema, validate);
    }
    return validate(value) as boolean;
  };
}

/** `schema` with each read-only member refused (`false`), or with `left: true` left out. */
function withoutReadOnly(schema: unknown, left = false): unknown {
  if (Array.isArray(schema)) return schema.map((s) => withoutReadOnly(s, left));
  if (schema === null || typeof schema !== 'object') return schema;
  const entries = Object.entries(schema as Schema).map(([k, v]): [string, unknown] => {
    if (k !== 'properties') return [k, withoutReadOnly(v, left)];
    const members = Object.entries(v as Schema)
      .filter(([, member]) => !left || (member as Schema).readOnly !== true)
      .map(([name, member]) => [
        name,
        (member as Schema).readOnly === true ? false : withoutReadOnly(member, left),
      ]);
    return [k, Object.fromEntries(members)];
  });
  return Object.fromEntries(entries);
}

/** The schemas with their read-only members left out: what a request may send. */
export function writableSchemas(schemas: Record<string, Schema>): Record<string, Schema> {
  return withoutReadOnly(schemas, true) as Record<string, Schema>;
}

/**
 * ajv for a request: a member the document marks `readOnly` (a getter without a setter) is only
 * sent in answers, and the server refuses it in a request (docs/design-contract.md), as OpenAPI
 * says a request should not send it; JSON Schema's `readOnly` is only an annotation.
 */
export function requestValidatorOf(schemas: Record<string, Schema>) {
  const valid = validatorOf(withoutReadOnly(schemas) as Record<string, Schema>);
  const seen = new Map<Schema, Schema>();
  return (schema: Schema, value: unknown): boolean => {
    let request = seen.get(schema);
    if (!request) {
      request = withoutReadOnly(schema) as Schema;
      seen.set(schema, request);
    }
    return valid(request, value);
  };
}

/** A Swagger 2.0 schema with `x-nullable: true` (the OpenAPI 2.0 extension) as JSON Schema says it. */
function nullableAsSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nullableAsSchema);
  if (value === null || typeof value !== 'object') return value;
  const { 'x-nullable': nullable, ...rest } = value as Schema;
  const schema = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, nullableAsSchema(v)]));
  return nullable === true ? { anyOf: [schema, { type: 'null' }] } : schema;
}

/**
 * ajv for Swagger 2.0 (JSON Schema draft-04): whether a libB JSON answer of an operation is what
 * the Swagger 2.0 document's response schema allows (its `x-` extensions of unions and tuples
 * add nothing that draft-04 checks).
 */
export function swagger2AnswersOf(document: Schema) {
  const ajv = withFormats(new AjvDraft04({ strict: false, allErrors: false }));
  const { definitions, paths } = nullableAsSchema(document) as Schema;
  const compiled = new Map<string, ValidateFunction>();
  return (path: string, value: unknown): boolean => {
    let validate = compiled.get(path);
    if (!validate) {
      validate = ajv.compile({ ...paths[path].post.responses['200'].schema, definitions });
      compiled.set(path, validate);
    }
    return validate(value) as boolean;
  };
}

/** A case to send: a value, and for a mutated one the keys from its root to what changed. */
export interface Case {
  readonly value: unknown;
  readonly at?: readonly (string | number)[];
}

/** Valid values of an operation's request, drawn from its schema, and mutations of them. */
export function casesOf(operation: Operation, schemas: Record<string, Schema>, seed: number) {
  const schema = operation.request;
  const valid = fc.sample(valueArb(schema, schemas), { numRuns: 8, seed });
  const picks = fc.sample(fc.tuple(fc.nat(), fc.nat()), { numRuns: 16, seed: seed + 1 });
  const invalid = picks.map((pick, k) => mutation(valid[k % valid.length], schema, schemas, pick));
  return [...valid.map((value): Case => ({ value })), ...invalid];
}

/** A field path as the server writes it: `a.b`, `items[2]`, `notes["two words"]`. */
function pathOf(keys: readonly (string | number)[]): string {
  return keys
    .map((key, i) => {
      if (typeof key === 'number') return `[${key}]`;
      if (!/^[A-Za-z_$][\w$]*$/.test(key)) return `[${JSON.stringify(key)}]`;
      return i === 0 ? key : `.${key}`;
    })
    .join('');
}

/**
 * Whether a refusal names where the change is: the argument (RMC), and the field at or above the
 * change (a grown array is refused at the array), or a member of it.
 */
export function namesTheField(message: string, at: readonly (string | number)[], rmc: boolean) {
  const keys = rmc ? at.slice(1) : at;
  if (rmc && !message.includes(`argument ${at[0]} `) && keys.length > 0) return false;
  if (keys.length === 0) return true;
  const path = pathOf(keys);
  // XML's text where an object belongs is an element without its members: one of them is named.
  if (message.includes(`field ${path}.`) || message.includes(`field ${path}[`)) return true;
  return keys.some((_, n) => message.includes(`field ${pathOf(keys.slice(0, n + 1))}: `));
}

/**
 * Sends every case in every sequence: the server's verdict must be the schema's (200 or a 400),
 * and a 200's answer must be what the document says: valid JSON by the response schema (libA's
 * in its wrapper), and XML written with the document's names, as the libB JSON answer is.
 */
export async function checkOperation(
  url: string,
  {
    operation,
    cases,
    schemas,
  }: { operation: Operation; cases: readonly Case[]; schemas: Record<string, Schema> },
  valid: (schema: Schema, value: unknown) => boolean,
  swagger2: (path: string, value: unknown) => boolean,
  validRequest = valid,
) {
  const problems: string[] = [];
  const verdicts = { allowed: 0, forbidden: 0 };
  const libA = operation.answer;
  for (const { value, at } of cases) {
    let answered: unknown;
    for (const [sequence, headers] of SEQUENCES) {
      const { sent, schema } = asSent(sequence, operation, value);
      const allowed = validRequest(schema, seenBy(sequence, sent, { schema, schemas }));
      verdicts[allowed ? 'allowed' : 'forbidden']++;
      const body = bodyOf(sequence, operation, value, schemas);
      const rmc: Record<string, string> = operation.rmc ? { 'X-SVC-API-ID': 'RMC' } : {};
      const answer = await send(url, operation.path, { headers: { ...headers(), ...rmc }, body });
      const said = `${sequence} ${operation.path} ${body}: schema ${allowed ? 'allows' : 'forbids'}, server ${answer.status} ${answer.text}`;
      if ((answer.status === 200) !== allowed || (answer.status !== 200 && answer.status !== 400)) {
        problems.push(said);
        continue;
      }
      if (!allowed) {
        const message = answer.error?.message ?? '';
        if (at && !namesTheField(message, at, operation.rmc)) {
          problems.push(`the refusal names no field ${pathOf(at)}: ${said}`);
        }
        continue;
      }
      if (sequence === 'libB JSON') {
        answered = JSON.parse(answer.text);
        if (!valid(operation.answer.xml, answered))
          problems.push(`answer not of its schema: ${said}`);
        if (!swagger2(operation.path, answered))
          problems.push(`answer not of its Swagger 2.0 schema: ${said}`);
      } else if (sequence === 'libA JSON') {
        const wrapped = JSON.parse(answer.text);
        const inner = wrapped[libA.libAWrapper];
        const one = Object.keys(wrapped).length === 1;
        if (!one || !valid(operation.answer.xml, inner))
          problems.push(`libA answer not as described: ${said}`);
      } else if (answered !== undefined) {
        const expected = writeAsDescribed(sequence, {
          described: operation.answer,
          value: answered,
          schemas,
        });
        if (answer.text !== expected) problems.push(`answer not ${expected}: ${said}`);
      }
    }
  }
  return { problems, verdicts };
}
