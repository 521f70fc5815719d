/**
 * The hand-written scanner (xml.ts) against saxes, a conformant XML 1.0 + Namespaces parser: on
 * well-formed Word parts (hand-written ones and every part of the generated documents) and on
 * thousands of mutations of them, both must accept or both refuse. The scanner's deliberate
 * refusals are the only exceptions: any DTD, half a surrogate pair, and nesting past
 * MAX_XML_DEPTH. A mismatch names the input, so it can become a case of its own. The corpus suite
 * (corpus.unit.test.ts) holds the two to the same on every part of the real documents.
 */
import { describe, expect, it } from 'vitest';
import { GENERATED_DOCUMENTS, seededFraction } from '../../tests/support/docx/realistic';
import { readParts } from '../../tests/support/docx/template-helpers';
import { saxesAccepts, scannerAccepts, verdicts } from '../../tests/support/docx/xml-oracle';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const SEEDS = [
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="${W}" xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml"><w:body><w:p w14:paraId="1A2B3C4D"><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">Terms &amp; conditions </w:t></w:r></w:p><w:tbl><w:tr><w:tc><w:p><w:r><w:t>30 days</w:t></w:r></w:p></w:tc></w:tr></w:tbl><w:sectPr/></w:body></w:document>`,
  `<w:hdr xmlns:w="${W}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:p><w:fldSimple w:instr=" PAGE "><w:r><w:t>1</w:t></w:r></w:fldSimple><w:r><w:t>&lt;Page&gt; &#x2014; &#169;</w:t></w:r></w:p></w:hdr>`,
  `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://x/y" Target="media/image1.png"/><!-- a comment --><Relationship Id='rId2' Type="t" Target="a.xml"/></Relationships>`,
  `<a:root xmlns:a="urn:a" xmlns="urn:default"><![CDATA[ <not> & markup ]]><?pi some data?><b attr="&quot;q&quot;">text</b></a:root>`,
];

/** Every XML part of the generated documents (tests/support/docx/realistic.ts), as `document: part`. */
const PARTS = Object.entries(GENERATED_DOCUMENTS).flatMap(([doc, { bytes }]) =>
  Object.entries(readParts(bytes()))
    .filter(([name]) => /\.(xml|rels)$/.test(name))
    .map(([name, xml]) => [`${doc}: ${name}`, xml] as const),
);

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
 * Mutates `count` times, the seeds in turn, and returns the disagreements (at most 5, each named
 * by its seed and the text around the first change) and how many mutants saxes refused.
 */
function fuzz(seeds: readonly (readonly [name: string, xml: string])[], count: number, seed: number) {
  const next = seededFraction(seed);
  const mismatches: string[] = [];
  let refused = 0;
  for (let i = 0; i < count; i++) {
    const [name, original] = seeds[i % seeds.length]!;
    const xml = mutate(original, next);
    const { expected, agree } = verdicts(xml);
    if (!expected) refused++;
    if (agree) continue;
    if (mismatches.length < 5) mismatches.push(`${expected ? 'saxes accepts' : 'saxes refuses'} mutant ${i} of ${name}: ${JSON.stringify(around(original, xml))}`);
  }
  return { mismatches, refused };
}

/** The mutant whole when it is short, else from 60 characters before its first change to 60 after its last. */
function around(original: string, mutant: string): string {
  let from = 0;
  while (from < original.length && original[from] === mutant[from]) from++;
  let tail = 0;
  while (tail < original.length - from && tail < mutant.length - from && original[original.length - 1 - tail] === mutant[mutant.length - 1 - tail]) tail++;
  return mutant.length <= 400 ? mutant : mutant.slice(Math.max(0, from - 60), mutant.length - tail + 60);
}

describe('the XML scanner agrees with a conformant parser', () => {
  it.each(SEEDS.map((s, i) => [i, s] as const))('accepts well-formed seed %i, as saxes does', (_i, xml) => {
    expect(saxesAccepts(xml)).toBe(true);
    expect(scannerAccepts(xml)).toBe(true);
  });

  it.each(PARTS)('accepts %s, as saxes does', (_name, xml) => {
    expect(saxesAccepts(xml)).toBe(true);
    expect(scannerAccepts(xml)).toBe(true);
  });

  // Bounds against a hang, not speed checks. The fuzzing must reach both sides of the line to mean anything.
  it('on 4,000 mutations of the seeds, accepts exactly what saxes accepts', { timeout: 60_000 }, () => {
    const { mismatches, refused } = fuzz(
      SEEDS.map((xml, i) => [`seed ${i}`, xml] as const),
      4_000,
      20261125,
    );
    expect(mismatches).toEqual([]);
    expect(refused).toBeGreaterThan(1_000);
    expect(refused).toBeLessThan(3_900);
  });

  it("on 2,000 mutations of the generated documents' parts, accepts exactly what saxes accepts", { timeout: 60_000 }, () => {
    const { mismatches, refused } = fuzz(PARTS, 2_000, 20261201);
    expect(mismatches).toEqual([]);
    expect(refused).toBeGreaterThan(500);
    expect(refused).toBeLessThan(1_950);
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
