import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type SyntheticDocx, buildDocx, paragraphXml } from '../../../tests/support/docx/fixtures';
import { processDocx } from '../process';
import { changeSummary, compareDocx } from './compare';

/**
 * The comparison's answer for known edits on processed documents (every paragraph carries the
 * w14:paraId the upload gives it): exactly the edits made, nothing else.
 */

const TEXTS = [
  'The quick brown fox jumps over the lazy dog.',
  'Payment is due within thirty days of the invoice.',
  'Either party may terminate on notice.',
  'Notices must be in writing.',
  'This agreement is governed by English law.',
];
const DOC = 'word/document.xml';

function processed(spec: SyntheticDocx): Uint8Array {
  const r = processDocx(buildDocx(spec));
  if (!r.ok) throw new Error(r.reason);
  return r.editable;
}
const base = () => processed({ body: TEXTS.map(paragraphXml).join(''), headers: [paragraphXml('Supply Agreement')] });

function edit(bytes: Uint8Array, change: (xml: string) => string, part = DOC): Uint8Array {
  const files = unzipSync(bytes);
  files[part] = strToU8(change(strFromU8(files[part]!)));
  return zipSync(files);
}
/** The whole paragraph element holding `text`. */
const paragraphWith = (xml: string, text: string) => [...xml.matchAll(/<w:p [^>]*>.*?<\/w:p>/g)].map((m) => m[0]).find((p) => p.includes(text))!;
const paraIdOf = (xml: string, text: string) => /w14:paraId="([0-9A-F]+)"/.exec(paragraphWith(xml, text))![1]!;

const ZERO = { changed: 0, inserted: 0, deleted: 0, moved: 0, formatting: 0, wordsInserted: 0, wordsDeleted: 0 };

describe('compareDocx', () => {
  it('finds nothing between a document and itself, or an identical copy', () => {
    const a = base();
    expect(compareDocx(a, a)).toEqual({ paragraphs: [], totals: ZERO });
    expect(compareDocx(a, edit(a, (x) => x))).toEqual({ paragraphs: [], totals: ZERO });
  });

  it('reports a replaced word as that word deleted and its replacement inserted', () => {
    const a = base();
    const xml = strFromU8(unzipSync(a)[DOC]!);
    const c = compareDocx(a, edit(a, (x) => x.replace('thirty', 'sixty')));
    expect(c.paragraphs).toEqual([
      {
        kind: 'changed',
        part: DOC,
        paraId: paraIdOf(xml, 'thirty'),
        indexA: 1,
        indexB: 1,
        words: [
          { op: 'equal', text: 'Payment is due within ' },
          { op: 'delete', text: 'thirty' },
          { op: 'insert', text: 'sixty' },
          { op: 'equal', text: ' days of the invoice.' },
        ],
        formatting: [],
      },
    ]);
    expect(c.totals).toEqual({ ...ZERO, changed: 1, wordsInserted: 1, wordsDeleted: 1 });
  });

  it('reports an inserted paragraph where it is in the newer version', () => {
    const a = base();
    const added = 'Interest accrues on late payments.';
    const c = compareDocx(a, edit(a, (x) => x.replace(paragraphWith(x, 'thirty'), (p) => p + paragraphXml(added))));
    expect(c.paragraphs).toEqual([{ kind: 'inserted', part: DOC, indexB: 2, text: added }]);
    expect(c.totals).toEqual({ ...ZERO, inserted: 1, wordsInserted: 5 });
  });

  it('reports a deleted paragraph where it was', () => {
    const a = base();
    const xml = strFromU8(unzipSync(a)[DOC]!);
    const c = compareDocx(a, edit(a, (x) => x.replace(paragraphWith(x, 'terminate'), '')));
    expect(c.paragraphs).toEqual([{ kind: 'deleted', part: DOC, paraId: paraIdOf(xml, 'terminate'), indexA: 2, text: TEXTS[2] }]);
    expect(c.totals).toEqual({ ...ZERO, deleted: 1, wordsDeleted: 6 });
  });

  it('reports a moved paragraph once, at its new place, as moved and nothing else', () => {
    const a = base();
    const xml = strFromU8(unzipSync(a)[DOC]!);
    const fox = paragraphWith(xml, 'fox');
    const b = edit(a, (x) => x.replace(fox, '').replace(paragraphWith(x, 'writing'), (p) => p + fox));
    const c = compareDocx(a, b);
    expect(c.paragraphs).toEqual([{ kind: 'moved', part: DOC, paraId: paraIdOf(xml, 'fox'), indexA: 0, indexB: 3, text: TEXTS[0], words: [{ op: 'equal', text: TEXTS[0] }] }]);
    expect(changeSummary(c)).toEqual({ paragraphsChanged: 1, paragraphsAdded: 0, paragraphsRemoved: 0, wordsAdded: 0, wordsRemoved: 0 });
  });

  it('shows the words of a paragraph that was moved and edited', () => {
    const a = base();
    const xml = strFromU8(unzipSync(a)[DOC]!);
    const law = paragraphWith(xml, 'English law');
    const c = compareDocx(a, edit(a, (x) => x.replace(law, '').replace(paragraphWith(x, 'fox'), (p) => law.replace('English', 'Scots') + p)));
    expect(c.paragraphs).toEqual([
      expect.objectContaining({ kind: 'moved', indexA: 4, indexB: 0, words: [{ op: 'equal', text: 'This agreement is governed by ' }, { op: 'delete', text: 'English' }, { op: 'insert', text: 'Scots' }, { op: 'equal', text: ' law.' }] }),
    ]);
    expect(c.totals).toMatchObject({ moved: 1, changed: 0, wordsInserted: 1, wordsDeleted: 1 });
  });

  it('names a word made bold as formatting, with every word equal', () => {
    const a = base();
    const bold = '<w:r><w:t xml:space="preserve">The </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>quick</w:t></w:r><w:r><w:t xml:space="preserve"> brown fox jumps over the lazy dog.</w:t></w:r>';
    const c = compareDocx(a, edit(a, (x) => x.replace(/<w:r><w:t xml:space="preserve">The quick brown fox[^<]*<\/w:t><\/w:r>/, bold)));
    expect(c.paragraphs).toEqual([expect.objectContaining({ kind: 'changed', indexA: 0, indexB: 0, words: [{ op: 'equal', text: TEXTS[0] }], formatting: ['bold added'] })]);
    expect(c.totals).toEqual({ ...ZERO, changed: 1, formatting: 1 });
  });

  it('names italic removed, a colour and a size changed, and a style changed', () => {
    const a = edit(base(), (x) => x.replace('<w:r><w:t xml:space="preserve">Notices', '<w:r><w:rPr><w:i/><w:color w:val="FF0000"/><w:sz w:val="22"/></w:rPr><w:t xml:space="preserve">Notices'));
    const b = edit(a, (x) =>
      x
        .replace('<w:rPr><w:i/><w:color w:val="FF0000"/><w:sz w:val="22"/></w:rPr>', '<w:rPr><w:color w:val="0000FF"/><w:sz w:val="28"/></w:rPr>')
        .replace(/(<w:p [^>]*>)(<w:r><w:t xml:space="preserve">Either)/, '$1<w:pPr><w:pStyle w:val="Heading1"/></w:pPr>$2'),
    );
    const c = compareDocx(a, b);
    expect(c.paragraphs.map((p) => (p.kind === 'changed' ? [p.indexB, p.formatting] : p.kind))).toEqual([
      [2, ['style changed from Normal to Heading1']],
      [3, ['italic removed', 'colour changed', 'size changed']],
    ]);
  });

  it('compares headers and footers too, each under its own part', () => {
    const a = base();
    const c = compareDocx(a, edit(a, (x) => x.replace('Supply Agreement', 'Supply and Services Agreement'), 'word/header1.xml'));
    expect(c.paragraphs).toEqual([expect.objectContaining({ kind: 'changed', part: 'word/header1.xml', indexA: 0, indexB: 0, words: [{ op: 'equal', text: 'Supply ' }, { op: 'insert', text: 'and Services ' }, { op: 'equal', text: 'Agreement' }] })]);
  });

  it('compares text as it reads with tracked changes accepted', () => {
    const a = base();
    const tracked = '<w:del w:id="900" w:author="X" w:date="2025-01-01T00:00:00Z"><w:r><w:delText>old words </w:delText></w:r></w:del>';
    // The same visible text, with a deletion someone already tracked: no difference.
    expect(compareDocx(a, edit(a, (x) => x.replace('<w:r><w:t xml:space="preserve">Notices', `${tracked}<w:r><w:t xml:space="preserve">Notices`))).paragraphs).toEqual([]);
  });

  it('orders every change by its place in the newer version, deletions where they stood', () => {
    const a = base();
    const b = edit(a, (x) => x.replace(paragraphWith(x, 'fox'), '').replace('writing', 'English').replace(paragraphWith(x, 'terminate'), (p) => `${p}${paragraphXml('New clause.')}`));
    const c = compareDocx(a, b);
    expect(c.paragraphs.map((p) => p.kind)).toEqual(['deleted', 'inserted', 'changed']);
    expect(changeSummary(c)).toEqual({ paragraphsChanged: 1, paragraphsAdded: 1, paragraphsRemoved: 1, wordsAdded: 3, wordsRemoved: 10 });
  });

  it('pairs paragraphs without ids by their text, and still sees one moved', () => {
    const a = buildDocx({ body: TEXTS.map(paragraphXml).join('') });
    const b = buildDocx({ body: [TEXTS[1], TEXTS[2], TEXTS[0], TEXTS[3], TEXTS[4]!.replace('English', 'Scots')].map((t) => paragraphXml(t!)).join('') });
    expect(compareDocx(a, b).paragraphs.map((p) => [p.kind, 'indexB' in p ? p.indexB : -1])).toEqual([
      ['moved', 2],
      ['changed', 4],
    ]);
  });

  it('reports the paragraphs of a header only the newer version has as inserted', () => {
    const a = processed({ body: TEXTS.map(paragraphXml).join('') });
    const files = unzipSync(processed({ body: TEXTS.map(paragraphXml).join(''), headers: [paragraphXml('Draft for discussion')] }));
    files[DOC] = unzipSync(a)[DOC]!;
    const c = compareDocx(a, zipSync(files));
    expect(c.paragraphs).toEqual([expect.objectContaining({ kind: 'inserted', part: 'word/header1.xml', indexB: 0, text: 'Draft for discussion' })]);
  });
});
