import type { DocxPackage } from './package';
import { readStory } from './story';

/** Plain text of the body, for search and for the assistant, which cites paragraphs by id. */

export interface Paragraph {
  /** w14:paraId: the one in the XML, else the one given in `paragraphIds`. */
  readonly id?: string;
  readonly text: string;
}

export interface ExtractedText {
  /** Paragraphs joined by '\n', in reading order. */
  readonly text: string;
  readonly paragraphs: readonly Paragraph[];
  readonly wordCount: number;
}

/**
 * Every paragraph of the main document in reading order: body paragraphs, table cells row by row,
 * text boxes after the paragraph that anchors them. Tabs and line breaks become '\t' and '\n'.
 * Deleted text (w:delText), field codes (w:instrText) and mc:Fallback copies are left out: they
 * are not what a reader sees. `paragraphIds` (from addParagraphIds) names the paragraphs that had
 * no id in the XML, by their position among all the part's w:p elements.
 */
export function extractText(pkg: DocxPackage, paragraphIds?: readonly string[]): ExtractedText {
  const story = readStory(pkg.parts.get(pkg.mainPart)!);
  const paragraphs: Paragraph[] = [];
  story.paragraphs.forEach((p, i) => {
    if (p.fallback) return;
    const id = p.paraId ?? paragraphIds?.[i];
    paragraphs.push(id === undefined ? { text: p.text } : { id, text: p.text });
  });
  const text = paragraphs.map((p) => p.text).join('\n');
  return { text, paragraphs, wordCount: countWords(text) };
}

/**
 * Words as Word counts them: runs of non-space characters, except that each Chinese or Japanese
 * character counts as a word of its own (those scripts do not separate words with spaces).
 * A character loop: the equivalent Unicode-property regex took longer than the whole XML scan.
 */
export function countWords(text: string): number {
  let count = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) c = ((c - 0xd800) << 10) + (text.charCodeAt(++i) - 0xdc00) + 0x10000;
    if (isSpace(c)) {
      inWord = false;
    } else if (isIdeograph(c)) {
      count++;
      inWord = false;
    } else if (!inWord) {
      count++;
      inWord = true;
    }
  }
  return count;
}

/** JavaScript's \s: ASCII whitespace, NBSP, the Unicode space separators, line/paragraph separators, BOM. */
function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** Han, Hiragana and Katakana, the scripts Word counts per character. */
function isIdeograph(c: number): boolean {
  return (
    (c >= 0x3040 && c <= 0x30ff) || // Hiragana, Katakana
    (c >= 0x31f0 && c <= 0x31ff) || // Katakana phonetic extensions
    (c >= 0x3400 && c <= 0x4dbf) || // CJK extension A
    (c >= 0x4e00 && c <= 0x9fff) || // CJK unified ideographs
    (c >= 0xf900 && c <= 0xfaff) || // CJK compatibility ideographs
    (c >= 0xff66 && c <= 0xff9f) || // halfwidth Katakana
    (c >= 0x20000 && c <= 0x3134f) // CJK extensions B-G
  );
}
