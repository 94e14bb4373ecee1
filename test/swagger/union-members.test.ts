import { buildOpenApi31 } from '../../src/swagger/build/build-openapi';
import { type ApiModel, type OperationModel } from '../../src/swagger/model';
import { type SchemaModel } from '../../src/swagger/schema-model';

const NUMBER: SchemaModel = { kind: 'primitive', type: 'number' };

/** `{ <tag>: '<value>'; <field>: number }`, a type literal as the extractor gives it. */
function literal(tag: string, value: string, field: string, inner?: SchemaModel): SchemaModel {
  return {
    kind: 'object',
    properties: [
      { name: tag, required: true, schema: { kind: 'enum', type: 'string', values: [value] } },
      { name: field, required: true, schema: inner ?? NUMBER },
    ],
  };
}

function union(tag: string, ...members: [string, SchemaModel][]): SchemaModel {
  const mapping = Object.fromEntries(members.map(([value], i) => [value, i]));
  return {
    kind: 'union',
    members: members.map(([, member]) => member),
    discriminator: { propertyName: tag, mapping },
  };
}

const OPERATION: OperationModel = {
  microservice: 'geo',
  service: 'draw',
  method: 'stroke',
  tag: 'draw',
  summary: 'Draws a stroke',
  body: { name: 'stroke', required: true, schema: union('at', ['end', literal('at', 'end', 'y')]) },
  result: { kind: 'array', items: union('at', ['start', literal('at', 'start', 'x')]) },
};

function documentOf(schemas: ApiModel['schemas'], operations: OperationModel[] = []) {
  const doc = buildOpenApi31({ operations, tags: [], schemas }, { title: 'T', version: '1' });
  return doc as any;
}

describe('the inline members of a discriminated union', () => {
  it('are named after the union and their tag, beside a schema that has the name already', () => {
    const inner = union('mode', ['fill', literal('mode', 'fill', 'alpha')]);
    const shape = union(
      'kind',
      ['circle', literal('kind', 'circle', 'r', inner)],
      ['square', literal('kind', 'square', 'side')],
      ['cube', { kind: 'ref', name: 'Cube' }],
    );
    const cube = literal('kind', 'cube', 'side');
    const doc = documentOf([
      { name: 'Cube', schema: cube },
      { name: 'Shape', schema: shape },
      { name: 'Shape_circle', schema: literal('x', 'y', 'z') },
    ]);
    const schemas = doc.components.schemas;
    const ref = (name: string) => `#/components/schemas/${name}`;
    expect(schemas.Shape.discriminator).toEqual({
      propertyName: 'kind',
      mapping: { circle: ref('Shape_circle_2'), square: ref('Shape_square'), cube: ref('Cube') },
    });
    expect(schemas.Shape.oneOf.map((m: { $ref: string }) => m.$ref)).toEqual([
      ref('Shape_circle_2'),
      ref('Shape_square'),
      ref('Cube'),
    ]);
    expect(schemas.Shape_circle_2.properties.r.discriminator.mapping).toEqual({
      fill: ref('Shape_circle_2_r_fill'),
    });
    expect(schemas.Shape_circle_2_r_fill.required).toEqual(['mode', 'alpha']);
    // The schema that had the name keeps it, and the components stay sorted by name.
    expect(schemas.Shape_circle.required).toEqual(['x', 'z']);
    expect(Object.keys(schemas).filter((n) => n.startsWith('Shape'))).toEqual([
      'Shape',
      'Shape_circle',
      'Shape_circle_2',
      'Shape_circle_2_r_fill',
      'Shape_square',
    ]);
  });

  it('are named after the operation where a parameter or the result writes the union', () => {
    const doc = documentOf([], [OPERATION]);
    const schemas = doc.components.schemas;
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining(['geo.draw.stroke_stroke_end', 'geo.draw.stroke_result_start']),
    );
    const post = doc.paths['/geo/draw/stroke'].post;
    expect(JSON.stringify(post.requestBody)).toContain(
      '"#/components/schemas/geo.draw.stroke_stroke_end"',
    );
    expect(JSON.stringify(post.responses['200'])).toContain(
      '"#/components/schemas/geo.draw.stroke_result_start"',
    );
  });
});
