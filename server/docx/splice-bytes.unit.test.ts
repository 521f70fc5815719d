import { describe, expect, it } from 'vitest';
import { type TextEncoding, decodePart, encodePart } from './package';
import { type Splice, spliceBytes } from './splice-bytes';

/** The long way round: decode, splice the string, encode. spliceBytes must give the same bytes. */
function spliceText(text: string, splices: readonly Splice[]): string {
  let out = '';
  let at = 0;
  for (const s of splices) {
    out += text.slice(at, s.offset) + s.text;
    at = s.offset + s.replaced.length;
  }
  return out + text.slice(at);
}

/** Text with one-, two-, three- and four-byte UTF-8 characters (the last a surrogate pair in UTF-16). */
const MIXED = '\uFEFF<w:p a="é"><w:t>Crème brûlée, 日本語, 𝄞 and 😀 twice 😀.</w:t></w:p><w:p w14:paraId="zz€"/>';

/** Splices before every '<' (as paragraph ids go just after a tag name) and over the repeated id. */
function splicesFor(text: string): Splice[] {
  const out: Splice[] = [];
  for (let i = text.indexOf('<'); i >= 0; i = text.indexOf('<', i + 1)) out.push({ offset: i, text: ` id${i}="ß${i}"`, replaced: '' });
  const id = text.indexOf('zz€');
  out.push({ offset: id, text: '0A1B2C3D', replaced: 'zz€' });
  return out.sort((a, b) => a.offset - b.offset);
}

describe('spliceBytes', () => {
  it.each<TextEncoding>(['utf-8', 'utf-16le', 'utf-16be'])('gives the bytes of the spliced text in %s, non-ASCII and surrogate pairs included', (encoding) => {
    const bytes = encodePart(MIXED, encoding);
    expect(decodePart(bytes).text).toBe(MIXED);
    const splices = splicesFor(MIXED);
    expect(spliceBytes(bytes, MIXED, encoding, splices)).toEqual(encodePart(spliceText(MIXED, splices), encoding));
  });

  it('splices an ASCII part, where bytes and characters are counted alike', () => {
    const ascii = '<w:p><w:t>plain</w:t></w:p><w:p w14:paraId="bad"/>';
    const splices = splicesFor(ascii).filter((s) => s.replaced === ''); // (it has no 'zz€' to replace)
    expect(spliceBytes(encodePart(ascii, 'utf-8'), ascii, 'utf-8', splices)).toEqual(encodePart(spliceText(ascii, splices), 'utf-8'));
  });

  it('copies a part with no splices unchanged, and splices at its very start and end', () => {
    const bytes = encodePart(MIXED, 'utf-8');
    expect(spliceBytes(bytes, MIXED, 'utf-8', [])).toEqual(bytes);
    const ends: Splice[] = [
      { offset: 0, text: 'ä', replaced: '' },
      { offset: MIXED.length, text: '😀', replaced: '' },
    ];
    expect(spliceBytes(bytes, MIXED, 'utf-8', ends)).toEqual(encodePart(spliceText(MIXED, ends), 'utf-8'));
  });

  it('agrees with the string splice on random text and random offsets', () => {
    const alphabet = ['a', '<', 'é', '日', '😀', '\n', '&amp;'];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let round = 0; round < 200; round++) {
      const chars = Array.from({ length: 1 + random(60) }, () => alphabet[random(alphabet.length)]!);
      const text = chars.join('');
      // Offsets at character boundaries only, never inside a surrogate pair, as the scanner's are.
      const boundaries = [0];
      for (const c of chars) boundaries.push(boundaries[boundaries.length - 1]! + c.length);
      const picked = [...new Set(Array.from({ length: random(6) }, () => random(boundaries.length)))].sort((a, b) => a - b);
      const splices = picked.map((b, i): Splice => {
        const next = picked[i + 1];
        const replaced = next !== undefined && random(3) === 0 ? text.slice(boundaries[b], boundaries[next]) : '';
        return { offset: boundaries[b]!, text: `x${round}é`, replaced };
      });
      for (const encoding of ['utf-8', 'utf-16le', 'utf-16be'] as const) {
        expect(spliceBytes(encodePart(text, encoding), text, encoding, splices)).toEqual(encodePart(spliceText(text, splices), encoding));
      }
    }
  });
});
