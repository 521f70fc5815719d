import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { contractDocx, seeded } from '../../../tests/support/docx/realistic';
import { DOC, edit, merged, mineWins, newParagraph, paraIdOf, paragraphWith, partText as part, processed, replace, untouchedDiffering } from '../../../tests/support/docx/three-way-edits';
import { mergeThreeWay } from './three-way';
import { readTree } from './tree';

/**
 * The three-way merge of a stale save (three-way.ts) on the realistic contract: tables, which
 * move whole when their rows change, and random disjoint edits of every story part.
 */

const contract = processed(contractDocx());
const STORIES = ['word/document.xml', 'word/header1.xml', 'word/footer1.xml', 'word/footnotes.xml', 'word/comments.xml'];
/** Edits made one after another to a part. */
const all = (...fns: ((xml: string) => string)[]) => (xml: string) => fns.reduce((x, fn) => fn(x), xml);

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

  it('keeps my table whole where both changed it, with their other edits and mine', () => {
    const mine = edit(contract, { [DOC]: all(addRow, replace('An order is accepted when', 'An order is accepted only when')) });
    const theirs = edit(contract, { [DOC]: all(replace('>7.95<', '>8.25<'), replace('Working day means', 'A working day means')) });
    const bytes = mineWins(mergeThreeWay(contract, mine, theirs));
    // Theirs' table (their 8.25 is in it) is mine's, with the row I added; the rest is theirs' and my edit.
    expect(part(bytes)).toBe(addRow(part(theirs).replace('>8.25<', '>7.95<')).replace('An order is accepted when', 'An order is accepted only when'));
    expect(untouchedDiffering({ base: contract, mine, theirs }, bytes, STORIES)).toEqual([]);
  });

  it('puts back my table where it was when they deleted it and I added a row', () => {
    const table = (xml: string) => /<w:tbl>.*?<\/w:tbl>/s.exec(xml)![0];
    const mine = edit(contract, { [DOC]: addRow });
    const theirs = edit(contract, { [DOC]: all((xml) => xml.replace(table(xml), ''), replace('Working day means', 'A working day means')) });
    const bytes = mineWins(mergeThreeWay(contract, mine, theirs));
    const heading = paragraphWith(part(theirs), 'Schedule \u2013');
    expect(part(bytes)).toBe(part(theirs).replace(heading, heading + table(part(mine))));
  });

  it('has no "mine wins" package when they deleted the table whose cell I edited', () => {
    const theirs = edit(contract, { [DOC]: (xml) => xml.replace(/<w:tbl>.*?<\/w:tbl>/s, '') });
    const r = mergeThreeWay(contract, edit(contract, { [DOC]: replace('>7.95<', '>8.25<') }), theirs);
    expect(r).toMatchObject({ ok: false, conflicts: [{ reason: expect.stringContaining('deleted what this save changed') }], mineWins: undefined });
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

  /** Each paragraph of every story part by paraId: its XML and text. */
  function paragraphs(bytes: Uint8Array): Map<string, { xml: string; text: string }> {
    const files = unzipSync(bytes);
    const out = new Map<string, { xml: string; text: string }>();
    for (const name of stories) {
      const xml = strFromU8(files[name]!);
      for (const p of readTree(xml).paragraphs) out.set(`${name}#${p.paraId}`, { xml: xml.slice(p.start, p.end), text: p.text });
    }
    return out;
  }

  it("with overlapping edits, keeping mine has mine's text where I changed a paragraph and theirs' where only they did", () => {
    const files = unzipSync(contract);
    const texty = stories.flatMap((name) => readTree(strFromU8(files[name]!)).paragraphs.filter((p) => p.text.trim() !== '').map((p) => ({ name, p })));
    const done = { conflicts: 0, mineWins: 0, both: 0, putBack: 0 };
    for (let seed = 1; seed <= 30; seed++) {
      const next = seeded(1000 + seed);
      const sides = { mine: new Map() as Edits, theirs: new Map() as Edits };
      const mineTook: (typeof texty)[number][] = [];
      for (let i = 0; i < 14; i++) {
        const side = i % 2 === 0 ? 'mine' : 'theirs';
        // Half of theirs' edits are to a paragraph I edited too.
        const { name, p } = side === 'theirs' && mineTook.length > 0 && next() % 2 === 0 ? mineTook[next() % mineTook.length]! : texty[next() % texty.length]!;
        const id = p.paraId!;
        if (sides[side].has(id)) continue;
        if (side === 'mine') mineTook.push({ name, p });
        else if (sides.mine.has(id)) done.both++;
        const marker = `[${side}-${seed}-${i}]`;
        const op = next() % 3;
        // Either side deletes only whole paragraphs of the body, as in the test above.
        if (op === 2 && name === DOC && p.parent?.local === 'body') sides[side].set(id, () => '');
        else if (op === 1) {
          const newId = ((side === 'mine' ? 0x3c000000 : 0x3d000000) + seed * 100 + i).toString(16).toUpperCase();
          sides[side].set(id, (x) => x + newParagraph(newId, marker));
        } else sides[side].set(id, (x) => x.replace('</w:t>', ` ${marker}</w:t>`));
      }
      const mine = editParagraphs(contract, sides.mine);
      const theirs = editParagraphs(contract, sides.theirs);
      const r = mergeThreeWay(contract, mine, theirs);
      if (!r.ok) done.conflicts++;
      if (!r.ok && r.mineWins === undefined) continue;
      const bytes = r.ok ? merged(r) : mineWins(r);
      if (!r.ok) done.mineWins++;
      const [b, m, t, out] = [contract, mine, theirs, bytes].map(paragraphs) as [ReturnType<typeof paragraphs>, ReturnType<typeof paragraphs>, ReturnType<typeof paragraphs>, ReturnType<typeof paragraphs>];
      for (const key of new Set([...b.keys(), ...m.keys(), ...t.keys()])) {
        const at = `seed ${seed}, ${key}`;
        const [bx, mx, tx] = [b.get(key)?.xml, m.get(key)?.xml, t.get(key)?.xml];
        if (mx !== bx) {
          expect(out.get(key)?.text, `${at}: mine's`).toBe(m.get(key)?.text);
          if (bx !== undefined && mx !== undefined && tx === undefined) done.putBack++;
        } else if (tx !== bx) expect(out.get(key)?.text, `${at}: theirs'`).toBe(t.get(key)?.text);
        else expect(out.get(key)?.xml, `${at}: untouched`).toBe(tx);
      }
    }
    expect(done.both).toBeGreaterThan(20);
    expect(done.mineWins).toBeGreaterThan(15);
    expect(done.putBack).toBeGreaterThan(2);
    expect(done.mineWins).toBe(done.conflicts);
  });
});
