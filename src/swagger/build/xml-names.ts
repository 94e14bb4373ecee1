import { type ApiModel, type OperationModel } from '../model';
import { type SchemaModel } from '../schema-model';

/** Finds a named schema of the model by its name. */
type Lookup = (name: string) => SchemaModel | undefined;

/** The element name both families give a bare primitive: `int`, `double`, `string`, `date`. */
function primitiveName(schema: SchemaModel): string | undefined {
  if (schema.kind !== 'primitive' && schema.kind !== 'enum') return undefined;
  if (schema.kind === 'primitive' && schema.instant) return 'date';
  const names = { integer: 'int', number: 'double', string: 'string', boolean: 'boolean' };
  return names[schema.type];
}

/**
 * The libA element name (and libA JSON wrapper name) of a value of `schema`: a class's alias, else
 * its class name; `int`, `double`, `string`, `boolean`, `date`; `<item>-array` for arrays;
 * `object` for an interface and a discriminated union, whose members may be of several classes.
 */
export function libANameOf(schema: SchemaModel, lookup: Lookup): string | undefined {
  if (schema.kind === 'ref') {
    // A class has its name; an interface's value is a plain object, an enum's a primitive.
    const target = lookup(schema.name);
    if (!target || target.kind === 'ref') return undefined;
    return target.xmlName ?? libANameOf(target, lookup);
  }
  if (schema.kind === 'array') {
    const item = libANameOf(schema.items, lookup);
    return item && `${item}-array`;
  }
  // A tuple's items differ in type: libA names it as an array of values without a class.
  if (schema.kind === 'tuple') return 'object-array';
  // A discriminated union's value is one of its members, each named as a value without a class.
  const object = schema.kind === 'object' || (schema.kind === 'union' && schema.discriminator);
  return primitiveName(schema) ?? (object ? 'object' : undefined);
}

/** The libB element name: a class's own name, else as libA names it. */
export function libBNameOf(schema: SchemaModel, lookup: Lookup): string | undefined {
  if (schema.kind === 'ref') {
    const target = lookup(schema.name);
    return target?.libBXmlName ?? libANameOf(schema, lookup);
  }
  if (schema.kind === 'array') {
    const item = libBNameOf(schema.items, lookup);
    return item && `${item}-array`;
  }
  return libANameOf(schema, lookup);
}

/** An item of a tuple, named by its type as a root is (a class by its alias). */
function nameItem(schema: SchemaModel, lookup: Lookup): SchemaModel {
  const inner = nameInside(schema, lookup);
  // As an array's items: a named type has its own name, a named enum its values' type's.
  const named = inner.kind === 'ref' && lookup(inner.name)?.kind !== 'enum';
  const name = named ? undefined : (inner.xmlName ?? libANameOf(inner, lookup));
  return name ? { ...inner, xmlName: name } : inner;
}

/**
 * Names the XML elements inside a schema as the libA writer does: the items of every array by
 * their type, and a field holding a named type by the field's name (not the type's alias).
 */
function nameInside(schema: SchemaModel, lookup: Lookup): SchemaModel {
  switch (schema.kind) {
    case 'array': {
      const items = nameInside(schema.items, lookup);
      // A named type's items have its name, a named enum's its values' type (`string`).
      const target = items.kind === 'ref' ? lookup(items.name) : undefined;
      const name =
        items.kind === 'ref' && target?.kind !== 'enum'
          ? undefined
          : (items.xmlName ?? libANameOf(items, lookup));
      return { ...schema, items: name ? { ...items, xmlName: name } : items };
    }
    case 'tuple':
      return {
        ...schema,
        items: schema.items.map((item) => nameItem(item, lookup)),
        ...(schema.rest ? { rest: nameItem(schema.rest, lookup) } : {}),
      };
    case 'object':
      return {
        ...schema,
        properties: schema.properties.map((p) => {
          const inner = nameInside(p.schema, lookup);
          // A field's element is named after the field; Swagger UI would take the class's name.
          const named = inner.kind === 'ref' && lookup(inner.name)?.xmlName;
          return {
            ...p,
            schema: named && named !== p.name ? { ...inner, xmlName: p.name } : inner,
          };
        }),
      };
    case 'union':
    case 'intersection':
      return { ...schema, members: schema.members.map((m) => nameInside(m, lookup)) };
    default:
      return schema;
  }
}

/** A root value: named by libA in `xml.name`, and by libB where that differs. */
export function nameRoot(schema: SchemaModel, lookup: Lookup): SchemaModel {
  const inner = nameInside(schema, lookup);
  if (inner.kind === 'ref' && lookup(inner.name)?.xmlName) return inner;
  const xmlName = inner.xmlName ?? libANameOf(inner, lookup);
  const libB = libBNameOf(inner, lookup);
  return {
    ...inner,
    ...(xmlName ? { xmlName } : {}),
    ...(libB && libB !== xmlName ? { libBXmlName: libB } : {}),
  };
}

/** An RMC body is `paramArray`, each argument a root of its own. */
function nameBody(op: OperationModel, lookup: Lookup): SchemaModel {
  const schema = op.body.schema;
  if (op.mode !== 'RMC' || schema.kind !== 'tuple') return nameRoot(schema, lookup);
  return { ...schema, items: schema.items.map((item) => nameRoot(item, lookup)) };
}

function nameOperation(op: OperationModel, lookup: Lookup): OperationModel {
  return {
    ...op,
    body: { ...op.body, schema: nameBody(op, lookup) },
    result: op.result === 'void' ? 'void' : nameRoot(op.result, lookup),
  };
}

/** A lookup of the model's named schemas by name. */
export function lookupOf(model: ApiModel): Lookup {
  const byName = new Map(model.schemas.map((s) => [s.name, s.schema]));
  return (name) => byName.get(name);
}

/** The model with every XML element named as the server writes it (docs/design.md §3). */
export function nameXmlElements(model: ApiModel): ApiModel {
  const lookup = lookupOf(model);
  return {
    ...model,
    schemas: model.schemas.map((s) => ({ ...s, schema: nameInside(s.schema, lookup) })),
    operations: model.operations.map((op) => nameOperation(op, lookup)),
  };
}
