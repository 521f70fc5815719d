import { describe, expect, it } from 'vitest';
import { documentWindow, pickWindow } from './context';
import { DocumentText } from './document-text';

describe('pickWindow', () => {
  // Each paragraph costs its text plus '[n] ' and a newline: 'x'.repeat(10) costs 10 + 4 + 1 = 15 for n < 10.
  const ten = Array.from({ length: 9 }, () => 'x'.repeat(10));

  it('grows around the anchor, alternately after and before, while paragraphs fit', () => {
    expect(pickWindow(ten, { first: 4, last: 4 }, 15)).toEqual({ from: 4, to: 4 });
    expect(pickWindow(ten, { first: 4, last: 4 }, 30)).toEqual({ from: 4, to: 5 });
    expect(pickWindow(ten, { first: 4, last: 4 }, 45)).toEqual({ from: 3, to: 5 });
    expect(pickWindow(ten, { first: 4, last: 4 }, 1000)).toEqual({ from: 0, to: 8 });
  });

  it('keeps growing on one side when the other reaches the edge', () => {
    expect(pickWindow(ten, { first: 8, last: 8 }, 45)).toEqual({ from: 6, to: 8 });
    expect(pickWindow(ten, { first: 0, last: 0 }, 45)).toEqual({ from: 0, to: 2 });
  });

  it('starts at the first paragraph without an anchor', () => {
    expect(pickWindow(ten, undefined, 45)).toEqual({ from: 0, to: 2 });
  });

  it('always includes the anchor start, and as much of a long selection as fits', () => {
    expect(pickWindow(ten, { first: 2, last: 6 }, 5)).toEqual({ from: 2, to: 2 });
    expect(pickWindow(ten, { first: 2, last: 6 }, 45)).toEqual({ from: 2, to: 4 });
  });
});

describe('documentWindow', () => {
  const paras = ['Title', 'Intro text here.', '', 'Clause one: the Tenant pays.', 'Clause two: the Landlord repairs.', 'Signatures'];
  const text = paras.join('\n');
  const doc = new DocumentText(text);

  it('numbers the paragraphs it sends, leaves out empty ones and reports 1-based coverage', () => {
    const w = documentWindow(doc, 'Landlord repairs', 1000);
    expect(w.coverage).toEqual({ from: 1, to: 6, total: 6 });
    expect(w.selectionFound).toBe(true);
    expect(w.text).toBe(
      '[1] Title\n[2] Intro text here.\n[4] Clause one: the Tenant pays.\n[5] Clause two: the Landlord repairs.\n[6] Signatures',
    );
    expect(w.plainText).toBe(text);
  });

  it('reads from the start for a free question or a selection it cannot find', () => {
    expect(documentWindow(doc, undefined, 31)).toMatchObject({ coverage: { from: 1, to: 2, total: 6 }, selectionFound: false });
    expect(documentWindow(doc, 'not in here', 31).coverage).toEqual({ from: 1, to: 2, total: 6 });
  });

  it('shows 12–40 of 212 for a selection deep in a long document', () => {
    const long = Array.from({ length: 212 }, (_, i) => `Paragraph ${i + 1} says something of about sixty characters long.`);
    // Exactly what paragraphs 12 to 40 cost, so a 30th does not fit.
    const budget = long.slice(11, 40).reduce((sum, p, i) => sum + `[${i + 12}] ${p}`.length + 1, 0);
    const w = documentWindow(new DocumentText(long.join('\n')), 'Paragraph 26 says', budget);
    expect(w.coverage).toEqual({ from: 12, to: 40, total: 212 });
    expect(w.text.split('\n')).toHaveLength(29);
    expect(w.plainText).toBe(long.slice(11, 40).join('\n'));
    expect(w.text.length).toBeLessThanOrEqual(budget);
  });

  it('cuts a single paragraph longer than the budget', () => {
    const w = documentWindow(new DocumentText(`Short\n${'y'.repeat(500)}\nEnd`), 'yyyy', 100);
    expect(w.coverage).toEqual({ from: 2, to: 2, total: 3 });
    expect(w.text).toHaveLength(100);
    expect(w.text.endsWith('…')).toBe(true);
  });

  it('has no coverage for a document without text', () => {
    expect(documentWindow(undefined, 'x', 100)).toEqual({ text: '', plainText: '', coverage: undefined, selectionFound: false });
    expect(documentWindow(new DocumentText('\n\n'), undefined, 100).coverage).toBeUndefined();
    expect(documentWindow(new DocumentText(' \t\n\u00a0'), 'x', 100).coverage).toBeUndefined();
    expect(new DocumentText('').paragraphs).toEqual([]);
  });
});
