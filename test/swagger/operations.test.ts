import Ajv2020 from 'ajv/dist/2020';
import { type Generation } from '../../src/swagger/cli/generate';
import { startTestServer, type TestServer } from '../support/harness';
import { send } from '../support/http';
import shop from './fixtures/orders/service';
import { generateFixture } from './support';

type Json = Record<string, any>;

const LINE_ARRAY_31 = {
  type: 'array',
  items: { $ref: '#/components/schemas/LineItem' },
  xml: { name: 'lineItem-array', wrapped: true },
  'x-libB-xml-name': 'LineItem-array',
};

describe('generate-swagger on RMC methods, declared errors and privileged methods', () => {
  let openapi: Generation;
  let swagger: Generation;
  let server: TestServer;

  beforeAll(async () => {
    [openapi, swagger] = await Promise.all([
      generateFixture('orders', { openapi: '3.1' }),
      generateFixture('orders'),
    ]);
    server = await startTestServer({ microservices: [shop] });
  });
  afterAll(() => server.close());

  it('describes a method of several parameters by its argument array in OpenAPI 3.1, RMC required', () => {
    expect(openapi.invalid).toBeUndefined();
    expect(openapi.diagnostics).toEqual([]);
    const post = (openapi.document as Json).paths['/shop/orders/addUp'].post;
    expect(post['x-portico-api-id']).toBe('RMC');
    expect(post.parameters).toContainEqual(
      expect.objectContaining({
        name: 'X-SVC-API-ID',
        required: true,
        schema: { type: 'string', enum: ['RMC'] },
      }),
    );
    const start = {
      type: 'integer',
      xml: { name: 'int' },
      description: 'Where to start counting.',
      minimum: -Number.MAX_SAFE_INTEGER,
      maximum: Number.MAX_SAFE_INTEGER,
      examples: [0],
    };
    const args = {
      type: 'array',
      prefixItems: [start, LINE_ARRAY_31],
      // Nothing past the prefix (maxItems); items gives samplers one value per position.
      items: { anyOf: [start, LINE_ARRAY_31] },
      minItems: 2,
      maxItems: 2,
      xml: { name: 'paramArray', wrapped: true },
    };
    expect(post.requestBody.content['application/json'].schema.anyOf[0]).toEqual(args);
    // In XML, paramArray's children are described as properties 0, 1, … with their element names.
    expect(post.requestBody.content['application/xml'].schema).toEqual({
      type: 'object',
      description: expect.stringContaining('child elements of paramArray, in parameter order'),
      properties: { 0: start, 1: LINE_ARRAY_31 },
      required: ['0', '1'],
      additionalProperties: false,
      xml: { name: 'paramArray' },
    });
    expect(post.requestBody.content['application/json'].schema.anyOf[1].prefixItems).toEqual([
      expect.objectContaining({ required: ['int'] }),
      // libA also reads the array by its class's own name: one wrapper, either name.
      expect.objectContaining({
        properties: { 'lineItem-array': LINE_ARRAY_31, 'LineItem-array': LINE_ARRAY_31 },
        minProperties: 1,
        maxProperties: 1,
      }),
    ]);
  });

  it('leaves RMC methods out of Swagger 2.0 unless --rmc, which uses x-prefixItems', async () => {
    expect(Object.keys((swagger.document as Json).paths)).toEqual(['/shop/orders/count']);
    expect(swagger.diagnostics.map((d) => d.message)).toEqual([
      expect.stringContaining('orders.addUp has @ApiOperation but takes 2 parameters'),
      expect.stringContaining('orders.clear has @ApiOperation but takes 0 parameters'),
    ]);
    const withRmc = await generateFixture('orders', { rmc: true });
    expect(withRmc.invalid).toBeUndefined();
    const body = (withRmc.document as Json).paths['/shop/orders/addUp'].post.parameters[0];
    expect(body).toMatchObject({
      name: 'arguments',
      schema: { type: 'array', 'x-prefixItems': [{ type: 'integer' }, { type: 'array' }] },
      'x-libA-json-wrappers': ['int', 'lineItem-array'],
    });
  });

  it('names RMC arguments as the server reads them, in libA XML and libA JSON', async () => {
    const headers = (sequence: string, type: string) => ({
      'Content-Type': `application/${type}`,
      'X-SVC-API-ID': 'RMC',
      'X-SVC-Sequence-Name': sequence,
    });
    const xml = await send(server.url, '/shop/orders/addUp', {
      headers: headers('libAParamArrayXmlInOutSequence', 'xml'),
      body: '<paramArray><int>1</int><lineItem-array><lineItem><quantity>2</quantity><article>x</article></lineItem></lineItem-array></paramArray>',
    });
    expect(xml.text).toBe('<int>3</int>');
    const json = await send(server.url, '/shop/orders/addUp', {
      headers: headers('libAParamArrayJsonInOutSequence', 'json'),
      body: '[{"int":1},{"lineItem-array":[{"quantity":2,"article":"x"}]}]',
    });
    expect(json.text).toBe('{"int":3}');
  });

  it('offers for each operation exactly the X-SVC-API-ID values the server takes for it', async () => {
    const document = openapi.document as Json;
    const refusedMode = /ROA calls only one-parameter methods|X-SVC-API-ID/;
    for (const [route, item] of Object.entries(document.paths as Json)) {
      const own = (item.post.parameters as Json[]).find((p) => p.name === 'X-SVC-API-ID');
      const shared = document.components.parameters['X-SVC-API-ID'];
      const offered: string[] = (own ?? shared).schema.enum;
      for (const mode of ['ROA', 'RMC', 'rmc', 'XYZ']) {
        const answer = await send(server.url, route, {
          headers: { 'Content-Type': 'application/json', 'X-SVC-API-ID': mode },
          body: '{}',
        });
        const refused = answer.status === 400 && refusedMode.test(answer.error?.message ?? '');
        expect([route, mode, refused]).toEqual([route, mode, !offered.includes(mode)]);
      }
    }
  });

  it('writes every schema of OpenAPI 3.1 as valid JSON Schema 2020-12, a method without parameters too', () => {
    // 2020-12 wants prefixItems non-empty: a code generator or validator refuses `prefixItems: []`.
    const schemas: Json[] = Object.values((openapi.document as Json).components.schemas);
    for (const path of Object.values((openapi.document as Json).paths) as Json[]) {
      const content = path.post.requestBody?.content ?? {};
      for (const media of Object.values(content) as Json[]) schemas.push(media.schema);
    }
    const ajv = new Ajv2020({ strict: false });
    ajv.validateSchema({ $defs: { ...schemas } });
    expect(ajv.errors ?? []).toEqual([]);
    const clear = (openapi.document as Json).paths['/shop/orders/clear'].post.requestBody;
    expect(clear.content['application/json'].schema.anyOf[0]).toMatchObject({
      type: 'array',
      items: false,
      maxItems: 0,
    });
    expect(clear.content['application/json'].schema.anyOf[0]).not.toHaveProperty('prefixItems');
  });

  it('lists declared errors with their codes, and 403 only on privileged methods', async () => {
    const paths = (openapi.document as Json).paths;
    const count = paths['/shop/orders/count'].post.responses;
    expect(count['422']).toMatchObject({
      description: 'EMPTY_ORDER: the order has no lines',
      'x-portico-error-codes': ['EMPTY_ORDER'],
    });
    expect(count['403']).toBeUndefined();
    expect(paths['/shop/orders/count'].post['x-portico-idempotent']).toBe(true);
    const clear = paths['/shop/orders/clear'].post;
    expect(clear['x-portico-idempotent']).toBeUndefined();
    expect(clear['x-portico-privileged']).toBe(true);
    expect(clear.description).toContain('Privileged');
    expect(clear.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
    const refused = await send(server.url, '/shop/orders/count', {
      headers: { 'Content-Type': 'application/json' },
      body: '{"lines":[]}',
    });
    expect(refused.status).toBe(422);
    expect(JSON.parse(refused.text).error.code).toBe('EMPTY_ORDER');
  });
});

describe('generate-swagger on undeclared fields', () => {
  it('states additionalProperties: false only where no nativeApp ignores unknown fields', async () => {
    const strict = (await generateFixture('orders')).document as Json;
    expect(strict.definitions.Order.additionalProperties).toBe(false);
    const lenient = await generateFixture('lenient');
    expect(lenient.invalid).toBeUndefined();
    expect((lenient.document as Json).definitions.Note).not.toHaveProperty('additionalProperties');
  });
});
