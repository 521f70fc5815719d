import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildDocx } from '../../../tests/support/docx/fixtures';
import { inspectDocx } from '../inspect';
import { W14_NS } from '../package';
import { extractText } from '../text';
import { Calibration } from './formatting';
import { mergeSave } from './merge';
import { readParagraph } from './paragraph';
import { mergeParagraph, movedPicturesArrived, pairOf } from './paragraph-merge';
import { StyleSheet } from './styles';
import { isTextBoxAnchor, readTree, textBoxMoves } from './tree';

/**
 * What the editor drops from a paragraph it writes without the user having touched it, as the
 * fidelity run with the real editor found (bench/fidelity): soft hyphens, a revision inside
 * another (a deletion inside a tracked move), and the paragraph that anchors a text box. The
 * merge keeps the base's and never reads the loss as the user deleting text.
 */

const ROOT = `xmlns:w14="${W14_NS}"`;
/** What the editor bakes into every run it writes (docs/editor.md). */
const BAKED = '<w:rPr><w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman"/><w:sz w:val="24"/></w:rPr>';
const p = (id: string, inner: string, attrs = '') => `<w:p w14:paraId="${id}" w14:textId="77777777"${attrs}>${inner}</w:p>`;
const r = (text: string, rPr = '', attrs = '') => `<w:r${attrs}>${rPr}<w:t xml:space="preserve">${text}</w:t></w:r>`;
const docx = (body: string) => buildDocx({ body, rootAttrs: ROOT });
const bodyOf = (bytes: Uint8Array) => /<w:body>([\s\S]*)<\/w:body>/.exec(strFromU8(unzipSync(bytes)['word/document.xml']!))![1]!;
const textOf = (bytes: Uint8Array) => {
  const out = inspectDocx(bytes);
  if (!out.ok) throw new Error(out.detail);
  return extractText(out.pkg);
};

describe('mergeSave: soft hyphens, which the editor does not write back', () => {
  // poi/drawing.docx: "Од<softHyphen/>новременно", the soft hyphen first in the run with the rest of the word.
  const RSID = ' w:rsidRPr="008B5DAD"';
  const hyphenated = p('6A37AF8B', `${r('"Омскводоканалу". Од', '', RSID)}<w:r${RSID}><w:softHyphen/><w:t xml:space="preserve">новременно Moody’s присвоило</w:t></w:r>`, ' w:rsidR="008B5DAD"');

  it('keeps them when the editor rewrote the paragraph without them', () => {
    const base = docx(hyphenated);
    const edited = docx(p('6A37AF8B', r('"Омскводоканалу". Одновременно Moody’s присвоило', BAKED)));
    const { bytes, report } = mergeSave(base, edited);
    expect(bodyOf(bytes)).toBe(bodyOf(base));
    expect(report.fallbacks).toEqual([]);
    expect(report.paragraphs).toMatchObject({ untouched: 1, merged: 0 });
  });

  it('keeps them beside a word the user replaced', () => {
    const base = docx(hyphenated);
    const edited = docx(p('6A37AF8B', r('"Омскводоканалу". Одновременно Moody’s дало', BAKED)));
    const { bytes, report } = mergeSave(base, edited);
    expect(bodyOf(bytes)).toBe(bodyOf(base).replace('присвоило', 'дало'));
    expect(report.fallbacks).toEqual([]);
  });

  it('are no character of the text that search and the assistant read', () => {
    const { text, wordCount } = textOf(docx(hyphenated));
    expect(text).toBe('"Омскводоканалу". Одновременно Moody’s присвоило');
    expect(wordCount).toBe(4);
  });
});

describe('mergeSave: a revision inside another, which the editor drops', () => {
  // poi/Tika-792.docx: a deletion inside a tracked move, beside a deletion of its own.
  const moved =
    '<w:bookmarkStart w:id="0" w:name="_GoBack"/><w:bookmarkEnd w:id="0"/><w:del w:id="1" w:author="Author"><w:r><w:delText>s</w:delText></w:r></w:del>' +
    '<w:moveToRangeStart w:id="2" w:author="Author" w:name="move256509658"/><w:moveTo w:id="3" w:author="Author"><w:del w:id="4" w:author="Author"><w:r><w:delText>.</w:delText></w:r></w:del></w:moveTo>';
  const RSID = ' w:rsidR="00910EBC"';

  it('keeps a deletion inside a tracked move', () => {
    const base = docx(p('74D8169D', moved, RSID));
    const edited = docx(
      p('74D8169D', `<w:pPr><w:spacing w:after="200" w:line="276" w:lineRule="auto"/></w:pPr><w:bookmarkStart w:id="0" w:name="_GoBack"/><w:del w:id="1" w:author="Author"><w:r>${BAKED}<w:delText>s</w:delText></w:r></w:del><w:bookmarkEnd w:id="0"/>`),
    );
    const { bytes, report } = mergeSave(base, edited);
    expect(bodyOf(bytes)).toBe(bodyOf(base));
    expect(report.fallbacks).toEqual([]);
  });

  it('keeps text inserted and then deleted, and merges the word the user typed beside it', () => {
    const twice = '<w:ins w:id="5" w:author="Ann"><w:del w:id="6" w:author="Bob"><w:r><w:delText>very </w:delText></w:r></w:del></w:ins>';
    const base = docx(p('00000010', `${r('A ')}${twice}${r('quick fox.')}`, RSID));
    const edited = docx(p('00000010', r('A quick brown fox.', BAKED)));
    const { bytes, report } = mergeSave(base, edited);
    expect(bodyOf(bytes)).toBe(p('00000010', `${r('A ')}${twice}<w:r><w:t xml:space="preserve">quick brown fox.</w:t></w:r>`, RSID));
    expect(report.fallbacks).toEqual([]);
  });

  it('deletes text of a tracked move the editor showed and the user deleted', () => {
    const base = docx(p('00000011', `${r('Keep ')}<w:moveTo w:id="7" w:author="Ann">${r('this ')}</w:moveTo>${r('text.')}`, RSID));
    const edited = docx(p('00000011', r('Keep text.', BAKED)));
    const { bytes } = mergeSave(base, edited);
    expect(bodyOf(bytes)).toBe(p('00000011', `${r('Keep ')}${r('text.')}`, RSID));
  });
});

describe('a paragraph that only anchors a text box, which the editor drops', () => {
  // poi/bib-chernigovka.netdo.ru_download_docs_17459.docx: an empty paragraph anchors a text box
  // (a DrawingML shape, its VML copy in mc:Fallback). The editor shows the box as a block of its
  // own, drops the paragraph, and writes the box, without its text, into the next paragraph.
  const NS =
    `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:w14="${W14_NS}" ` +
    'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" xmlns:v="urn:schemas-microsoft-com:vml" ' +
    'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ' +
    'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';
  const shape = (content: string) =>
    '<w:drawing><wp:anchor distT="0" distB="0" distL="114300" distR="114300" simplePos="0" relativeHeight="251659264" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">' +
    '<wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="column"><wp:posOffset>-97155</wp:posOffset></wp:positionH><wp:positionV relativeFrom="paragraph"><wp:posOffset>199390</wp:posOffset></wp:positionV>' +
    '<wp:extent cx="6038215" cy="4777740"/><wp:wrapSquare wrapText="bothSides"/><wp:docPr id="1" name="Поле 1"/>' +
    `<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp>${content}</wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing>`;
  const box = (id: string) => `<w:txbxContent>${p(id, r('Календарь знаменательных дат на 2017 год.'))}</w:txbxContent>`;
  const centred = '<w:pPr><w:jc w:val="center"/></w:pPr>';
  const boxRun =
    `<w:r><mc:AlternateContent><mc:Choice Requires="wps">${shape(`<wps:cNvSpPr txBox="1"/><wps:txbx>${box('61E9B3FB')}</wps:txbx><wps:bodyPr/>`)}</mc:Choice>` +
    `<mc:Fallback><w:pict><v:shape id="Поле 1"><v:textbox>${box('4B79DD97')}</v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r>`;
  const anchor = p('4092163F', centred + boxRun);
  const next = p('4C6BEBD8', centred);
  const after = p('0FE9D5A4', `${centred}${r('2017')}`);
  const editorsNext = p('4C6BEBD8', `${centred}<w:r>${shape('<wps:cNvSpPr/><wps:spPr/><wps:bodyPr rot="0" vert="horz"/>')}</w:r>`);
  const doc = (body: string) => `<w:document ${NS}><w:body>${body}</w:body></w:document>`;

  it('is known for one, and so is the paragraph the editor moves its box into', () => {
    const tree = readTree(doc(anchor + next + after));
    const [a, n, x] = tree.paragraphs;
    expect([a, n, x].map((b) => isTextBoxAnchor(b!))).toEqual([true, false, false]);
    expect(a!.textBoxes).toBe(1); // the mc:Fallback copy is the same box
    // The editor kept the other two and dropped the anchor: its box went into the next one.
    expect(textBoxMoves(tree.paragraphs, (b) => b !== a)).toEqual(new Map([[n, [a]]]));
    // A paragraph the editor did not keep between them is the user's deletion: no move.
    expect(textBoxMoves(readTree(doc(anchor + after + next)).paragraphs, (b) => b.paraId === '4C6BEBD8').size).toBe(0);
    // With text of its own the paragraph stays in the editor, box and all.
    expect(isTextBoxAnchor(readTree(doc(p('4092163F', centred + boxRun + r('Title')))).paragraphs[0]!)).toBe(false);
  });

  it("keeps the base paragraph the editor wrote the emptied box into, when told of the move, and only then", () => {
    const base = doc(anchor + next);
    const edited = doc(editorsNext);
    const b = readTree(base).paragraphs[1]!;
    const e = readTree(edited).paragraphs[0]!;
    const ctx = { calibration: new Calibration(new StyleSheet(undefined)), defaultParagraphStyle: '', commentIds: () => new Set<string>() };
    const moved = pairOf(base, readParagraph(base, b), edited, readParagraph(edited, e), '', false, 1);
    expect(movedPicturesArrived(moved)).toBe(true);
    expect(mergeParagraph(moved, ctx, 'matched')).toEqual({ kind: 'same' });
    const unexplained = pairOf(base, readParagraph(base, b), edited, readParagraph(edited, e));
    expect(movedPicturesArrived(unexplained)).toBe(false);
    expect(mergeParagraph(unexplained, ctx, 'matched')).toEqual({ kind: 'fallback', reason: 'a picture was added' });
  });

  const boxDocx = (body: string) => buildDocx({ body, rootAttrs: NS.replace(/^xmlns:w="[^"]*" /, '') });
  const after2018 = p('0FE9D5A4', `${centred}${r('2018')}`);

  it('mergeSave keeps the anchor and the box it holds when the editor moved the box', () => {
    const base = boxDocx(anchor + next + after);
    const { bytes, report } = mergeSave(base, boxDocx(editorsNext + after));
    expect(bodyOf(bytes)).toBe(bodyOf(base));
    expect(report.fallbacks).toEqual([]);
    // ...and beside an edit the user made elsewhere.
    const edited = mergeSave(base, boxDocx(editorsNext + after2018));
    expect(bodyOf(edited.bytes)).toBe(bodyOf(base).replace('>2017<', '>2018<'));
    expect(edited.report.fallbacks).toEqual([]);
  });

  it('mergeSave cuts the anchor when the box is gone from the editor too: the user deleted it', () => {
    const base = boxDocx(anchor + next + after);
    const { bytes } = mergeSave(base, boxDocx(next + after));
    expect(bodyOf(bytes)).toBe(next + after);
  });
});
