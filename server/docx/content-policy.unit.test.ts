import { randomBytes } from 'node:crypto';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { INERT_TARGET } from './external-targets';
import { concatBytes } from '../../tests/support/bytes';
import { W_MAIN_NS, buildDocx } from '../../tests/support/docx/fixtures';
import { manySmallPartsBomb } from '../../tests/support/docx/hostile-fixtures';
import { inspectDocx } from './inspect';
import { MACROS_REASON } from './macros';
import { processDocx } from './process';
import { ZipError, readZipDirectory } from './zip-read';

/** docs/decisions/009-package-content-policy.md: bombs judged on the whole archive, macros, DTDs and link targets. */

const MB = 1024 * 1024;
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const CT_XML = 'application/vnd.openxmlformats-officedocument.customXmlProperties+xml';

function zipCode(zip: Uint8Array): string | undefined {
  try {
    readZipDirectory(zip);
    return undefined;
  } catch (e) {
    if (e instanceof ZipError) return e.code;
    throw e;
  }
}

const refusal = (bytes: Uint8Array) => {
  const r = processDocx(bytes);
  return r.ok ? undefined : { code: r.code, reason: r.reason };
};

describe('ZIP bombs judged on the whole archive', { timeout: 60_000 }, () => {
  it('refuses the many-small-parts bomb of the issue (190 parts of 1 MB)', () => {
    const bomb = manySmallPartsBomb(190);
    expect(bomb.length).toBeLessThan(300 * 1024);
    expect(refusal(bomb)?.code).toBe('too_large');
  });

  it('refuses it by its whole-archive ratio even when the total is under the limit', () => {
    const bomb = manySmallPartsBomb(40); // 40 MB from ~45 KB
    expect(zipCode(bomb)).toBe('suspicious_ratio');
    expect(refusal(bomb)).toEqual({ code: 'too_large', reason: expect.stringMatching(/more than 100 times its size, which is how ZIP bombs work/) });
  });

  it('refuses many tiny parts that add up past the total (4,990 parts of 14 KB)', () => {
    // Per-entry headers keep this one near 75:1, under the ratio: the total is what stops it.
    const parts = Object.fromEntries(Array.from({ length: 4_990 }, (_, i) => [`p/${i}.xml`, strToU8(`<a>${' '.repeat(14_000)}</a>`)]));
    expect(zipCode(zipSync(parts))).toBe('too_large');
  });

  it('refuses one big part', () => {
    expect(zipCode(zipSync({ 'word/document.xml': new Uint8Array(30 * MB) }))).toBe('suspicious_ratio');
  });

  it('lets a small document that compresses very well pass (below the floor)', () => {
    const small = manySmallPartsBomb(6); // 6 MB from ~10 KB: over 100:1, but too small to hurt
    expect(processDocx(small).ok).toBe(true);
  });

  it('refuses declared sizes that lie: small claims stop the inflate, big claims hit the total', () => {
    const zip = zipSync({ 'a.xml': new Uint8Array(4 * MB) });
    const view = new DataView(zip.buffer);
    const cd = view.getUint32(zip.length - 22 + 16, true);
    const small = zip.slice();
    new DataView(small.buffer).setUint32(cd + 24, 1000, true);
    expect(refusal(buildDocxWith('customXml/a.xml', small))).toMatchObject({ code: 'damaged' });
    const big = zip.slice();
    new DataView(big.buffer).setUint32(cd + 24, 100 * MB, true);
    expect(zipCode(big)).toMatch(/too_large|suspicious_ratio/);
  });

  it('refuses deep duplicates: many directory records pointing at one compressed stream', () => {
    const one = zipSync({ 'a0.xml': new Uint8Array(MB) });
    const view = new DataView(one.buffer);
    const cdOffset = view.getUint32(one.length - 22 + 16, true);
    const record = one.subarray(cdOffset, one.length - 22);
    const copies = 60;
    const out = new Uint8Array(cdOffset + record.length * copies + 22);
    out.set(one.subarray(0, cdOffset));
    for (let i = 0; i < copies; i++) {
      const r = record.slice();
      r.set(strToU8(`${String.fromCharCode(0x61 + Math.floor(i / 10))}${i % 10}`), 46); // a0..f9: distinct names
      out.set(r, cdOffset + i * record.length);
    }
    const end = one.slice(one.length - 22);
    const ev = new DataView(end.buffer);
    ev.setUint16(8, copies, true);
    ev.setUint16(10, copies, true);
    ev.setUint32(12, record.length * copies, true);
    out.set(end, cdOffset + record.length * copies);
    expect(zipCode(out)).toMatch(/suspicious_ratio|damaged/);
  });

  it('counts stored (method 0) parts at their real size; a stored part cannot claim more than it holds', () => {
    const stored = zipSync({ 'b.bin': [randomBytes(MB), { level: 0 }] });
    expect(readZipDirectory(stored)[0]!.method).toBe(0);
    const view = new DataView(stored.buffer);
    const cd = view.getUint32(stored.length - 22 + 16, true);
    view.setUint32(cd + 24, 40 * MB, true);
    view.setUint32(cd + 20, 40 * MB, true);
    expect(zipCode(stored)).toBe('damaged');
  });

  it('keeps only the parts it reads in memory', () => {
    const noise = (i: number) => strToU8(`<a>${randomBytes(MB / 2).toString('hex')}${i}</a>`);
    const bytes = buildDocx({ extraParts: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`customXml/item${i}.xml`, noise(i)])), level: 1 });
    const r = inspectDocx(bytes);
    if (!r.ok) throw new Error(r.reason);
    expect(r.pkg.parts.size).toBeGreaterThan(10);
    expect(r.pkg.parts.keptBytes).toBeLessThan(64 * 1024);
  });
});

function buildDocxWith(name: string, zipWithOnePart: Uint8Array): Uint8Array {
  // Moves the single (patched) entry of `zipWithOnePart` into a real document, directory bytes included.
  const doc = unzipSync(buildDocx());
  const docZip = zipSync(doc, { level: 0 });
  return concatZips(docZip, zipWithOnePart, name);
}

/** Appends the one entry of `extra` (renamed to a same-length name) to `base`, both as written by fflate. */
function concatZips(base: Uint8Array, extra: Uint8Array, name: string): Uint8Array {
  const bv = new DataView(base.buffer, base.byteOffset);
  const ev = new DataView(extra.buffer, extra.byteOffset);
  const bCd = bv.getUint32(base.length - 22 + 16, true);
  const eCd = ev.getUint32(extra.length - 22 + 16, true);
  const count = bv.getUint16(base.length - 22 + 10, true);
  const nameBytes = strToU8(name);
  const localOld = extra.subarray(0, eCd);
  const oldNameLen = ev.getUint16(26, true);
  const local = new Uint8Array(localOld.length - oldNameLen + nameBytes.length);
  local.set(localOld.subarray(0, 30));
  new DataView(local.buffer).setUint16(26, nameBytes.length, true);
  local.set(nameBytes, 30);
  local.set(localOld.subarray(30 + oldNameLen), 30 + nameBytes.length);
  const recOld = extra.subarray(eCd, extra.length - 22);
  const rec = new Uint8Array(46 + nameBytes.length);
  rec.set(recOld.subarray(0, 46));
  const rv = new DataView(rec.buffer);
  rv.setUint16(28, nameBytes.length, true);
  rv.setUint16(30, 0, true);
  rv.setUint16(32, 0, true);
  rv.setUint32(42, bCd, true);
  rec.set(nameBytes, 46);
  const baseCd = base.subarray(bCd, base.length - 22);
  const cdAt = bCd + local.length;
  const end = base.slice(base.length - 22);
  const endView = new DataView(end.buffer);
  endView.setUint16(8, count + 1, true);
  endView.setUint16(10, count + 1, true);
  endView.setUint32(12, baseCd.length + rec.length, true);
  endView.setUint32(16, cdAt, true);
  return concatBytes([base.subarray(0, bCd), local, baseCd, rec, end]);
}

describe('a DOCTYPE is refused in every part, whatever its name', () => {
  const dtd = '<!DOCTYPE x [<!ENTITY a "aaaa">]>';
  const withType = (name: string, type: string, content: Uint8Array | string) => {
    const files = unzipSync(buildDocx({ extraParts: { [name]: content } }));
    const ct = strFromU8(files['[Content_Types].xml']!).replace('</Types>', `<Override PartName="/${name}" ContentType="${type}"/></Types>`);
    files['[Content_Types].xml'] = strToU8(ct);
    return zipSync(files);
  };

  it.each([
    ['an XML part named .dat', withType('word/document.dat', CT_XML, `<?xml version="1.0"?>${dtd}<a/>`)],
    ['customXml/item1.bin, found by its content', buildDocx({ extraParts: { 'customXml/item1.bin': `<?xml version="1.0"?>${dtd}<a/>` } })],
    ['UTF-16LE with a byte-order mark', buildDocx({ extraParts: { 'customXml/item1.bin': new Uint8Array(Buffer.from(`\uFEFF<?xml version="1.0" encoding="UTF-16"?>${dtd}<a/>`, 'utf16le')) } })],
    ['UTF-16BE without one', buildDocx({ extraParts: { 'customXml/x.bin': new Uint8Array(Buffer.from(`<?xml version="1.0" encoding="UTF-16"?>${dtd}<a/>`, 'utf16le').swap16()) } })],
    ['leading whitespace and a UTF-8 BOM', buildDocx({ extraParts: { 'word/theme/t.bin': `\uFEFF \n\t${dtd}<a/>` } })],
    // Read as UTF-8 by its first bytes, yet a reader may take the rest as UTF-16: the wide spellings are searched in any part with a NUL.
    ['UTF-16LE after UTF-8 in one part', buildDocx({ extraParts: { 'customXml/item2.xml': new Uint8Array(Buffer.concat([Buffer.from('<?xml version="1.0"?><a/>'), Buffer.from(dtd, 'utf16le')])) } })],
    ['no XML declaration, an XML content type', withType('word/glossary/x.part', 'application/xml', `${dtd}<a/>`)],
  ])('%s', (_, bytes) => {
    expect(refusal(bytes)).toEqual({ code: 'malformed_xml', reason: expect.stringMatching(/DTD declaration/) });
  });

  it('refuses an XML part in an encoding OPC does not allow (a DOCTYPE could hide in UTF-7)', () => {
    const utf7 = buildDocx({ extraParts: { 'customXml/item1.bin': '<?xml version="1.0" encoding="UTF-7"?>+ADw-!DOCTYPE x+AD4-<a/>' } });
    expect(refusal(utf7)).toEqual({ code: 'malformed_xml', reason: expect.stringMatching(/text encoding Word never uses/) });
  });

  it('accepts a bare HTML5 doctype in an HTML part and DOCTYPE bytes inside a binary part', () => {
    const altChunk = buildDocx({ extraParts: { 'word/afchunk.htm': '<!DOCTYPE html><html><body>Hi</body></html>' } });
    expect(processDocx(altChunk).ok).toBe(true);
    const printer = new Uint8Array([1, 0, 0, 0, 0xdb, 0x1c, 0, 0, ...strToU8(`<?xml version="1.0"?>${dtd}<plist/>`)]);
    expect(processDocx(buildDocx({ extraParts: { 'word/printerSettings/printerSettings1.bin': printer } })).ok).toBe(true);
  });
});

describe('macro-enabled packages are refused', () => {
  it.each([
    ['a .docm main part', buildDocx({ mainContentType: 'application/vnd.ms-word.document.macroEnabled.main+xml' })],
    ['a .dotm main part', buildDocx({ mainContentType: 'application/vnd.ms-word.template.macroEnabledTemplate.main+xml' })],
    ['a vbaProject.bin anywhere', buildDocx({ extraParts: { 'word/media/vbaProject.bin': new Uint8Array([1, 2, 3]) } })],
    ['a vbaData part', buildDocx({ extraParts: { 'word/vbaData.xml': '<wne:vbaSuppData xmlns:wne="urn:x"/>' } })],
  ])('%s', (_, bytes) => {
    expect(refusal(bytes)).toEqual({ code: 'macros', reason: MACROS_REASON });
  });

  it('a VBA project under another name, found by its content type', () => {
    const files = unzipSync(buildDocx({ extraParts: { 'word/project.dat': new Uint8Array([1]) } }));
    files['[Content_Types].xml'] = strToU8(strFromU8(files['[Content_Types].xml']!).replace('</Types>', '<Default Extension="dat" ContentType="application/vnd.ms-office.vbaProject"/></Types>'));
    expect(refusal(zipSync(files))).toEqual({ code: 'macros', reason: MACROS_REASON });
  });
});

describe('external relationship targets other than http, https and mailto hyperlinks are dropped', () => {
  const linked = (rels: string) => {
    const files = unzipSync(buildDocx());
    files['word/_rels/document.xml.rels'] = strToU8(strFromU8(files['word/_rels/document.xml.rels']!).replace('</Relationships>', `${rels}</Relationships>`));
    return zipSync(files);
  };
  const rel = (id: string, type: string, target: string, mode = ' TargetMode="External"') => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"${mode}/>`;
  const storedRels = (bytes: Uint8Array) => strFromU8(unzipSync(bytes)['word/_rels/document.xml.rels']!);

  it.each([
    ['a file: attached template', rel('rT', 'attachedTemplate', 'file:///C:/Templates/x.dotm')],
    ['a picture on a file share', rel('rI', 'image', '\\\\server\\share\\logo.png')],
    ['a javascript: link', rel('rJ', 'hyperlink', 'javascript:alert(1)')],
    ['a link hiding behind a space', rel('rS', 'hyperlink', ' javascript:alert(1)')],
    ['a file: link', rel('rF', 'hyperlink', 'file:///etc/passwd')],
    ['a relative link to a file beside the document', rel('rR', 'hyperlink', 'secret.docx')],
    ['an internal target that is a URL', rel('rU', 'image', 'file:///etc/passwd', '')],
  ])('%s', (_, relationship) => {
    const upload = linked(relationship);
    const r = processDocx(upload);
    if (!r.ok) throw new Error(r.reason);
    const id = /Id="(\w+)"/.exec(relationship)![1]!;
    const kept = new RegExp(`<Relationship Id="${id}" [^>]*Target="${INERT_TARGET}"`);
    expect(storedRels(r.stored)).toMatch(kept);
    expect(storedRels(r.editable)).toMatch(kept);
    expect(storedRels(r.stored)).not.toMatch(/file:|javascript:|\\\\server|secret/);
    expect(r.stored).not.toBe(upload);
  });

  it('keeps http, https and mailto hyperlinks, and stores the upload itself', () => {
    const upload = linked(rel('r1', 'hyperlink', 'http://example.com/a?b=1&amp;c=2') + rel('r2', 'hyperlink', 'https://example.com') + rel('r3', 'hyperlink', 'mailto:a@example.com'));
    const r = processDocx(upload);
    expect(r.ok && r.stored).toBe(upload);
  });

  it('drops targets in every relationship part, the package one included', () => {
    const files = unzipSync(buildDocx());
    files['_rels/.rels'] = strToU8(strFromU8(files['_rels/.rels']!).replace('</Relationships>', `${rel('rX', 'thumbnail', 'file:///x.png')}</Relationships>`));
    const r = processDocx(zipSync(files));
    expect(r.ok && strFromU8(unzipSync(r.stored)['_rels/.rels']!)).toContain(`Target="${INERT_TARGET}"`);
  });

  it('refuses a relationship part that is not well-formed (nobody can tell what it points at)', () => {
    const files = unzipSync(buildDocx());
    files['word/_rels/settings.xml.rels'] = strToU8('<Relationships><Relationship Target="file:///x"></Relationships>');
    expect(refusal(zipSync(files))?.code).toBe('damaged');
  });
});

it('a document without a w:document namespace problem still reads (fixture sanity)', () => {
  expect(processDocx(buildDocx({ documentXml: `<w:document xmlns:w="${W_MAIN_NS}"><w:body/></w:document>` })).ok).toBe(true);
});
