import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildDocx, paragraphXml } from '../../../tests/support/docx/fixtures';
import { LONG_CONTRACT_MARKERS, longContractDocx } from '../../../tests/support/docx/long-contract';
import { contractDocx } from '../../../tests/support/docx/realistic';
import { redlineProblems, resolveRevisions } from '../../../tests/support/docx/redline-oracle';
import { processDocx } from '../process';
import { compareDocx, redlineDocx } from './compare';

/**
 * The redline, held against an independent reading of tracked changes (redline-oracle.ts):
 * accepting everything gives the newer version's text, rejecting the comparison's changes gives
 * the older one's; what did not change keeps its bytes; the result is a document we can read.
 */

const WHO = { author: 'Redline Tester', date: '2025-06-01T12:00:00Z' };
const TEXTS = [
  'The quick brown fox jumps over the lazy dog.',
  'Payment is due within thirty days of the invoice.',
  'Either party may terminate on notice.',
  'Notices must be in writing.',
  'This agreement is governed by English law.',
];
const DOC = 'word/document.xml';

function processed(bytes: Uint8Array): Uint8Array {
  const r = processDocx(bytes);
  if (!r.ok) throw new Error(r.reason);
  return r.editable;
}
const base = () => processed(buildDocx({ body: TEXTS.map(paragraphXml).join(''), headers: [paragraphXml('Supply Agreement')] }));
const partOf = (bytes: Uint8Array, part = DOC) => strFromU8(unzipSync(bytes)[part]!);
function edit(bytes: Uint8Array, change: (xml: string) => string, part = DOC): Uint8Array {
  const files = unzipSync(bytes);
  files[part] = strToU8(change(strFromU8(files[part]!)));
  return zipSync(files);
}
const paragraphWith = (xml: string, text: string) => [...xml.matchAll(/<w:p\b[^>]*>.*?<\/w:p>/g)].map((m) => m[0]).find((p) => p.includes(text))!;

/** The redline of a -> b, checked for everything it promises (redlineProblems). */
function expectSoundRedline(a: Uint8Array, b: Uint8Array): Uint8Array {
  const red = redlineDocx(a, b, WHO);
  expect(redlineProblems(a, b, red, WHO.author)).toEqual([]);
  return red;
}

describe('redlineDocx', () => {
  it('writes a replaced word as a deletion of a\'s word and an insertion of b\'s, in place', () => {
    const a = base();
    const red = expectSoundRedline(a, edit(a, (x) => x.replace('thirty', 'sixty')));
    const p = paragraphWith(partOf(red), 'Payment');
    expect(p).toMatch(
      /<w:r><w:t xml:space="preserve">Payment is due within <\/w:t><\/w:r><w:del w:id="\d+" w:author="Redline Tester" w:date="2025-06-01T12:00:00Z"><w:r><w:delText xml:space="preserve">thirty<\/w:delText><\/w:r><\/w:del><w:ins w:id="\d+" w:author="Redline Tester" w:date="2025-06-01T12:00:00Z"><w:r><w:t xml:space="preserve">sixty<\/w:t><\/w:r><\/w:ins><w:r><w:t xml:space="preserve"> days of the invoice.<\/w:t><\/w:r>/,
    );
  });

  it('marks an inserted paragraph\'s runs and mark inserted', () => {
    const a = base();
    const red = expectSoundRedline(a, edit(a, (x) => x.replace(paragraphWith(x, 'thirty'), (p) => p + paragraphXml('Interest accrues.'))));
    expect(paragraphWith(partOf(red), 'Interest')).toMatch(/^<w:p><w:pPr><w:rPr><w:ins w:id="\d+" [^>]*\/><\/w:rPr><\/w:pPr><w:ins w:id="\d+" [^>]*><w:r><w:t xml:space="preserve">Interest accrues.<\/w:t><\/w:r><\/w:ins><\/w:p>$/);
  });

  it('puts a deleted paragraph back where it was, its text and mark deleted', () => {
    const a = base();
    const red = expectSoundRedline(a, edit(a, (x) => x.replace(paragraphWith(x, 'terminate'), '')));
    const xml = partOf(red);
    expect(xml.indexOf('terminate')).toBeGreaterThan(xml.indexOf('thirty'));
    expect(xml.indexOf('terminate')).toBeLessThan(xml.indexOf('writing'));
    expect(xml).toMatch(/<w:p><w:pPr><w:rPr><w:del [^>]*\/><\/w:rPr><\/w:pPr><w:del [^>]*><w:r><w:delText xml:space="preserve">Either party may terminate on notice.<\/w:delText><\/w:r><\/w:del><\/w:p>/);
  });

  it('writes a move as moveFrom at the old place and moveTo at the new, their ranges named alike', () => {
    const a = base();
    const fox = paragraphWith(partOf(a), 'fox');
    const red = expectSoundRedline(a, edit(a, (x) => x.replace(fox, '').replace(paragraphWith(x, 'writing'), (p) => p + fox)));
    const xml = partOf(red);
    const from = /<w:moveFromRangeStart [^>]*w:name="(\w+)"\/>/.exec(xml);
    const to = /<w:moveToRangeStart [^>]*w:name="(\w+)"\/>/.exec(xml);
    expect(from?.[1]).toBe(to?.[1]);
    expect(from!.index).toBeLessThan(xml.indexOf('thirty'));
    expect(to!.index).toBeGreaterThan(xml.indexOf('writing'));
    expect(xml).toMatch(/<w:moveFrom [^>]*><w:r><w:t xml:space="preserve">The quick brown fox/);
    expect(xml).toMatch(/<w:moveTo [^>]*><w:r><w:t xml:space="preserve">The quick brown fox/);
  });

  it('records bold added as a run property change holding a\'s properties', () => {
    const a = base();
    const bold = '<w:r><w:t xml:space="preserve">The </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>quick</w:t></w:r><w:r><w:t xml:space="preserve"> brown fox jumps over the lazy dog.</w:t></w:r>';
    const red = expectSoundRedline(a, edit(a, (x) => x.replace(/<w:r><w:t xml:space="preserve">The quick brown fox[^<]*<\/w:t><\/w:r>/, bold)));
    expect(paragraphWith(partOf(red), 'fox')).toContain('<w:r><w:rPr><w:b/><w:rPrChange w:id=');
    const quick = (view: 'accept' | 'reject') => /<w:r>(?:(?!<\/w:r>).)*quick<\/w:t><\/w:r>/.exec(resolveRevisions(red, view, WHO.author)[0]!.xml)![0];
    expect(quick('accept')).toContain('<w:b>');
    expect(quick('reject')).not.toContain('<w:b>');
  });

  it('records a style change as a paragraph property change', () => {
    const a = base();
    const red = expectSoundRedline(a, edit(a, (x) => x.replace(/(<w:p [^>]*>)(<w:r><w:t xml:space="preserve">Either)/, '$1<w:pPr><w:pStyle w:val="Heading1"/></w:pPr>$2')));
    expect(paragraphWith(partOf(red), 'Either')).toMatch(/<w:pPr><w:pStyle w:val="Heading1"\/><w:pPrChange w:id="\d+" [^>]*><w:pPr><\/w:pPr><\/w:pPrChange><\/w:pPr>/);
  });

  it('handles every kind of edit at once, in the body and in a header', () => {
    const a = base();
    const fox = paragraphWith(partOf(a), 'fox');
    const b = edit(
      edit(a, (x) =>
        x
          .replace(fox, '')
          .replace('thirty', 'forty-five')
          .replace(paragraphWith(x, 'terminate'), '')
          .replace(paragraphWith(x, 'English'), (p) => paragraphXml('A new first clause.') + p + fox.replace('lazy ', '')),
      ),
      (x) => x.replace('Supply', 'Master Supply'),
      'word/header1.xml',
    );
    expectSoundRedline(a, b);
  });

  it('returns b itself when nothing differs', () => {
    const a = base();
    expect(redlineDocx(a, a, WHO)).toBe(a);
  });

  it('keeps the tracked changes a contract already had, and the contract reads back', () => {
    const a = processed(contractDocx());
    const b = edit(a, (x) => x.replace('within ten working days of each order', 'within five working days of each order').replace('thirty', 'thirty-one'));
    const red = expectSoundRedline(a, b);
    const xml = partOf(red);
    expect(xml).toContain('w:author="Priya Shah"');
    expect(xml.match(/w:author="Priya Shah"/g)).toHaveLength(partOf(a).match(/w:author="Priya Shah"/g)!.length);
  });

  it('marks a paragraph emptied, and one that was empty filled', () => {
    const a = processed(buildDocx({ body: [...TEXTS.map(paragraphXml), '<w:p/>'].join('') }));
    expectSoundRedline(a, edit(a, (x) => x.replace('<w:r><w:t xml:space="preserve">Notices must be in writing.</w:t></w:r>', '').replace(/<w:p ([^>]*)\/>/, '<w:p $1>' + '<w:r><w:t>Signed.</w:t></w:r></w:p>')));
  });

  it('puts the text of a deleted table back after the table before it, in its order', () => {
    const cell = (text: string) => `<w:tc>${paragraphXml(text)}</w:tc>`;
    const table = (rows: string[][]) => `<w:tbl><w:tblPr/><w:tblGrid><w:gridCol/><w:gridCol/></w:tblGrid>${rows.map((r) => `<w:tr>${r.map(cell).join('')}</w:tr>`).join('')}</w:tbl>`;
    const a = processed(buildDocx({ body: paragraphXml('Prices:') + table([['Saline', '86.40']]) + table([['Gloves', '7.95'], ['Masks', '12.10']]) + paragraphXml('End.') }));
    const b = edit(a, (x) => x.replace(/<w:tbl>(?:(?!<w:tbl>).)*?Masks.*?<\/w:tbl>/, ''));
    expect(compareDocx(a, b).paragraphs.map((p) => p.kind)).toEqual(['deleted', 'deleted', 'deleted', 'deleted']);
    const xml = partOf(expectSoundRedline(a, b));
    expect(xml.indexOf('Gloves')).toBeGreaterThan(xml.indexOf('86.40'));
    expect(xml.indexOf('Gloves')).toBeLessThan(xml.indexOf('End.'));
  });

  it('finds exactly the two paragraphs edited near each end of a long contract', () => {
    const a = processed(longContractDocx(60));
    const { first, last } = LONG_CONTRACT_MARKERS;
    const b = edit(a, (x) => x.replace(first, 'Bow').replace(last, 'Penzance'));
    const c = compareDocx(a, b);
    expect(c.paragraphs.map((p) => p.kind === 'changed' && p.words.filter((w) => w.op !== 'equal'))).toEqual([
      [{ op: 'delete', text: first }, { op: 'insert', text: 'Bow' }],
      [{ op: 'delete', text: last }, { op: 'insert', text: 'Penzance' }],
    ]);
    expectSoundRedline(a, b);
  });

  it('writes the date as Word does, in whole seconds', () => {
    const a = base();
    const red = redlineDocx(a, edit(a, (x) => x.replace('thirty', 'sixty')), { author: 'A', date: '2025-06-01T12:00:00.123Z' });
    expect(partOf(red)).toContain('w:date="2025-06-01T12:00:00Z"');
  });
});
