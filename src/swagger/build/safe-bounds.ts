import { type SchemaModel } from '../schema-model';

const SAFE = Number.MAX_SAFE_INTEGER;

/**
 * An integer's bounds, kept to the safe integers (±(2⁵³−1)) that the runtime takes: it refuses
 * any integer beyond them (docs/design.md §3), so the document says so where no tighter bound is
 * given.
 * Samplers such as Swagger UI's take the minimum as the sample value, and −(2⁵³−1) would make a
 * poor one (adding two overflows): an added minimum comes with an example of 0 (or of the
 * maximum, where that is below 0).
 */
export function withSafeBounds(schema: SchemaModel): SchemaModel {
  // An int32 format is narrower already.
  if (schema.kind !== 'primitive' || schema.type !== 'integer' || schema.format === 'int32') {
    return schema;
  }
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
  const low = Math.max(minimum ?? -Infinity, (exclusiveMinimum ?? -Infinity) + 1);
  const high = Math.min(maximum ?? Infinity, (exclusiveMaximum ?? Infinity) - 1);
  const example = schema.example ?? Math.min(0, Math.floor(high));
  return {
    ...schema,
    ...(low < -SAFE ? { minimum: -SAFE, example } : {}),
    ...(high > SAFE ? { maximum: SAFE } : {}),
  };
}
