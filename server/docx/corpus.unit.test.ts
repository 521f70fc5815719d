import fs from 'node:fs';
import { sameBytes } from './bytes';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { undoInsertions } from '../../tests/support/docx/fixtures';
import { PASSWORD_PROTECTED_REASON, inspectDocx } from './inspect';
import { type DocxPackage, decodePart } from './package';
import { addParagraphIds } from './para-ids';
import { type ProcessResult, processDocx } from './process';
import { readStory } from './story';
import { INERT_TARGET } from './external-targets';
import { inflateEntry, rawEntryData, readZipDirectory } from './zip-read';

/** Real documents nobody on this project wrote (shared/corpus/README.md), beside the checkout. */
const CORPUS = path.resolve(import.meta.dirname, '../../../shared/corpus/docx');
const files = fs.existsSync(CORPUS)
  ? ['poi', 'python-docx'].flatMap((dir) => fs.readdirSync(path.join(CORPUS, dir)).map((name) => `${dir}/${name}`))
  : [];

const ENCRYPTED = /\/bug53475-password-is-/;
/** Fuzzer output and truncations: no end record, directories past the end, one CRC mismatch. */
const BROKEN = /\/(clusterfuzz-testcase-|crash-|truncated)/;
/** Carries a DOCTYPE declaring an external entity (POI's XXE test); OPC M1.18 makes it an error. */
const WITH_DTD = 'poi/ExternalEntityInText.docx';
const valid = files.filter((f) => !ENCRYPTED.test(f) && !BROKEN.test(f) && f !== WITH_DTD);

const results = new Map<string, ProcessResult>();
function processed(file: string): ProcessResult {
  let result = results.get(file);
  if (!result) {
    result = processDocx(new Uint8Array(fs.readFileSync(path.join(CORPUS, file))));
    results.set(file, result);
  }
  return result;
}

/** toEqual walks typed arrays element by element; this is the same check at memcmp speed. */

function inspected(bytes: Uint8Array): DocxPackage {
  const result = inspectDocx(bytes);
  if (!result.ok) throw new Error(`${result.reason} (${result.detail})`);
  return result.pkg;
}

describe.skipIf(files.length === 0)('processDocx over the corpus', { timeout: 60_000 }, () => {
  it('has the 163 files the corpus README lists', () => {
    expect(files).toHaveLength(163);
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
    const bytes = new Uint8Array(fs.readFileSync(path.join(CORPUS, file)));
    const result = processed(file);
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
    expect(result.paragraphs.every((p) => p.id !== undefined)).toBe(true);

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
  });

  it.each(valid)('%s: what is stored is the upload, or the upload with unsafe link targets made inert', (file) => {
    const bytes = new Uint8Array(fs.readFileSync(path.join(CORPUS, file)));
    const result = processed(file);
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
