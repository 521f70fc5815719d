import type { StoryTree } from '../merge/tree';
import { decodePart } from '../package';
import { type Splice, spliceBytes } from '../splice-bytes';
import { writeZip } from '../zip-write';
import type { Analysis, PartAnalysis } from './analyse';
import { changedParagraph } from './changed-paragraph';
import { placer } from './place';
import type { RedlineAuthor } from './compare';
import { wholeFromA, wholeFromB } from './whole-paragraphs';
import { RevisionIds, Writer } from './xml-bits';

/**
 * The redline: b's package with each difference from a written as a tracked change, spliced into
 * b's parts at the paragraphs that differ (and where a's removed paragraphs stood), so every
 * other paragraph and every other part keeps its bytes.
 *
 * Moves are written as Word writes them: w:moveFrom with a's text at a's place and w:moveTo with
 * b's at b's, their ranges joined by one w:name. A paragraph moved and edited shows a's text
 * moved away and b's moved in (the words that changed are in the JSON). Limitations, all rare:
 * a part whose WordprocessingML is the default namespace (no prefix) is left unmarked; a's
 * paragraphs whose container b no longer has go next to where it stood (place.ts).
 */

export function writeRedline(analysis: Analysis, who: RedlineAuthor): Uint8Array {
  const pkg = analysis.b;
  const touched = analysis.parts.filter((p) => p.b && p.entries.length > 0);
  if (touched.length === 0) return pkg.archive;
  const ids = new RevisionIds(pkg.storyParts.map((n) => decodePart(pkg.parts.get(n)!).text));
  const replaced = new Map<string, Uint8Array>();
  for (const part of touched) {
    const prefix = wordPrefix(part.b!.tree);
    if (prefix === '') continue;
    const splices = partSplices(part, new Writer(prefix, ids, who));
    if (splices.length > 0) replaced.set(part.name, spliceBytes(pkg.parts.get(part.name)!, part.b!.xml, part.b!.encoding, splices));
  }
  return replaced.size === 0 ? pkg.archive : writeZip(pkg.archive, pkg.entries, replaced);
}

function wordPrefix(tree: StoryTree): string {
  const colon = tree.root.qname.indexOf(':');
  return tree.root.w && colon > 0 ? tree.root.qname.slice(0, colon) : '';
}

interface Edit {
  readonly offset: number;
  readonly end: number;
  readonly text: string;
  /** a's order, for a's paragraphs put back at one place. */
  readonly order: number;
}

function partSplices(part: PartAnalysis, w: Writer): Splice[] {
  const a = part.a;
  const b = part.b!;
  const place = placer(part);
  const edits: Edit[] = [];
  const replace = (j: number, text: string) => edits.push({ offset: b.block(j).start, end: b.block(j).end, text, order: -1 });
  const putBack = (i: number, make: () => string) => {
    const at = place(i);
    if (at !== undefined) edits.push({ offset: at, end: at, text: make(), order: i });
    return at !== undefined;
  };
  for (const e of part.entries) {
    if (e.kind === 'inserted') replace(e.j, wholeFromB(b.xml, b.model(e.j), w, 'ins'));
    else if (e.kind === 'deleted') putBack(e.i, () => wholeFromA(a!.xml, a!.model(e.i), w, 'del'));
    else if (e.kind === 'changed') replace(e.j, changedParagraph(a!.xml, a!.model(e.i), b.xml, b.model(e.j), e.detail, w));
    else {
      const name = w.moveName();
      // With nowhere to show where it came from, the paragraph is simply inserted here.
      const kind = putBack(e.i, () => wholeFromA(a!.xml, a!.model(e.i), w, 'moveFrom', name)) ? 'moveTo' : 'ins';
      replace(e.j, wholeFromB(b.xml, b.model(e.j), w, kind, name));
    }
  }
  // In offset order; at one offset, a's paragraphs (in a's order) before b's that start there.
  edits.sort((x, y) => x.offset - y.offset || (x.end === x.offset ? 0 : 1) - (y.end === y.offset ? 0 : 1) || x.order - y.order);
  const splices: Splice[] = [];
  for (const e of edits) {
    const last = splices[splices.length - 1];
    if (last && e.end === e.offset && last.offset === e.offset && last.replaced === '') splices[splices.length - 1] = { ...last, text: last.text + e.text };
    else splices.push({ offset: e.offset, text: e.text, replaced: b.xml.slice(e.offset, e.end) });
  }
  return splices;
}
