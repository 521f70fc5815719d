import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type SyntheticDocx, buildDocx } from '../../../tests/support/docx/fixtures';
import { inspectDocx } from '../inspect';
import { W14_NS } from '../package';
import { extractText } from '../text';
import { diff } from './diff';
import { mergeSave } from './merge';
import { formatReport } from './report';

/**
 * The merge's rules on small documents, each edited the way the editor writes its saves
 * (docs/editor.md): rsids dropped, style values baked into every run it rewrites, runs joined.
 */

const ROOT = `xmlns:w14="${W14_NS}"`;
const BAKED = '<w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/><w:sz w:val="22"/></w:rPr>';
const BAKED_BOLD = '<w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/><w:b/><w:bCs/><w:sz w:val="22"/></w:rPr>';
const p = (id: string, inner: string, attrs = '') => `<w:p w14:paraId="${id}" w14:textId="77777777"${attrs}>${inner}</w:p>`;
const r = (text: string, rPr = '', attrs = '') => `<w:r${attrs}>${rPr}<w:t xml:space="preserve">${text}</w:t></w:r>`;
const docx = (body: string, extra: SyntheticDocx = {}) => buildDocx({ body, rootAttrs: ROOT, ...extra });

function part(bytes: Uint8Array, name = 'word/document.xml'): string {
  return strFromU8(unzipSync(bytes)[name]!);
}
const bodyOf = (bytes: Uint8Array) => /<w:body>([\s\S]*)<\/w:body>/.exec(part(bytes))![1]!;
const textOf = (bytes: Uint8Array) => {
  const r = inspectDocx(bytes);
  if (!r.ok) throw new Error(r.detail);
  return extractText(r.pkg).text;
};

const KEEP = p('00000001', r('Keep me exactly as I am.', '', ' w:rsidR="00AB12CD"'), ' w:rsidR="00AB12CD"');
const KEEP_REWRITTEN = p('00000001', r('Keep me exactly as I am.', BAKED));
const FOX = p('00000002', r('The quick brown fox jumps.', '<w:rPr><w:i/></w:rPr>', ' w:rsidR="00C0FFEE"'));

describe('mergeSave: paragraphs', () => {
  it('keeps untouched paragraphs byte for byte and writes a replaced word into the run it replaces', () => {
    const base = docx(KEEP + FOX);
    const edited = docx(KEEP_REWRITTEN + p('00000002', r('The quick red fox jumps.', BAKED.replace('<w:sz', '<w:i/><w:sz'))));
    const { bytes, report } = mergeSave(base, edited);
    expect(bodyOf(bytes)).toBe(bodyOf(base).replace('brown', 'red'));
    expect(report).toMatchObject({ merged: true, paragraphs: { untouched: 1, merged: 1, fallback: 0 }, fallbacks: [] });
    expect(report.changes).toEqual([{ part: 'word/document.xml', kind: 'edited', paraId: '00000002' }]);
  });

  it('keeps the base bytes when the editor rewrote but nothing changed', () => {
    const base = docx(KEEP + FOX);
    const edited = docx(KEEP_REWRITTEN + p('00000002', r('The quick brown fox jumps.', BAKED.replace('<w:sz', '<w:i/><w:sz'))));
    expect(bodyOf(mergeSave(base, edited).bytes)).toBe(bodyOf(base));
  });

  it('keeps a word the user made bold, and nothing else of what the editor wrote', () => {
    const base = docx(KEEP + p('00000002', r('The quick brown fox jumps.')));
    const edited = docx(KEEP_REWRITTEN + p('00000002', r('The quick ', BAKED) + r('brown', BAKED_BOLD) + r(' fox jumps.', BAKED)));
    const { bytes } = mergeSave(base, edited);
    expect(bodyOf(bytes)).toBe(
      KEEP + p('00000002', r('The quick ') + '<w:r><w:rPr><w:b/><w:bCs/></w:rPr><w:t xml:space="preserve">brown</w:t></w:r>' + r(' fox jumps.')),
    );
  });

  it("keeps the editor's w:del and w:ins with their author and date, around the base run's properties", () => {
    const base = docx(KEEP + FOX);
    const italic = BAKED.replace('<w:sz', '<w:i/><w:sz');
    const del = '<w:del w:id="9001" w:author="AI Assistant" w:date="2031-01-01T00:00:00Z">';
    const ins = '<w:ins w:id="9002" w:author="AI Assistant" w:date="2031-01-01T00:00:00Z">';
    const edited = docx(
      KEEP_REWRITTEN +
        p('00000002', r('The quick ', italic) + `${del}<w:r>${italic}<w:delText>brown</w:delText></w:r></w:del>${ins}${r('red', italic)}</w:ins>` + r(' fox jumps.', italic)),
    );
    const { bytes, report } = mergeSave(base, edited);
    const run = (content: string) => `<w:r w:rsidR="00C0FFEE"><w:rPr><w:i/></w:rPr>${content}</w:r>`;
    expect(bodyOf(bytes)).toBe(
      KEEP +
        p(
          '00000002',
          run('<w:t xml:space="preserve">The quick </w:t>') +
            `${del}${run('<w:delText>brown</w:delText>')}</w:del>${ins}${run('<w:t>red</w:t>')}</w:ins>` +
            run('<w:t xml:space="preserve"> fox jumps.</w:t>'),
        ),
    );
    expect(report.fallbacks).toEqual([]);
    expect(textOf(bytes)).toBe(textOf(edited));
  });

  it('builds a paragraph split off another from its properties and runs, with the id the editor gave it', () => {
    const centred = '<w:pPr><w:jc w:val="center"/><w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr></w:pPr>';
    const base = docx(p('00000003', `${centred}${r('First half. Second half.', '<w:rPr><w:i/></w:rPr>')}`));
    const editedPPr = '<w:pPr><w:jc w:val="center"/></w:pPr>';
    const italic = BAKED.replace('<w:sz', '<w:i/><w:sz');
    const edited = docx(p('00000003', `${editedPPr}${r('First half. ', italic)}`) + `<w:p w14:paraId="0000ABCD">${editedPPr}${r('Second half.', italic)}</w:p>`);
    const { bytes, report } = mergeSave(base, edited);
    // The section break stays with the paragraph that had it; the new one gets a copy of the rest.
    expect(bodyOf(bytes)).toBe(
      p('00000003', `${centred}${r('First half. ', '<w:rPr><w:i/></w:rPr>')}`) +
        `<w:p w14:paraId="0000ABCD"><w:pPr><w:jc w:val="center"/></w:pPr>${r('Second half.', '<w:rPr><w:i/></w:rPr>')}</w:p>`,
    );
    expect(report.paragraphs).toMatchObject({ merged: 1, inserted: 1, deleted: 0 });
  });

  it('cuts a paragraph the user deleted and inserts one the user typed, where it was typed', () => {
    const base = docx(KEEP + FOX + p('00000004', r('Delete me.')));
    const edited = docx(KEEP_REWRITTEN + p('0000AAAA', r('A new thought.', BAKED)) + p('00000002', r('The quick brown fox jumps.', BAKED.replace('<w:sz', '<w:i/><w:sz'))));
    const { bytes, report } = mergeSave(base, edited);
    // Typed after the first paragraph, the new one is made like it (as Word does on Enter).
    expect(bodyOf(bytes)).toBe(KEEP + `<w:p w:rsidR="00AB12CD" w14:paraId="0000AAAA" w14:textId="77777777">${r('A new thought.', '', ' w:rsidR="00AB12CD"')}</w:p>` + FOX);
    expect(report.paragraphs).toMatchObject({ untouched: 2, inserted: 1, deleted: 1 });
    expect(textOf(bytes)).toBe(textOf(edited));
  });

  it('pairs paragraphs whose ids the editor lost by their text', () => {
    const base = docx(KEEP + FOX);
    const edited = docx(`<w:p>${r('Keep me exactly as I am.', BAKED)}</w:p><w:p>${r('The quick brown fox leaps.', BAKED)}</w:p>`);
    const { bytes, report } = mergeSave(base, edited);
    expect(bodyOf(bytes)).toBe(KEEP + FOX.replace('jumps', 'leaps'));
    expect(report.paragraphs).toMatchObject({ untouched: 1, merged: 1 });
  });

  it('keeps text the editor drops without showing it: smart tags, positional tabs, page breaks', () => {
    const tagged = p('00000005', `${r('Visit ')}<w:smartTag w:uri="urn:x" w:element="place">${r('San Francisco')}</w:smartTag>${r(' soon.')}`);
    const header = p('00000006', `${r('Left')}<w:r><w:ptab w:relativeTo="margin" w:alignment="right" w:leader="none"/></w:r>${r('Right')}`);
    const pageBreak = p('00000007', '<w:r><w:br w:type="page"/></w:r>');
    const base = docx(tagged + header + pageBreak);
    const edited = docx(p('00000005', r('Visit ', BAKED) + r(' later.', BAKED)) + p('00000006', r('Left', BAKED) + r('Right', BAKED)) + p('00000007', ''));
    const { bytes } = mergeSave(base, edited);
    expect(bodyOf(bytes)).toBe(tagged.replace(' soon.', ' later.') + header + pageBreak);
  });

  it("takes the editor's paragraph, with the reason, when the user added something the merge does not place", () => {
    const base = docx(KEEP + FOX);
    const comment = '<w:commentRangeStart w:id="7"/>';
    const edited = docx(KEEP_REWRITTEN + p('00000002', `${comment}${r('The quick brown fox jumps.', BAKED)}<w:commentRangeEnd w:id="7"/>`));
    const { bytes, report } = mergeSave(base, edited);
    expect(bodyOf(bytes)).toBe(KEEP + p('00000002', `${comment}${r('The quick brown fox jumps.', BAKED)}<w:commentRangeEnd w:id="7"/>`));
    expect(report.fallbacks).toEqual([{ part: 'word/document.xml', scope: 'paragraph', paraId: '00000002', reason: 'a comment was added' }]);
    expect(formatReport(report)).toContain('fallback paragraph word/document.xml#00000002: a comment was added');
  });

  it("rebuilds a table from the editor's when its rows changed, keeping every paragraph it knows", () => {
    const cell = (id: string, text: string, rPr = '') => `<w:tc><w:tcPr><w:tcW w:w="2000" w:type="dxa"/></w:tcPr>${p(id, r(text, rPr))}</w:tc>`;
    const table = (rows: string[]) => `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid><w:gridCol w:w="2000"/></w:tblGrid>${rows.map((x) => `<w:tr>${x}</w:tr>`).join('')}</w:tbl>`;
    const base = docx(table([cell('0000000A', 'Row one', '<w:rPr><w:u w:val="single"/></w:rPr>')]) + KEEP);
    const edited = docx(table([cell('0000000A', 'Row one', BAKED), cell('0000000B', 'Row two', BAKED)]) + KEEP_REWRITTEN);
    const { bytes, report } = mergeSave(base, edited);
    expect(bodyOf(bytes)).toContain(p('0000000A', r('Row one', '<w:rPr><w:u w:val="single"/></w:rPr>')));
    expect(bodyOf(bytes)).toContain(KEEP);
    expect(report.fallbacks).toEqual([{ part: 'word/document.xml', scope: 'table', paraId: '0000000A', reason: 'the rows or cells of a table changed' }]);
    expect(textOf(bytes)).toBe(textOf(edited));
  });
});

describe('mergeSave: parts', () => {
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);
  const CORE = (when: string) =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dcterms:modified xsi:type="dcterms:W3CDTF">${when}</dcterms:modified></cp:coreProperties>`;

  it('keeps headers the editor rewrote, takes only the modification time of docProps, and does not duplicate pictures', () => {
    const base = docx(KEEP, { headers: [`<w:p>${r('Header text', '', ' w:rsidR="00112233"')}</w:p>`], extraParts: { 'word/media/image1.png': PNG, 'docProps/core.xml': CORE('2020-01-01T00:00:00Z') } });
    const files = unzipSync(base);
    files['word/header1.xml'] = strToU8(part(base, 'word/header1.xml').replace(/ w:rsidR="00112233"/g, '').replace('<w:r>', `<w:r>${BAKED}`));
    files['docProps/core.xml'] = strToU8(CORE('2031-02-03T04:05:06Z'));
    files['word/media/image7.png'] = files['word/media/image1.png']!; // re-added under a new name
    delete files['word/media/image1.png'];
    files['word/_rels/document.xml.rels'] = strToU8(part(base, 'word/_rels/document.xml.rels').replace('media/image1.png', 'media/image7.png'));
    const { bytes, report } = mergeSave(base, zipSync(files));
    const out = unzipSync(bytes);
    expect(Object.keys(out).sort()).toEqual(Object.keys(unzipSync(base)).sort());
    expect(part(bytes, 'word/header1.xml')).toBe(part(base, 'word/header1.xml'));
    expect(part(bytes, 'docProps/core.xml')).toBe(CORE('2031-02-03T04:05:06Z'));
    expect(report.parts).toEqual([{ part: 'docProps/core.xml', action: 'modified-time' }]);
  });

  it('adds a picture the user inserted, with its relationship renumbered into the base', () => {
    const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
    const drawing = (rid: string) =>
      `<w:r><w:drawing><a:graphic xmlns:a="${A}"><a:graphicData uri="${A}"><a:blip r:embed="${rid}"/></a:graphicData></a:graphic></w:drawing></w:r>`;
    const base = docx(KEEP + FOX, { extraParts: { 'word/media/image1.png': PNG } });
    const files = unzipSync(base);
    const NEW = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 9, 9, 9]);
    files['word/media/image2.png'] = NEW;
    files['word/_rels/document.xml.rels'] = strToU8(
      part(base, 'word/_rels/document.xml.rels').replace(
        '</Relationships>',
        '<Relationship Id="rIdwordmediaimage1png" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.com" TargetMode="External"/><Relationship Id="rId99" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image2.png"/></Relationships>',
      ).replace('Id="rIdwordmediaimage1png" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image"', 'Id="rIdOld" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image"'),
    );
    files['word/document.xml'] = strToU8(part(base).replace(FOX, p('00000002', r('The quick brown fox jumps.', BAKED.replace('<w:sz', '<w:i/><w:sz')) + drawing('rId99'))));
    const { bytes, report } = mergeSave(base, zipSync(files));
    const rels = part(bytes, 'word/_rels/document.xml.rels');
    const id = /Id="([^"]+)" Type="[^"]+\/image" Target="media\/image2\.png"/.exec(rels)?.[1];
    expect(id).toBeDefined();
    expect(part(bytes)).toContain(`r:embed="${id}"`);
    expect(unzipSync(bytes)['word/media/image2.png']).toEqual(NEW);
    expect(report.fallbacks.map((f) => f.reason)).toEqual(['a picture was added']);
    expect(inspectDocx(bytes).ok).toBe(true);
  });

  it("keeps the base's part, saying why, when the editor's copy of it does not read", () => {
    const base = docx(KEEP, { headers: [`<w:p>${r('Header text')}</w:p>`] });
    const files = unzipSync(base);
    files['word/header1.xml'] = strToU8(part(base, 'word/header1.xml').replace('<w:p>', '<w:p w14:paraId="00000009">'));
    const { bytes, report } = mergeSave(base, zipSync(files));
    expect(part(bytes, 'word/header1.xml')).toBe(part(base, 'word/header1.xml'));
    expect(report.fallbacks).toEqual([{ part: 'word/header1.xml', scope: 'part', paraId: undefined, reason: expect.stringMatching(/^the part could not be read/) }]);
  });

  it("returns the editor's bytes, unmerged and saying why, when the merge cannot read them", () => {
    const edited = new TextEncoder().encode('not a zip');
    const { bytes, report } = mergeSave(docx(KEEP), edited);
    expect(bytes).toBe(edited);
    expect(report.merged).toBe(false);
    expect(report.fallbacks[0]).toMatchObject({ scope: 'document', reason: expect.stringMatching(/^the merge failed/) });
  });
});

describe('diff', () => {
  it('finds a shortest edit script', () => {
    const steps = diff([1, 2, 3, 4, 5], [1, 9, 3, 4, 6, 5]);
    expect(steps.filter((s) => s.op === 'equal').map((s) => [s.i, s.j])).toEqual([[0, 0], [2, 2], [3, 3], [4, 5]]);
    expect(steps.filter((s) => s.op !== 'equal')).toHaveLength(3);
  });
});
