/**
 * The worst pair for a word-by-word comparison (the save merge's and the compare engine's budget
 * tests): every word of every paragraph different between two versions, paragraphs paired by id.
 */

/** A made-up word per (paragraph, position, version): no two versions share a word. */
function word(paragraph: number, position: number, version: number, words: number): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  let x = (paragraph * words + position) * 2 + version;
  let out = '';
  for (let k = 0; k < 6; k++, x = Math.floor(x / 20)) out += letters[x % 20];
  return out;
}

/** The texts of `paragraphs` paragraphs of `words` words each, all of them version `version`'s own. */
export function disjointTexts(version: number, paragraphs: number, words: number): string[] {
  return Array.from({ length: paragraphs }, (_, k) => Array.from({ length: words }, (_, i) => word(k, i, version, words)).join(' '));
}

/** A body of those paragraphs with the ids 00000001, 00000002, ... (w14 must be declared on the root). */
export function disjointBody(texts: readonly string[]): string {
  const id = (k: number) => (k + 1).toString(16).toUpperCase().padStart(8, '0');
  return texts.map((t, k) => `<w:p w14:paraId="${id(k)}" w14:textId="77777777"><w:r><w:t xml:space="preserve">${t}</w:t></w:r></w:p>`).join('');
}
