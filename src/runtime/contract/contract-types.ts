import { withConstraints } from '../../decorators/constraints';
import { classMeta, type FieldMeta } from '../../decorators/metadata';
import { type Class, type ClassRef, type Constraints, type TypeRef } from '../../decorators/types';
import { eitherOf } from '../../decorators/union-types';
import { type ContractSchema } from './contract-format';
import { classFor, isRecord, limitRef, primitiveType, refuse, refuseKind } from './contract-leaves';

/** Turns the contract's types into the runtime's, one named type once (recursion included). */
export interface TypeResolver {
  typeOf(schema: ContractSchema, where: string): TypeRef;
}

/** What the resolver needs: the named types, and the class of a name where the build has one. */
export interface ResolverSource {
  readonly schemas: Readonly<Record<string, ContractSchema>>;
  classOf(name: string): Class | undefined;
}

/** Creates the resolver of a contract's types; named types become classes with fields. */
export function createTypeResolver(source: ResolverSource): TypeResolver {
  const named = new Map<string, TypeRef>();

  function objectType(
    name: string,
    schema: ContractSchema,
    known: Class | undefined,
    shown = name,
  ): TypeRef {
    // The class itself takes the contract's fields; a generic instantiation or a type without a
    // class gets a class of its own, so one declaration can have several shapes.
    const ctor = known?.name === name ? known : classFor(shown, schema, known);
    const type: TypeRef = { kind: 'class', ctor };
    // A name may hold null as well (`type Maybe = { text: string } | null`).
    const found: TypeRef = schema.nullable ? { kind: 'nullable', of: type } : type;
    named.set(name, found);
    if (schema.kind !== 'object') return refuseKind(name, schema);
    if (schema.additional) refuse(name, 'an object with both members and an index signature');
    const fields = new Map<string, FieldMeta>();
    for (const property of schema.properties) {
      const where = `${name}.${property.name}`;
      // A field's `null` is its own flag (in XML: an absent element), not a nullable type, also
      // where a named type holds it (`type Maybe = A | B | null`).
      const { nullable, ...own } = property.schema;
      const type = typeOf(own as ContractSchema, where);
      fields.set(property.name, {
        name: property.name,
        type: type.kind === 'nullable' ? type.of : type,
        optional: !property.required,
        nullable: nullable === true || type.kind === 'nullable',
        ...(property.schema.readOnly ? { readOnly: true } : {}),
      });
    }
    const meta = classMeta(ctor);
    meta.fields.clear();
    for (const [key, field] of fields) meta.fields.set(key, field);
    return found;
  }

  function refType(name: string, where: string): TypeRef {
    const done = named.get(name);
    if (done) return done;
    const schema = source.schemas[name];
    if (!schema) throw new TypeError(`portico: ${where} names ${name}, which the contract lacks`);
    if (schema.kind === 'object' && !isRecord(schema)) {
      return objectType(name, schema, source.classOf(name));
    }
    if (schema.kind === 'union') return unionType(schema, name, name);
    const type = namedSet(typeOf(schema, name), name);
    named.set(name, type);
    return type;
  }

  function typeOf(schema: ContractSchema, where: string): TypeRef {
    if (!schema.nullable) return typeOfValue(schema, where);
    return { kind: 'nullable', of: typeOfValue({ ...schema, nullable: false }, where) };
  }

  function typeOfValue(schema: ContractSchema, where: string): TypeRef {
    switch (schema.kind) {
      case 'primitive': {
        return primitiveType(schema, where);
      }
      case 'enum':
        return { kind: 'enum', values: schema.values };
      case 'ref':
        return limitRef(refType(schema.name, where), schema, where);
      case 'array': {
        const items = typeOf(schema.items, `${where}[]`);
        const counts: Constraints = {
          ...(schema.minItems === undefined ? {} : { minItems: schema.minItems }),
          ...(schema.maxItems === undefined ? {} : { maxItems: schema.maxItems }),
        };
        return withConstraints({ kind: 'array', items }, counts, where);
      }
      case 'object':
        if (isRecord(schema)) {
          return { kind: 'record', values: typeOf(schema.additional, `${where}[key]`) };
        }
        // A type without a name is shown as written (`Required<Address>`), not by its place.
        return objectType(where, schema, undefined, schema.typeText ?? where);
      case 'union':
        return unionType(schema, where);
      case 'tuple':
        return {
          kind: 'tuple',
          items: schema.items.map((item, i) => typeOf(item, `${where}[${i}]`)),
          minItems: schema.minItems,
          ...(schema.rest ? { rest: typeOf(schema.rest, `${where}[rest]`) } : {}),
        };
      default:
        return refuseKind(where, schema);
    }
  }

  /**
   * A discriminated union; a union of literal sets (`'a' | 1`) is one set. A named union is known
   * by its name before its members are, so that a member may hold it again (`Tree`), and keeps
   * the `null` of its name (`type Maybe = A | B | null`).
   */
  function unionType(schema: UnionSchema, where: string, name?: string): TypeRef {
    const { discriminator, members, nullable } = schema;
    if (!discriminator) {
      const values = members.flatMap((m) => (m.kind === 'enum' ? m.values : []));
      const either = () => {
        const made = eitherOf(members.map((m, i) => typeOf(m, `${where} (member ${i})`)));
        return made && limitRef(made, schema, where);
      };
      const type = members.every((m) => m.kind === 'enum')
        ? namedSet(typeOf({ kind: 'enum', values, nullable }, where), name)
        : (orNull(either(), nullable) ?? refuse(where, 'a union without a discriminator'));
      if (name !== undefined) named.set(name, type);
      return type;
    }
    // Named in messages by its name, or as written (`{ at: "start" } | { at: "end" }`).
    const shown = name ?? schema.typeText;
    const byTag = new Map<string, ClassRef>();
    const union: TypeRef = {
      kind: 'union',
      discriminator: discriminator.propertyName,
      members: byTag,
      ...(discriminator.tagType ? { tagType: discriminator.tagType } : {}),
      ...(shown === undefined ? {} : { name: shown }),
    };
    const type: TypeRef = nullable ? { kind: 'nullable', of: union } : union;
    if (name !== undefined) named.set(name, type);
    const types = members.map((member, i) => typeOf(member, `${where} (member ${i})`));
    for (const [tag, i] of Object.entries(discriminator.mapping)) {
      const member = types[i];
      if (member?.kind !== 'class') return refuse(where, 'a union of other than object types');
      byTag.set(tag, member);
    }
    return type;
  }

  return { typeOf };
}

type UnionSchema = Extract<ContractSchema, { kind: 'union' }>;

const NAMED_KINDS: ReadonlySet<TypeRef['kind']> = new Set([
  'enum',
  'nullable',
  'array',
  'record',
  'tuple',
]);

/**
 * A named type that is not a class keeps its name for messages (`argument 0 (Currency)`,
 * `argument 0 (MaybeAddress)`, not its values, `Address | null`).
 */
function namedSet(type: TypeRef, name: string | undefined): TypeRef {
  return NAMED_KINDS.has(type.kind) && name !== undefined ? ({ ...type, name } as TypeRef) : type;
}

/** `type`, taking `null` where its name says so; `undefined` where there is no type. */
function orNull(type: TypeRef | undefined, nullable: boolean | undefined): TypeRef | undefined {
  return type && nullable ? { kind: 'nullable', of: type } : type;
}
