/**
 * The types of the plain model (`model.ts`): how `extract` describes a TypeScript type and
 * `build-spec` renders it, in neither dialect. Nothing here knows ts-morph, Swagger or OpenAPI.
 */

import { type Constraints } from '../decorators/types';

/** The JSON types a primitive or enum schema can have. */
export type PrimitiveType = 'string' | 'number' | 'integer' | 'boolean';

/** Limits on values, with JSON Schema's names and meaning: the same as `@Field` declares them. */
export type SchemaConstraints = Constraints;

/** Annotations that any schema may carry. */
export interface SchemaNotes extends SchemaConstraints {
  readonly description?: string;
  /** `null` is allowed; independent of whether a property is required. */
  readonly nullable?: boolean;
  readonly readOnly?: boolean;
  /** The XML element name (libA alias, or the libA name of a primitive). */
  readonly xmlName?: string;
  /** The libB XML element name where it differs from `xmlName` (a class's own name). */
  readonly libBXmlName?: string;
  /** A sample value, from `@example`. */
  readonly example?: unknown;
  /** From `@deprecated`. */
  readonly deprecated?: boolean;
}

/** A property of an object schema. */
export interface PropertyModel {
  readonly name: string;
  readonly schema: SchemaModel;
  readonly required: boolean;
}

/**
 * The member of a union of object types that tells them apart: `propertyName` is required in
 * every member with literals of one JSON type as its type, and `mapping` gives the index of the
 * member that each literal names, by its text (no literal names two).
 */
export interface Discriminator {
  readonly propertyName: string;
  readonly mapping: Readonly<Record<string, number>>;
  /** The literals are booleans or numbers (`ok: true`, `v: 1`), not strings. */
  readonly tagType?: 'boolean' | 'number';
}

/** A type, described independently of the document dialect. */
export type SchemaModel = SchemaNotes &
  (
    | {
        readonly kind: 'primitive';
        readonly type: PrimitiveType;
        readonly format?: string;
        /** A `Date`: bound as one, named `date` in XML; a string of `date-time` stays a string. */
        readonly instant?: true;
      }
    | {
        readonly kind: 'enum';
        readonly type: PrimitiveType;
        readonly values: readonly (string | number | boolean)[];
        /** A TypeScript enum's member names, beside its values: code generators name them so. */
        readonly names?: readonly string[];
      }
    | { readonly kind: 'ref'; readonly name: string }
    | { readonly kind: 'array'; readonly items: SchemaModel }
    | {
        readonly kind: 'tuple';
        readonly items: readonly SchemaModel[];
        readonly minItems: number;
        readonly rest?: SchemaModel;
      }
    | {
        readonly kind: 'object';
        readonly properties: readonly PropertyModel[];
        readonly additional?: SchemaModel;
        /** The index signature's keys are not every string (`number`, a template literal). */
        readonly narrowKeys?: true;
        /** The runtime refuses fields that are not listed (`additionalProperties: false`). */
        readonly closed?: boolean;
        /** A class with `@Field` declarations: the only objects the runtime binds. */
        readonly declaredFields?: boolean;
        /** The type as written where it has no name (`Required<Address>`), for messages. */
        readonly typeText?: string;
      }
    | {
        readonly kind: 'union';
        readonly members: readonly SchemaModel[];
        /** Every member is an object whose one required member tells it apart. */
        readonly discriminator?: Discriminator;
        /** The union as written where it has no name, for messages. */
        readonly typeText?: string;
      }
    | { readonly kind: 'intersection'; readonly members: readonly SchemaModel[] }
    | { readonly kind: 'unsupported'; readonly typeText: string }
  );

/** A schema with a name of its own: one per declaration (or generic instantiation). */
export interface NamedSchema {
  readonly name: string;
  readonly schema: SchemaModel;
}

/** The schema of a `Date`: RFC 3339 `date-time` text on the wire, an instant in the code. */
export const DATE_SCHEMA: SchemaModel = {
  kind: 'primitive',
  type: 'string',
  format: 'date-time',
  instant: true,
};

/** Keeps `A-Z a-z 0-9 . _ -`, the characters valid in a component name of every dialect. */
export function toSchemaName(text: string): string {
  const cleaned = text.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '');
  return cleaned === '' ? 'Anonymous' : cleaned;
}
