import { describe, expect, it } from 'vitest';
import { inspectDocx } from './inspect';
import { type DocxPackage, MC_NS, W14_NS, decodePart } from './package';
import { type ParagraphIdsResult, MAX_PARA_ID, addParagraphIds } from './para-ids';
import { readStory } from './story';
import { type SyntheticDocx, W_MAIN_NS, buildDocx, paragraphXml, undoInsertions } from '../../tests/support/docx/fixtures';
import { rawEntryData } from './zip-read';

function inspected(bytes: Uint8Array): DocxPackage {
  const result = inspectDocx(bytes);
  if (!result.ok) throw new Error(`${result.reason} (${result.detail})`);
  return result.pkg;
}

function withIds(spec: SyntheticDocx): { before: DocxPackage; result: ParagraphIdsResult; after: DocxPackage } {
  const before = inspected(buildDocx(spec));
  const result = addParagraphIds(before);
  return { before, result, after: inspected(result.editable) };
}

const partText = (pkg: DocxPackage, part = 'word/document.xml') => decodePart(pkg.parts.get(part)!).text;
const rootTag = (xml: string) => /<w:document[^>]*>/.exec(xml)![0];

describe('addParagraphIds', () => {
  it('gives every paragraph an 8-digit hex paraId and textId below 0x80000000, keeping existing ones', () => {
    const body = `<w:p w14:paraId="1A2B3C4D" w14:textId="77777777"/>${paragraphXml('one')}<w:tbl><w:tr><w:tc>${paragraphXml('cell')}</w:tc></w:tr></w:tbl><w:p/>`;
    const { result, after } = withIds({ body, rootAttrs: `xmlns:w14="${W14_NS}"` });
    const paragraphs = readStory(after.parts.get('word/document.xml')!).paragraphs;
    expect(paragraphs.map((p) => p.paraId)).toEqual(result.ids.get('word/document.xml'));
    expect(paragraphs[0]!.paraId).toBe('1A2B3C4D');
    for (const p of paragraphs) {
      expect(p.paraId).toMatch(/^[0-9A-F]{8}$/);
      expect(parseInt(p.paraId!, 16)).toBeLessThanOrEqual(MAX_PARA_ID);
      expect(p.hasTextId).toBe(true);
    }
    expect(new Set(paragraphs.map((p) => p.paraId)).size).toBe(4);
    expect(result.added).toBe(3);
  });

  it('declares w14 and lists it in mc:Ignorable on a root that has neither', () => {
    const { after } = withIds({});
    expect(rootTag(partText(after))).toBe(
      `<w:document xmlns:w14="${W14_NS}" xmlns:mc="${MC_NS}" mc:Ignorable="w14" xmlns:w="${W_MAIN_NS}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">`,
    );
  });

  it('adds w14 to an existing mc:Ignorable list, and leaves a list that has it alone', () => {
    const appended = withIds({ rootAttrs: `xmlns:mc="${MC_NS}" xmlns:w15="urn:w15" mc:Ignorable="w15"` });
    expect(rootTag(partText(appended.after))).toContain(`xmlns:w14="${W14_NS}" xmlns:w="${W_MAIN_NS}"`);
    expect(rootTag(partText(appended.after))).toContain('mc:Ignorable="w15 w14"');

    const complete = withIds({ rootAttrs: `xmlns:w14="${W14_NS}" xmlns:mc="${MC_NS}" mc:Ignorable="w14 wp14"` });
    expect(rootTag(partText(complete.after))).toBe(rootTag(partText(complete.before)));
  });

  it('uses the prefix the document already binds to the w14 namespace, and avoids a taken one', () => {
    const other = withIds({ rootAttrs: `xmlns:x14="${W14_NS}"` });
    expect(partText(other.after)).toMatch(/<w:p x14:paraId="[0-9A-F]{8}" x14:textId="[0-9A-F]{8}">/);
    expect(rootTag(partText(other.after))).toContain('mc:Ignorable="x14"');

    const taken = withIds({ rootAttrs: 'xmlns:w14="urn:not-word"' });
    expect(partText(taken.after)).toMatch(/<w:p w14_2:paraId="[0-9A-F]{8}"/);
  });

  it('adds only the paraId to a paragraph that already has a textId', () => {
    const { after } = withIds({ body: '<w:p w14:textId="0000ABCD"/>', rootAttrs: `xmlns:w14="${W14_NS}"` });
    expect(partText(after)).toMatch(/<w:p w14:paraId="[0-9A-F]{8}" w14:textId="0000ABCD"\/>/);
  });

  it('only inserts: undoing the reported insertions gives back the original text exactly', () => {
    const body = `${paragraphXml('a & b')}\r\n  <w:p\n  w:rsidR="00AB">${paragraphXml('text box?')}</w:p><w:p/>`;
    const { before, result, after } = withIds({ body, headers: [paragraphXml('head')], footnotes: `<w:footnote w:id="1">${paragraphXml('note')}</w:footnote>` });
    expect(result.edits.map((e) => e.part)).toEqual(['word/document.xml', 'word/header1.xml', 'word/footnotes.xml']);
    for (const { part, insertions } of result.edits) {
      expect(undoInsertions(partText(after, part), insertions)).toBe(partText(before, part));
      for (const ins of insertions) expect(ins.text).toMatch(/^( (xmlns:)?[\w]+:\w+="[^"]*")+$|^ ?w14$/);
    }
  });

  it('keeps every part without paragraphs byte for byte, still compressed as it was', () => {
    const { before, result, after } = withIds({ headers: [paragraphXml('head')] });
    for (const entry of after.entries) {
      if (result.edits.some((e) => e.part === entry.name)) continue;
      const original = before.entries.find((e) => e.name === entry.name)!;
      expect(rawEntryData(result.editable, entry)).toEqual(rawEntryData(before.archive, original));
    }
    expect(after.parts.get('word/styles.xml')).toEqual(before.parts.get('word/styles.xml'));
  });

  it('replaces a repeated or invalid existing paraId, keeping the first holder of each id', () => {
    const body = `<w:p w14:paraId="00000ABC"/><w:p w14:paraId="00000abc"/><w:p w14:paraId="80000000"/><w:p w14:paraId="nope"/>`;
    const { before, result, after } = withIds({ body, rootAttrs: `xmlns:w14="${W14_NS}"` });
    const ids = readStory(after.parts.get('word/document.xml')!).paragraphs.map((p) => p.paraId!);
    expect(ids[0]).toBe('00000ABC');
    expect(new Set(ids.map((id) => parseInt(id, 16))).size).toBe(4);
    expect(ids.every((id) => /^[0-9A-F]{8}$/.test(id) && parseInt(id, 16) <= MAX_PARA_ID)).toBe(true);
    const [edit] = result.edits;
    expect(edit!.insertions.map((i) => i.replaced)).toEqual(['00000abc', '80000000', 'nope']);
    expect(undoInsertions(partText(after), edit!.insertions)).toBe(partText(before));
  });

  it('gives the same ids to the same upload, and adds nothing the second time', () => {
    const bytes = buildDocx({ body: paragraphXml('x').repeat(50) });
    const first = addParagraphIds(inspected(bytes));
    expect(addParagraphIds(inspected(bytes)).editable).toEqual(first.editable);
    const second = addParagraphIds(inspected(first.editable));
    expect(second.editable).toBe(first.editable); // the same bytes, not a copy
    expect(second.added).toBe(0);
    expect(second.edits).toEqual([]);
    expect(second.ids).toEqual(first.ids);
  });

  it('numbers paragraphs in text boxes, both the mc:Choice and the mc:Fallback copy', () => {
    const box = (t: string) => `<w:txbxContent>${paragraphXml(t)}</w:txbxContent>`;
    const body = `<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps">${box('in box')}</mc:Choice><mc:Fallback>${box('in box')}</mc:Fallback></mc:AlternateContent></w:r></w:p>`;
    const { after } = withIds({ body, rootAttrs: `xmlns:mc="${MC_NS}"` });
    const ids = readStory(after.parts.get('word/document.xml')!).paragraphs.map((p) => p.paraId);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
  });

  it('writes a UTF-16 part back as UTF-16 with its byte-order mark', () => {
    const xml = `\uFEFF<?xml version="1.0" encoding="UTF-16"?><w:document xmlns:w="${W_MAIN_NS}"><w:body>${paragraphXml('é')}</w:body></w:document>`;
    const { after } = withIds({ documentXml: new Uint8Array(Buffer.from(xml, 'utf16le')) });
    const bytes = after.parts.get('word/document.xml')!;
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xfe]);
    expect(readStory(bytes).paragraphs[0]).toMatchObject({ text: 'é', paraId: expect.stringMatching(/^[0-9A-F]{8}$/) });
  });
});
