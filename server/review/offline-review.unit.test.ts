/**
 * The built-in review end to end on generated .docx files (issue 16 acceptance): a contract with
 * real Word list numbering (numbering.xml, clauses 1 to 14 with sub-clauses) and one planted
 * problem of each kind is found problem by problem, with its paragraph and quote; the same
 * contract without the plants, of the same size, gives no finding at all.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_STYLE_RULES } from '@common/schemas/review';
import { buildDocx, escapeXml } from '../../tests/support/docx/fixtures';
import { processDocx } from '../docx/process';
import { type OfflineReview, reviewOffline } from './offline-review';

/** Two-level decimal list: 'N.' for clauses, 'N.M' for sub-clauses, as a contract template writes it. */
const NUMBERING = `<w:abstractNum w:abstractNumId="0">
  <w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>
  <w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1.%2"/></w:lvl>
</w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>`;

const plain = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
const listed = (level: 0 | 1, text: string) =>
  `<w:p><w:pPr><w:numPr><w:ilvl w:val="${level}"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;

type Line = readonly [kind: 'plain' | 'clause' | 'sub', text: string];

/** Clause k (1..14) with two sub-clauses each: k.1 and k.2, except clause 14, which has only 14.1. */
function contract(plants: Readonly<Record<string, string>>): Line[] {
  const lines: Line[] = [
    ['plain', 'Master Services Agreement'],
    ['plain', 'This agreement is between Northwind Limited (the "Supplier") and Contoso plc (the "Customer").'],
    ['plain', '"Services" means the services described in the Order Form.'],
    ['plain', '"Order Form" means the form signed by both parties.'],
  ];
  for (let k = 1; k <= 14; k++) {
    lines.push(['clause', `Obligations under part ${k}`]);
    lines.push(['sub', plants[`${k}.1`] ?? `The Supplier provides the Services in part ${k} with reasonable skill and care, and the Customer gives it the information it needs.`]);
    if (k < 14) lines.push(['sub', plants[`${k}.2`] ?? `The Customer pays for the Services in part ${k} within thirty (30) days of receiving a correct invoice under the Order Form.`]);
  }
  return lines;
}

function docx(lines: readonly Line[]): Uint8Array {
  const body = lines.map(([kind, text]) => (kind === 'plain' ? plain(text) : listed(kind === 'clause' ? 0 : 1, text))).join('');
  const processed = processDocx(buildDocx({ body, numbering: NUMBERING }));
  if (!processed.ok) throw new Error(processed.reason);
  return processed.editable;
}

const PLANTS = {
  // Used twice, as a defined term is: once could be a name.
  undefinedTerm: 'The Supplier keeps the Confidential Information of the Customer secret and returns the Confidential Information when this agreement ends.',
  definedTwice: 'For this part, "Services" means the services described in the Order Form for part 2.',
  numbers: 'The Customer pays for the Services in part 3 within thirty (31) days of receiving a correct invoice under the Order Form.',
  crossReference: 'The Supplier may suspend the Services under clause 14.2 if the Customer does not pay.',
  colour: 'The Supplier delivers the colour samples to the Customer under the Order Form.',
  color: 'The Customer chooses the color of the finished goods under the Order Form.',
  longSentence:
    'The Supplier shall ensure that every person it engages to provide the Services, whether as an employee, a subcontractor or an agent, has the skills, qualifications and experience that the work requires, is properly supervised at all times while on the premises of the Customer, and complies with every site rule, security policy and reasonable instruction that the Customer gives it in writing from time to time.',
  repeated: 'The Supplier keeps the the records of the Services for six years.',
} as const;

const PLANTED = contract({
  '1.1': PLANTS.undefinedTerm,
  '2.1': PLANTS.definedTwice,
  '3.2': PLANTS.numbers,
  '4.1': PLANTS.crossReference,
  '5.1': PLANTS.colour,
  '6.1': PLANTS.color,
  '7.1': PLANTS.longSentence,
  '8.1': PLANTS.repeated,
});
// An unused defined term, planted in the definitions.
PLANTED.splice(4, 0, ['plain', '"Affiliate" means a company that controls, or is controlled by, a party.']);

const review = (lines: readonly Line[]) => reviewOffline({ bytes: docx(lines), style: DEFAULT_STYLE_RULES });
const paragraphOf = (lines: readonly Line[], text: string) => lines.findIndex(([, t]) => t === text);
const findingsOn = (r: OfflineReview, rule: string, paragraph: number) => r.findings.filter((f) => f.rule === rule && f.paragraph === paragraph);
const quote = (r: OfflineReview, f: OfflineReview['findings'][number]) => r.paragraphs[f.paragraph]!.text.slice(f.offset, f.offset + f.length);

describe('the built-in review on a generated contract', () => {
  const r = review(PLANTED);
  const expectFinding = (rule: string, text: string, quoted: RegExp) => {
    const found = findingsOn(r, rule, paragraphOf(PLANTED, text));
    expect(found.map((f) => quote(r, f)), `${rule} on "${text.slice(0, 40)}"`).toContainEqual(expect.stringMatching(quoted));
  };

  it('covers every paragraph, and every rule ran', () => {
    expect(r.paragraphs).toHaveLength(PLANTED.length);
    expect(r.failedRules).toEqual([]);
  });

  it('finds a defined term used but never defined', () => expectFinding('defined-terms', PLANTS.undefinedTerm, /^Confidential Information$/));
  it('finds a term defined twice', () => expectFinding('defined-terms', PLANTS.definedTwice, /Services/));
  it('finds a term defined but never used', () => expectFinding('defined-terms', '"Affiliate" means a company that controls, or is controlled by, a party.', /Affiliate/));
  it('finds thirty (31) days', () => expectFinding('numbers', PLANTS.numbers, /^thirty \(31\)$/));
  it('finds a reference to clause 14.2, which the numbering does not have (14.1 it does)', () => expectFinding('cross-references', PLANTS.crossReference, /14\.2/));
  it('finds colour and color mixed', () => {
    const both = [...findingsOn(r, 'spelling-variants', paragraphOf(PLANTED, PLANTS.colour)), ...findingsOn(r, 'spelling-variants', paragraphOf(PLANTED, PLANTS.color))];
    expect(both.map((f) => quote(r, f))).toContainEqual(expect.stringMatching(/^colou?r$/));
  });
  it('finds the 60-word sentence', () => expectFinding('long-sentences', PLANTS.longSentence, /^The Supplier shall ensure/));
  it('finds the repeated word', () => expectFinding('repeated-words', PLANTS.repeated, /^the the$/));

  it('gives no finding at all on the same contract without the plants, of the same size', () => {
    const clean = contract({});
    clean.splice(4, 0, ['plain', '"Fees" means the amounts the Customer pays under the Order Form.']);
    clean[clean.length - 1] = ['sub', 'The Customer pays the Fees for the Services in part 14 within thirty (30) days of receiving a correct invoice.'];
    expect(clean).toHaveLength(PLANTED.length);
    const control = review(clean);
    expect(control.findings.map((f) => `${f.rule}: ${quote(control, f)} (${f.reason})`)).toEqual([]);
    expect(control.paragraphs).toHaveLength(clean.length);
  });
});
