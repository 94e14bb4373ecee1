import fc from 'fast-check';
import { buildOpenApi31 } from '../../src/swagger/build/build-openapi';
import { buildSwagger2 } from '../../src/swagger/build/build-spec';
import { renderSchema } from '../../src/swagger/build/render-schema';
import { toStableJson } from '../../src/swagger/build/stable-json';
import { findSpecProblem } from '../../src/swagger/build/validate-spec';
import { shortDiff } from '../../src/swagger/cli/short-diff';
import { type ApiModel, type OperationModel } from '../../src/swagger/model';
import { type SchemaModel } from '../../src/swagger/schema-model';

const NOTE: SchemaModel = { kind: 'ref', name: 'Note' };

function operation(overrides: Partial<OperationModel> = {}): OperationModel {
  return {
    microservice: 'shop',
    service: 'orders',
    method: 'place',
    tag: 'orders',
    summary: 'Places an order',
    body: { name: 'order', required: true, schema: NOTE },
    result: { kind: 'primitive', type: 'integer', xmlName: 'int' },
    ...overrides,
  };
}

function model(operations: OperationModel[]): ApiModel {
  const note: SchemaModel = {
    kind: 'object',
    properties: [{ name: 'text', required: true, schema: { kind: 'primitive', type: 'string' } }],
  };
  return { operations, tags: [{ name: 'orders' }], schemas: [{ name: 'Note', schema: note }] };
}

describe('renderSchema', () => {
  it('wraps a described or nullable reference in allOf for Swagger 2.0, where $ref siblings are ignored', () => {
    expect(renderSchema({ ...NOTE, nullable: true, description: 'A note' }, 'swagger2')).toEqual({
      allOf: [{ $ref: '#/definitions/Note' }],
      description: 'A note',
      'x-nullable': true,
    });
    expect(renderSchema({ ...NOTE, nullable: true, description: 'A note' }, 'openapi31')).toEqual({
      anyOf: [{ $ref: '#/components/schemas/Note' }, { type: 'null' }],
      description: 'A note',
    });
  });

  it('adds null to the type and the enum of a nullable primitive in OpenAPI 3.1', () => {
    const mood: SchemaModel = { kind: 'enum', type: 'string', values: ['sad'], nullable: true };
    expect(renderSchema(mood, 'openapi31')).toEqual({
      type: ['string', 'null'],
      enum: ['sad', null],
    });
    expect(renderSchema(mood, 'swagger2')).toEqual({
      type: 'string',
      enum: ['sad'],
      'x-nullable': true,
    });
  });

  it('renders unions as anyOf, or as x-anyOf with the shared type in Swagger 2.0', () => {
    const union: SchemaModel = {
      kind: 'union',
      members: [
        { kind: 'enum', type: 'string', values: ['a'] },
        { kind: 'primitive', type: 'string', format: 'email' },
      ],
    };
    expect(renderSchema(union, 'swagger2')).toEqual({
      type: 'string',
      'x-anyOf': [
        { type: 'string', enum: ['a'] },
        { type: 'string', format: 'email' },
      ],
    });
    expect(renderSchema(union, 'openapi31')).toEqual({
      anyOf: [
        { type: 'string', enum: ['a'] },
        { type: 'string', format: 'email' },
      ],
    });
  });

  it('renders tuples with prefixItems in OpenAPI 3.1 and as bounded arrays in Swagger 2.0', () => {
    const tuple: SchemaModel = {
      kind: 'tuple',
      items: [
        { kind: 'primitive', type: 'string' },
        { kind: 'primitive', type: 'string' },
      ],
      minItems: 2,
    };
    expect(renderSchema(tuple, 'openapi31')).toEqual({
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'string' }],
      // maxItems allows nothing past the prefix; items gives samplers one value per position.
      items: { anyOf: [{ type: 'string' }, { type: 'string' }] },
      minItems: 2,
      maxItems: 2,
      xml: { wrapped: true },
    });
    expect(renderSchema(tuple, 'swagger2')).toEqual({
      type: 'array',
      items: { type: 'string' },
      'x-prefixItems': [{ type: 'string' }, { type: 'string' }],
      minItems: 2,
      maxItems: 2,
      xml: { wrapped: true },
    });
  });

  it('renders bounds, @example and @deprecated in the words of each dialect', () => {
    const count: SchemaModel = {
      kind: 'primitive',
      type: 'integer',
      exclusiveMinimum: 0,
      maximum: 99,
      example: 3,
      deprecated: true,
    };
    expect(renderSchema(count, 'openapi31')).toEqual({
      type: 'integer',
      exclusiveMinimum: 0,
      maximum: 99,
      examples: [3],
      deprecated: true,
    });
    expect(renderSchema(count, 'swagger2')).toEqual({
      type: 'integer',
      minimum: 0,
      exclusiveMinimum: true,
      maximum: 99,
      example: 3,
      'x-deprecated': true,
    });
    const code: SchemaModel = {
      kind: 'primitive',
      type: 'string',
      pattern: '^[A-Z]+$',
      minLength: 1,
    };
    expect(renderSchema(code, 'swagger2')).toEqual({
      type: 'string',
      pattern: '^[A-Z]+$',
      minLength: 1,
    });
  });

  it('keeps integers to the safe range the runtime takes, where no tighter bound is given', () => {
    const SAFE = Number.MAX_SAFE_INTEGER;
    const integer = (notes: Partial<SchemaModel> = {}) =>
      renderSchema({ kind: 'primitive', type: 'integer', ...notes } as SchemaModel, 'openapi31');
    // A sampler that takes the minimum (Swagger UI) gets 0 instead of −(2⁵³−1).
    expect(integer()).toEqual({ type: 'integer', minimum: -SAFE, maximum: SAFE, examples: [0] });
    expect(integer({ minimum: 1 })).toEqual({ type: 'integer', minimum: 1, maximum: SAFE });
    expect(integer({ exclusiveMaximum: -3 })).toEqual({
      type: 'integer',
      exclusiveMaximum: -3,
      minimum: -SAFE,
      examples: [-4],
    });
    expect(integer({ maximum: 1e20, example: 7 })).toEqual({
      type: 'integer',
      minimum: -SAFE,
      maximum: SAFE,
      examples: [7],
    });
    expect(integer({ minimum: 0, maximum: 9 })).toEqual({
      type: 'integer',
      minimum: 0,
      maximum: 9,
    });
    expect(integer({ format: 'int32' })).toEqual({ type: 'integer', format: 'int32' });
    expect(renderSchema({ kind: 'primitive', type: 'number' }, 'swagger2')).toEqual({
      type: 'number',
    });
    expect(renderSchema({ kind: 'primitive', type: 'integer' }, 'swagger2')).toEqual({
      type: 'integer',
      minimum: -SAFE,
      maximum: SAFE,
      example: 0,
    });
  });
});

describe('buildSwagger2', () => {
  it('answers 204 without a schema for a void result, and 200 with it otherwise', () => {
    const doc = buildSwagger2(
      model([operation(), operation({ method: 'forget', result: 'void' })]),
      { title: 'Shop', version: '2' },
    ) as any;
    expect(doc.paths['/shop/orders/place'].post.responses['200']).toEqual({
      description: 'The result',
      schema: {
        type: 'integer',
        xml: { name: 'int' },
        minimum: -Number.MAX_SAFE_INTEGER,
        maximum: Number.MAX_SAFE_INTEGER,
        example: 0,
      },
      'x-libA-json-wrapper': 'int',
    });
    const forget = doc.paths['/shop/orders/forget'].post;
    expect(forget.operationId).toBe('shop.orders.forget');
    expect(forget.responses['204']).toEqual({ description: 'Done; the method returns nothing' });
    expect(forget.responses['200']).toBeUndefined();
  });

  it('states the limits the entry point enforces by default, and what JSON Schema cannot say', () => {
    const limits = {
      description: expect.stringContaining('a server may configure others'),
      maxBodyBytes: 1024 * 1024,
      maxDepth: 64,
      maxArgs: 256,
    };
    for (const doc of [
      buildSwagger2(model([]), { title: 'S', version: '1' }),
      buildOpenApi31(model([]), { title: 'S', version: '1' }),
    ] as any[]) {
      expect(doc['x-portico-limits']).toEqual(limits);
      const wire = doc['x-portico-wire'].join(' ');
      expect(wire).toMatch(/body over maxBodyBytes is refused with 413/);
      expect(wire).toMatch(/nested deeper than maxDepth with 400 LIMIT_EXCEEDED/);
      expect(wire).toMatch(/given twice/);
      expect(wire).toMatch(/booleans are true, false, 1 or 0/);
      expect(wire).toMatch(/as a decimal string \("2"\)/);
      expect(wire).toMatch(/leap second/);
    }
    const swagger = buildSwagger2(model([]), { title: 'S', version: '1' }) as any;
    expect(swagger.responses.PayloadTooLarge.description).toMatch(/maxBodyBytes/);
    expect(swagger.responses.BadRequest.description).toMatch(/maxDepth/);
    expect(swagger.definitions.ErrorDetail.properties.status).toEqual({
      type: 'integer',
      minimum: 400,
      maximum: 599,
    });
  });

  it('places the entry point with --base-url, and otherwise leaves it to the document origin', () => {
    const info = { title: 'Shop', version: '2' };
    const placed = buildSwagger2(model([]), { ...info, baseUrl: 'http://127.0.0.1:9000/api/' });
    expect(placed).toMatchObject({ host: '127.0.0.1:9000', basePath: '/api', schemes: ['http'] });
    const relative = buildSwagger2(model([]), info);
    expect(relative).not.toHaveProperty('host');
    expect(relative.paths).toEqual({});
  });

  it('builds documents that validate in both dialects', async () => {
    const m = model([
      operation(),
      operation({ method: 'forget', result: 'void', deprecated: true }),
    ]);
    await expect(
      findSpecProblem(buildSwagger2(m, { title: 'S', version: '1' })),
    ).resolves.toBeUndefined();
    await expect(
      findSpecProblem(buildOpenApi31(m, { title: 'S', version: '1' })),
    ).resolves.toBeUndefined();
  });

  it('is found invalid when it breaks the schema', async () => {
    const doc = buildSwagger2(model([operation()]), { title: 'S', version: '1' });
    await expect(findSpecProblem({ ...doc, info: { title: 'S' } })).resolves.toMatch(/version/);
  });
});

describe('toStableJson', () => {
  it('sorts keys at every level and ends with a newline', () => {
    expect(toStableJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } })).toBe(
      '{\n  "a": {\n    "c": null,\n    "d": [\n      {\n        "y": 2,\n        "z": 1\n      }\n    ]\n  },\n  "b": 1\n}\n',
    );
  });

  it('gives the same bytes for the same value, whatever the key order', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const reversed = JSON.parse(JSON.stringify(value), (_key, v) =>
          v && typeof v === 'object' && !Array.isArray(v)
            ? Object.fromEntries(Object.entries(v).reverse())
            : v,
        );
        const text = toStableJson(value);
        return text === toStableJson(reversed) && text === toStableJson(JSON.parse(text));
      }),
    );
  });
});

describe('shortDiff', () => {
  it('shows the first changed region with its line number', () => {
    expect(shortDiff('a\nb\nc\n', 'a\nx\ny\nc\n')).toBe('@@ line 2 @@\n- b\n+ x\n+ y');
  });

  it('keeps to the limit of lines on each side', () => {
    const before = Array.from({ length: 30 }, (_, i) => `old ${i}`).join('\n');
    const diff = shortDiff(before, 'new', 5);
    expect(diff.split('\n')).toHaveLength(1 + 5 + 1 + 1);
    expect(diff).toContain('- … 25 more lines');
  });
});
