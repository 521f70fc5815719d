import { type DocxPackage, decodePart, encodePart, relsPartFor } from '../package';
import { scanXml } from '../xml';
import { decodeXmlText } from '../xml-chars';
import { type ZipEntry, inflateEntry } from '../zip-read';
import { writeZip } from '../zip-write';
import { openPackage } from './open';
import { countChanges } from './three-way-index';
import { type PartCopy, decidePart, sameCopy } from './three-way-parts';
import { mergeStory, partConflict } from './three-way-story';

/**
 * A stale save (issue 15): one based on a version older than the latest. After mergeSave has
 * merged the editor's bytes into their base (`mine`), this replays what mine changed since that
 * base onto the latest version's editable copy (`theirs`), so neither side's work is lost:
 * paragraphs pair by w14:paraId across the three (every paragraph has one, para-ids.ts) and
 * theirs keeps every byte mine did not change. Where both changed the same thing differently,
 * or the merge is unsure, it changes nothing and lists the conflicts for the user to resolve.
 * Pure, synchronous and linear in the packages; never throws (a work-pool task calls it).
 *
 * With conflicts it also gives `mineWins`, what keeping the user's version means: theirs with
 * every change of mine the merge would have made, and my side of each conflict (my paragraph or
 * table over theirs, what I deleted gone, what they deleted but I changed put back where it was,
 * my copy of another part both changed). Storing mine as saved instead would drop the latest
 * version's changes everywhere else. It is undefined when some conflict has no side of mine that
 * is safe to write (a relationship or content type both set differently, a part both added, a
 * story part that cannot be merged, a paragraph with nowhere to go): then mine is all there is.
 */

export type ThreeWayConflict = {
  part: string;
  paraId: string | undefined;
  /** Text of the paragraph (or table) in each: '' where it is absent or the conflict is a whole part's. */
  base: string;
  mine: string;
  theirs: string;
  /** Why the merge could not decide, in words for the log and for the user. */
  reason: string;
};

export type ThreeWayResult =
  | { ok: true; bytes: Uint8Array; applied: { paragraphs: number; parts: string[] } }
  | { ok: false; conflicts: ThreeWayConflict[]; mineWins: Uint8Array | undefined };

export function mergeThreeWay(base: Uint8Array, mine: Uint8Array, theirs: Uint8Array): ThreeWayResult {
  try {
    return merge(opened(base, 'base'), opened(mine, 'saved'), opened(theirs, 'latest'));
  } catch (e) {
    return { ok: false, conflicts: [wholePart('', `the merge failed: ${message(e)}`)], mineWins: undefined };
  }
}

function merge(base: DocxPackage, mine: DocxPackage, theirs: DocxPackage): ThreeWayResult {
  const [bc, mc, tc] = [base, mine, theirs].map(copies) as [Map<string, PartCopy>, Map<string, PartCopy>, Map<string, PartCopy>];
  const stories = new Set([base, mine, theirs].flatMap((p) => p.storyParts.map((s) => s.toLowerCase())));
  const replaced = new Map<string, Uint8Array>();
  const added: ZipEntry[] = [];
  const conflicts: ThreeWayConflict[] = [];
  const relNeeds: RelNeed[] = [];
  // The "mine wins" package: `replaced` and `added`, and my side of each conflicting part.
  const mySides = new Map<string, Uint8Array>();
  const mySideNeeds: RelNeed[] = [];
  let mineWinsSafe = true;
  let paragraphs = 0;

  for (const key of new Set([...tc.keys(), ...mc.keys(), ...bc.keys()])) {
    const [b, m, t] = [bc.get(key), mc.get(key), tc.get(key)];
    const name = (t ?? m ?? b)!.entry.name;
    if (b && m && t && stories.has(key)) {
      if (sameCopy(m, b) || sameCopy(t, m)) continue;
      const [bx, mx] = [text(b), text(m)];
      if (sameCopy(t, b)) {
        replaced.set(name, m.bytes());
        paragraphs += countChanges(bx, mx);
        continue;
      }
      let story;
      try {
        story = mergeStory(name, bx, mx, text(t));
      } catch (e) {
        story = partConflict(name, `the part cannot be merged: ${message(e)}`);
      }
      conflicts.push(...story.conflicts);
      if (story.conflicts.length > 0) {
        if (story.mineWins === undefined) mineWinsSafe = false;
        else {
          mySides.set(name, encodePart(story.mineWins, decodePart(t.bytes()).encoding));
          mySideNeeds.push({ part: name, ids: story.relIds });
        }
      }
      if (story.xml === undefined) continue;
      replaced.set(name, encodePart(story.xml, decodePart(t.bytes()).encoding));
      paragraphs += story.applied;
      relNeeds.push({ part: name, ids: story.relIds });
      continue;
    }
    const decision = decidePart(name, b, m, t);
    if (decision.take === 'conflict') {
      conflicts.push(...decision.reasons.map((r) => wholePart(name, r)));
      if (decision.mineWins && m && t) mySides.set(name, m.bytes());
      else mineWinsSafe = false;
    } else if (decision.take === 'merged') replaced.set(name, decision.bytes);
    else if (decision.take === 'mine') {
      if (!t) added.push(m!.entry);
      replaced.set(name, m!.bytes());
    }
  }

  // A paragraph moved from mine may name a relationship (a picture, a link): the merged package
  // must still define it, or Word would refuse the document.
  const missing = (needs: readonly RelNeed[], parts: ReadonlyMap<string, Uint8Array>): ThreeWayConflict[] =>
    needs.flatMap(({ part, ids }) => {
      const relsKey = relsPartFor(part).toLowerCase();
      const rels = tc.get(relsKey) ?? mc.get(relsKey);
      const defined = relationshipIds(rels && (parts.get(rels.entry.name) ?? rels.bytes()));
      return [...ids].filter((id) => !defined.has(id)).map((id) => wholePart(part, `this save refers to relationship ${id}, which the merged document would not have`));
    });
  conflicts.push(...missing(relNeeds, replaced));

  const write = (parts: ReadonlyMap<string, Uint8Array>) => (parts.size === 0 ? theirs.archive : writeZip(theirs.archive, [...theirs.entries, ...added], parts));
  if (conflicts.length === 0) return { ok: true, bytes: write(replaced), applied: { paragraphs, parts: [...replaced.keys()] } };
  const mineParts = new Map([...replaced, ...mySides]);
  let mineWins: Uint8Array | undefined;
  if (mineWinsSafe && missing([...relNeeds, ...mySideNeeds], mineParts).length === 0) {
    try {
      mineWins = write(mineParts);
    } catch {
      mineWins = undefined; // the conflicts still stand; the user's version is kept as saved
    }
  }
  return { ok: false, conflicts, mineWins };
}

type RelNeed = { readonly part: string; readonly ids: ReadonlySet<string> };

function opened(bytes: Uint8Array, which: string): DocxPackage {
  try {
    return openPackage(bytes);
  } catch (e) {
    throw new Error(`the ${which} document cannot be read: ${message(e)}`, { cause: e });
  }
}

/** Every entry by lower-cased name (OPC names are case-insensitive), read at most once. */
function copies(pkg: DocxPackage): Map<string, PartCopy> {
  const out = new Map<string, PartCopy>();
  for (const entry of pkg.entries) {
    let data: Uint8Array | undefined;
    const bytes = () => (data ??= pkg.parts.get(entry.name) ?? inflateEntry(pkg.archive, entry));
    out.set(entry.name.toLowerCase(), { entry, bytes });
  }
  return out;
}

function text(copy: PartCopy): string {
  return decodePart(copy.bytes()).text;
}

function relationshipIds(bytes: Uint8Array | undefined): Set<string> {
  const ids = new Set<string>();
  if (!bytes) return ids;
  scanXml(decodePart(bytes).text, {
    open(tag) {
      if (tag.local !== 'Relationship') return;
      const id = tag.attrs.find((a) => a.qname === 'Id');
      if (id) ids.add(decodeXmlText(id.value));
    },
  });
  return ids;
}

function wholePart(part: string, reason: string): ThreeWayConflict {
  return { part, paraId: undefined, base: '', mine: '', theirs: '', reason };
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
