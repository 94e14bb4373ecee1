import { generateFixture } from './support';

type Json = Record<string, any>;

describe('generate-swagger and the facts the runtime enforces', () => {
  let doc: Json;
  let open: Json;
  let messages: string[];
  let strict: string[];
  let located: boolean;
  beforeAll(async () => {
    const generation = await generateFixture('contract', { microservice: 'm' });
    doc = generation.document as Json;
    messages = generation.diagnostics.map((d) => `${d.severity} ${d.message}`);
    located = generation.diagnostics.every(
      (d) => d.location?.file.endsWith('service.ts') && d.location.line > 1,
    );
    open = (await generateFixture('contract', { microservice: 'm', openapi: '3.1' }))
      .document as Json;
    strict = (
      await generateFixture('contract', { microservice: 'm', strict: true })
    ).diagnostics.map((d) => d.severity);
  });

  it('describes OneOf enums and literal lists, nullable fields and limits from @Field', () => {
    expect(doc.definitions.Agreeing.properties).toEqual({
      level: { $ref: '#/definitions/Level' },
      size: { type: 'string', enum: ['M', 'S'] },
      digit: { type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 9 },
      at: { type: 'string', format: 'date-time', 'x-nullable': true },
    });
    expect(doc.definitions.Level).toEqual({
      type: 'integer',
      enum: [1, 2],
      'x-enum-varnames': ['Low', 'High'],
    });
    expect(open.components.schemas.Agreeing.properties.digit).toEqual({
      type: 'integer',
      exclusiveMinimum: 0,
      maximum: 9,
    });
  });

  it('describes JSDoc limits, @example and @deprecated where the runtime binds nothing', () => {
    expect(doc.definitions.Described.properties).toEqual({
      count: {
        type: 'number',
        minimum: 1,
        maximum: 10,
        exclusiveMaximum: true,
        example: 5,
        'x-deprecated': true,
      },
      words: {
        type: 'array',
        minItems: 1,
        items: { type: 'string', pattern: '^a+$', maxLength: 4, xml: { name: 'string' } },
        xml: { wrapped: true },
      },
    });
    expect(open.components.schemas.Described.properties.count).toEqual({
      type: 'number',
      minimum: 1,
      exclusiveMaximum: 10,
      examples: [5],
      deprecated: true,
    });
  });

  it('warns, with file:line, wherever a @Field leaves out what the type says', () => {
    const disagreeing = messages.filter((m) => m.includes('Disagreeing.'));
    expect(disagreeing).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /Disagreeing\.level: its type allows only 1 \| 2, but the runtime is not told so.*: give the type as OneOf\(…\), or build with --contract$/,
        ),
        // OneOf takes no booleans: the fix that works is the contract.
        expect.stringMatching(
          /Disagreeing\.done: its type allows only true, but the runtime is not told so and accepts any value of the wire type: build with --contract, or write boolean$/,
        ),
        expect.stringMatching(
          /Disagreeing\.state: its type allows only false \| "pending", .*: build with --contract \(OneOf\(…\) takes no booleans\)$/,
        ),
        expect.stringMatching(
          /Disagreeing\.size: OneOf lists "S" \| "M" but its type allows "S" \| "L"/,
        ),
        expect.stringMatching(
          /Disagreeing\.since: its type allows null, but @Field does not say nullable: true, so null is refused: add it, or build with --contract$/,
        ),
        // The server refuses to start on these two: TypeScript's metadata says too little.
        expect.stringMatching(
          /Disagreeing\.at: @Field\(\) names no type and TypeScript emits this one as Object, so the server refuses to start without a contract: write @Field\(Date, \{ nullable: true \}\), or build with --contract$/,
        ),
        expect.stringMatching(
          /Disagreeing\.tags: @Field\(\) names no type and TypeScript emits this one as Array, .*: write @Field\(\[String\]\), or build with --contract$/,
        ),
        expect.stringMatching(
          /Disagreeing\.name: @Field says nullable: true, but its type does not include null/,
        ),
        expect.stringMatching(/Disagreeing\.count: @minimum 3 is not enforced/),
        expect.stringMatching(/Disagreeing\.count: the JSDoc tag @color is not understood/),
      ]),
    );
    expect(disagreeing).toContainEqual(
      expect.stringMatching(
        /Disagreeing\.computed: the value of @Field option maximum is not a literal/,
      ),
    );
    expect(disagreeing).toHaveLength(11);
    expect(located).toBe(true);
    expect(messages.filter((m) => !m.includes('Disagreeing.'))).toEqual([
      expect.stringMatching(
        /contract\.described\(input\) \(Described\) is an interface, .* cannot bind/,
      ),
      expect.stringMatching(
        /contract\.partial\(input\) \(Partial<Described>\) is an interface, .* cannot bind/,
      ),
      expect.stringMatching(
        /contract\.bareLevel\(level\): its type allows only 1 \| 2, but the runtime/,
      ),
      expect.stringMatching(
        /contract\.bareLevel\(\): its type allows only 1 \| 2, but the runtime/,
      ),
      expect.stringMatching(
        /contract\.disagreeing\(input\)\.state is a union of several types, which the runtime cannot bind without a contract .*: build with --contract$/,
      ),
    ]);
    expect(strict.every((s) => s === 'error')).toBe(true);
  });

  it('documents what the runtime does where they disagree: no null, no unenforced limit', () => {
    const properties = doc.definitions.Disagreeing.properties;
    expect(properties.at).toEqual({ type: 'string', format: 'date-time' });
    // The safe integer bounds the runtime enforces, not the JSDoc @minimum 3 it does not.
    expect(properties.count).toEqual({
      type: 'integer',
      minimum: -Number.MAX_SAFE_INTEGER,
      maximum: Number.MAX_SAFE_INTEGER,
      example: 0,
    });
    expect(properties.name).toEqual({ type: 'string', 'x-nullable': true });
  });
});
