import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildDocx } from '../../../tests/support/docx/fixtures';
import { W14_NS } from '../package';
import { processDocx } from '../process';
import { MAX_XML_DEPTH } from '../xml';
import { mergeSave } from './merge';
import { firstParaId, flatChildren } from './structure';
import type { Block } from './tree';

/**
 * Nesting: the scanner refuses elements nested deeper than MAX_XML_DEPTH, so a depth bomb is
 * refused at upload and at save (both go through processDocx), and the merge walks what is
 * allowed without recursion.
 */

const ROOT = `xmlns:w14="${W14_NS}"`;
const p = (id: string, text: string) => `<w:p w14:paraId="${id}" w14:textId="77777777"><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
const inControls = (levels: number, inner: string) => '<w:sdt><w:sdtContent>'.repeat(levels) + inner + '</w:sdtContent></w:sdt>'.repeat(levels);
const docx = (body: string) => buildDocx({ body, rootAttrs: ROOT });
const body = (bytes: Uint8Array) => strFromU8(unzipSync(bytes)['word/document.xml']!);
const textOf = (bytes: Uint8Array) => {
  const r = processDocx(bytes);
  if (!r.ok) throw new Error(r.detail ?? r.reason);
  return r.text;
};

// w:document > w:body > (w:sdt > w:sdtContent) x levels > w:p > w:r > w:t: five levels besides the controls.
const ALLOWED_LEVELS = Math.floor((MAX_XML_DEPTH - 5) / 2);

describe('XML nesting depth', () => {
  it('refuses a body of 15,000 nested content controls as malformed, with a clear message', () => {
    const bomb = docx(inControls(15_000, p('00000001', 'Deep.')));
    const result = processDocx(bomb);
    expect(result).toMatchObject({ ok: false, code: 'malformed_xml', reason: expect.stringContaining('is not valid XML') });
    expect(result.ok === false && result.detail).toContain(`nested more than ${MAX_XML_DEPTH} deep`);
  });

  it('accepts content controls nested as deep as allowed', () => {
    expect(textOf(docx(inControls(ALLOWED_LEVELS, p('00000001', 'Deep.'))))).toBe('Deep.');
  });

  it("keeps the base's part when the editor's is a depth bomb, and does not overflow the stack", () => {
    const base = docx(p('00000001', 'Keep me.') + p('00000002', 'And me.'));
    const edited = docx(inControls(15_000, p('00000001', 'Keep me.')) + p('00000002', 'And me, changed.'));
    const { bytes, report } = mergeSave(base, edited);
    expect(report.merged).toBe(true);
    expect(report.fallbacks).toEqual([
      expect.objectContaining({ part: 'word/document.xml', scope: 'part', reason: expect.stringContaining(`nested more than ${MAX_XML_DEPTH} deep`) }),
    ]);
    expect(textOf(bytes)).toBe('Keep me.\nAnd me.');
  });

  it('merges edits and deletions inside content controls nested as deep as allowed', () => {
    const deep = (id: string, text: string) => inControls(ALLOWED_LEVELS, p(id, text));
    const base = docx(deep('00000001', 'The quick brown fox.') + deep('00000002', 'Delete me.') + p('00000003', 'Last.'));
    const edited = docx(deep('00000001', 'The quick red fox.') + p('00000003', 'Last.'));
    const { bytes, report } = mergeSave(base, edited);
    expect(report).toMatchObject({ merged: true, fallbacks: [], paragraphs: { merged: 1, deleted: 1, untouched: 1 } });
    expect(textOf(bytes)).toBe('The quick red fox.\nLast.');
    expect(body(bytes)).toBe(body(base).replace('brown', 'red').replace(deep('00000002', 'Delete me.'), ''));
  });
});

describe('tree walks of the merge', () => {
  /** A paragraph under `levels` content controls, built directly: deeper than the scanner allows. */
  function chain(levels: number): { root: Block; paragraph: Block } {
    const block = (local: string, parent: Block | undefined): Block => {
      const b: Block = { local, w: true, qname: `w:${local}`, start: 0, openEnd: 0, end: 0, attrs: [], parent, children: [], text: '', nestedText: '', textBoxes: 0, hasParagraphs: local !== 'p', index: -1 };
      parent?.children.push(b);
      return b;
    };
    const root = block('body', undefined);
    let at = root;
    for (let k = 0; k < levels; k++) at = block('sdt', at);
    const paragraph = { ...block('p', at), index: 0, paraId: 'DEEP0001' };
    at.children[0] = paragraph;
    return { root, paragraph };
  }

  it('look through 100,000 levels of content controls without recursion', () => {
    const { root, paragraph } = chain(100_000);
    const flat = flatChildren(root);
    expect(flat).toHaveLength(1);
    expect(flat[0]).toBe(paragraph);
    expect(firstParaId(root)).toBe('DEEP0001');
  });
});
