/**
 * The plain model that `extract` builds from the TypeScript source and that `build-spec` turns
 * into a document. Nothing here knows ts-morph, Swagger or OpenAPI.
 */

import { type NamedSchema, type SchemaModel } from './schema-model';

/** A place in the source, for diagnostics: a path and a 1-based line. */
export interface SourceLocation {
  readonly file: string;
  readonly line: number;
}

/** A finding of the generator; warnings become errors under `--strict`. */
export interface Diagnostic {
  readonly severity: 'error' | 'warning';
  readonly message: string;
  readonly location?: SourceLocation;
}

/** A service error that a method declares: `errors: [{ status, code, description }]`. */
export interface DeclaredErrorModel {
  readonly status: number;
  readonly code: string;
  readonly description?: string;
}

/** One `POST /{microservice}/{service}/{method}` operation. */
export interface OperationModel {
  readonly microservice: string;
  readonly service: string;
  readonly method: string;
  readonly tag: string;
  /** The `@ApiOperation` text. */
  readonly summary: string;
  /** The method's JSDoc text. */
  readonly description?: string;
  readonly deprecated?: boolean;
  /**
   * `'RMC'` for a method of another parameter count than one: the body is the argument array
   * (a `tuple`, one item per parameter) and `X-SVC-API-ID: RMC` is required.
   */
  readonly mode?: 'RMC';
  /** Refuses calls the permission resolver did not grant (403); `'maybe'` if not written literally. */
  readonly privileged?: true | 'maybe';
  /** Declared `idempotent: true`: the NATS carrier may send it twice (docs/faults.md). */
  readonly idempotent?: true;
  /** For the contract: no code the method can reach reads its call context (docs/design-context.md). */
  readonly callContext?: 'sync';
  /** The service errors the method declares. */
  readonly errors?: readonly DeclaredErrorModel[];
  readonly body: {
    readonly name: string;
    readonly required: boolean;
    readonly description?: string;
    readonly schema: SchemaModel;
  };
  /** `'void'` when the method answers 204 with no body. */
  readonly result: SchemaModel | 'void';
  /** The result's type also allows nothing (`T | undefined`): it may answer 204 too. */
  readonly answersEmpty?: boolean;
  readonly resultDescription?: string;
}

/** A group of operations: one per service. */
export interface TagModel {
  readonly name: string;
  readonly description?: string;
}

/** Everything the document is built from. */
export interface ApiModel {
  readonly operations: readonly OperationModel[];
  readonly tags: readonly TagModel[];
  readonly schemas: readonly NamedSchema[];
}
