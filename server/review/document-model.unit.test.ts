import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type SyntheticDocx, buildDocx, escapeXml } from '../../tests/support/docx/fixtures';
import { contractDocx } from '../../tests/support/docx/realistic';
import { inspectDocx } from '../docx/inspect';
import { MC_NS, W14_NS } from '../docx/package';
import { extractText } from '../docx/text';
import { readReviewDocument } from './document-model';
import type { ReviewParagraph } from './types';

const ROOT_ATTRS = `xmlns:mc="${MC_NS}" xmlns:w14="${W14_NS}"`;

/** A paragraph with the given w:pPr content and w:p attributes. */
const p = (text: string, pPr = '', attrs = '') => `<w:p${attrs}>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
const pStyle = (id: string) => `<w:pStyle w:val="${id}"/>`;
const numPr = (numId: number, ilvl?: number) => `<w:numPr>${ilvl === undefined ? '' : `<w:ilvl w:val="${ilvl}"/>`}<w:numId w:val="${numId}"/></w:numPr>`;
const cell = (text: string) => `<w:tc><w:tcPr/>${p(text)}</w:tc>`;

const style = (id: string, name: string, pPr = '', basedOn?: string) =>
  `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/>${basedOn ? `<w:basedOn w:val="${basedOn}"/>` : ''}${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}</w:style>`;
const NORMAL = '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>';

const lvl = (ilvl: number, fmt: string, text: string) =>
  `<w:lvl w:ilvl="${ilvl}"><w:start w:val="1"/><w:numFmt w:val="${fmt}"/><w:lvlText w:val="${text}"/></w:lvl>`;
/** List 1: clauses 1. / 1.1 / (a); list 2: bullets; list 3: roman. */
const NUMBERING =
  `<w:abstractNum w:abstractNumId="0">${lvl(0, 'decimal', '%1.')}${lvl(1, 'decimal', '%1.%2')}${lvl(2, 'lowerLetter', '(%3)')}</w:abstractNum>` +
  `<w:abstractNum w:abstractNumId="1">${lvl(0, 'bullet', '\u2022')}</w:abstractNum>` +
  `<w:abstractNum w:abstractNumId="2">${lvl(0, 'lowerRoman', '%1.')}</w:abstractNum>` +
  '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num><w:num w:numId="3"><w:abstractNumId w:val="2"/></w:num>';

function read(spec: SyntheticDocx, endnotes?: string) {
  const bytes = buildDocx({ rootAttrs: ROOT_ATTRS, ...spec });
  return readReviewDocument(endnotes === undefined ? bytes : withEndnotes(bytes, endnotes));
}

/** buildDocx has no endnotes: adds word/endnotes.xml, its relationship listed first. */
function withEndnotes(bytes: Uint8Array, inner: string): Uint8Array {
  const files = unzipSync(bytes);
  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  files['word/endnotes.xml'] = strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:endnotes xmlns:w="${W}">${inner}</w:endnotes>`);
  const rels = new TextDecoder().decode(files['word/_rels/document.xml.rels']);
  const rel = '<Relationship Id="rIdE" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/endnotes" Target="endnotes.xml"/>';
  files['word/_rels/document.xml.rels'] = strToU8(rels.replace(/(<Relationships[^>]*>)/, `$1${rel}`));
  return zipSync(files);
}

describe('readReviewDocument', () => {
  it('lists every paragraph in reading order: body (tables row by row, text boxes), headers, footers, footnotes, endnotes', () => {
    const textBox =
      `<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><w:txbxContent>${p('Boxed')}</w:txbxContent></w:drawing></mc:Choice>` +
      `<mc:Fallback><w:pict><w:txbxContent>${p('Boxed')}</w:txbxContent></w:pict></mc:Fallback></mc:AlternateContent></w:r>`;
    const body =
      p('Intro', '', ' w14:paraId="1A2B3C4D"') +
      `<w:tbl><w:tr>${cell('A1')}${cell('B1')}</w:tr><w:tr>${cell('A2')}${cell('B2')}</w:tr></w:tbl>` +
      `<w:p><w:r><w:t>Tab</w:t><w:tab/><w:t>and</w:t><w:br/></w:r><w:del w:id="1" w:author="a"><w:r><w:delText>gone</w:delText></w:r></w:del><w:r><w:t>break</w:t></w:r>${textBox}</w:p>` +
      p('After');
    const footnotes =
      '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>' +
      '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>' +
      `<w:footnote w:id="1">${p('A note')}</w:footnote>`;
    const doc = read({ body, headers: [p('Header one'), p('Header two')], footers: [p('Footer')], footnotes }, `<w:endnote w:id="1">${p('An endnote')}</w:endnote>`);

    expect(doc.paragraphs.map(({ index, part, partName, text, inTable, paraId }) => ({ index, part, partName, text, inTable, paraId }))).toEqual([
      { index: 0, part: 'body', partName: 'word/document.xml', text: 'Intro', inTable: false, paraId: '1A2B3C4D' },
      { index: 1, part: 'body', partName: 'word/document.xml', text: 'A1', inTable: true, paraId: null },
      { index: 2, part: 'body', partName: 'word/document.xml', text: 'B1', inTable: true, paraId: null },
      { index: 3, part: 'body', partName: 'word/document.xml', text: 'A2', inTable: true, paraId: null },
      { index: 4, part: 'body', partName: 'word/document.xml', text: 'B2', inTable: true, paraId: null },
      { index: 5, part: 'body', partName: 'word/document.xml', text: 'Tab\tand\nbreak', inTable: false, paraId: null },
      { index: 6, part: 'body', partName: 'word/document.xml', text: 'Boxed', inTable: false, paraId: null },
      { index: 7, part: 'body', partName: 'word/document.xml', text: 'After', inTable: false, paraId: null },
      { index: 8, part: 'header', partName: 'word/header1.xml', text: 'Header one', inTable: false, paraId: null },
      { index: 9, part: 'header', partName: 'word/header2.xml', text: 'Header two', inTable: false, paraId: null },
      { index: 10, part: 'footer', partName: 'word/footer1.xml', text: 'Footer', inTable: false, paraId: null },
      { index: 11, part: 'footnotes', partName: 'word/footnotes.xml', text: 'A note', inTable: false, paraId: null },
      { index: 12, part: 'endnotes', partName: 'word/endnotes.xml', text: 'An endnote', inTable: false, paraId: null },
    ]);
  });

  it('does not count a text box anchored in a table cell as in the table', () => {
    const box = `<w:r><w:drawing><w:txbxContent>${p('In the box')}</w:txbxContent></w:drawing></w:r>`;
    const body = `<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Cell</w:t></w:r>${box}</w:p>${p('Cell again')}</w:tc></w:tr></w:tbl>`;
    expect(read({ body }).paragraphs.map((x) => [x.text, x.inTable])).toEqual([
      ['Cell', true],
      ['In the box', false],
      ['Cell again', true],
    ]);
  });

  it('gives the body the paragraphs and texts extractText gives', () => {
    const body = `${p('One')}<w:tbl><w:tr>${cell('In a cell')}</w:tr></w:tbl><w:sdt><w:sdtContent>${p('Controlled & kept')}</w:sdtContent></w:sdt>${p('')}`;
    const bytes = buildDocx({ body, rootAttrs: ROOT_ATTRS });
    const inspected = inspectDocx(bytes);
    if (!inspected.ok) throw new Error(inspected.reason);
    const bodyTexts = readReviewDocument(bytes).paragraphs.filter((x) => x.part === 'body').map((x) => x.text);
    expect(bodyTexts).toEqual(extractText(inspected.pkg).paragraphs.map((x) => x.text));
    expect(bodyTexts).toEqual(['One', 'In a cell', 'Controlled & kept', '']);
  });

  it('numbers paragraphs by their own w:numPr, and counts a table cell and each part on its own', () => {
    const body =
      p('Definitions', numPr(1, 0)) +
      p('Interpretation', numPr(1, 1)) +
      p('first limb', numPr(1, 2)) +
      p('second limb', numPr(1, 2)) +
      p('A bullet', numPr(2, 0)) +
      p('Unnumbered') +
      `<w:tbl><w:tr>${`<w:tc>${p('In a table', numPr(3, 0))}</w:tc>`}</w:tr></w:tbl>` +
      p('Payment', numPr(1, 0)) +
      p('Second roman', numPr(3)) +
      p('Once numbered', `<w:pPrChange w:id="1" w:author="a" w:date="2025-01-01T00:00:00Z"><w:pPr>${numPr(1, 0)}${pStyle('Heading1')}</w:pPr></w:pPrChange>`);
    const doc = read({ body, numbering: NUMBERING, headers: [p('Header list', numPr(1, 0))] });
    expect(doc.paragraphs.map((x) => [x.label, x.text, x.inTable])).toEqual([
      ['1.', 'Definitions', false],
      ['1.1', 'Interpretation', false],
      ['(a)', 'first limb', false],
      ['(b)', 'second limb', false],
      [null, 'A bullet', false],
      [null, 'Unnumbered', false],
      ['i.', 'In a table', true],
      ['2.', 'Payment', false],
      ['ii.', 'Second roman', false],
      [null, 'Once numbered', false],
      ['1.', 'Header list', false],
    ]);
    expect(doc.paragraphs.every((x) => x.style === null && !x.heading)).toBe(true);
  });

  it('numbers and marks headings through paragraph styles and their w:basedOn chains', () => {
    const styles =
      NORMAL +
      style('Heading1', 'heading 1', `${numPr(1, 0)}<w:outlineLvl w:val="0"/>`, 'Normal') +
      style('Heading2', 'heading 2', `${numPr(1, 1)}<w:outlineLvl w:val="1"/>`, 'Heading1') +
      style('berschrift3', 'heading 3', numPr(1, 2), 'Heading2') +
      style('ClauseHeading', 'Clause Heading', '', 'Heading2') +
      style('BodyFromHeading', 'Body From Heading', '<w:outlineLvl w:val="9"/>', 'Heading1') +
      style('Title', 'Title', '', 'Normal') +
      style('LoopA', 'Loop A', '', 'LoopB') +
      style('LoopB', 'Loop B', '', 'LoopA');
    const body =
      p('Master Services Agreement', pStyle('Title')) +
      p('Services', pStyle('Heading1')) +
      p('Scope', pStyle('Heading2')) +
      p('Exclusions', pStyle('berschrift3')) +
      p('Changes', pStyle('ClauseHeading')) +
      p('Not in the list', `${pStyle('Heading1')}${numPr(0)}`) +
      p('Body text', pStyle('BodyFromHeading')) +
      p('Direct outline', '<w:outlineLvl w:val="2"/>') +
      p('Heading made body', `${pStyle('Heading2')}<w:outlineLvl w:val="9"/>`) +
      p('Looping', pStyle('LoopA')) +
      p('Unknown style', pStyle('NoSuchStyle'));
    const doc = read({ body, styles, numbering: NUMBERING });
    expect(doc.paragraphs.map((x) => [x.text, x.style, x.label, x.heading])).toEqual([
      ['Master Services Agreement', 'Title', null, true],
      ['Services', 'Heading1', '1.', true],
      ['Scope', 'Heading2', '1.1', true],
      ['Exclusions', 'berschrift3', '(a)', true],
      ['Changes', 'ClauseHeading', '1.2', true],
      ['Not in the list', 'Heading1', null, true],
      ['Body text', 'BodyFromHeading', '2.', false],
      ['Direct outline', null, null, true],
      ['Heading made body', 'Heading2', '2.1', false],
      ['Looping', 'LoopA', null, false],
      ['Unknown style', 'NoSuchStyle', null, false],
    ]);
  });

  it('finds the level of a style-numbered paragraph from the list level that names the style', () => {
    const numbering =
      '<w:abstractNum w:abstractNumId="0">' +
      '<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="upperRoman"/><w:pStyle w:val="PartHeading"/><w:lvlText w:val="Part %1"/></w:lvl>' +
      '<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:pStyle w:val="SectionHeading"/><w:lvlText w:val="Section %1.%2"/></w:lvl>' +
      '</w:abstractNum><w:num w:numId="4"><w:abstractNumId w:val="0"/></w:num>';
    const styles = NORMAL + style('PartHeading', 'Part Heading', numPr(4)) + style('SectionHeading', 'Section Heading', numPr(4));
    const body = p('General', pStyle('PartHeading')) + p('Scope', pStyle('SectionHeading')) + p('Term', pStyle('SectionHeading')) + p('Fees', pStyle('PartHeading'));
    expect(read({ body, styles, numbering }).paragraphs.map((x) => x.label)).toEqual(['Part I', 'Section I.1', 'Section I.2', 'Part II']);
  });

  it('reads a document whose numbering part is not XML: no labels, everything else', () => {
    const styles = NORMAL + style('Heading1', 'heading 1', `${numPr(1, 0)}<w:outlineLvl w:val="0"/>`);
    const doc = read({ body: p('Services', pStyle('Heading1')) + p('Text', numPr(1, 0)), styles, numbering: '<w:abstractNum w:abstractNumId="0">' });
    expect(doc.paragraphs.map((x) => [x.text, x.label, x.heading])).toEqual([
      ['Services', null, true],
      ['Text', null, false],
    ]);
  });

  it('reads a document whose styles part is not XML: styles by id, headings by outline level', () => {
    const doc = read({
      body: p('Services', pStyle('Heading1')) + p('Outlined', '<w:outlineLvl w:val="0"/>') + p('Text', numPr(1, 0)),
      styles: '<w:style w:type="paragraph" w:styleId="Heading1">',
      numbering: NUMBERING,
    });
    expect(doc.paragraphs.map((x) => [x.text, x.style, x.label, x.heading])).toEqual([
      ['Services', 'Heading1', null, false],
      ['Outlined', null, null, true],
      ['Text', null, '1.', false],
    ]);
  });

  it('reads the generated contract: numbered clauses under numbered headings, bullets, the schedule table', () => {
    const doc = readReviewDocument(contractDocx());
    // [part, heading, label, the text's start]; the contract's bullets have no label, its table rows no heading.
    const row = (x: ReviewParagraph) => [x.part, x.heading, x.label, x.text.slice(0, 24)];
    expect(doc.paragraphs.filter((x) => x.heading || x.label !== null || x.part !== 'body').map(row)).toEqual([
      ['body', true, null, 'Supply Agreement'],
      ['body', true, '1.', 'Definitions'],
      ['body', false, '1.1', 'Goods means the products'],
      ['body', false, '1.2', 'Working day means a day '],
      ['body', true, '2.', 'Orders'],
      ['body', false, '2.1', 'The Customer shall place'],
      ['body', false, '2.2', 'An order is accepted whe'],
      ['body', true, '3.', 'Delivery'],
      ['body', false, '3.1', 'The Supplier shall deliv'],
      ['body', false, '3.2', 'Risk in the Goods passes'],
      ['body', true, '4.', 'Price and payment'],
      ['body', false, '4.1', 'The prices are those in '],
      ['body', false, '4.2', 'The Customer shall:'],
      ['body', true, '5.', 'Term and termination'],
      ['body', false, '5.1', 'This agreement lasts for'],
      ['body', false, '5.2', 'Notices may be sent by e'],
      ['body', false, '5.3', 'This Agreement is govern'],
      ['body', true, null, 'Schedule – Goods and pri'],
      ['header', false, null, 'Supply Agreement – North'],
      ['footer', false, null, 'Page 1 of 2'],
      ['footnotes', false, null, ' The Schedule is reviewe'],
    ]);
    expect(doc.paragraphs.filter((x) => x.inTable).map((x) => x.text).slice(0, 3)).toEqual(['Product', 'Unit', 'Price (GBP)']);
  });

  it('throws on bytes inspectDocx refuses', () => {
    expect(() => readReviewDocument(new TextEncoder().encode('not a docx'))).toThrow(/readReviewDocument/);
  });
});
