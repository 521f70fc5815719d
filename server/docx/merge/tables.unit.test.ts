import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildDocx } from '../../../tests/support/docx/fixtures';
import { W14_NS } from '../package';
import { mergeSave } from './merge';

/**
 * Tables and empty bodies after the editor's save. The editor cannot show a cell or a row wrapped
 * in a content control (w:sdt): it drops it, and fills the row's grid with an empty cell of its
 * own, or drops the row (measured with the real editor, bench/fidelity: poi/Bug54771a.docx,
 * Bug54771b.docx, Bug54849.docx, tika-3816.docx, PageSpecificHeadFoot.docx). It drops w:gridBefore
 * and fills those columns with empty cells (python-docx/tbl-props.docx), and it adds an empty
 * paragraph to a body that has none (python-docx/default.docx). None of that is the user's, and
 * no text the user could not see may be lost for it.
 */

const ROOT = `xmlns:w14="${W14_NS}"`;
const BAKED = '<w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/><w:sz w:val="22"/></w:rPr>';
const p = (id: string, inner: string, attrs = '') => `<w:p w14:paraId="${id}" w14:textId="77777777"${attrs}>${inner}</w:p>`;
const r = (text: string, rPr = '', attrs = '') => `<w:r${attrs}>${rPr}<w:t xml:space="preserve">${text}</w:t></w:r>`;
const docx = (body: string) => buildDocx({ body, rootAttrs: ROOT });
const bodyOf = (bytes: Uint8Array) => /<w:body>([\s\S]*)<\/w:body>/.exec(strFromU8(unzipSync(bytes)['word/document.xml']!))![1]!;

const TC_PR = '<w:tcPr><w:tcW w:w="2000" w:type="dxa"/></w:tcPr>';
const cell = (inner: string, tcPr = TC_PR) => `<w:tc>${tcPr}${inner}</w:tc>`;
const row = (inner: string, attrs = ' w:rsidR="00AB12CD"') => `<w:tr${attrs}>${inner}</w:tr>`;
const table = (rows: string, columns = 1) =>
  `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid>${'<w:gridCol w:w="2000"/>'.repeat(columns)}</w:tblGrid>${rows}</w:tbl>`;
/** A content control around a cell or row, as Word writes one bound to a document property. */
const control = (inner: string) => `<w:sdt><w:sdtPr><w:alias w:val="Company"/><w:id w:val="15524243"/><w:text/></w:sdtPr><w:sdtContent>${inner}</w:sdtContent></w:sdt>`;
/** The editor's own cell: no run, a fresh id, the spacing it bakes in. */
const editorCell = (id: string) => cell(`<w:p w14:paraId="${id}"><w:pPr><w:spacing w:after="200" w:line="276" w:lineRule="auto"/></w:pPr></w:p>`, '<w:tcPr><w:tcW w:w="100" w:type="pct"/></w:tcPr>');

const KEEP = p('00000001', r('Keep me.', '', ' w:rsidR="00AB12CD"'), ' w:rsidR="00AB12CD"');
const KEEP_REWRITTEN = p('00000001', r('Keep me.', BAKED));
const NAME = p('00000002', r('Name', '', ' w:rsidR="00AB12CD"'));
const NAME_REWRITTEN = p('00000002', r('Name', BAKED));
const HIDDEN = p('00000003', r('Acme Ltd', '<w:rPr><w:caps/></w:rPr>'));
const HIDDEN_TOO = p('00000004', r('Choose an item.'));
const REASON = "the rows or cells of a table changed, and it has cells the editor does not show: the base's table was kept, with the user's rows and cells added or cut";

describe('mergeSave: tables with cells or rows the editor cannot show', () => {
  it('keeps a cell in a content control that the editor replaced with an empty cell of its own', () => {
    const base = docx(table(row(control(cell(HIDDEN))) + row(cell(NAME))) + KEEP);
    const edited = docx(table(row(editorCell('2BC00B8F')) + row(cell(NAME_REWRITTEN))) + KEEP_REWRITTEN);
    const { bytes, report } = mergeSave(base, edited);
    expect(bodyOf(bytes)).toBe(bodyOf(base));
    expect(report.fallbacks).toEqual([]);
    expect(report.changes).toEqual([{ part: 'word/document.xml', kind: 'ignored', paraId: '2BC00B8F' }]);
    expect(report.paragraphs).toMatchObject({ inserted: 0, deleted: 0 });
  });

  it('keeps a table whose every cell is in a content control, though no paragraph of it pairs', () => {
    const base = docx(table(row(control(cell(HIDDEN))) + row(control(cell(HIDDEN_TOO)))) + KEEP);
    const edited = docx(table(row(editorCell('1677E397')) + row(editorCell('4BDD4F51'))) + KEEP_REWRITTEN);
    const { bytes, report } = mergeSave(base, edited);
    expect(bodyOf(bytes)).toBe(bodyOf(base));
    expect(report.fallbacks).toEqual([]);
    expect(report.changes.map((c) => c.kind)).toEqual(['ignored', 'ignored']);
  });

  it('keeps a cell in a content control the editor dropped, and merges the word the user changed next to it', () => {
    const base = docx(table(row(cell(NAME) + control(cell(HIDDEN))), 2) + KEEP);
    // The editor widens the cell it kept over the grid column of the one it dropped.
    const widened = '<w:tcPr><w:tcW w:w="4000" w:type="dxa"/><w:gridSpan w:val="2"/></w:tcPr>';
    const edited = docx(table(row(cell(p('00000002', r('Surname', BAKED)), widened)), 2) + KEEP_REWRITTEN);
    const { bytes, report } = mergeSave(base, edited);
    expect(bodyOf(bytes)).toBe(bodyOf(base).replace('>Name<', '>Surname<'));
    expect(report.fallbacks).toEqual([]);
    expect(report.changes).toEqual([{ part: 'word/document.xml', kind: 'edited', paraId: '00000002' }]);
  });

  it('keeps a row in content controls that the editor dropped', () => {
    const base = docx(table(row(cell(NAME)) + control(control(row(cell(HIDDEN_TOO)))) + row(cell(KEEP))));
    const edited = docx(table(row(cell(NAME_REWRITTEN)) + row(cell(KEEP_REWRITTEN))));
    const { bytes, report } = mergeSave(base, edited);
    expect(bodyOf(bytes)).toBe(bodyOf(base));
    expect(report.fallbacks).toEqual([]);
    expect(report.paragraphs).toMatchObject({ deleted: 0 });
  });

  it('ignores the empty cells the editor adds where a row starts with empty grid columns', () => {
    const before = '<w:trPr><w:gridBefore w:val="1"/></w:trPr>';
    const base = docx(table(row(cell(KEEP) + cell(NAME)) + row(before + cell(HIDDEN_TOO)), 2));
    const filler = '<w:tc><w:p w14:paraId="4DB2D8D1"></w:p></w:tc>';
    const edited = docx(table(row(cell(KEEP_REWRITTEN) + cell(NAME_REWRITTEN)) + row(cell(p('00000004', r('Choose an item.', BAKED))) + filler), 2));
    const { bytes, report } = mergeSave(base, edited);
    expect(bodyOf(bytes)).toBe(bodyOf(base));
    expect(report.fallbacks).toEqual([]);
    expect(report.changes).toEqual([{ part: 'word/document.xml', kind: 'ignored', paraId: '4DB2D8D1' }]);
  });

  it("still takes the editor's table when the user added a column", () => {
    const base = docx(table(row(cell(NAME))) + KEEP);
    const added = cell('<w:p w14:paraId="0000000B"><w:pPr><w:spacing w:after="200" w:line="276" w:lineRule="auto"/></w:pPr></w:p>');
    const edited = docx(table(row(cell(NAME_REWRITTEN) + added), 2) + KEEP_REWRITTEN);
    const { bytes, report } = mergeSave(base, edited);
    expect(bodyOf(bytes)).toContain('<w:gridCol w:w="2000"/><w:gridCol w:w="2000"/>');
    expect(bodyOf(bytes)).toContain(NAME);
    expect(report.fallbacks).toEqual([{ part: 'word/document.xml', scope: 'table', paraId: '00000002', reason: 'the rows or cells of a table changed' }]);
  });

  it('adds the row the user added to a table with a cell the editor did not show, and keeps that cell', () => {
    const base = docx(table(row(cell(NAME) + control(cell(HIDDEN))) + row(cell(KEEP)), 2));
    const added = row(cell(p('0000000B', r('Added', BAKED))), '');
    const edited = docx(table(row(cell(NAME_REWRITTEN)) + added + row(cell(KEEP_REWRITTEN)), 2));
    const { bytes, report } = mergeSave(base, edited);
    expect(bodyOf(bytes)).toBe(bodyOf(base).replace('</w:tr>', `</w:tr>${added}`));
    expect(report.fallbacks).toEqual([{ part: 'word/document.xml', scope: 'table', paraId: '00000002', reason: REASON }]);
    expect(report.paragraphs).toMatchObject({ inserted: 1, deleted: 0 });
  });

  it('cuts the row the user deleted from a table with a cell the editor did not show, and keeps that cell', () => {
    const first = row(cell(NAME) + control(cell(HIDDEN)));
    const base = docx(table(first + row(cell(KEEP)), 2));
    const edited = docx(table(row(cell(NAME_REWRITTEN)), 2));
    const { bytes, report } = mergeSave(base, edited);
    expect(bodyOf(bytes)).toBe(table(first, 2));
    expect(report.fallbacks).toEqual([{ part: 'word/document.xml', scope: 'table', paraId: '00000002', reason: REASON }]);
    expect(report.changes).toEqual([{ part: 'word/document.xml', kind: 'deleted', paraId: '00000001' }]);
  });

  it('cuts a table the user deleted, with the cell in a content control that the editor did not show', () => {
    const base = docx(table(row(cell(NAME) + control(cell(HIDDEN))), 2) + KEEP);
    const edited = docx(KEEP_REWRITTEN);
    const { bytes, report } = mergeSave(base, edited);
    expect(bodyOf(bytes)).toBe(KEEP);
    expect(report.paragraphs).toMatchObject({ deleted: 2 });
  });
});

describe('mergeSave: an empty body', () => {
  const SECT = '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr>';

  it('does not write the empty paragraph the editor adds to a body with only section properties', () => {
    const base = docx(SECT);
    const edited = docx(`<w:p w14:paraId="3D92EC61"></w:p>${SECT}`);
    const { bytes, report } = mergeSave(base, edited);
    expect(bodyOf(bytes)).toBe(SECT);
    expect(report.changes).toEqual([{ part: 'word/document.xml', kind: 'ignored', paraId: '3D92EC61' }]);
    expect(report.paragraphs).toMatchObject({ inserted: 0 });
  });

  it('writes a paragraph the user typed into an empty body, once', () => {
    const base = docx(SECT);
    const edited = docx(`${p('0000ABCD', r('Hello', BAKED))}${SECT}`);
    const { bytes, report } = mergeSave(base, edited);
    expect(bodyOf(bytes)).toBe(`${p('0000ABCD', r('Hello', BAKED))}${SECT}`);
    expect(report.paragraphs).toMatchObject({ inserted: 1 });
  });
});
