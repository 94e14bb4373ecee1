import { json, send, xml } from '../support/http';
import { serveContractProject } from './served-project';
import { UNIONS_SOURCE } from './unions-project';

const LIBA_JSON = { 'X-SVC-Sequence-Name': 'libAParamArrayJsonInOutSequence' };

describe('discriminated unions and intersections with a contract', () => {
  const project = serveContractProject('unions', UNIONS_SOURCE);
  const post = (method: string, body: string, headers = json()) =>
    send(project.server.url, `/shapes/draw/${method}`, { headers, body });

  it('describes the union as oneOf with its discriminator, and the intersection as one object', () => {
    const schemas = (project.generation.document as any).components.schemas;
    expect(schemas.Shape).toMatchObject({
      oneOf: [{ $ref: '#/components/schemas/Circle' }, { $ref: '#/components/schemas/Square' }],
      discriminator: {
        propertyName: 'kind',
        mapping: {
          circle: '#/components/schemas/Circle',
          square: '#/components/schemas/Square',
          box: '#/components/schemas/Square',
        },
      },
      xml: { name: 'object' },
    });
    expect(schemas.Labelled).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string' }, label: { type: 'string' } },
      required: ['name'],
      additionalProperties: false,
    });
    expect(schemas.Labelled.allOf).toBeUndefined();
    // The libA JSON shape of a union result: wrapped as a value without a class.
    const answered = (project.generation.document as any).paths['/shapes/draw/echo'].post.responses[
      '200'
    ];
    expect(answered.content['application/json'].schema.anyOf[1]).toMatchObject({
      properties: { object: { $ref: '#/components/schemas/Shape' } },
      required: ['object'],
    });
  });

  it('names the type-literal members of a union for its mapping, and binds them as before', async () => {
    const document = project.generation.document as any;
    const schemas = document.components.schemas;
    const ref = (name: string) => `#/components/schemas/${name}`;
    expect(schemas.Move).toMatchObject({
      oneOf: [{ $ref: ref('Move_walk') }, { $ref: ref('Move_jump') }],
      discriminator: {
        propertyName: 'kind',
        mapping: { walk: ref('Move_walk'), jump: ref('Move_jump') },
      },
    });
    expect(schemas.Move_walk).toMatchObject({ properties: { steps: { type: 'number' } } });
    const body = document.paths['/shapes/draw/stroke'].post.requestBody.content['application/json'];
    const start = 'shapes.draw.stroke_stroke_start';
    expect(JSON.stringify(body.schema)).toContain(ref(start));
    expect(schemas[start]).toMatchObject({ required: ['at', 'x'] });
    // The names are the document's: the runtime's contract keeps the members where they are.
    expect(project.generation.contractText).not.toContain('Move_walk');
    expect((await post('move', '{"kind":"jump","height":2}')).text).toBe(
      '{"kind":"jump","height":2}',
    );
    expect((await post('stroke', '{"at":"end"}')).text).toBe('"end"');
    const refused = await post('move', '{"kind":"walk","height":2}');
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toContain('field height: field is not declared');
  });

  it('refers to a named union beside null or left optional, as to any named type', async () => {
    const schemas = (project.generation.document as any).components.schemas;
    const ref = (name: string) => `#/components/schemas/${name}`;
    // Not an inline oneOf with copies of the members (Journey_last_walk), which a code generator
    // would make types of their own beside Move's.
    expect(schemas.Journey.properties).toEqual({
      last: { anyOf: [{ $ref: ref('Move') }, { type: 'null' }], xml: { name: 'last' } },
      next: { $ref: ref('Move'), xml: { name: 'next' } },
      main: { anyOf: [{ $ref: ref('Shape') }, { type: 'null' }], xml: { name: 'main' } },
    });
    expect(Object.keys(schemas).filter((name) => name.startsWith('Journey_'))).toEqual([]);
    for (const body of [
      '{"last":null}',
      '{"last":{"kind":"walk","steps":1},"next":{"kind":"jump","height":2},"main":null}',
      '{"last":null,"main":{"kind":"box","side":1}}',
    ]) {
      expect(await post('journey', body)).toMatchObject({ status: 200, text: body });
    }
    const nil = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true"';
    const fromXml = await post('journey', `<object><last ${nil}/></object>`, xml('libA'));
    expect([fromXml.status, fromXml.text]).toEqual([200, '<object></object>']);
    const refusals: [string, string][] = [
      ['{"last":{"kind":"run"}}', 'field last.kind: expected one of "jump", "walk", got "run"'],
      ['{"last":null,"next":null}', 'field next: null is not allowed'],
      ['{"last":null,"main":{"kind":"circle"}}', 'field main.radius: required field is missing'],
    ];
    for (const [body, message] of refusals) {
      expect((await post('journey', body)).error?.message).toContain(message);
    }
  });

  it('takes a member whose type holds undefined as optional, as `?` is: JSON cannot carry undefined', async () => {
    const schemas = (project.generation.document as any).components.schemas;
    expect(schemas.Draft.required).toEqual(['title']);
    for (const body of [
      '{"title":"t"}',
      '{"title":"t","note":"n","size":{"kind":"box","side":1}}',
    ]) {
      expect(await post('draft', body)).toMatchObject({ status: 200, text: body });
    }
    // A value of the declared type, answered as JSON writes it, not a 500.
    const rmc = { ...json(), 'X-SVC-API-ID': 'RMC' };
    expect(await post('blank', '[]', rmc)).toMatchObject({ status: 200, text: '{"title":"t"}' });
    expect((await post('draft', '{"title":"t","note":null}')).error?.message).toContain(
      'field note: null is not allowed',
    );
  });

  it('names an argument by its type as written, not by its values or its place', async () => {
    const refusals: [string, string, string][] = [
      ['maybeAddress', '{}', 'argument 0 (MaybeAddress): field street: required field is missing'],
      [
        'full',
        '{"street":"s"}',
        'argument 0 (Required<Address>): field zip: required field is missing',
      ],
      [
        'point',
        '{"x":1}',
        'argument 0 ({ x: number; y: number; }): field y: required field is missing',
      ],
      [
        'stroke',
        '{"at":"middle"}',
        'argument 0 ({ at: "start"; x: number; } | { at: "end"; }): field at: expected one of "end", "start", got "middle"',
      ],
    ];
    for (const [method, body, message] of refusals) {
      expect((await post(method, body)).error?.message).toBe(message);
    }
    expect((await post('maybeAddress', 'null')).text).toBe('null');
    // A named union by its name, where its members' classes are all named \`object\` on the wire.
    expect((await post('echo', '{"kind":"oval"}')).error?.message).toBe(
      'argument 0 (Shape): field kind: expected one of "box", "circle", "square", got "oval"',
    );
  });

  it('merges a class with @Field into an intersection by its fields only', async () => {
    const schemas = (project.generation.document as any).components.schemas;
    expect(Object.keys(schemas.Tagged.properties)).toEqual(['id', 'tag']);
    expect((await post('tag', '{"id":"e","tag":"t"}')).text).toBe('{"id":"e","tag":"t"}');
    const refused = await post('tag', '{"id":"e","tag":"t","secret":"x"}');
    expect(refused.error?.message).toContain('field secret: field is not declared');
    const missing = await post('tag', '<object><id>e</id></object>', xml('libB'));
    expect(missing.error?.message).toContain('field tag: required field is missing');
  });

  it('binds unions beside records, tuples and nullable parameters', async () => {
    const rmc = { ...json(), 'X-SVC-API-ID': 'RMC' };
    const circle = { kind: 'circle', radius: 1 };
    expect((await post('count', JSON.stringify([[circle, null], null]), rmc)).text).toBe('1');
    expect((await post('count', JSON.stringify([[], circle]), rmc)).text).toBe('1');
    const refused = await post('count', JSON.stringify([[{ kind: 'x' }], null]), rmc);
    expect(refused.error?.message).toContain('field [0].kind: expected one of');
    expect((await post('pair', JSON.stringify(circle))).text).toBe(
      JSON.stringify([circle, 'circle']),
    );
    expect((await post('index', JSON.stringify({ a: circle, b: circle }))).text).toBe('2');
    const badEntry = await post('index', JSON.stringify({ a: { radius: 1 } }));
    expect(badEntry.error?.message).toContain('a.kind: required field is missing');
  });

  it('takes null for a named type that holds null, as a parameter and as a field', async () => {
    const circle = '{"kind":"circle","radius":1}';
    const cases: [string, string, Record<string, string>, string][] = [
      ['maybe', 'null', json(), 'null'],
      ['maybe', circle, json(), circle],
      ['maybeMixed', 'null', json(), 'null'],
      ['maybeMixed', '1', json(), '1'],
      ['note', 'null', json(), 'null'],
      ['note', '{"text":"t"}', json(), '{"text":"t"}'],
      ['slot', '{"shape":null}', json(), '{"shape":null}'],
      ['slot', `{"shape":${circle}}`, json(), `{"shape":${circle}}`],
    ];
    for (const [method, body, headers, answer] of cases) {
      const answered = await post(method, body, headers);
      expect({ body, status: answered.status, text: answered.text }).toEqual({
        body,
        status: 200,
        text: answer,
      });
    }
    const nil = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true"';
    const fromXml = await post('maybe', `<object ${nil}/>`, xml('libB'));
    expect([fromXml.status, fromXml.text]).toEqual([200, `<object ${nil}/>`]);
    const refused = await post('maybeMixed', '"b"', json());
    expect([refused.status, refused.error?.message]).toEqual([
      400,
      expect.stringContaining('expected one of'),
    ]);
  });

  it("binds a primitive beside an object as a field by the value's own shape", async () => {
    const contacts = [
      { where: 'Main St', size: 2, level: 1 },
      { where: { street: 'x', zip: '1' }, size: { kind: 'circle', radius: 1 }, level: 'a' },
      { where: { street: 'y' }, level: { street: 'z' } },
    ];
    for (const contact of contacts) {
      expect((await post('contact', JSON.stringify(contact))).text).toBe(JSON.stringify(contact));
    }
    const inXml =
      '<object><where><street>x</street></where><size>2.5</size><level>b</level></object>';
    expect((await post('contact', inXml, xml('libB'))).text).toBe(inXml);
    const text = '<object><where>Main St</where><level><street>z</street></level></object>';
    expect((await post('contact', text, xml('libA'))).text).toBe(text);
    const refused: [string, string][] = [
      ['{"where":5,"level":1}', 'field where: expected a string, got 5'],
      ['{"where":[],"level":1}', 'field where: expected a string, got an array'],
      ['{"where":{},"level":1}', 'field where.street: required field is missing'],
      ['{"where":"a","level":3}', 'field level: expected one of'],
      ['{"where":"a","level":1,"size":{"kind":"x"}}', 'field size.kind: expected one of'],
    ];
    for (const [body, message] of refused) {
      expect((await post('contact', body)).error?.message).toContain(message);
    }
    const answer = await post('badContact', '[]', { ...json(), 'X-SVC-API-ID': 'RMC' });
    expect(answer.status).toBe(500);
    expect(answer.error?.message).toContain('field where of the result');
  });

  it('binds a recursive union, and names the field of a deep refusal', async () => {
    const leaf = (value: number) => ({ kind: 'leaf', value });
    const tree = { kind: 'branch', children: [leaf(2), { kind: 'branch', children: [leaf(3)] }] };
    expect((await post('sum', JSON.stringify(tree))).text).toBe('5');
    const inXml =
      '<object><kind>branch</kind><children><object><kind>leaf</kind><value>4</value></object></children></object>';
    expect((await post('sum', inXml, xml('libA'))).text).toBe('<double>4</double>');
    const bad = {
      kind: 'branch',
      children: [leaf(1), { kind: 'branch', children: [{ value: 1 }] }],
    };
    const refused = await post('sum', JSON.stringify(bad));
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toContain(
      'field children[1].children[0].kind: required field is missing',
    );
  });

  it('binds each member in all four sequences, and answers it as it came', async () => {
    const circle = '{"kind":"circle","radius":2}';
    expect((await post('echo', circle)).text).toBe(circle);
    expect((await post('echo', `{"object":${circle}}`, json(LIBA_JSON))).text).toBe(
      `{"object":${circle}}`,
    );
    const square = '<object><kind>box</kind><side>3</side></object>';
    for (const family of ['libA', 'libB'] as const) {
      const answer = await post('echo', square, xml(family));
      expect({ family, status: answer.status, text: answer.text }).toEqual({
        family,
        status: 200,
        text: square,
      });
    }
    const area = await post('area', `[${circle},{"kind":"square","side":3}]`, {
      ...json(),
      'X-SVC-API-ID': 'RMC',
    });
    expect(area.text).toBe('21');
  });

  it('binds unions in arrays, nullable fields and intersections inside objects', async () => {
    const drawing = {
      shapes: [
        { kind: 'square', side: 1 },
        { kind: 'circle', radius: 1 },
      ],
      main: null,
      title: { name: 'n', label: 'l' },
    };
    const answer = await post('drawing', JSON.stringify(drawing));
    expect(answer.text).toBe(JSON.stringify(drawing));
    const inXml =
      '<object><shapes><object><kind>circle</kind><radius>1.5</radius></object></shapes><title><name>n</name></title></object>';
    const read = await post('drawing', inXml, xml('libA'));
    expect(read.text).toBe(
      '<object><shapes><object><kind>circle</kind><radius>1.5</radius></object></shapes><title><name>n</name></title></object>',
    );
    const labelled = await post('label', '{"name":"a"}');
    expect(labelled.text).toBe('{"name":"a","seen":true}');
  });

  it('refuses a missing or unknown discriminator with a 400 naming the field and its values', async () => {
    const cases: [string, string, Record<string, string>, string][] = [
      ['echo', '{"radius":2}', json(), 'kind: required field is missing'],
      [
        'echo',
        '{"kind":"triangle","side":1}',
        json(),
        'kind: expected one of "box", "circle", "square", got "triangle"',
      ],
      ['echo', '{"kind":7}', json(), 'kind: expected one of'],
      ['echo', '"circle"', json(), 'expected Shape, got "circle"'],
      ['echo', '<object><side>1</side></object>', xml('libB'), 'kind: required field is missing'],
      ['echo', '<object><kind>Circle</kind></object>', xml('libA'), 'got "Circle"'],
      ['echo', '{"kind":"circle","side":1}', json(), 'side: field is not declared'],
      [
        'drawing',
        '{"shapes":[{"kind":"x"}],"main":null,"title":{"name":"n"}}',
        json(),
        'shapes[0].kind: expected one of',
      ],
      [
        'drawing',
        '{"shapes":[],"main":null,"title":{"label":"l"}}',
        json(),
        'title.name: required field is missing',
      ],
    ];
    for (const [method, body, headers, message] of cases) {
      const answer = await post(method, body, headers);
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      expect(answer.error?.message).toContain(message);
    }
  });

  it('answers a result that fits no member with a 500 naming the field in development mode', async () => {
    const answer = await post('wrong', '"triangle"');
    expect(answer.status).toBe(500);
    expect(answer.error?.message).toContain('field kind of the result');
  });

  it('binds a union of literal sets of several types as one set', async () => {
    expect((await post('mixed', '2')).text).toBe('2');
    expect((await post('mixed', '"a"')).text).toBe('"a"');
    expect((await post('mixed', '"c"')).status).toBe(400);
  });
});
