import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { ThreeWayResult } from '../../../server/docx/merge/three-way';
import { readTree } from '../../../server/docx/merge/tree';
import { processDocx } from '../../../server/docx/process';

/**
 * Test support for the three-way merge of a stale save (server/docx/merge/three-way.ts): the
 * processed documents it works on, and the edits each side makes to them, as XML text.
 */

export const DOC = 'word/document.xml';

/** The editable copy processing gives (every paragraph with a w14:paraId). */
export function processed(bytes: Uint8Array): Uint8Array {
  const r = processDocx(bytes);
  if (!r.ok) throw new Error(r.reason);
  return r.editable;
}

/** The package with some parts rewritten (a part that does not exist starts as ''). */
export function edit(bytes: Uint8Array, parts: Record<string, (xml: string) => string>): Uint8Array {
  const files = unzipSync(bytes);
  for (const [name, fn] of Object.entries(parts)) files[name] = strToU8(fn(files[name] ? strFromU8(files[name]) : ''));
  return zipSync(files);
}

export function partText(bytes: Uint8Array, name = DOC): string {
  return strFromU8(unzipSync(bytes)[name]!);
}

/** An edit replacing the first `from`, which must be there (else the test would prove nothing). */
export function replace(from: string, to: string): (xml: string) => string {
  return (xml) => {
    if (!xml.includes(from)) throw new Error(`${JSON.stringify(from)} is not in the part`);
    return xml.replace(from, to);
  };
}

/** The XML of the first paragraph whose text holds `text`. */
export function paragraphWith(xml: string, text: string): string {
  const p = readTree(xml).paragraphs.find((b) => b.text.includes(text));
  if (!p) throw new Error(`no paragraph holds ${JSON.stringify(text)}`);
  return xml.slice(p.start, p.end);
}

export function paraIdOf(paragraph: string): string {
  return /w14:paraId="([0-9A-F]+)"/.exec(paragraph)![1]!;
}

/** A paragraph as the editor writes one the user typed (processing already gave it its id). */
export function newParagraph(id: string, text: string): string {
  return `<w:p w14:paraId="${id}" w14:textId="77777777"><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
}

/** The merged bytes, which must be a document processing accepts; throws with the conflicts. */
export function merged(r: ThreeWayResult): Uint8Array {
  if (!r.ok) throw new Error(`conflicts: ${JSON.stringify(r.conflicts, null, 1)}`);
  const p = processDocx(r.bytes);
  if (!p.ok) throw new Error(`the merged document was refused: ${p.reason} ${p.detail ?? ''}`);
  return r.bytes;
}

/** The "mine wins" package of a conflict, which must be a document processing accepts; throws if there is none. */
export function mineWins(r: ThreeWayResult): Uint8Array {
  if (r.ok) throw new Error('the merge applied: there is no conflict');
  if (!r.mineWins) throw new Error(`no "mine wins" package for: ${JSON.stringify(r.conflicts, null, 1)}`);
  const p = processDocx(r.mineWins);
  if (!p.ok) throw new Error(`the "mine wins" document was refused: ${p.reason} ${p.detail ?? ''}`);
  return r.mineWins;
}

/** Each paragraph of a story part by w14:paraId, as XML; none for a part the package lacks. */
function paragraphsById(bytes: Uint8Array, name = DOC): Map<string, string> {
  const data = unzipSync(bytes)[name];
  const out = new Map<string, string>();
  if (!data) return out;
  const xml = strFromU8(data);
  for (const p of readTree(xml).paragraphs) if (p.paraId !== undefined) out.set(p.paraId, xml.slice(p.start, p.end));
  return out;
}

/**
 * Paragraphs neither side touched (the same XML in base, mine and theirs) that `result` does not
 * have byte for byte as theirs, as `part#paraId`: none, for a merge that keeps theirs' bytes.
 */
export function untouchedDiffering(sides: { base: Uint8Array; mine: Uint8Array; theirs: Uint8Array }, result: Uint8Array, parts: readonly string[] = [DOC]): string[] {
  const out: string[] = [];
  for (const name of parts) {
    const [b, m, t, r] = [sides.base, sides.mine, sides.theirs, result].map((bytes) => paragraphsById(bytes, name)) as [Map<string, string>, Map<string, string>, Map<string, string>, Map<string, string>];
    for (const [id, xml] of t) if (b.get(id) === xml && m.get(id) === xml && r.get(id) !== xml) out.push(`${name}#${id}`);
  }
  return out;
}
