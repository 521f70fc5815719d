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
  | { ok: false; conflicts: ThreeWayConflict[] };

export function mergeThreeWay(base: Uint8Array, mine: Uint8Array, theirs: Uint8Array): ThreeWayResult {
  try {
    return merge(opened(base, 'base'), opened(mine, 'saved'), opened(theirs, 'latest'));
  } catch (e) {
    return { ok: false, conflicts: [wholePart('', `the merge failed: ${message(e)}`)] };
  }
}

function merge(base: DocxPackage, mine: DocxPackage, theirs: DocxPackage): ThreeWayResult {
  const [bc, mc, tc] = [base, mine, theirs].map(copies) as [Map<string, PartCopy>, Map<string, PartCopy>, Map<string, PartCopy>];
  const stories = new Set([base, mine, theirs].flatMap((p) => p.storyParts.map((s) => s.toLowerCase())));
  const replaced = new Map<string, Uint8Array>();
  const added: ZipEntry[] = [];
  const conflicts: ThreeWayConflict[] = [];
  const relNeeds: { part: string; ids: ReadonlySet<string> }[] = [];
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
      if (story.xml === undefined) continue;
      replaced.set(name, encodePart(story.xml, decodePart(t.bytes()).encoding));
      paragraphs += story.applied;
      relNeeds.push({ part: name, ids: story.relIds });
      continue;
    }
    const decision = decidePart(name, b, m, t);
    if (decision.take === 'conflict') conflicts.push(...decision.reasons.map((r) => wholePart(name, r)));
    else if (decision.take === 'merged') replaced.set(name, decision.bytes);
    else if (decision.take === 'mine') {
      if (!t) added.push(m!.entry);
      replaced.set(name, m!.bytes());
    }
  }

  // A paragraph moved from mine may name a relationship (a picture, a link): the merged package
  // must still define it, or Word would refuse the document.
  for (const { part, ids } of relNeeds) {
    const relsKey = relsPartFor(part).toLowerCase();
    const rels = tc.get(relsKey) ?? mc.get(relsKey);
    const defined = relationshipIds(rels && (replaced.get(rels.entry.name) ?? rels.bytes()));
    for (const id of ids) if (!defined.has(id)) conflicts.push(wholePart(part, `this save refers to relationship ${id}, which the merged document would not have`));
  }

  if (conflicts.length > 0) return { ok: false, conflicts };
  const bytes = replaced.size === 0 ? theirs.archive : writeZip(theirs.archive, [...theirs.entries, ...added], replaced);
  return { ok: true, bytes, applied: { paragraphs, parts: [...replaced.keys()] } };
}

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
