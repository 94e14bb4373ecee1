import { type ApiModel, type OperationModel } from '../model';
import { ERROR_DETAIL, ERROR_ENVELOPE, operationIdOf } from '../protocol';
import { type NamedSchema, type SchemaModel, toSchemaName } from '../schema-model';

/** The names taken so far and the member schemas named by the pass. */
interface Naming {
  readonly taken: Set<string>;
  readonly added: NamedSchema[];
}

function freeName(naming: Naming, wanted: string): string {
  let name = wanted;
  for (let n = 2; naming.taken.has(name); n++) name = `${wanted}_${n}`;
  naming.taken.add(name);
  return name;
}

function nameUnion(
  schema: Extract<SchemaModel, { kind: 'union' }>,
  at: string,
  naming: Naming,
): SchemaModel {
  if (!schema.discriminator) {
    return { ...schema, members: schema.members.map((m) => nameInside(m, at, naming)) };
  }
  const tags = Object.entries(schema.discriminator.mapping);
  const members = schema.members.map((member, index) => {
    if (member.kind === 'ref') return member;
    // The least of its tags: the order of a literal union's members is the compiler's own.
    const [tag = String(index)] = tags.flatMap(([t, i]) => (i === index ? [t] : [])).sort();
    const name = freeName(naming, `${at}_${toSchemaName(tag)}`);
    naming.added.push({ name, schema: nameInside(member, name, naming) });
    return { kind: 'ref', name } as const;
  });
  return { ...schema, members };
}

/** Names the inline members of every discriminated union inside `schema`, found at `at`. */
function nameInside(schema: SchemaModel, at: string, naming: Naming): SchemaModel {
  switch (schema.kind) {
    case 'union':
      return nameUnion(schema, at, naming);
    case 'object':
      return {
        ...schema,
        properties: schema.properties.map((p) => ({
          ...p,
          schema: nameInside(p.schema, `${at}_${toSchemaName(p.name)}`, naming),
        })),
        ...(schema.additional ? { additional: nameInside(schema.additional, at, naming) } : {}),
      };
    case 'array':
      return { ...schema, items: nameInside(schema.items, at, naming) };
    case 'tuple':
      return {
        ...schema,
        items: schema.items.map((item, i) => nameInside(item, `${at}_${i}`, naming)),
        ...(schema.rest ? { rest: nameInside(schema.rest, at, naming) } : {}),
      };
    case 'intersection':
      return { ...schema, members: schema.members.map((m) => nameInside(m, at, naming)) };
    default:
      return schema;
  }
}

function nameOperation(op: OperationModel, naming: Naming): OperationModel {
  const id = toSchemaName(operationIdOf(op));
  return {
    ...op,
    body: {
      ...op.body,
      schema: nameInside(op.body.schema, `${id}_${toSchemaName(op.body.name)}`, naming),
    },
    result: op.result === 'void' ? 'void' : nameInside(op.result, `${id}_result`, naming),
  };
}

/**
 * The model with every member of a discriminated union that is written inline (a type literal)
 * named as a schema of its own, `<where>_<tag>` (`Shape_circle`, `Drawing_shape_circle`), so
 * that the discriminator's `mapping` can point at it (docs/api-description.md).
 */
export function nameUnionMembers(model: ApiModel): ApiModel {
  const reserved = [ERROR_DETAIL.name, ERROR_ENVELOPE.name];
  const naming: Naming = {
    taken: new Set([...model.schemas.map((s) => s.name), ...reserved]),
    added: [],
  };
  const schemas = model.schemas.map((s) => ({
    ...s,
    schema: nameInside(s.schema, s.name, naming),
  }));
  const operations = model.operations.map((op) => nameOperation(op, naming));
  const all = [...schemas, ...naming.added].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  return { ...model, schemas: all, operations };
}
