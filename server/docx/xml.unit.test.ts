import { describe, expect, it } from 'vitest';
import { MAX_XML_DEPTH, type XmlOpenTag, XmlError, scanXml } from './xml';
import { decodeXmlText } from './xml-chars';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

function opens(xml: string): XmlOpenTag[] {
  const tags: XmlOpenTag[] = [];
  scanXml(xml, { open: (t) => tags.push(t) });
  return tags;
}

describe('scanXml', () => {
  it('resolves namespaces on elements and prefixed attributes, not on plain attributes', () => {
    const [root, p] = opens(`<?xml version="1.0"?><w:document xmlns:w="${W}" xmlns:x="urn:x"><w:p x:a="1" b='2'/></w:document>`);
    expect(root).toMatchObject({ ns: W, local: 'document', depth: 0 });
    expect(p).toMatchObject({ ns: W, local: 'p', depth: 1, selfClosing: true });
    expect(p!.attrs.map((a) => [a.ns, a.local, a.value])).toEqual([
      ['urn:x', 'a', '1'],
      ['', 'b', '2'],
    ]);
  });

  it('reports offsets that point into the original text', () => {
    const xml = `<r xmlns="urn:r">\n  <p   id = "a&amp;b" >x</p></r>`;
    const p = opens(xml)[1]!;
    expect(xml.slice(p.start, p.nameEnd)).toBe('<p');
    const id = p.attrs[0]!;
    expect(xml.slice(id.valueStart, id.valueStart + id.value.length)).toBe('a&amp;b');
    expect(decodeXmlText(id.value)).toBe('a&b');
  });

  it("accepts '>' inside attribute values, comments, CDATA, processing instructions and a BOM", () => {
    const texts: string[] = [];
    const xml = '\uFEFF<?xml version="1.0"?><!-- <not a tag> --><r a="1 > 0"><![CDATA[<b>&]]><?pi x?>t</r>\n';
    scanXml(xml, { text: (s, e, cdata) => texts.push(`${cdata ? 'C' : 'T'}:${xml.slice(s, e)}`) });
    expect(texts).toEqual(['C:<b>&', 'T:t']);
  });

  it('lets a default namespace apply to elements and be undone by an inner declaration', () => {
    const tags = opens('<a xmlns="urn:1"><b xmlns="urn:2"><c/></b><d/></a>');
    expect(tags.map((t) => `${t.ns}|${t.local}`)).toEqual(['urn:1|a', 'urn:2|b', 'urn:2|c', 'urn:1|d']);
  });

  it.each([
    ['an unclosed element', '<a><b></a>'],
    ['a missing end tag', '<a>'],
    ['an end tag with a different name', '<a></b>'],
    ['an end tag that is a longer name', '<w:p xmlns:w="urn:w"></w:pPr>'],
    ['two root elements', '<a/><b/>'],
    ['text outside the root', '<a/>x'],
    ['an unquoted attribute', '<a b=1/>'],
    ['an attribute without a value', '<a b/>'],
    ['attributes not separated by space', '<a b="1"c="2"/>'],
    ['a duplicate attribute', '<a b="1" b="2"/>'],
    ['a duplicate attribute through two prefixes', '<a xmlns:x="urn:x" xmlns:y="urn:x" x:b="1" y:b="2"/>'],
    ["'<' in an attribute value", '<a b="<"/>'],
    ['an unbound prefix', '<x:a/>'],
    ['an unbound attribute prefix', '<a x:b="1"/>'],
    ["a stray '&'", '<a>fish & chips</a>'],
    ['an undeclared entity', '<a>&nbsp;</a>'],
    ['an unterminated comment', '<a><!-- x</a>'],
    ['a DOCTYPE', '<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>'],
    ['an empty document', ''],
    ["a lone '<'", '<a>< b</a>'],
    ['a control character', '<a>\u0001</a>'],
    ['a reference to a character XML does not allow', '<a>&#0;</a>'],
    ['a reference to a surrogate', '<a b="&#xD800;"/>'],
    ["']]>' in text", '<a>x]]>y</a>'],
    ["'--' inside a comment", '<a><!-- a -- b --></a>'],
    ['a malformed XML declaration', '<?xml version="1.0" encoding="UTF-/8"?><a/>'],
    ['an XML declaration that is not first', '<a><?xml version="1.0"?></a>'],
    ['a name with a character names cannot have', '<a><w:t xml:sp&ace="1"/></a>'],
    ['a name starting with a digit', '<1a/>'],
  ])('rejects %s', (_, xml) => {
    expect(() => scanXml(xml)).toThrow(XmlError);
  });

  it('handles nesting up to MAX_XML_DEPTH levels', () => {
    let deepest = 0;
    scanXml('<a>'.repeat(MAX_XML_DEPTH) + '</a>'.repeat(MAX_XML_DEPTH), { open: (t) => (deepest = t.depth) });
    expect(deepest).toBe(MAX_XML_DEPTH - 1);
  });

  it.each([
    ['one level too deep', MAX_XML_DEPTH + 1, '<a>', '</a>'],
    ['100,000 levels', 100_000, '<a>', '</a>'],
    ['15,000 nested content controls', 15_000, '<w:sdt><w:sdtContent>', '</w:sdtContent></w:sdt>'],
    ['self-closing at the limit', MAX_XML_DEPTH, '<a>', '</a>', '<b/>'],
  ])('refuses %s as malformed, without recursion', (_, levels, open, close, inner = '') => {
    const xml = `<r xmlns:w="${W}">${open.repeat(levels)}${inner}${close.repeat(levels)}</r>`;
    expect(() => scanXml(xml)).toThrow(new RegExp(`nested more than ${MAX_XML_DEPTH} deep`));
    expect(() => scanXml(xml)).toThrow(XmlError);
  });

  it('stays linear on a text with many ampersands and a tag with many attributes', () => {
    const attrs = Array.from({ length: 20_000 }, (_, i) => ` a${i}="&amp;"`).join('');
    const xml = `<r${attrs}>${'&amp;'.repeat(200_000)}</r>`;
    const [root] = opens(xml);
    expect(root!.attrs).toHaveLength(20_000);
  });
});

describe('decodeXmlText', () => {
  it('decodes the predefined entities and character references', () => {
    expect(decodeXmlText('&lt;&gt;&amp;&quot;&apos;&#65;&#x1F600;')).toBe(`<>&"'A😀`);
  });

  it('turns an out-of-range character reference into U+FFFD instead of throwing', () => {
    expect(decodeXmlText('&#x110000;&#0;')).toBe('\uFFFD\uFFFD');
  });
});
