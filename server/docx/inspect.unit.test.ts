import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DAMAGED_REASON, type InspectResult, PASSWORD_PROTECTED_REASON, inspectDocx } from './inspect';
import { W_MAIN_NS, buildDocx, paragraphXml } from '../../tests/support/docx/fixtures';

/**
 * A minimal OLE compound file (512-byte sectors): FAT in sector 0, directory in sector 1, and
 * every named stream starting at sector 2, which holds `firstSector` (a Word FIB, for .doc).
 */
function oleFile(streams: readonly string[], firstSector = new Uint8Array(512)): Uint8Array {
  const out = new Uint8Array(512 * 4);
  const view = new DataView(out.buffer);
  out.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  view.setUint16(0x18, 0x3e, true);
  view.setUint16(0x1a, 3, true);
  view.setUint16(0x1c, 0xfffe, true);
  view.setUint16(0x1e, 9, true);
  view.setUint16(0x20, 6, true);
  view.setUint32(0x2c, 1, true); // one FAT sector
  view.setUint32(0x30, 1, true); // directory starts at sector 1
  view.setUint32(0x38, 0x1000, true);
  view.setUint32(0x3c, 0xfffffffe, true);
  view.setUint32(0x44, 0xfffffffe, true);
  for (let i = 0; i < 109; i++) view.setUint32(0x4c + i * 4, i === 0 ? 0 : 0xffffffff, true);
  const fat = [0xfffffffd, 0xfffffffe, 0xfffffffe];
  for (let i = 0; i < 128; i++) view.setUint32(512 + i * 4, fat[i] ?? 0xffffffff, true);
  ['Root Entry', ...streams].forEach((name, i) => {
    const at = 1024 + i * 128;
    for (let k = 0; k < name.length; k++) view.setUint16(at + k * 2, name.charCodeAt(k), true);
    view.setUint16(at + 0x40, (name.length + 1) * 2, true);
    out[at + 0x42] = i === 0 ? 5 : 2;
    view.setUint32(at + 0x74, i === 0 ? 0xfffffffe : 2, true);
  });
  out.set(firstSector, 1536);
  return out;
}

function refusal(result: InspectResult) {
  if (result.ok) throw new Error('expected a refusal');
  return { code: result.code, reason: result.reason };
}

const ascii = (s: string) => strToU8(s);

describe('inspectDocx: files that are not ZIPs', () => {
  it.each([
    ['an encrypted Office 2007+ document', ['EncryptionInfo', 'EncryptedPackage']],
    ['an OLE file with only the encrypted package stream', ['EncryptedPackage']],
  ])('says password-protected documents are not supported for %s', (_, streams) => {
    expect(refusal(inspectDocx(oleFile(streams)))).toEqual({ code: 'encrypted', reason: PASSWORD_PROTECTED_REASON });
  });

  it('recognises a Word 97-2003 .doc renamed to .docx', () => {
    expect(refusal(inspectDocx(oleFile(['WordDocument', '1Table'])))).toEqual({
      code: 'legacy_format',
      reason: 'This is a Word 97-2003 (.doc) file renamed to .docx. Open it in Word and save it as .docx, then upload it again.',
    });
  });

  it('recognises a password-protected .doc from the encryption flag in its FIB', () => {
    const fib = new Uint8Array(512);
    fib[0x0b] = 0x01; // fEncrypted (0x0100) in the flags word at 0x0A
    expect(refusal(inspectDocx(oleFile(['WordDocument'], fib))).reason).toBe(PASSWORD_PROTECTED_REASON);
  });

  it.each([
    [['Workbook'], 'not_word', 'This is an Excel 97-2003 workbook (.xls), not a Word document.'],
    [['PowerPoint Document'], 'not_word', 'This is a PowerPoint 97-2003 presentation (.ppt), not a Word document.'],
    [['Contents'], 'legacy_format', /^This is an older Microsoft Office file/],
  ])('names other OLE files: %j', (streams, code, reason) => {
    const r = refusal(inspectDocx(oleFile(streams)));
    expect(r.code).toBe(code);
    expect(r.reason).toMatch(reason);
  });

  it('still recognises a .doc whose OLE directory is too damaged to walk', () => {
    const broken = oleFile(['WordDocument']);
    new DataView(broken.buffer).setUint32(0x30, 999, true); // directory sector out of range
    expect(refusal(inspectDocx(broken)).code).toBe('legacy_format');
  });

  it.each([
    ['a PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0], 'This file is a PNG image, not a Word document.'],
    ['a JPEG', [0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'This file is a JPEG image, not a Word document.'],
    ['a PDF', ascii('%PDF-1.7\n...'), 'This file is a PDF document, not a Word document. Word can open PDFs and save them as .docx.'],
    ['an RTF', ascii('{\\rtf1\\ansi hello}'), /^This file is a Rich Text Format \(\.rtf\) document, not a Word document\. Open it in Word/],
    ['an HTML page', ascii('<!DOCTYPE html><html><body>x</body></html>'), /^This is a web page \(HTML\)/],
    ['a Word 2003 XML file', ascii('<?xml version="1.0"?><?mso-application progid="Word.Document"?><w:wordDocument/>'), /^This is a Word 2003 XML document/],
    ['plain text', ascii('Dear Sir,\nplease find attached.\n'), /^This is a plain text file, not a Word document\./],
    ['an empty file', [], 'The file is empty. Choose the Word document again and upload it.'],
    ['random bytes', [0x00, 0x01, 0x02, 0x03, 0x9f], /^This file is not a Word document \(\.docx\)\./],
  ])('names %s renamed to .docx', (_, bytes, reason) => {
    const r = refusal(inspectDocx(Uint8Array.from(bytes)));
    expect(r.code).toBe('not_docx');
    expect(r.reason).toMatch(reason);
  });
});

describe('inspectDocx: ZIPs that are not Word documents', () => {
  it.each([
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml', 'This is an Excel workbook, not a Word document.'],
    ['application/vnd.ms-excel.sheet.macroEnabled.main+xml', 'This is an Excel workbook, not a Word document.'],
    ['application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml', 'This is a PowerPoint presentation, not a Word document.'],
    ['application/vnd.ms-visio.drawing.main+xml', 'This is a Visio drawing, not a Word document.'],
  ])('names an Office package whose main part is %s', (contentType, reason) => {
    expect(refusal(inspectDocx(buildDocx({ mainContentType: contentType })))).toEqual({ code: 'not_word', reason });
  });

  it('names an OpenDocument text file and says how to convert it', () => {
    const odt = zipSync({ mimetype: [ascii('application/vnd.oasis.opendocument.text'), { level: 0 }], 'content.xml': ascii('<x/>') });
    expect(refusal(inspectDocx(odt)).reason).toBe(
      'This is an OpenDocument text file (.odt), not a .docx. Open it in Word or LibreOffice, save it as .docx, and upload it again.',
    );
  });

  it('calls any other ZIP a ZIP archive', () => {
    expect(refusal(inspectDocx(zipSync({ 'photo.jpg': new Uint8Array(10) })))).toEqual({
      code: 'not_word',
      reason: 'This is a ZIP archive, not a Word document.',
    });
  });

  it.each(['[Content_Types].xml', '_rels/.rels', 'word/document.xml'])('calls a Word package without %s damaged', (part) => {
    expect(refusal(inspectDocx(buildDocx({ omit: [part] })))).toEqual({ code: 'damaged', reason: DAMAGED_REASON });
  });

  it('calls a truncated .docx damaged', () => {
    const docx = buildDocx();
    expect(refusal(inspectDocx(docx.subarray(0, docx.length - 30)))).toEqual({ code: 'damaged', reason: DAMAGED_REASON });
  });
});

describe('inspectDocx: hostile and malformed packages', () => {
  it('refuses a ZIP bomb with a reason that says why', () => {
    const bomb = buildDocx({ extraParts: { 'word/media/image1.png': new Uint8Array(20 * 1024 * 1024) } });
    expect(refusal(inspectDocx(bomb))).toEqual({
      code: 'too_large',
      reason: 'This file unpacks to more than 100 times its size, which is how ZIP bombs work and far more than Word documents do, so it was not opened.',
    });
  });

  it('refuses 10,000 tiny entries', () => {
    const extraParts = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`customXml/item${i}.xml`, '<a/>']));
    expect(refusal(inspectDocx(buildDocx({ extraParts })))).toEqual({
      code: 'too_large',
      reason: 'This file holds more than 5,000 parts, far more than a Word document has, so it was not opened.',
    });
  });

  it.each([
    ['main text', { documentXml: `<w:document xmlns:w="${W_MAIN_NS}"><w:body><w:p></w:body></w:document>` }],
    ['main text', { documentXml: `<w:document xmlns:w="${W_MAIN_NS}"><w:body><w:p><w:r><w:t>Tom & Jerry</w:t></w:r></w:p></w:body></w:document>` }],
    ['main text', { documentXml: `<w:styles xmlns:w="${W_MAIN_NS}"/>` }],
    ['main text', { documentXml: new Uint8Array([0x3c, 0x61, 0x3e, 0xff, 0xfe, 0xfd, 0x3c, 0x2f, 0x61, 0x3e]) }],
    ['a header', { headers: ['<w:p><w:r><w:t>Page</w:t></w:r>'] }],
  ])('refuses malformed XML in the %s', (where, spec) => {
    const r = refusal(inspectDocx(buildDocx(spec)));
    expect(r.code).toBe('malformed_xml');
    expect(r.reason).toBe(`Part of this document (${where}) is not valid XML, so it cannot be opened safely. If it opens in Word, save it again as .docx and upload the new copy.`);
  });

  it('refuses a DTD in any part, as the packaging standard requires', () => {
    const styles = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaa">]><w:styles xmlns:w="urn:x"/>';
    const r = refusal(inspectDocx(buildDocx({ extraParts: { 'word/styles.xml': styles } })));
    expect(r.code).toBe('malformed_xml');
    expect(r.reason).toMatch(/DTD declaration/);
  });
});

describe('inspectDocx: Word documents', () => {
  it('returns the package with the main part and the parts that hold paragraphs', () => {
    const result = inspectDocx(buildDocx({ headers: [paragraphXml('Head')], footnotes: '<w:footnote w:id="1"/>' }));
    if (!result.ok) throw new Error(result.reason);
    expect(result.pkg).toMatchObject({
      mainPart: 'word/document.xml',
      kind: 'document',
      storyParts: ['word/document.xml', 'word/header1.xml', 'word/footnotes.xml'],
    });
    expect(result.pkg.entries.map((e) => e.name)).toContain('word/styles.xml');
  });

  it.each([['application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml', 'template']])('accepts %s and says what it is', (mainContentType, kind) => {
    const result = inspectDocx(buildDocx({ mainContentType }));
    expect(result.ok && result.pkg.kind).toBe(kind);
  });

  it('accepts ISO 29500 Strict and UTF-16 documents', () => {
    const strict = `<w:document xmlns:w="http://purl.oclc.org/ooxml/wordprocessingml/main"><w:body/></w:document>`;
    expect(inspectDocx(buildDocx({ documentXml: strict })).ok).toBe(true);
    const utf16 = Buffer.from(`\uFEFF<?xml version="1.0" encoding="UTF-16"?><w:document xmlns:w="${W_MAIN_NS}"><w:body/></w:document>`, 'utf16le');
    expect(inspectDocx(buildDocx({ documentXml: new Uint8Array(utf16) })).ok).toBe(true);
  });
});
