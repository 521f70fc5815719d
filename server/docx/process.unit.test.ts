import { randomBytes } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildDocx, paragraphXml } from '../../tests/support/docx/fixtures';
import { seeded } from '../../tests/support/docx/realistic';
import { PASSWORD_PROTECTED_REASON, inspectDocx } from './inspect';
import { MAX_STORY_XML_BYTES } from './limits';
import { processDocx } from './process';
import { readStory } from './story';

describe('processDocx', () => {
  it('returns the text, a word count, and an editable copy whose paragraphs all have ids', () => {
    const body = `${paragraphXml('First paragraph.')}<w:tbl><w:tr><w:tc>${paragraphXml('Cell')}</w:tc></w:tr></w:tbl>${paragraphXml('Last one here.')}`;
    const result = processDocx(buildDocx({ body, headers: [paragraphXml('Header')] }));
    if (!result.ok) throw new Error(result.reason);
    expect(result).toMatchObject({ text: 'First paragraph.\nCell\nLast one here.', wordCount: 6, kind: 'document' });
    const editable = inspectDocx(result.editable);
    if (!editable.ok) throw new Error(editable.reason);
    const paragraphs = readStory(editable.pkg.parts.get('word/document.xml')!).paragraphs;
    expect(paragraphs.map((p) => p.text)).toEqual(['First paragraph.', 'Cell', 'Last one here.']);
    expect(paragraphs.every((p) => /^[0-9A-F]{8}$/.test(p.paraId ?? ''))).toBe(true);
  });

  it.each([
    ['a ZIP bomb', () => buildDocx({ extraParts: { 'word/media/image1.png': new Uint8Array(20 * 1024 * 1024) } }), 'too_large'],
    ['10,000 tiny entries', () => zipSync(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`p${i}`, strToU8('x')]))), 'too_large'],
    ['a renamed PNG', () => Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...randomBytes(100)]), 'not_docx'],
    ['an xlsx', () => buildDocx({ mainContentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml' }), 'not_word'],
    ['an OLE header with nothing behind it', () => Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'legacy_format'],
    // Random text, so the archive's ratio stays ordinary and the story limit is what refuses it.
    ['a body longer than the limit', () => buildDocx({ body: paragraphXml(randomBytes(MAX_STORY_XML_BYTES / 2 + 1000).toString('hex')), level: 1 }), 'too_large'],
    ['random bytes after a ZIP signature', () => Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...randomBytes(5000)]), 'damaged'],
  ])('refuses %s with a reason instead of throwing', { timeout: 30_000 }, (_, make, code) => {
    const result = processDocx(make());
    expect(result).toMatchObject({ ok: false, code, reason: expect.stringMatching(/\.$|supported$/) });
  });

  it('passes the exact password-protected message through', () => {
    const ole = new Uint8Array(2048);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    ole.set(new Uint8Array(Buffer.from('EncryptedPackage', 'utf16le')), 1100); // too broken to walk: found by name
    expect(processDocx(ole)).toMatchObject({ ok: false, code: 'encrypted', reason: PASSWORD_PROTECTED_REASON });
  });

  // Thousands of documents processed: a bound against a hang, not a speed check (bench/ measures speed).
  const FUZZ = { timeout: 60_000 };

  it('never throws on thousands of corrupted variants of a document', FUZZ, () => {
    const body = Array.from({ length: 30 }, (_, i) => paragraphXml(`Paragraph ${i} with some text & more`)).join('');
    const originals = [buildDocx({ body, headers: [paragraphXml('Head')] }), buildDocx({ body, level: 0 })];
    const next = seeded(42);
    const random = (n: number) => next() % n;
    const outcomes = new Map<string, number>();
    for (let i = 0; i < 2_000; i++) {
      const bytes = originals[i % 2]!.slice();
      const mutations = 1 + random(4);
      for (let m = 0; m < mutations; m++) bytes[random(bytes.length)] = random(256);
      const cut = random(10) === 0 ? bytes.subarray(0, random(bytes.length)) : bytes;
      const result = processDocx(cut);
      const key = result.ok ? 'ok' : result.code;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      if (result.ok) expect(inspectDocx(result.editable).ok).toBe(true);
      else expect(result.reason.length).toBeGreaterThan(20);
    }
    expect(outcomes.get('unreadable')).toBeUndefined(); // no internal error escaped as a generic one
    expect(outcomes.get('damaged')).toBeGreaterThan(0);
  });

  it('never throws on thousands of corrupted bodies inside a sound ZIP', FUZZ, () => {
    // Byte flips above mostly end at the CRC check; here the XML itself is broken and repacked.
    const xml = buildDocxXml();
    const specials = ['<', '>', '&', '"', "'", '/', '=', ':', ' ', 'w', '', '<w:p>', '</w:p>', 'xmlns:w14="x"'];
    const next = seeded(7);
    const random = (n: number) => next() % n;
    const outcomes = new Map<string, number>();
    for (let i = 0; i < 1_000; i++) {
      let text = xml;
      for (let m = 1 + random(3); m > 0; m--) {
        const at = random(text.length);
        text = text.slice(0, at) + specials[random(specials.length)] + text.slice(at + random(3));
      }
      const result = processDocx(buildDocx({ documentXml: text }));
      outcomes.set(result.ok ? 'ok' : result.code, (outcomes.get(result.ok ? 'ok' : result.code) ?? 0) + 1);
      if (result.ok) expect(inspectDocx(result.editable).ok).toBe(true);
    }
    expect([...outcomes.keys()].sort()).toEqual(['malformed_xml', 'ok']);
  });
});

function buildDocxXml(): string {
  const body = Array.from({ length: 20 }, (_, i) => paragraphXml(`Paragraph ${i} & "quotes"`)).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml"><w:body>${body}<w:p w14:paraId="00000001"/></w:body></w:document>`;
}
