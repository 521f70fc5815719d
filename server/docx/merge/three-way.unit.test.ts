import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildDocx, paragraphXml } from '../../../tests/support/docx/fixtures';
import { DOC, edit, merged, mineWins, newParagraph, paraIdOf, paragraphWith, partText as part, processed, replace, untouchedDiffering } from '../../../tests/support/docx/three-way-edits';
import { mergeThreeWay } from './three-way';

/**
 * The three-way merge of a stale save on small processed documents (every paragraph with its
 * paraId): `mine` is the save merged into its base, `theirs` the latest version, both edited
 * from `base`. Tables and random edits of a real contract: three-way-contract.unit.test.ts.
 */

const CLAUSES = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'].map((n) => `Clause ${n} of the agreement.`);
const base = processed(
  buildDocx({
    body: CLAUSES.map(paragraphXml).join(''),
    headers: [paragraphXml('Header left') + paragraphXml('Header right')],
    styles: '<w:style w:type="paragraph" w:styleId="Normal"><w:name w:val="Normal"/></w:style>',
    properties: { title: 'Clauses', creator: 'Jordan Avery', created: '2025-01-01T09:00:00Z', modified: '2025-01-01T09:00:00Z' },
    mtime: new Date(2025, 0, 1),
  }),
);

/** Every part but `except` has exactly theirs' bytes. */
function expectTheirsElsewhere(result: Uint8Array, theirs: Uint8Array, except: readonly string[]): void {
  const [out, their] = [unzipSync(result), unzipSync(theirs)];
  expect(Object.keys(out).sort()).toEqual(Object.keys(their).sort());
  for (const name of Object.keys(their)) if (!except.includes(name)) expect(out[name], name).toEqual(their[name]);
}

describe('mergeThreeWay: paragraphs', () => {
  it('keeps both sides of disjoint edits, and every other byte of the latest version', () => {
    const mine = edit(base, { [DOC]: replace('Clause two of', 'Clause two, as I redrafted it, of') });
    const theirs = edit(base, { [DOC]: replace('Clause five of', 'Clause five, as they redrafted it, of') });
    const r = mergeThreeWay(base, mine, theirs);
    const bytes = merged(r);
    expect(part(bytes)).toBe(part(theirs).replace('Clause two of', 'Clause two, as I redrafted it, of'));
    expectTheirsElsewhere(bytes, theirs, [DOC]);
    expect(r).toMatchObject({ applied: { paragraphs: 1, parts: [DOC] } });
  });

  it('inserts my paragraph after the one it followed while they edit another', () => {
    const mine = edit(base, { [DOC]: (xml) => xml.replace(paragraphWith(xml, 'Clause three'), (p) => p + newParagraph('1A2B3C4D', 'A clause I added.')) });
    const theirs = edit(base, { [DOC]: replace('Clause six of', 'Clause six, theirs, of') });
    const bytes = merged(mergeThreeWay(base, mine, theirs));
    const t = part(theirs);
    const after = paragraphWith(t, 'Clause three');
    expect(part(bytes)).toBe(t.replace(after, after + newParagraph('1A2B3C4D', 'A clause I added.')));
  });

  it('inserts at the start of the body, before the first paragraph', () => {
    const mine = edit(base, { [DOC]: replace('<w:body>', `<w:body>${newParagraph('1A2B3C4E', 'A preamble.')}`) });
    const theirs = edit(base, { [DOC]: replace('Clause one of', 'Clause one, theirs, of') });
    expect(part(merged(mergeThreeWay(base, mine, theirs)))).toBe(part(theirs).replace('<w:body>', `<w:body>${newParagraph('1A2B3C4E', 'A preamble.')}`));
  });

  it('places my paragraph after the one before when they deleted the one it followed', () => {
    const mine = edit(base, { [DOC]: (xml) => xml.replace(paragraphWith(xml, 'Clause three'), (p) => p + newParagraph('1A2B3C4F', 'After three.')) });
    const theirs = edit(base, { [DOC]: (xml) => xml.replace(paragraphWith(xml, 'Clause three'), '') });
    const t = part(theirs);
    const two = paragraphWith(t, 'Clause two');
    expect(part(merged(mergeThreeWay(base, mine, theirs)))).toBe(t.replace(two, two + newParagraph('1A2B3C4F', 'After three.')));
  });

  it('writes a paragraph both inserted the same way once', () => {
    const insert = { [DOC]: (xml: string) => xml.replace(paragraphWith(xml, 'Clause three'), (p) => p + newParagraph('1A2B3C50', 'Agreed by both.')) };
    const theirs = edit(edit(base, insert), { [DOC]: replace('Clause six of', 'Clause six, theirs, of') });
    const bytes = merged(mergeThreeWay(base, edit(base, insert), theirs));
    expect(part(bytes)).toBe(part(theirs));
  });

  it('deletes a paragraph they did not touch', () => {
    const mine = edit(base, { [DOC]: (xml) => xml.replace(paragraphWith(xml, 'Clause four'), '') });
    const theirs = edit(base, { [DOC]: replace('Clause six of', 'Clause six, theirs, of') });
    const bytes = merged(mergeThreeWay(base, mine, theirs));
    expect(part(bytes)).toBe(part(theirs).replace(paragraphWith(part(theirs), 'Clause four'), ''));
  });

  it('lists a paragraph both changed differently, with its three texts, and changes nothing', () => {
    const mine = edit(base, { [DOC]: replace('Clause two of', 'Clause two (mine) of') });
    const theirs = edit(base, { [DOC]: replace('Clause two of', 'Clause two (theirs) of') });
    const r = mergeThreeWay(base, mine, theirs);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const paraId = paraIdOf(paragraphWith(part(base), 'Clause two'));
    expect(r.conflicts).toEqual([
      { part: DOC, paraId, base: 'Clause two of the agreement.', mine: 'Clause two (mine) of the agreement.', theirs: 'Clause two (theirs) of the agreement.', reason: expect.stringContaining('differently') },
    ]);
  });

  it('accepts the same change made by both', () => {
    const change = { [DOC]: replace('Clause two of', 'Clause 2 of') };
    const theirs = edit(base, change);
    const r = mergeThreeWay(base, edit(base, change), theirs);
    expect(r).toMatchObject({ ok: true, applied: { paragraphs: 0, parts: [] } });
    if (r.ok) expect(r.bytes).toBe(theirs);
  });

  it('lists a paragraph I deleted that they edited', () => {
    const mine = edit(base, { [DOC]: (xml) => xml.replace(paragraphWith(xml, 'Clause four'), '') });
    const theirs = edit(base, { [DOC]: replace('Clause four of', 'Clause four, theirs, of') });
    const r = mergeThreeWay(base, mine, theirs);
    expect(r).toMatchObject({ ok: false, conflicts: [{ part: DOC, base: 'Clause four of the agreement.', mine: '', theirs: 'Clause four, theirs, of the agreement.' }] });
  });

  it('merges paragraph edits in a header part', () => {
    const header = 'word/header1.xml';
    const mine = edit(base, { [header]: replace('Header left', 'Header left, mine') });
    const theirs = edit(base, { [header]: replace('Header right', 'Header right, theirs'), [DOC]: replace('Clause one of', 'Clause one, theirs, of') });
    const bytes = merged(mergeThreeWay(base, mine, theirs));
    expect(part(bytes, header)).toBe(part(theirs, header).replace('Header left', 'Header left, mine'));
    expectTheirsElsewhere(bytes, theirs, [header]);
  });
});

describe('mergeThreeWay: other parts', () => {
  const STYLES = 'word/styles.xml';
  const RELS = 'word/_rels/document.xml.rels';
  const link = (id: string, url: string) => `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="${url}" TargetMode="External"/>`;
  const linked = (id: string, text: string) => `<w:p w14:paraId="${id === 'rIdM1' ? '6A000001' : '6A000002'}"><w:hyperlink r:id="${id}"><w:r><w:t>${text}</w:t></w:r></w:hyperlink></w:p>`;
  const addLink = (id: string, url: string, text: string) => ({
    [RELS]: replace('</Relationships>', `${link(id, url)}</Relationships>`),
    [DOC]: replace('<w:body>', `<w:body>${linked(id, text)}`),
  });

  it("takes a style part only I changed, and keeps their body's edits", () => {
    const mine = edit(base, { [STYLES]: replace('<w:name w:val="Normal"/>', '<w:name w:val="Normal"/><w:qFormat/>') });
    const theirs = edit(base, { [DOC]: replace('Clause one of', 'Clause one, theirs, of') });
    const r = mergeThreeWay(base, mine, theirs);
    const bytes = merged(r);
    expect(part(bytes, STYLES)).toBe(part(mine, STYLES));
    expectTheirsElsewhere(bytes, theirs, [STYLES]);
    expect(r).toMatchObject({ applied: { parts: [STYLES] } });
  });

  it('lists a style part both changed differently', () => {
    const mine = edit(base, { [STYLES]: replace('<w:name w:val="Normal"/>', '<w:name w:val="Normal"/><w:qFormat/>') });
    const theirs = edit(base, { [STYLES]: replace('<w:name w:val="Normal"/>', '<w:name w:val="Normal"/><w:uiPriority w:val="1"/>') });
    expect(mergeThreeWay(base, mine, theirs)).toMatchObject({ ok: false, conflicts: [{ part: STYLES, paraId: undefined, reason: expect.stringContaining('differently') }] });
  });

  it('keeps the links both sides added, each relationship once', () => {
    const mine = edit(base, addLink('rIdM1', 'https://mine.example/', 'My link'));
    const theirs = edit(base, addLink('rIdM2', 'https://theirs.example/', 'Their link'));
    const bytes = merged(mergeThreeWay(base, mine, theirs));
    expect(part(bytes, RELS)).toBe(part(theirs, RELS).replace('</Relationships>', `${link('rIdM1', 'https://mine.example/')}</Relationships>`));
    // Mine goes before the paragraph it preceded in mine, which is after theirs' new first paragraph.
    expect(part(bytes)).toContain(`<w:body>${linked('rIdM2', 'Their link')}${linked('rIdM1', 'My link')}`);
  });

  it('lists a relationship id I added that they use for another target', () => {
    const mine = edit(base, addLink('rIdM1', 'https://mine.example/', 'My link'));
    const theirs = edit(base, { [RELS]: replace('</Relationships>', `${link('rIdM1', 'https://theirs.example/')}</Relationships>`) });
    const r = mergeThreeWay(base, mine, theirs);
    expect(r).toMatchObject({ ok: false, conflicts: [{ part: RELS, reason: expect.stringMatching(/relationship rIdM1 to https:\/\/mine.*latest version has relationship rIdM1 to https:\/\/theirs/) }], mineWins: undefined });
  });

  it('declares on my paragraph a prefix the latest version no longer declares', () => {
    const R = ' xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
    const mine = edit(base, addLink('rIdM1', 'https://mine.example/', 'My link'));
    const theirs = edit(base, { [DOC]: replace(R, '') });
    const bytes = merged(mergeThreeWay(base, mine, theirs));
    expect(part(bytes)).toBe(part(theirs).replace('<w:body>', `<w:body>${linked('rIdM1', 'My link').replace('<w:p', `<w:p${R}`)}`));
  });

  it("keeps the latest version's document properties when both saves wrote their own", () => {
    const CORE = 'docProps/core.xml';
    const saved = (time: string) => ({ [CORE]: replace('2025-01-01T09:00:00Z</dcterms:modified>', `${time}</dcterms:modified>`) });
    const theirs = edit(base, saved('2030-01-01T00:00:00Z'));
    const r = mergeThreeWay(base, edit(base, saved('2031-01-01T00:00:00Z')), theirs);
    expect(r).toMatchObject({ ok: true, applied: { parts: [] } });
  });

  it('reports a package it cannot read as a conflict instead of throwing', () => {
    expect(mergeThreeWay(base, new Uint8Array([1, 2, 3]), base)).toMatchObject({ ok: false, conflicts: [{ part: '', paraId: undefined, reason: expect.stringContaining('saved document cannot be read') }] });
  });
});

describe('mergeThreeWay: keeping mine in a conflict', () => {
  const HEADER = 'word/header1.xml';
  const STYLES = 'word/styles.xml';
  /** Edits made one after another to a part. */
  const all = (...fns: ((xml: string) => string)[]) => (xml: string) => fns.reduce((x, fn) => fn(x), xml);

  /**
   * The conflict's "mine wins" package is one processing accepts, whose parts are `expected`'s
   * texts and theirs' bytes elsewhere, with every paragraph neither side touched as theirs has it.
   */
  function expectMineWins(mine: Uint8Array, theirs: Uint8Array, expected: (t: (name?: string) => string) => Record<string, string>) {
    const r = mergeThreeWay(base, mine, theirs);
    expect(r.ok).toBe(false);
    const bytes = mineWins(r);
    const parts = expected((name) => part(theirs, name));
    for (const [name, xml] of Object.entries(parts)) expect(part(bytes, name), name).toBe(xml);
    expectTheirsElsewhere(bytes, theirs, Object.keys(parts));
    expect(untouchedDiffering({ base, mine, theirs }, bytes, [DOC, HEADER])).toEqual([]);
    return r;
  }

  it('takes my paragraph where both changed it, with their other edits and mine', () => {
    const mine = edit(base, {
      [DOC]: all(replace('Clause two of', 'Clause two (mine) of'), replace('Clause seven of', 'Clause seven, mine, of')),
      [HEADER]: replace('Header left', 'Header left, mine'),
    });
    const theirs = edit(base, {
      [DOC]: all(replace('Clause two of', 'Clause two (theirs) of'), replace('Clause five of', 'Clause five, theirs, of')),
      [HEADER]: replace('Header right', 'Header right, theirs'),
    });
    const r = expectMineWins(mine, theirs, (t) => ({
      [DOC]: t().replace('Clause two (theirs) of', 'Clause two (mine) of').replace('Clause seven of', 'Clause seven, mine, of'),
      [HEADER]: t(HEADER).replace('Header left', 'Header left, mine'),
    }));
    expect(r).toMatchObject({ conflicts: [{ part: DOC, mine: 'Clause two (mine) of the agreement.' }] });
  });

  it('deletes the paragraph I deleted and they edited', () => {
    const mine = edit(base, { [DOC]: all((xml) => xml.replace(paragraphWith(xml, 'Clause four'), ''), replace('Clause one of', 'Clause one, mine, of')) });
    const theirs = edit(base, { [DOC]: all(replace('Clause four of', 'Clause four, theirs, of'), replace('Clause six of', 'Clause six, theirs, of')) });
    expectMineWins(mine, theirs, (t) => ({ [DOC]: t().replace(paragraphWith(t(), 'Clause four'), '').replace('Clause one of', 'Clause one, mine, of') }));
  });

  it('puts back, where it was, the paragraph they deleted and I edited, with what I inserted after it', () => {
    const added = newParagraph('1A2B3C60', 'After my clause four.');
    const mine = edit(base, {
      [DOC]: all(replace('Clause four of', 'Clause four, mine, of'), (xml) => xml.replace(paragraphWith(xml, 'Clause four'), (p) => p + added), replace('Clause eight of', 'Clause eight, mine, of')),
    });
    const theirs = edit(base, { [DOC]: all((xml) => xml.replace(paragraphWith(xml, 'Clause four'), ''), replace('Clause two of', 'Clause two, theirs, of')) });
    const r = expectMineWins(mine, theirs, (t) => {
      const three = paragraphWith(t(), 'Clause three');
      return { [DOC]: t().replace(three, three + paragraphWith(part(mine), 'Clause four') + added).replace('Clause eight of', 'Clause eight, mine, of') };
    });
    expect(r).toMatchObject({ conflicts: [{ reason: expect.stringContaining('deleted what this save changed') }] });
  });

  it('has no "mine wins" package when what they deleted and I edited has nothing left beside it', () => {
    const mine = edit(base, { [HEADER]: replace('Header left', 'Header left, mine'), [DOC]: replace('Clause one of', 'Clause one, mine, of') });
    const theirs = edit(base, { [HEADER]: (xml) => xml.replace(paragraphWith(xml, 'Header left'), newParagraph('2B000001', 'Their header')).replace(paragraphWith(xml, 'Header right'), '') });
    expect(mergeThreeWay(base, mine, theirs)).toMatchObject({ ok: false, conflicts: [{ part: HEADER, reason: expect.stringContaining('deleted') }], mineWins: undefined });
  });

  it('takes my paragraph of a header both changed, with their header and body edits', () => {
    const mine = edit(base, { [HEADER]: replace('Header left', 'Header left, mine'), [DOC]: replace('Clause three of', 'Clause three, mine, of') });
    const theirs = edit(base, {
      [HEADER]: all(replace('Header left', 'Header left, theirs'), replace('Header right', 'Header right, theirs')),
      [DOC]: replace('Clause one of', 'Clause one, theirs, of'),
    });
    expectMineWins(mine, theirs, (t) => ({
      [HEADER]: t(HEADER).replace('Header left, theirs', 'Header left, mine'),
      [DOC]: t().replace('Clause three of', 'Clause three, mine, of'),
    }));
  });

  it('takes my style part where both changed it differently, with their body edits and mine', () => {
    const mine = edit(base, { [STYLES]: replace('<w:name w:val="Normal"/>', '<w:name w:val="Normal"/><w:qFormat/>'), [DOC]: replace('Clause three of', 'Clause three, mine, of') });
    const theirs = edit(base, { [STYLES]: replace('<w:name w:val="Normal"/>', '<w:name w:val="Normal"/><w:uiPriority w:val="1"/>'), [DOC]: replace('Clause one of', 'Clause one, theirs, of') });
    const r = expectMineWins(mine, theirs, (t) => ({ [STYLES]: part(mine, STYLES), [DOC]: t().replace('Clause three of', 'Clause three, mine, of') }));
    expect(r).toMatchObject({ conflicts: [{ part: STYLES, paraId: undefined }] });
  });

  it('has no "mine wins" package when a part cannot be merged paragraph by paragraph', () => {
    const mine = edit(base, { [DOC]: (xml) => xml.replace(paragraphWith(xml, 'Clause eight'), '').replace(paragraphWith(xml, 'Clause one'), (p) => paragraphWith(xml, 'Clause eight') + p) });
    const theirs = edit(base, { [DOC]: replace('Clause five of', 'Clause five, theirs, of') });
    expect(mergeThreeWay(base, mine, theirs)).toMatchObject({ ok: false, conflicts: [{ part: DOC, reason: expect.stringContaining('moved a paragraph') }], mineWins: undefined });
  });
});
