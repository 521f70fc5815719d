import { describe, expect, it } from 'vitest';
import { cleanOriginalName, contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it('keeps an ASCII name as it is', () => {
    expect(contentDisposition('Contract 2025.docx')).toBe(
      `attachment; filename="Contract 2025.docx"; filename*=UTF-8''Contract%202025.docx`,
    );
  });

  it('encodes non-ASCII names and gives a readable fallback', () => {
    expect(contentDisposition('Vertrag Müller – Entwurf.docx')).toBe(
      `attachment; filename="Vertrag Muller _ Entwurf.docx"; filename*=UTF-8''Vertrag%20M%C3%BCller%20%E2%80%93%20Entwurf.docx`,
    );
    expect(contentDisposition('契約書.docx')).toMatch(/filename\*=UTF-8''%E5%A5%91%E7%B4%84%E6%9B%B8\.docx$/);
  });

  it('cannot be broken out of with quotes or line breaks', () => {
    const header = contentDisposition('a"b\r\nSet-Cookie: x.docx');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.split('"').length).toBe(3);
  });
});

describe('cleanOriginalName', () => {
  it('drops folders, control characters and normalises to NFC', () => {
    expect(cleanOriginalName('C:\\fakepath\\report.docx')).toBe('report.docx');
    expect(cleanOriginalName('../../etc/passwd.docx')).toBe('passwd.docx');
    expect(cleanOriginalName('a\u0000b\u001f.docx')).toBe('ab.docx');
    expect(cleanOriginalName('Mu\u0308ller.docx')).toBe('Müller.docx');
  });

  it('bounds the length and keeps the extension', () => {
    const long = cleanOriginalName('x'.repeat(400) + '.docx');
    expect(long.length).toBe(255);
    expect(long.endsWith('.docx')).toBe(true);
  });
});

describe('bidirectional and invisible characters', () => {
  it.each([
    ['invoice\u202Excod.docx', 'invoicexcod.docx'],
    ['a\u2066b\u2069c\u200F.docx', 'abc.docx'],
    ['\uFEFFnotes\u200B.docx', 'notes.docx'],
    ['x\u061Cy\u202Az\u202C.docx', 'xyz.docx'],
  ])('removes them from the stored name %j', (raw, clean) => {
    expect(cleanOriginalName(raw)).toBe(clean);
  });

  it('removes them from the download name, even of a name stored before the rule', () => {
    const header = contentDisposition('report\u202Excod.docx');
    expect(header).toBe(`attachment; filename="reportxcod.docx"; filename*=UTF-8''reportxcod.docx`);
  });
});
