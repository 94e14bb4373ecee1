import calc from '../../examples/calc';
import shop from '../../examples/shop';
import { findClassMeta } from '../../src/decorators/metadata';
import { SVC_HEADER_NAMES } from '../../src/entry-point/svc-header-spelling';
import { SEQUENCE_NAMES } from '../../src/serialization/sequence';
import { type Generation, generateDocument } from '../../src/swagger/cli/generate';
import { startTestServer } from '../support/harness';
import { EXAMPLES_PROJECT } from './support';

type Json = Record<string, any>;

function generateExamples(options: { microservice?: string; openapi?: '3.1' } = {}) {
  return generateDocument({
    project: EXAMPLES_PROJECT,
    title: 'Examples',
    version: '1',
    ...options,
  });
}

/** The paths of the single-parameter `@ApiOperation` methods that the runtime registered. */
function runtimeRoaPaths(): string[] {
  return [calc, shop].flatMap((app) =>
    app.services.flatMap((service) => {
      const ctor = typeof service === 'function' ? service : service.constructor;
      const meta = findClassMeta(ctor);
      return [...(meta?.methods.values() ?? [])]
        .filter((m) => m.description !== undefined && m.params.length === 1)
        .map((m) => `/${app.name}/${meta?.service?.name}/${m.name}`);
    }),
  );
}

/** True when every object in `value` lists its keys in sorted order. */
function keysSorted(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(keysSorted);
  if (value === null || typeof value !== 'object') return true;
  const keys = Object.keys(value);
  return keys.join('\n') === [...keys].sort().join('\n') && Object.values(value).every(keysSorted);
}

describe('generate-swagger on the examples', () => {
  let generation: Generation;
  let doc: Json;

  beforeAll(async () => {
    generation = await generateExamples();
    doc = generation.document as Json;
  });

  it('gives a valid Swagger 2.0 document with no diagnostics', () => {
    expect(generation.diagnostics).toEqual([]);
    expect(generation.invalid).toBeUndefined();
    expect(doc.swagger).toBe('2.0');
  });

  it('has exactly the paths of the single-parameter @ApiOperation methods registered at runtime', () => {
    const runtime = runtimeRoaPaths();
    expect(runtime).toHaveLength(8);
    expect(Object.keys(doc.paths).sort()).toEqual(runtime.sort());
  });

  it('takes the microservice name from the deploying code, and --microservice overrides it', async () => {
    const homes = new Set(Object.keys(doc.paths).map((p) => p.split('/')[1]));
    expect(homes).toEqual(new Set(['calc', 'shop']));
    const other = await generateExamples({ microservice: 'maths' });
    expect(Object.keys(other.document.paths as Json).sort()).toEqual(
      Object.keys(doc.paths)
        .map((p) => p.replace(/^\/(calc|shop)\//, '/maths/'))
        .sort(),
    );
  });

  it('gives each operation a POST, a unique operationId and its service as the one tag', () => {
    const items = Object.values<Json>(doc.paths);
    expect(items.every((item) => Object.keys(item).join() === 'post')).toBe(true);
    const ids = items.map((item) => item.post.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/calc/calculator/add'].post).toMatchObject({
      operationId: 'calc.calculator.add',
      tags: ['calculator'],
      summary: 'Adds b to a',
    });
    expect(doc.tags.map((t: Json) => t.name)).toEqual([
      'calculator',
      'multiplier',
      'orders',
      'relay',
    ]);
  });

  it('describes bodies and results, with libA aliases as XML names and integers as integers', () => {
    const mulThree = doc.paths['/calc/multiplier/mulThree'].post;
    expect(mulThree.parameters[0]).toEqual({
      in: 'body',
      name: 'input',
      required: true,
      schema: { $ref: '#/definitions/MulInput' },
      'x-libA-json-wrapper': 'mulInput',
    });
    // The runtime takes safe integers only; a sampler that takes the minimum gets the example.
    expect(mulThree.responses['200'].schema).toEqual({
      type: 'integer',
      xml: { name: 'int' },
      minimum: -Number.MAX_SAFE_INTEGER,
      maximum: Number.MAX_SAFE_INTEGER,
      example: 0,
    });
    expect(mulThree.responses['200']['x-libA-json-wrapper']).toBe('int');
    expect(doc.definitions.MulInput).toMatchObject({
      xml: { name: 'mulInput' },
      'x-libB-xml-name': 'MulInput',
      additionalProperties: false,
      properties: { a: { type: 'integer', description: 'The first factor.' } },
      required: ['a', 'b'],
    });
    expect(doc.definitions.MulOutput.xml).toEqual({ name: 'mulOutput' });
  });

  it('states the enum, the literal union, the nullable field and the limits the runtime enforces', async () => {
    expect(doc.definitions.Order).toMatchObject({
      required: ['currency', 'lines', 'deliverBy'],
      properties: {
        currency: { type: 'string', enum: ['EUR', 'USD'] },
        lines: { type: 'array', minItems: 1, maxItems: 20 },
        deliverBy: { type: 'string', format: 'date-time', 'x-nullable': true },
        note: { type: 'string', maxLength: 200 },
      },
    });
    expect(doc.definitions.Order.properties.currency['x-nullable']).toBeUndefined();
    expect(doc.definitions.OrderLine.properties).toMatchObject({
      sku: { type: 'string', pattern: '^[A-Z]{3}-[0-9]{4}$' },
      quantity: { type: 'integer', minimum: 1, maximum: 99 },
    });
    expect(doc.definitions.OrderStatus).toEqual({
      type: 'string',
      enum: ['NEW', 'PAID', 'SHIPPED'],
      // The enum's member names, which code generators name its constants by.
      'x-enum-varnames': ['New', 'Paid', 'Shipped'],
      description: 'Where an order stands.',
    });
    const open = (await generateExamples({ openapi: '3.1' })).document as Json;
    expect(open.components.schemas.Order.properties.deliverBy).toMatchObject({
      type: ['string', 'null'],
      format: 'date-time',
    });
  });

  it('describes XML as the server writes it: wrapped arrays with libA item names, fields by their names', () => {
    expect(doc.definitions.ProductSum).toMatchObject({
      xml: { name: 'productSum' },
      'x-libB-xml-name': 'ProductSum',
      additionalProperties: false,
      properties: {
        pairs: {
          type: 'array',
          xml: { wrapped: true },
          items: { $ref: '#/definitions/OperationInput' },
        },
      },
    });
    expect(doc.definitions.OperationInput.xml).toEqual({ name: 'operationInput' });
    expect(doc['x-portico-wire']).toContain(
      'libBParamArrayXmlInOutSequence: XML, the root named after the class (x-libB-xml-name where it differs from xml.name); root names are ignored on reading.',
    );
  });

  it('shows the libA JSON wrapper with anyOf in OpenAPI 3.1', async () => {
    const openapi = (await generateExamples({ openapi: '3.1' })).document as Json;
    const content = openapi.paths['/calc/multiplier/mulThree'].post.requestBody.content;
    const plain = { $ref: '#/components/schemas/MulInput' };
    expect(content['application/xml'].schema).toEqual(plain);
    expect(content['application/json'].schema).toEqual({
      anyOf: [
        plain,
        {
          // libA also reads a class by its own name in place of its alias.
          title: 'libAParamArrayJsonInOutSequence',
          type: 'object',
          properties: { mulInput: plain, MulInput: plain },
          minProperties: 1,
          maxProperties: 1,
          additionalProperties: false,
        },
      ],
    });
  });

  it('lists the X-SVC-* headers, with both modes and the four sequence names as enums', () => {
    const refs = doc.paths['/calc/calculator/add'].post.parameters.slice(1);
    expect(refs).toEqual(SVC_HEADER_NAMES.map((name) => ({ $ref: `#/parameters/${name}` })));
    expect(doc.parameters['X-SVC-API-ID']).toMatchObject({ in: 'header', enum: ['ROA', 'RMC'] });
    expect(doc.parameters['X-SVC-Sequence-Name'].enum).toEqual([...SEQUENCE_NAMES]);
    expect(doc.consumes).toEqual(['application/json', 'application/xml']);
    expect(doc.produces).toEqual(['application/json', 'application/xml']);
  });

  it('answers every error status with the error envelope, 403 only for privileged methods', () => {
    const responses = doc.paths['/calc/calculator/div'].post.responses;
    const statuses = ['400', '404', '406', '413', '415', '500', '503', '504'];
    expect(Object.keys(responses).sort()).toEqual(['200', ...statuses]);
    for (const status of statuses) {
      const shared = responses[status].$ref
        ? doc.responses[responses[status].$ref.replace('#/responses/', '')]
        : responses[status];
      expect(shared.schema).toEqual({ $ref: '#/definitions/ErrorEnvelope' });
    }
  });

  it('lists the service errors a method declares beside the entry point ones of that status', () => {
    const div = doc.paths['/calc/calculator/div'].post.responses['400'];
    expect(div['x-portico-error-codes']).toEqual(['DIVISION_BY_ZERO']);
    expect(div.description).toMatch(/^Malformed body.*; DIVISION_BY_ZERO: b is 0$/);
    const sum = doc.paths['/calc/calculator/sumOfProducts'].post.responses['422'];
    expect(sum).toMatchObject({ 'x-portico-error-codes': ['NO_PAIRS'] });
  });

  it('describes the error envelope that the entry point really sends', async () => {
    const server = await startTestServer({ microservices: [calc] });
    try {
      const answer = await server.http
        .post('/calc/calculator/nope')
        .set('Content-Type', 'application/json')
        .send('{}');
      expect(answer.status).toBe(404);
      const envelope = doc.definitions.ErrorEnvelope;
      const detail = doc.definitions.ErrorDetail;
      expect(Object.keys(answer.body)).toEqual(envelope.required);
      expect(Object.keys(answer.body.error).sort()).toEqual([...detail.required].sort());
      for (const [key, schema] of Object.entries<Json>(detail.properties)) {
        expect(typeof answer.body.error[key]).toBe(schema.type === 'integer' ? 'number' : 'string');
      }
    } finally {
      await server.close();
    }
  });

  it('is stable: keys sorted, and a second run gives identical bytes', async () => {
    expect(keysSorted(JSON.parse(generation.text))).toBe(true);
    expect((await generateExamples()).text).toBe(generation.text);
  });

  it('gives the same operations as valid OpenAPI 3.1', async () => {
    const openapi = await generateExamples({ openapi: '3.1' });
    expect(openapi.invalid).toBeUndefined();
    const paths = openapi.document.paths as Json;
    expect(Object.keys(paths)).toEqual(Object.keys(doc.paths));
    expect(
      paths['/calc/calculator/add'].post.requestBody.content['application/xml'].schema,
    ).toEqual({
      $ref: '#/components/schemas/OperationInput',
    });
  });
});
