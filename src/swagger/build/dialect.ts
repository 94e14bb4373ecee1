/** The two document dialects: Swagger 2.0 and OpenAPI 3.1. */
export type Dialect = 'swagger2' | 'openapi31';

/** A JSON object of the document. */
export type Json = { [key: string]: unknown };

/** Where a named schema lives in a document of `dialect`. */
export function schemaRef(name: string, dialect: Dialect): string {
  return dialect === 'swagger2' ? `#/definitions/${name}` : `#/components/schemas/${name}`;
}
