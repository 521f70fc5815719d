import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { contractDocx, seeded } from '../../../tests/support/docx/realistic';
import { DOC, edit, merged, newParagraph, paraIdOf, paragraphWith, partText as part, processed, replace } from '../../../tests/support/docx/three-way-edits';
import { mergeThreeWay } from './three-way';
import { readTree } from './tree';

/**
 * The three-way merge of a stale save (three-way.ts) on the realistic contract: tables, which
 * move whole when their rows change, and random disjoint edits of every story part.
 */

const contract = processed(contractDocx());

describe('mergeThreeWay: tables', () => {
  /** A copy of the price table's last row, with new paragraph ids. */
  const addRow = (xml: string) => {
    const row = /<w:tr>(?:(?!<w:tr>).)*?Surgical masks.*?<\/w:tr>/s.exec(xml)![0];
    let n = 0;
    const copy = row.replace(/w14:paraId="[0-9A-F]+"/g, () => `w14:paraId="5E0000${(++n).toString(16).padStart(2, '0')}"`).replace('Surgical masks, type IIR', 'Face shields');
    return xml.replace(row, row + copy);
  };

  it('lists the whole table when I add a row while they edit a cell', () => {
    const theirs = edit(contract, { [DOC]: replace('>7.95<', '>8.25<') });
    const r = mergeThreeWay(contract, edit(contract, { [DOC]: addRow }), theirs);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.conflicts).toHaveLength(1);
    expect(r.conflicts[0]).toMatchObject({ part: DOC, paraId: paraIdOf(paragraphWith(part(contract), 'Product')) });
    expect(r.conflicts[0]!.mine).toContain('Face shields');
    expect(r.conflicts[0]!.theirs).toContain('8.25');
    expect(r.conflicts[0]!.base).toContain('7.95');
  });

  it('replaces the table whole when they did not touch it', () => {
    const theirs = edit(contract, { [DOC]: replace('Working day means', 'A working day means') });
    const bytes = merged(mergeThreeWay(contract, edit(contract, { [DOC]: addRow }), theirs));
    expect(part(bytes)).toBe(addRow(part(theirs)));
  });

  it('edits my cell in their table when they added the row', () => {
    const theirs = edit(contract, { [DOC]: addRow });
    const bytes = merged(mergeThreeWay(contract, edit(contract, { [DOC]: replace('>7.95<', '>8.25<') }), theirs));
    expect(part(bytes)).toBe(part(theirs).replace('>7.95<', '>8.25<'));
  });
});

describe('mergeThreeWay: random disjoint edits of the contract', () => {
  const stories = ['word/document.xml', 'word/header1.xml', 'word/footer1.xml', 'word/footnotes.xml', 'word/comments.xml'];
  type Edits = Map<string, (p: string) => string>;

  /** Edits paragraphs by id: each function gets the paragraph's XML and returns its replacement. */
  function editParagraphs(bytes: Uint8Array, edits: Edits): Uint8Array {
    const rewrite = (xml: string) => {
      let out = xml;
      for (const p of [...readTree(xml).paragraphs].reverse()) {
        const fn = edits.get(p.paraId!);
        if (fn) out = out.slice(0, p.start) + fn(xml.slice(p.start, p.end)) + out.slice(p.end);
      }
      return out;
    };
    return edit(bytes, Object.fromEntries(stories.map((name) => [name, rewrite])));
  }

  it("always merges, with both sides' texts and without what I deleted", () => {
    const files = unzipSync(contract);
    const texty = stories.flatMap((name) => readTree(strFromU8(files[name]!)).paragraphs.filter((p) => p.text.trim() !== '').map((p) => ({ name, p })));
    const done = { inserted: 0, deleted: 0 };
    for (let seed = 1; seed <= 25; seed++) {
      const next = seeded(seed);
      const sides = { mine: new Map() as Edits, theirs: new Map() as Edits };
      const texts: string[] = [];
      const deleted: string[] = [];
      for (let i = 0; i < 12; i++) {
        const side = i % 2 === 0 ? 'mine' : 'theirs';
        const { name, p } = texty[next() % texty.length]!;
        const id = p.paraId!;
        if (sides.mine.has(id) || sides.theirs.has(id)) continue;
        const marker = `[${side}-${seed}-${i}]`;
        const op = next() % 3;
        // Only I delete, and only whole paragraphs of the body: a table cell, note or comment
        // left without a paragraph would be a document Word refuses.
        if (op === 2 && side === 'mine' && name === DOC && p.parent?.local === 'body') {
          sides.mine.set(id, () => '');
          deleted.push(id);
          done.deleted++;
        } else if (op === 1) {
          const newId = ((side === 'mine' ? 0x3a000000 : 0x3b000000) + seed * 100 + i).toString(16).toUpperCase();
          sides[side].set(id, (x) => x + newParagraph(newId, marker));
          texts.push(marker);
          done.inserted++;
        } else {
          sides[side].set(id, (x) => x.replace('</w:t>', ` ${marker}</w:t>`));
          texts.push(marker);
        }
      }
      const bytes = merged(mergeThreeWay(contract, editParagraphs(contract, sides.mine), editParagraphs(contract, sides.theirs)));
      const result = stories.map((name) => part(bytes, name)).join('');
      for (const marker of texts) expect(result, `seed ${seed}`).toContain(marker);
      for (const id of deleted) expect(result, `seed ${seed}`).not.toContain(`w14:paraId="${id}"`);
    }
    expect(done.inserted).toBeGreaterThan(20);
    expect(done.deleted).toBeGreaterThan(10);
  });
});
