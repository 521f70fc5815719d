import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type SyntheticDocx, buildDocx } from '../../../tests/support/docx/fixtures';
import { W14_NS } from '../package';
import { mergeSave } from './merge';
import { StyleSheet } from './styles';

/**
 * What the editor bakes into the runs it rewrites, told from what the user applied when the save
 * gives few examples to learn from (formatting.ts Calibration). The XML is the editor's own, from
 * a fidelity run over corpus python-docx/comments-rich-para.docx: a selective save rewrites only
 * the paragraph the user touched, and its comments part, written without any baked values,
 * outvotes it.
 */

const ROOT = `xmlns:w14="${W14_NS}"`;

/** The corpus file's defaults (theme fonts, 12 pt), a heading, and the comment styles it uses. */
const STYLES =
  '<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:asciiTheme="minorHAnsi" w:eastAsiaTheme="minorHAnsi" w:hAnsiTheme="minorHAnsi" w:cstheme="minorBidi"/>' +
  '<w:sz w:val="24"/><w:szCs w:val="24"/><w:lang w:val="en-US" w:eastAsia="en-US" w:bidi="ar-SA"/></w:rPr></w:rPrDefault><w:pPrDefault/></w:docDefaults>' +
  '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:rPr><w:rFonts w:asciiTheme="majorHAnsi" w:hAnsiTheme="majorHAnsi"/><w:sz w:val="32"/></w:rPr></w:style>' +
  '<w:style w:type="character" w:styleId="CommentReference"><w:name w:val="annotation reference"/><w:rPr><w:sz w:val="16"/><w:szCs w:val="16"/></w:rPr></w:style>';

/** What the editor wrote into every run of this document it rewrote. */
const FONTS = '<w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:eastAsia="Calibri" w:cs="Calibri" w:asciiTheme="minorHAnsi" w:hAnsiTheme="minorHAnsi" w:eastAsiaTheme="minorHAnsi" w:csTheme="minorBidi"/>';
const SIZE = '<w:sz w:val="24"/><w:szCs w:val="24"/>';
const BAKED = `<w:rPr>${FONTS}${SIZE}</w:rPr>`;

const DOCUMENT_TEXT = '<w:p w14:paraId="29DCEC1E" w14:textId="33F4EB10" w:rsidR="00530387" w:rsidRDefault="00530387"><w:r><w:t>Document text</w:t></w:r></w:p>';
const NOTE = (runs: string) =>
  `<w:p w14:paraId="533D7F21" w14:textId="3C48A30F"><w:commentRangeStart w:id="0"/>${runs}<w:commentRangeEnd w:id="0"/>` +
  '<w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr><w:commentReference w:id="0"/></w:r></w:p>';
const BASE_NOTE = NOTE('<w:r><w:t>Some text worthy of note.</w:t></w:r>').replace('>', ' w:rsidR="00530387" w:rsidRDefault="00530387">');

/** The comment as Word wrote it (its paragraph names CommentText in the wrong place, so it has no style) and as the editor did. */
const COMMENT =
  '<w:comment w:id="0" w:author="Steve Canny" w:date="2025-06-07T11:20:00Z" w:initials="SJC"><w:p w14:paraId="6FBB62DA" w14:textId="681B4446" w:rsidR="00530387" w:rsidRDefault="00530387" w:rsidP="00530387">' +
  '<w:pPr><w:rStyle w:val="CommentText"/></w:pPr><w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr><w:annotationRef/></w:r>' +
  '<w:r><w:t xml:space="preserve">Text with hyperlink </w:t></w:r><w:r><w:t xml:space="preserve"> embedded.</w:t></w:r></w:p></w:comment>';
const COMMENT_BY_EDITOR =
  '<w:comment w:id="0" w:author="Steve Canny" w:initials="SJC" w:date="2025-06-07T11:20:00Z"><w:p w14:paraId="23F82A2B"><w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr><w:annotationRef/></w:r>' +
  '<w:r></w:r><w:r><w:t xml:space="preserve">Text with hyperlink </w:t></w:r><w:r><w:t xml:space="preserve"> embedded.</w:t></w:r></w:p></w:comment>';

const docx = (body: string, extra: SyntheticDocx = {}) => buildDocx({ body, rootAttrs: ROOT, styles: STYLES, ...extra });
const withComment = (body: string) => docx(body, { comments: COMMENT });
const savedWithComment = (body: string) => docx(body, { comments: COMMENT_BY_EDITOR });

function part(bytes: Uint8Array, name = 'word/document.xml'): string {
  return strFromU8(unzipSync(bytes)[name]!);
}
const bodyOf = (bytes: Uint8Array) => /<w:body>([\s\S]*)<\/w:body>/.exec(part(bytes))![1]!;

describe('Calibration: a selective save, its comments outvoting the one paragraph rewritten', () => {
  const base = withComment(DOCUMENT_TEXT + BASE_NOTE);

  it('keeps a paragraph the editor rewrote with its style values and nothing else', () => {
    const edited = savedWithComment(`<w:p w14:paraId="29DCEC1E" w14:textId="33F4EB10"><w:r>${BAKED}<w:t>Document text</w:t></w:r></w:p>${BASE_NOTE}`);
    const { bytes, report } = mergeSave(base, edited);
    expect(bodyOf(bytes)).toBe(bodyOf(base));
    expect(part(bytes, 'word/comments.xml')).toBe(part(base, 'word/comments.xml'));
    expect(report.fallbacks).toEqual([]);
  });

  it('writes a replaced word into its run without the values the editor baked', () => {
    const edited = savedWithComment(DOCUMENT_TEXT + NOTE(`<w:r>${BAKED}<w:t>Redrafted text worthy of note.</w:t></w:r>`));
    expect(bodyOf(mergeSave(base, edited).bytes)).toBe(DOCUMENT_TEXT + BASE_NOTE.replace('Some', 'Redrafted'));
  });

  it('keeps the bold the user gave a word, and only that', () => {
    const bold = `<w:rPr>${FONTS}<w:b/><w:bCs/>${SIZE}</w:rPr>`;
    const edited = savedWithComment(DOCUMENT_TEXT + NOTE(`<w:r>${bold}<w:t>Some</w:t></w:r><w:r>${BAKED}<w:t xml:space="preserve"> text worthy of note.</w:t></w:r>`));
    expect(bodyOf(mergeSave(base, edited).bytes)).toBe(
      DOCUMENT_TEXT + BASE_NOTE.replace('<w:r><w:t>Some text worthy of note.</w:t></w:r>', '<w:r><w:rPr><w:b/><w:bCs/></w:rPr><w:t>Some</w:t></w:r><w:r><w:t xml:space="preserve"> text worthy of note.</w:t></w:r>'),
    );
  });

  it('writes a word that replaced a whole run into that run without the values the editor baked', () => {
    const split = '<w:r><w:t>Some</w:t></w:r><w:r><w:t xml:space="preserve"> text worthy of note.</w:t></w:r>';
    const splitBase = withComment(DOCUMENT_TEXT + NOTE(split));
    const edited = savedWithComment(DOCUMENT_TEXT + NOTE(`<w:r>${BAKED}<w:t>Redrafted text worthy of note.</w:t></w:r>`));
    expect(bodyOf(mergeSave(splitBase, edited).bytes)).toBe(DOCUMENT_TEXT + NOTE(split.replace('Some', 'Redrafted')));
  });

  it('keeps a suggested replacement as w:del and w:ins around the base run as it was', () => {
    const date = 'w:date="2026-11-25T05:54:47.366Z"';
    const del = `<w:del w:id="1000001" w:author="AI Assistant" ${date}>`;
    const ins = `<w:ins w:id="1000002" w:author="AI Assistant" ${date}>`;
    const edited = savedWithComment(
      DOCUMENT_TEXT +
        NOTE(`${del}<w:r>${BAKED}<w:delText>Some</w:delText></w:r></w:del>${ins}<w:r>${BAKED}<w:t>Redrafted</w:t></w:r></w:ins><w:r>${BAKED}<w:t xml:space="preserve"> text worthy of note.</w:t></w:r>`),
    );
    expect(bodyOf(mergeSave(base, edited).bytes)).toBe(
      DOCUMENT_TEXT +
        BASE_NOTE.replace(
          '<w:r><w:t>Some text worthy of note.</w:t></w:r>',
          `${del}<w:r><w:delText>Some</w:delText></w:r></w:del>${ins}<w:r><w:t>Redrafted</w:t></w:r></w:ins><w:r><w:t xml:space="preserve"> text worthy of note.</w:t></w:r>`,
        ),
    );
  });
});

describe("Calibration: the user's formatting, with no other run to learn from", () => {
  const base = docx(DOCUMENT_TEXT + BASE_NOTE);
  const some = (rPr: string) => docx(DOCUMENT_TEXT + NOTE(`<w:r>${rPr}<w:t>Some</w:t></w:r><w:r>${BAKED}<w:t xml:space="preserve"> text worthy of note.</w:t></w:r>`));
  const expected = (rPr: string) =>
    DOCUMENT_TEXT + BASE_NOTE.replace('<w:r><w:t>Some text worthy of note.</w:t></w:r>', `<w:r>${rPr}<w:t>Some</w:t></w:r><w:r><w:t xml:space="preserve"> text worthy of note.</w:t></w:r>`);

  it('keeps a font size other than the one the styles give', () => {
    const edited = some(`<w:rPr>${FONTS}<w:sz w:val="28"/><w:szCs w:val="28"/></w:rPr>`);
    expect(bodyOf(mergeSave(base, edited).bytes)).toBe(expected('<w:rPr><w:sz w:val="28"/><w:szCs w:val="28"/></w:rPr>'));
  });

  it('keeps a font other than the one the styles give', () => {
    const edited = some(`<w:rPr><w:rFonts w:ascii="Arial" w:hAnsi="Arial"/>${SIZE}</w:rPr>`);
    expect(bodyOf(mergeSave(base, edited).bytes)).toBe(expected('<w:rPr><w:rFonts w:ascii="Arial" w:hAnsi="Arial"/></w:rPr>'));
  });

  it("tells a heading's own size and theme font, from its style chain, from a size the user chose", () => {
    const heading = (runs: string) => `<w:p w14:paraId="0000000A"><w:pPr><w:pStyle w:val="Heading1"/></w:pPr>${runs}</w:p>`;
    const run = (rPr: string, text: string) => `<w:r>${rPr}<w:t xml:space="preserve">${text}</w:t></w:r>`;
    const headingFonts = '<w:rFonts w:ascii="Calibri Light" w:hAnsi="Calibri Light" w:eastAsia="Calibri" w:cs="Calibri" w:asciiTheme="majorHAnsi" w:hAnsiTheme="majorHAnsi" w:eastAsiaTheme="minorHAnsi" w:csTheme="minorBidi"/>';
    const headingBase = docx(heading(run('', 'A long title')) + BASE_NOTE);
    const baked = `<w:rPr>${headingFonts}<w:sz w:val="32"/><w:szCs w:val="24"/></w:rPr>`;
    expect(bodyOf(mergeSave(headingBase, docx(heading(run(baked, 'A longer title')) + BASE_NOTE)).bytes)).toBe(heading(run('', 'A longer title')) + BASE_NOTE);
    const larger = `<w:rPr>${headingFonts}<w:sz w:val="40"/><w:szCs w:val="24"/></w:rPr>`;
    expect(bodyOf(mergeSave(headingBase, docx(heading(run(baked, 'A long ') + run(larger, 'title')) + BASE_NOTE)).bytes)).toBe(
      heading(run('', 'A long ') + run('<w:rPr><w:sz w:val="40"/><w:szCs w:val="24"/></w:rPr>', 'title')) + BASE_NOTE,
    );
  });
});

describe('Calibration: votes still count', () => {
  it('takes what the editor wrote for the other runs it rewrote over what the styles name', () => {
    // An editor spelling the theme font by its name only: the votes show it is its habit.
    const plain = '<w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/><w:sz w:val="24"/></w:rPr>';
    const para = (id: string, rPr: string, text: string) => `<w:p w14:paraId="${id}"><w:r>${rPr}<w:t>${text}</w:t></w:r></w:p>`;
    const texts = ['First paragraph.', 'Second paragraph.', 'Third paragraph.'];
    const base = docx(texts.map((t, i) => para(`0000000${i}`, '', t)).join(''));
    const edited = docx(texts.map((t, i) => para(`0000000${i}`, plain, i === 1 ? t.replace('Second', 'Other') : t)).join(''));
    expect(bodyOf(mergeSave(base, edited).bytes)).toBe(bodyOf(base).replace('Second', 'Other'));
  });
});

describe('StyleSheet.styled', () => {
  const sheet = new StyleSheet(
    `<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">${STYLES}` +
      '<w:style w:type="paragraph" w:styleId="Quote"><w:basedOn w:val="Heading1"/><w:rPr><w:rFonts w:ascii="Georgia"/><w:color w:val="4472C4" w:themeColor="accent1"/></w:rPr></w:style>' +
      '<w:style w:type="table" w:styleId="Grid"><w:tblStylePr w:type="firstRow"><w:rPr><w:b/></w:rPr></w:tblStylePr></w:style></w:styles>',
  );

  it('resolves each property through the paragraph style chain, the character style and the defaults', () => {
    expect(['rFonts', 'sz', 'color', 'b'].map((p) => sheet.styled('', '', p as 'sz'))).toEqual(['minorhansi', '24', undefined, undefined]);
    expect(['rFonts', 'sz'].map((p) => sheet.styled('Heading1', '', p as 'sz'))).toEqual(['majorhansi', '32']);
    expect(sheet.styled('Heading1', 'CommentReference', 'sz')).toBe('16');
  });

  it('lets a font named for the Latin slot replace the theme font below it, as the editor merges them', () => {
    expect(sheet.styled('Quote', '', 'rFonts')).toBe('georgia');
    expect(sheet.styled('Quote', '', 'color')).toBe('accent1//');
  });

  it("does not take a table style's conditional formatting for its text's", () => {
    expect(sheet.styled('Grid', '', 'b')).toBeUndefined();
  });
});
