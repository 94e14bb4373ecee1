import { splitXmlParamArray } from '../../src/entry-point/rmc-splitter';
import { parseXmlTree } from '../../src/serialization/xml-parser';

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const LIMITS = { maxArgs: 256, maxDepth: 64 };
const HINT = 'XML Namespaces 1.0 asks for xmlns:p on that element or one that holds it';

describe('the XML reader and the prefixes of XML Namespaces 1.0', () => {
  it.each([
    ['<p:a/>', `prefix p of p:a is not declared (<p:a> at offset 0): ${HINT}`],
    ['<a p:x="1"/>', `prefix p of p:x is not declared (an attribute of <a> at offset 0): ${HINT}`],
    ['<a><b p:x="1"/></a>', 'prefix p of p:x is not declared (an attribute of <b> at offset 3)'],
    ['<r><a xmlns:p="urn:p"/><p:b/></r>', 'prefix p of p:b is not declared (<p:b> at offset 23)'],
    ['<r><a xmlns:p="urn:p"></a><b p:x=""/></r>', 'prefix p of p:x is not declared'],
    ['<p:r xmlns:q="urn:q"/>', 'prefix p of p:r is not declared'],
    ['<xmlns:a/>', 'element <xmlns:a> at offset 0 has the prefix xmlns'],
    ['<a xmlns:p="urn:u" xmlns:q="urn:u" p:x="1" q:x="2"/>', 'attribute {urn:u}x is given twice'],
    ['<a xmlns:p="urn:u"><b xmlns:q="urn:u" q:x="" p:x=""/></a>', 'as q:x and p:x'],
    ['<:a/>', 'name :a at offset 1 has an empty prefix'],
    ['<a:/>', 'name a: at offset 1 has an empty local part'],
    ['<a:b:c xmlns:a="urn:a"/>', 'name a:b:c at offset 1 has more than one colon'],
    ['<a::b xmlns:a="urn:a"/>', 'name a::b at offset 1 has more than one colon'],
    [
      '<a:-b xmlns:a="urn:a"/>',
      'name a:-b at offset 1 has a local part that does not start as a name',
    ],
    ['<a :x="1"/>', 'name :x at offset 3 has an empty prefix'],
    ['<a xmlns:="urn:a"/>', 'name xmlns: at offset 3 has an empty local part'],
    ['<a xmlns:p:q="urn:a"/>', 'name xmlns:p:q at offset 3 has more than one colon'],
    ['<a><?p:i data?></a>', 'processing instruction target p:i has a colon'],
    ['<a xmlns:p=""/>', 'xmlns:p="" undeclares prefix p'],
    ['<a xmlns:xml="urn:x"/>', `only prefix xml may be bound to ${XML_NS}`],
    [`<a xmlns:p="${XML_NS}"/>`, `only prefix xml may be bound to ${XML_NS}`],
    ['<a xmlns:xmlns="urn:x"/>', 'prefix xmlns may not be declared'],
  ])('refuses %s, whole and as an argument of a <paramArray>', (text, message) => {
    expect(() => parseXmlTree(text, 64)).toThrow(message);
    expect(() => splitXmlParamArray(`<paramArray>${text}</paramArray>`, LIMITS)).toThrow(
      message.replace(/at offset (\d+)/, (_, at) => `at offset ${Number(at) + 12}`),
    );
  });

  it.each([
    '<a xml:lang="en" xml:space="preserve"/>',
    '<xml:a/>',
    '<p:a xmlns:p="urn:p"/>',
    '<a xmlns:p="urn:p"><b><p:c p:x=""/></b></a>',
    '<a xmlns:p="urn:u" xmlns:q="urn:v" p:x="1" q:x="2"/>',
    '<a xmlns:p="urn:u" x="1" p:x="2"/>',
    '<a xmlns:p="urn:1"><p:b xmlns:p="urn:2" p:x=""/><p:c/></a>',
    `<a xmlns:xml="${XML_NS}" xml:lang="en"/>`,
  ])('accepts %s', (text) => {
    expect(() => parseXmlTree(text, 64)).not.toThrow();
  });

  it('gives an argument the declarations of the root that its names use, at any depth, and no other', () => {
    const text =
      '<paramArray xmlns:p="urn:&quot;p" xmlns:q="urn:q" xmlns:r="urn:r">' +
      '<p:a><b q:x=""/></p:a><c><d xmlns:r="urn:own"><r:e/></d></c><f/></paramArray>';
    const parts = splitXmlParamArray(text, LIMITS);
    expect(parts).toEqual([
      '<p:a xmlns:p="urn:&quot;p" xmlns:q="urn:q"><b q:x=""/></p:a>',
      '<c><d xmlns:r="urn:own"><r:e/></d></c>',
      '<f/>',
    ]);
    for (const part of parts) expect(() => parseXmlTree(part, 64)).not.toThrow();
  });
});
