/**
 * The hand-written scanner (xml.ts) against saxes, a conformant XML 1.0 + Namespaces parser: on
 * well-formed Word parts and on thousands of mutations of them, both must accept or both refuse.
 * The scanner's deliberate refusals are the only exceptions: any DTD, half a surrogate pair, and
 * nesting past MAX_XML_DEPTH. A mismatch names the input, so it can become a case of its own.
 */
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { scanXml } from './xml';

function scannerAccepts(xml: string): boolean {
  try {
    scanXml(xml);
    return true;
  } catch {
    return false;
  }
}

function saxesAccepts(xml: string): boolean {
  const parser = new SaxesParser({ xmlns: true, position: false });
  let ok = true;
  parser.on('error', () => {
    ok = false;
  });
  try {
    parser.write(xml).close();
  } catch {
    return false;
  }
  return ok;
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const SEEDS = [
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="${W}" xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml"><w:body><w:p w14:paraId="1A2B3C4D"><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">Terms &amp; conditions </w:t></w:r></w:p><w:tbl><w:tr><w:tc><w:p><w:r><w:t>30 days</w:t></w:r></w:p></w:tc></w:tr></w:tbl><w:sectPr/></w:body></w:document>`,
  `<w:hdr xmlns:w="${W}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:p><w:fldSimple w:instr=" PAGE "><w:r><w:t>1</w:t></w:r></w:fldSimple><w:r><w:t>&lt;Page&gt; &#x2014; &#169;</w:t></w:r></w:p></w:hdr>`,
  `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://x/y" Target="media/image1.png"/><!-- a comment --><Relationship Id='rId2' Type="t" Target="a.xml"/></Relationships>`,
  `<a:root xmlns:a="urn:a" xmlns="urn:default"><![CDATA[ <not> & markup ]]><?pi some data?><b attr="&quot;q&quot;">text</b></a:root>`,
];

/** A small deterministic PRNG (mulberry32), so a failing case can be replayed. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Pieces that matter to XML's rules, so mutations hit them far more often than random bytes would. */
const TOKENS = ['<', '>', '/', '&', ';', '"', "'", '=', ':', ' ', 'x', '<!--', '-->', '<![CDATA[', ']]>', '<?', '?>', '&amp;', '&#0;', '&#x1F;', '&bogus;', 'xmlns:q="urn:q"', 'q:', '\u0001', '\uFFFE', '\uD800', 'é', '\t', '\r\n', '</w:p>', '<w:p>', 'xml:lang="en"', 'xmlns:xml="urn:x"'];

function mutate(xml: string, next: () => number): string {
  let out = xml;
  const edits = 1 + Math.floor(next() * 3);
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(next() * (out.length + 1));
    const kind = next();
    if (kind < 0.35) out = out.slice(0, at) + TOKENS[Math.floor(next() * TOKENS.length)] + out.slice(at);
    else if (kind < 0.65) out = out.slice(0, at) + out.slice(at + 1 + Math.floor(next() * 4));
    else if (kind < 0.85) {
      const from = Math.floor(next() * out.length);
      out = out.slice(0, at) + out.slice(from, from + 1 + Math.floor(next() * 12)) + out.slice(at);
    } else out = out.slice(0, at) + String.fromCharCode(Math.floor(next() * 0x80)) + out.slice(at + 1);
  }
  return out;
}

/**
 * What the scanner refuses on purpose, whatever saxes says: any DTD, and half a surrogate pair
 * anywhere (not a character at all; saxes lets one through inside a namespace declaration).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const deliberate = (xml: string) => /<!DOCTYPE/i.test(xml) || LONE_SURROGATE.test(xml);

/**
 * Where saxes is laxer than XML 1.0 and the scanner is right to refuse: a processing instruction
 * whose target is followed by '?' without '>' (`<?x?xml ...?>`; the spec wants a space or '?>').
 */
const saxesTooLax = (xml: string) => /<\?[^\s?>]+\?(?!>)/.test(xml);

describe('the XML scanner agrees with a conformant parser', () => {
  it.each(SEEDS.map((s, i) => [i, s] as const))('accepts well-formed seed %i, as saxes does', (_i, xml) => {
    expect(saxesAccepts(xml)).toBe(true);
    expect(scannerAccepts(xml)).toBe(true);
  });

  // A bound against a hang, not a speed check.
  it('on 4,000 mutations of the seeds, accepts exactly what saxes accepts', { timeout: 60_000 }, () => {
    const next = rng(20261125);
    const mismatches: string[] = [];
    let refused = 0;
    for (let i = 0; i < 4_000; i++) {
      const xml = mutate(SEEDS[i % SEEDS.length]!, next);
      const expected = deliberate(xml) ? false : saxesAccepts(xml);
      if (!expected) refused++;
      const accepted = scannerAccepts(xml);
      if (accepted === expected || (expected && !accepted && saxesTooLax(xml))) continue;
      mismatches.push(`${expected ? 'saxes accepts' : 'saxes refuses'}: ${JSON.stringify(xml)}`);
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    // The fuzzing must reach both sides of the line to mean anything.
    expect(refused).toBeGreaterThan(1_000);
    expect(refused).toBeLessThan(3_900);
  });

  // What the fuzzing found the scanner accepting, each now refused as saxes refuses it.
  it.each([
    ['an xmlns: with no prefix', '<r xmlns:="urn:x"/>'],
    ['a prefix with a colon', '<r xmlns:a:b="urn:x"/>'],
    ['a prefix bound to a blank name', '<r xmlns:q=" "/>'],
    ['the xmlns prefix declared', '<r xmlns:xmlns="urn:x"/>'],
    ['the xml prefix bound elsewhere', '<r xmlns:xml="urn:x"/>'],
    ['another prefix bound to the xml namespace', '<r xmlns:q="http://www.w3.org/XML/1998/namespace"/>'],
  ])('refuses %s', (_name, xml) => {
    expect(saxesAccepts(xml)).toBe(false);
    expect(scannerAccepts(xml)).toBe(false);
  });

  // saxes lets these through; XML 1.0 does not (half a pair is no character at all).
  it.each([
    ['half a surrogate pair in text', '<r>a\uD800b</r>'],
    ['half a surrogate pair in a name', '<r\uDC00/>'],
    ['a low half before its high half', '<r>\uDC00\uD800</r>'],
  ])('refuses %s', (_name, xml) => {
    expect(scannerAccepts(xml)).toBe(false);
  });

  it('accepts the xml prefix bound to its own namespace, and a full surrogate pair', () => {
    const xml = '<r xmlns:xml="http://www.w3.org/XML/1998/namespace" xml:lang="en">\uD83D\uDE00</r>';
    expect(saxesAccepts(xml)).toBe(true);
    expect(scannerAccepts(xml)).toBe(true);
  });

  it('refuses a DTD and over-deep nesting, which saxes would accept', () => {
    const dtd = `<!DOCTYPE r [<!ENTITY e "x">]><r>&e;</r>`;
    const deep = `${'<a>'.repeat(300)}${'</a>'.repeat(300)}`;
    expect(saxesAccepts(deep)).toBe(true);
    expect(scannerAccepts(dtd)).toBe(false);
    expect(scannerAccepts(deep)).toBe(false);
  });
});
