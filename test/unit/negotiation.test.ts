import fc from 'fast-check';
import { negotiate, parseAccept } from '../../src/entry-point/negotiation';

describe('negotiate', () => {
  it.each([
    // Content-Type, Accept, outcome
    ['application/json', undefined, 'json'],
    ['application/json; charset=utf-8', undefined, 'json'],
    ['application/json; charset=UTF8', '*/*', 'json'],
    ['application/vnd.acme+json', 'application/*', 'json'],
    ['application/xml', undefined, 'xml'],
    ['text/xml; charset="utf-8"', 'text/*', 'xml'],
    ['application/atom+xml', 'application/xml', 'xml'],
    ['application/json', 'application/xml;q=0.9, application/json;q=0.1', 'json'],
    ['application/json', 'application/xml, */*;q=0.1', 'json'],
    [undefined, 'application/json', 'json'],
    [undefined, 'application/xml', 'xml'],
    [undefined, 'application/json;q=0.4, application/xml;q=0.8', 'xml'],
    [undefined, 'application/json, application/xml', 'json'],
    ['', 'text/xml', 'xml'],
    ['application/json', 'application/xml', 406],
    ['application/xml', 'application/json', 406],
    ['application/json', 'text/html', 406],
    ['application/json', 'application/json;q=0', 406],
    ['application/json', 'application/xml;q=0, */*;q=0', 406],
    [undefined, undefined, 415],
    [undefined, '*/*', 415],
    [undefined, 'text/html', 415],
    ['text/plain', 'application/json', 415],
    ['application/x-www-form-urlencoded', undefined, 415],
    ['application/json; charset=latin1', undefined, 415],
    ['application/json; profile="x; charset=latin1"', undefined, 'json'],
    ['application/json; profile="x"; charset="latin1"', undefined, 415],
    ['application/json; charset', undefined, 415],
  ] as const)('Content-Type %j, Accept %j: %s', (contentType, accept, outcome) => {
    const result = negotiate(contentType, accept);
    if (typeof outcome === 'string') expect(result).toEqual({ ok: true, format: outcome });
    else expect(result.ok ? 0 : result.error.status).toBe(outcome);
  });

  it('says why a Content-Type whose parameters do not parse is refused', () => {
    const result = negotiate('application/xml; charset=', undefined);
    expect(result).toMatchObject({ ok: false, format: 'xml' });
    expect(result.ok ? undefined : result.error).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Content-Type is not a valid media type',
    });
  });

  it('answers a JSON-in, XML-out mismatch in the family the client accepts', () => {
    const result = negotiate('application/json', 'application/xml');
    expect(result).toMatchObject({ ok: false, format: 'xml' });
  });

  it('decides from Content-Type and Accept alone, whatever their case and spacing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('application/json', 'APPLICATION/JSON', 'Application/Xml', 'text/xml'),
        fc.constantFrom('', ' ', '  '),
        (type, space) => {
          const result = negotiate(
            `${space}${type}${space};${space}charset=utf-8`,
            `${space}*/*${space}`,
          );
          expect(result).toEqual({
            ok: true,
            format: type.toLowerCase().includes('json') ? 'json' : 'xml',
          });
        },
      ),
    );
  });

  it('never throws on arbitrary header text', () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.option(fc.string()), (contentType, accept) => {
        const result = negotiate(contentType ?? undefined, accept ?? undefined);
        expect(result.ok || [406, 415].includes(result.error.status)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('parseAccept', () => {
  it('uses the q of the most specific matching range', () => {
    expect(parseAccept('*/*;q=0.5, application/json;q=0.2')).toEqual({
      json: 0.2,
      xml: 0.5,
      explicit: true,
    });
    expect(parseAccept('text/*;q=0.3')).toEqual({ json: 0, xml: 0.3, explicit: false });
    expect(parseAccept('application/json;q=bogus')).toEqual({ json: 0, xml: 0, explicit: false });
  });
});
