import SwaggerParser from '@apidevtools/swagger-parser';
import { type Json } from './dialect';

/**
 * Validates a Swagger 2.0 or OpenAPI 3.1 document against its official schema and the rules
 * the schema cannot express (unique operation ids, required properties that exist).
 * Resolves to the problem, or `undefined` for a valid document.
 */
export async function findSpecProblem(document: Json): Promise<string | undefined> {
  try {
    // The parser dereferences in place: it gets a copy.
    await SwaggerParser.validate(structuredClone(document) as never);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
