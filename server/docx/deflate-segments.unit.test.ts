import { inflateRawSync } from 'node:zlib';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { deflateSegmented, segmentEnds } from './deflate-segments';
import { encodeDelta } from './delta';
import { readZipDirectory } from './zip-read';
import { writeZip } from './zip-write';

const paragraphs = (n: number, tag = '') =>
  strToU8(Array.from({ length: n }, (_, i) => `<w:p><w:r><w:t>Paragraph ${i}${tag}: the supplier shall deliver the goods within ${i % 17} days of notice.</w:t></w:r></w:p>`).join(''));

describe('segmented deflate', () => {
  it.each([0, 1, 100, 8 * 1024, 64 * 1024, 300_000])('inflates back to the input of %i bytes with any inflater', (size) => {
    const data = paragraphs(Math.ceil(size / 100) + 1).subarray(0, size);
    expect(new Uint8Array(inflateRawSync(deflateSegmented(data)))).toEqual(data);
  });

  it('cuts by content: an edit moves only the cuts next to it', () => {
    const before = paragraphs(5000);
    const text = strFromU8(before);
    const at = text.indexOf('Paragraph 2500:');
    const after = strToU8(`${text.slice(0, at)}Paragraph 2500 (amended):${text.slice(at + 'Paragraph 2500:'.length)}`);
    const a = segmentEnds(before);
    const b = segmentEnds(after);
    expect(a.length).toBeGreaterThan(20);
    const shift = after.length - before.length;
    const aAfter = new Set(a.filter((e) => e > at + 64).map((e) => e + shift));
    const bAfter = b.filter((e) => e > at + 64);
    // All but at most the first cut after the edit are the same cuts, moved by the inserted length.
    expect(bAfter.slice(1).every((e) => aAfter.has(e))).toBe(true);
    expect(b.filter((e) => e < at)).toEqual(a.filter((e) => e < at));
  });

  it('a package rewritten with one word changed shares all but a segment with the one before', () => {
    const xml = paragraphs(6000);
    const base = zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': xml });
    const write = (part: Uint8Array) => writeZip(base, readZipDirectory(base), new Map([['word/document.xml', part]]));
    const v1 = write(xml);
    const text = strFromU8(xml);
    const v2 = write(strToU8(text.replace('Paragraph 3000:', 'Paragraph 3000, amended:')));
    expect(strFromU8(unzipSync(v2)['word/document.xml']!)).toContain('Paragraph 3000, amended:');
    // The delta is about one segment's compressed bytes plus the headers, not half the part.
    expect(encodeDelta(v1, v2).length).toBeLessThan(Math.max(4096, v1.length / 20));
  });
});
