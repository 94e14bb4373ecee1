import { renderSchema } from '../../src/swagger/build/render-schema';
import { libANameOf, libBNameOf, nameXmlElements } from '../../src/swagger/build/xml-names';
import { type ApiModel } from '../../src/swagger/model';
import { DATE_SCHEMA, type SchemaModel } from '../../src/swagger/schema-model';

const INT: SchemaModel = { kind: 'primitive', type: 'integer' };
const DATE: SchemaModel = DATE_SCHEMA;
const LINE: SchemaModel = { kind: 'ref', name: 'Line' };
const STEP: SchemaModel = { kind: 'ref', name: 'Step' };

function model(body: SchemaModel): ApiModel {
  const line: SchemaModel = {
    kind: 'object',
    xmlName: 'lineItem',
    libBXmlName: 'Line',
    properties: [{ name: 'q', required: true, schema: INT }],
  };
  const order: SchemaModel = {
    kind: 'object',
    xmlName: 'Order',
    properties: [
      { name: 'lines', required: true, schema: { kind: 'array', items: LINE } },
      { name: 'days', required: true, schema: { kind: 'array', items: DATE } },
      {
        name: 'grid',
        required: true,
        schema: { kind: 'array', items: { kind: 'array', items: INT } },
      },
      { name: 'first', required: true, schema: LINE },
      { name: 'note', required: false, schema: { kind: 'ref', name: 'Note' } },
      { name: 'steps', required: true, schema: { kind: 'array', items: STEP } },
    ],
  };
  const note: SchemaModel = { kind: 'object', properties: [] };
  return {
    tags: [],
    schemas: [
      { name: 'Line', schema: line },
      { name: 'Order', schema: order },
      { name: 'Note', schema: note },
      { name: 'Step', schema: { kind: 'enum', type: 'number', values: [1, 2.5] } },
    ],
    operations: [
      {
        microservice: 'shop',
        service: 'orders',
        method: 'place',
        tag: 'orders',
        summary: '',
        body: { name: 'lines', required: true, schema: body },
        result: LINE,
      },
    ],
  };
}

describe('nameXmlElements', () => {
  const named = nameXmlElements(model({ kind: 'array', items: LINE }));
  const order = named.schemas.find((s) => s.name === 'Order')!.schema;

  it('wraps every array and names its items as the libA writer does', () => {
    const rendered = renderSchema(order, 'swagger2') as any;
    expect(rendered.properties.lines).toEqual({
      type: 'array',
      xml: { wrapped: true },
      items: { $ref: '#/definitions/Line' },
    });
    expect(rendered.properties.days.items.xml).toEqual({ name: 'date' });
    // A named enum has no element name of its own: its items are named by its values' type.
    expect(rendered.properties.steps.items).toEqual({
      allOf: [{ $ref: '#/definitions/Step' }],
      xml: { name: 'double' },
    });
    expect(rendered.properties.grid.items).toMatchObject({
      xml: { name: 'int-array', wrapped: true },
      items: { xml: { name: 'int' } },
    });
  });

  it("names a field holding a named class after the field, not the class's alias", () => {
    const rendered = renderSchema(order, 'swagger2') as any;
    expect(rendered.properties.first).toEqual({
      allOf: [{ $ref: '#/definitions/Line' }],
      xml: { name: 'first' },
    });
    // A type without an XML name of its own is left as it is.
    expect(rendered.properties.note).toEqual({ $ref: '#/definitions/Note' });
    expect(renderSchema(order, 'openapi31')).toMatchObject({
      properties: { first: { $ref: '#/components/schemas/Line', xml: { name: 'first' } } },
    });
  });

  it('names an array root by its items in each family', () => {
    const body = named.operations[0]!.body.schema;
    expect(body).toMatchObject({ xmlName: 'lineItem-array', libBXmlName: 'Line-array' });
  });

  it('names values as the runtime does: plain objects, primitives and dates', () => {
    const lookup = (name: string) => named.schemas.find((s) => s.name === name)?.schema;
    expect(libANameOf({ kind: 'ref', name: 'Note' }, lookup)).toBe('object');
    expect(libANameOf(LINE, lookup)).toBe('lineItem');
    expect(libBNameOf(LINE, lookup)).toBe('Line');
    expect(libANameOf(DATE, lookup)).toBe('date');
    expect(libANameOf({ kind: 'primitive', type: 'number' }, lookup)).toBe('double');
    expect(libANameOf({ kind: 'enum', type: 'string', values: ['a'] }, lookup)).toBe('string');
  });
});
