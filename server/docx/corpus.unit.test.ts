import fs from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { SHARED_CORPUS_LAYOUT, isSharedCorpus } from '../../tests/support/corpus';
import { describeCorpus } from '../../tests/support/corpus-suite';
import { compoundFile, decryptStandard, readCompoundFile } from '../../tests/support/docx/compound-file';
import { undoInsertions } from '../../tests/support/docx/fixtures';
import { CONTRACT_PHRASES, GENERATED_DOCUMENTS, GENERATED_REFUSALS, contractDocx, passwordProtectedDocx } from '../../tests/support/docx/realistic';
import { packageProblems, readParts, wellFormed } from '../../tests/support/docx/template-helpers';
import { refusedOnPurpose, verdicts } from '../../tests/support/docx/xml-oracle';
import { sameBytes } from './bytes';
import { PASSWORD_PROTECTED_REASON, inspectDocx } from './inspect';
import { classifyOle } from './ole';
import { type DocxPackage, decodePart } from './package';
import { addParagraphIds } from './para-ids';
import { type ProcessResult, processDocx } from './process';
import { readStory } from './story';
import { INERT_TARGET } from './external-targets';
import { type ZipEntry, inflateEntry, rawEntryData, readZipDirectory } from './zip-read';

/**
 * processDocx over whole documents: always over the generated ones (tests/support/docx/realistic.ts),
 * and over the real documents of the folder REDRAFT_CORPUS_DIR names (tests/support/corpus.ts):
 * in CI the shared corpus, written by other projects, whose files this suite knows one by one.
 */

function inspected(bytes: Uint8Array): DocxPackage {
  const result = inspectDocx(bytes);
  if (!result.ok) throw new Error(`${result.reason} (${result.detail})`);
  return result.pkg;
}

/** Ids on every paragraph of every story part, no id twice, and nothing else changed. */
function expectIdsAddedOnly(bytes: Uint8Array, result: ProcessResult): void {
  if (!result.ok) throw new Error(`${result.reason} (${result.detail})`);
  const before = inspected(bytes);
  const ids = addParagraphIds(before);
  expect(sameBytes(result.editable, ids.editable)).toBe(true); // deterministic
  const after = inspected(result.editable);
  expect(after.storyParts).toEqual(before.storyParts);

  // Every paragraph of every story part has an id, and no id is used twice in the document.
  const all = after.storyParts.flatMap((part) => readStory(after.parts.get(part)!).paragraphs.map((p) => p.paraId));
  expect(all.filter((id) => id === undefined)).toHaveLength(0);
  expect(new Set(all).size).toBe(all.length);

  // Edited parts differ only by the insertions; every other entry is the same compressed bytes.
  for (const entry of after.entries) {
    const original = before.entries.find((e) => e.name === entry.name)!;
    const edit = ids.edits.find((e) => e.part === entry.name);
    if (edit) {
      const text = (pkg: DocxPackage) => decodePart(pkg.parts.get(entry.name)!).text;
      expect(undoInsertions(text(after), edit.insertions)).toBe(text(before));
      // Only a repeated paraId value is ever overwritten (tbl-props.docx has one).
      for (const { replaced } of edit.insertions) expect(replaced).toMatch(/^([0-9A-Fa-f]{8})?$/);
    } else {
      expect(entry.crc32).toBe(original.crc32);
      expect(sameBytes(rawEntryData(result.editable, entry), rawEntryData(before.archive, original))).toBe(true);
    }
  }
}

/** What is stored is the upload, or the upload with unsafe link targets made inert. */
function expectStoredIsUpload(bytes: Uint8Array, result: ProcessResult): void {
  if (!result.ok) throw new Error(`${result.reason} (${result.detail})`);
  const inspectedUpload = inspectDocx(bytes);
  if (!inspectedUpload.ok) throw new Error(inspectedUpload.reason);
  if (inspectedUpload.dropped.length === 0) {
    expect(sameBytes(result.stored, bytes)).toBe(true);
    return;
  }
  const upload = readZipDirectory(bytes);
  const stored = readZipDirectory(result.stored);
  expect(stored.map((e) => e.name)).toEqual(upload.map((e) => e.name));
  stored.forEach((entry, i) => {
    const wasBytes = inflateEntry(bytes, upload[i]!);
    const nowBytes = inflateEntry(result.stored, entry);
    if (!/\.rels$/.test(entry.name)) return expect(sameBytes(nowBytes, wasBytes)).toBe(true);
    const was = decodePart(wasBytes).text;
    const now = decodePart(nowBytes).text;
    // Only Target values change, and only to the inert one.
    const targets = (xml: string) => [...xml.matchAll(/Target="([^"]*)"/g)].map((m) => m[1]);
    expect(now.replace(/Target="[^"]*"/g, '')).toBe(was.replace(/Target="[^"]*"/g, ''));
    targets(now).forEach((t, k) => expect(t === targets(was)[k] || t === INERT_TARGET).toBe(true));
  });
}

describe('processDocx over the generated documents', () => {
  const documents = Object.entries(GENERATED_DOCUMENTS);

  it.each(documents)('%s: ids on every paragraph, nothing else changed', (_, doc) => {
    const bytes = doc.bytes();
    expectIdsAddedOnly(bytes, processDocx(bytes));
  });

  it.each(documents)('%s: what is stored is the upload itself', (_, doc) => {
    const bytes = doc.bytes();
    const result = processDocx(bytes);
    expectStoredIsUpload(bytes, result);
    expect(result.ok && result.stored).toBe(bytes);
  });

  it.each(documents)('%s: a sound package: well-formed parts, every prefix declared, content types and relationship targets', (_, doc) => {
    const parts = readParts(doc.bytes());
    for (const [name, xml] of Object.entries(parts)) if (/\.(xml|rels)$/.test(name)) expect(wellFormed(xml), name).toBe(true);
    expect(packageProblems(parts)).toEqual([]);
  });

  it.each(documents)('%s: the same bytes on every build', (_, doc) => {
    const first = doc.bytes();
    expect(sameBytes(first, doc.bytes())).toBe(true);
  });

  it('the contract carries what real contracts do, and each part reaches processing', () => {
    const bytes = contractDocx();
    const parts = Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, name.endsWith('.png') ? '' : strFromU8(data)]));
    const body = parts['word/document.xml']!;
    const rels = parts['word/_rels/document.xml.rels']!;
    expect(Object.keys(parts).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'docProps/app.xml',
      'docProps/core.xml',
      'word/_rels/document.xml.rels',
      'word/comments.xml',
      'word/document.xml',
      'word/footer1.xml',
      'word/footnotes.xml',
      'word/header1.xml',
      'word/media/image1.png',
      'word/numbering.xml',
      'word/settings.xml',
      'word/styles.xml',
    ]);
    for (const type of ['styles', 'numbering', 'settings', 'header', 'footer', 'footnotes', 'comments', 'image', 'hyperlink']) {
      expect(rels, type).toContain(`/relationships/${type}"`);
    }
    expect(body).toMatch(/<w:numPr><w:ilvl w:val="1"\/><w:numId w:val="1"\/><\/w:numPr>/); // numbered clauses
    expect(body).toMatch(/<w:tbl>.*<w:tblHeader\/>.*<\/w:tbl>/); // a table with a header row
    expect(body).toMatch(/<w:sdt><w:sdtPr><w:alias w:val="Effective date"\/>.*<w:sdtContent><w:r>/); // an inline content control
    expect(body).toMatch(/<w:sdtContent><w:p>/); // a block one
    expect(body).toMatch(/<mc:Choice Requires="wps">.*<wps:txbx><w:txbxContent><w:p>.*<mc:Fallback><w:pict>.*<v:textbox><w:txbxContent>/); // a text box in a run
    expect(body).toMatch(/<w:del [^>]*><w:r><w:delText>sixty<\/w:delText><\/w:r><\/w:del><w:ins [^>]*><w:r><w:t[^>]*>thirty/); // tracked changes
    expect(body).toMatch(/<a:blip r:embed="rIdwordmediaimage1png"\/>/); // the picture
    expect(body).toMatch(/<w:instrText xml:space="preserve"> REF _Ref190000001/); // a complex field to a bookmark
    expect(body).toContain('<w:footnoteReference w:id="1"/>');
    expect(body).toContain('<w:commentReference w:id="0"/>');
    expect(parts['word/footer1.xml']).toContain('<w:fldSimple w:instr=" PAGE \\* MERGEFORMAT ">');
    expect(parts['word/footer1.xml']).toContain(' NUMPAGES ');
    expect(parts['word/numbering.xml']).toContain('<w:lvlText w:val="%1.%2"/>');

    // Every story part is found and gets its ids; the text a reader sees includes the text box,
    // the inserted word and not the deleted one.
    const result = processDocx(bytes);
    if (!result.ok) throw new Error(result.reason);
    expect(inspected(bytes).storyParts).toEqual(['word/document.xml', 'word/header1.xml', 'word/footer1.xml', 'word/footnotes.xml', 'word/comments.xml']);
    const editable = unzipSync(result.editable);
    for (const part of ['word/header1.xml', 'word/footer1.xml', 'word/footnotes.xml', 'word/comments.xml']) {
      expect(strFromU8(editable[part]!), part).toMatch(/<w:p w14:paraId="[0-9A-F]{8}" w14:textId="[0-9A-F]{8}"/);
    }
    expect(result.text).toContain('Confidential: prepared for the parties only');
    expect(result.text).toContain('within thirty days of the invoice date');
    expect(result.text).not.toContain('sixty');
    expect(result.text).toContain(CONTRACT_PHRASES.delivery);
    expect(result.wordCount).toBeGreaterThan(300);
  });

  it.each(Object.entries(GENERATED_REFUSALS))('%s is refused with its reason, not thrown', (_, file) => {
    expect(processDocx(file.bytes())).toMatchObject({ ok: false, code: file.code, reason: expect.stringMatching(file.reason) });
  });

  it('the password-protected file is a real compound file: its directory is read, and it decrypts to the contract', () => {
    const bytes = passwordProtectedDocx();
    expect(classifyOle(bytes)).toBe('encrypted-package');
    expect(processDocx(bytes)).toMatchObject({ ok: false, code: 'encrypted', reason: PASSWORD_PROTECTED_REASON, detail: 'OLE container: encrypted-package' });
    // Read back apart from ole.ts: two streams, the package encrypted with the password 'pass'.
    const streams = readCompoundFile(bytes);
    expect([...streams.keys()]).toEqual(['EncryptionInfo', 'EncryptedPackage']);
    expect(decryptStandard(streams.get('EncryptionInfo')!, streams.get('EncryptedPackage')!, 'wrong')).toBeUndefined();
    expect(sameBytes(decryptStandard(streams.get('EncryptionInfo')!, streams.get('EncryptedPackage')!, 'pass')!, contractDocx())).toBe(true);
    // ole.ts walks the directory of what compoundFile writes (not only its fallback, a search for
    // the stream names): only the directory says where a Word 97 stream starts, and so whether its
    // header marks it encrypted.
    const fib = (encrypted: boolean) => Uint8Array.from({ length: 4096 }, (_, i) => (i === 0x0b && encrypted ? 0x01 : 0));
    expect(classifyOle(compoundFile({ WordDocument: fib(true), '1Table': new Uint8Array(512) }))).toBe('encrypted-doc');
    expect(classifyOle(compoundFile({ '1Table': new Uint8Array(512), WordDocument: fib(false) }))).toBe('doc');
  });
});

/** Files of the shared corpus (isSharedCorpus) that are refused on purpose. */
const ENCRYPTED = /\/bug53475-password-is-/;
/** Fuzzer output and truncations: no end record, directories past the end, one CRC mismatch. */
const BROKEN = /\/(clusterfuzz-testcase-|crash-|truncated)/;
/** Carries a DOCTYPE declaring an external entity (POI's XXE test); OPC M1.18 makes it an error. */
const WITH_DTD = 'poi/ExternalEntityInText.docx';

describeCorpus(import.meta.filename, { timeout: 60_000 }, (corpus) => {
  /** Paths relative to the corpus folder (poi/..., python-docx/... in the shared corpus). */
  const files = corpus.files.map((f) => path.relative(corpus.dir, f).split(path.sep).join('/'));
  const shared = isSharedCorpus(corpus);
  const results = new Map<string, ProcessResult>();
  const read = (file: string) => new Uint8Array(fs.readFileSync(path.join(corpus.dir, file)));
  function processed(file: string): ProcessResult {
    let result = results.get(file);
    if (!result) {
      result = processDocx(read(file));
      results.set(file, result);
    }
    return result;
  }

  // Every part that reads as a ZIP entry, whether or not processDocx accepts its file: a broken
  // file's parts are inputs the scanner meets too. Where the scanner refuses on purpose (a DTD;
  // xml-oracle.ts), saxes' verdict does not count; in the shared corpus that is POI's XXE test.
  it('the scanner agrees with saxes on every XML part', () => {
    const disagreements: string[] = [];
    const onPurpose: string[] = [];
    let parts = 0;
    for (const file of files) {
      const bytes = read(file);
      let entries: ZipEntry[];
      try {
        entries = readZipDirectory(bytes);
      } catch {
        continue; // not a ZIP at all (an encrypted file), or one whose directory cannot be read
      }
      for (const entry of entries.filter((e) => /\.(xml|rels)$/i.test(e.name))) {
        let xml: string;
        try {
          xml = decodePart(inflateEntry(bytes, entry)).text;
        } catch {
          continue; // a damaged entry: it never reaches the scanner
        }
        parts++;
        const { expected, accepted, agree } = verdicts(xml);
        if (!agree) disagreements.push(`${file}: ${entry.name}: the scanner ${accepted ? 'accepts' : 'refuses'}, saxes ${expected ? 'accepts' : 'refuses'}`);
        if (refusedOnPurpose(xml)) onPurpose.push(`${file}: ${entry.name}`);
      }
    }
    expect(disagreements).toEqual([]);
    if (!shared) return;
    expect(parts).toBeGreaterThan(2_000);
    expect(onPurpose).toEqual([`${WITH_DTD}: word/document.xml`]);
  });

  if (!shared) {
    it.each(files)('%s: ids on every paragraph and what is stored is the upload, or refused with a reason, never thrown', (file) => {
      const result = processed(file);
      if (!result.ok) return expect(result.reason).toMatch(/\w/);
      expectIdsAddedOnly(read(file), result);
      expectStoredIsUpload(read(file), result);
    });
    return;
  }

  const valid = files.filter((f) => !ENCRYPTED.test(f) && !BROKEN.test(f) && f !== WITH_DTD);

  it('has the 163 files the shared corpus holds', () => {
    expect(files, `${corpus.dir} is laid out as the shared corpus (${SHARED_CORPUS_LAYOUT.join('/, ')}/), so it should hold all of it`).toHaveLength(163);
    expect(valid).toHaveLength(147);
  });

  it('refuses exactly the encrypted, broken and DTD-carrying files, each with its reason', () => {
    const outcomes: Record<string, number> = {};
    for (const file of files) {
      const r = processed(file);
      const key = r.ok ? 'ok' : r.code;
      outcomes[key] = (outcomes[key] ?? 0) + 1;
    }
    expect(outcomes).toEqual({ ok: 147, encrypted: 2, damaged: 13, malformed_xml: 1 });
  });

  it.each(files.filter((f) => ENCRYPTED.test(f)))('%s is password-protected', (file) => {
    expect(processed(file)).toMatchObject({ ok: false, code: 'encrypted', reason: PASSWORD_PROTECTED_REASON });
  });

  it.each(files.filter((f) => BROKEN.test(f)))('%s is refused as damaged, not thrown', (file) => {
    expect(processed(file)).toMatchObject({ ok: false, code: 'damaged', reason: expect.stringMatching(/^The file is damaged or incomplete/) });
  });

  it.each(valid)('%s: ids on every paragraph, nothing else changed', (file) => {
    expectIdsAddedOnly(read(file), processed(file));
  });

  it.each(valid)('%s: what is stored is the upload, or the upload with unsafe link targets made inert', (file) => {
    expectStoredIsUpload(read(file), processed(file));
  });

  it('refuses the file with a DTD instead of passing it on to the editor', () => {
    expect(processed(WITH_DTD)).toMatchObject({ ok: false, code: 'malformed_xml', reason: expect.stringMatching(/DTD declaration/) });
  });

  it('extracts the text a reader sees', () => {
    const sample = processed('python-docx/tbl-having-tables.docx');
    expect(sample.ok && sample.text.length).toBeGreaterThan(0);
    const smartTags = processed('poi/smarttag-snippet.docx');
    expect(smartTags.ok && smartTags.text).toContain('Carnegie Mellon University School of Computer Science');
  });
});
