import { type DocxPackage, MC_NS, W14_NS } from './package';
import { spliceBytes } from './splice-bytes';
import { type Story, readStory } from './story';
import type { XmlAttr } from './xml';
import { writeZip } from './zip-write';

/**
 * Gives every paragraph a w14:paraId (and w14:textId), the key the editor and the version merge
 * use to line paragraphs up (see docs/editor.md). Ids are inserted into the original XML text,
 * never by re-serialising it, so removing the insertions gives back the original exactly. The
 * one exception: an existing paraId that repeats an earlier one (pasted XML; python-docx's own
 * tbl-props.docx has one) or that Word would reject has its value replaced, since ids that do not
 * name one paragraph cannot line paragraphs up.
 */

/** Word rejects paraId and textId values at or above 0x80000000. */
export const MAX_PARA_ID = 0x7fffffff;

export interface Insertion {
  /** Offset in the original part text (UTF-16 code units), before which `text` goes. */
  readonly offset: number;
  readonly text: string;
  /** Original text that `text` replaces: '' except for a repeated or invalid paraId value. */
  readonly replaced: string;
}

export interface PartEdit {
  readonly part: string;
  readonly insertions: readonly Insertion[];
}

export interface ParagraphIdsResult {
  /** The same package with the edited parts replaced. */
  readonly pkg: DocxPackage;
  /**
   * The repacked archive, unchanged entries copied still compressed; the upload itself when every
   * paragraph already had a usable id (a document saved by the editor), so callers can compare.
   */
  readonly editable: Uint8Array;
  /** Paragraphs that received a new id (including replaced repeats). */
  readonly added: number;
  /** Final id of every paragraph of each story part, in document order (see Story.paragraphs). */
  readonly ids: ReadonlyMap<string, readonly string[]>;
  /** Only parts that changed; every other part keeps its bytes. */
  readonly edits: readonly PartEdit[];
}

/** Adds ids to every paragraph of the body, headers, footers, notes and comments lacking one. */
export function addParagraphIds(pkg: DocxPackage): ParagraphIdsResult {
  const stories = pkg.storyParts.map((part) => ({ part, story: readStory(pkg.parts.get(part)!) }));
  // The first paragraph (in part order) to carry an id keeps it.
  const used = new Set<number>();
  const keeps = stories.map(({ story }) =>
    story.paragraphs.map((p) => {
      const value = p.paraId !== undefined && /^[0-9A-Fa-f]{1,8}$/.test(p.paraId) ? parseInt(p.paraId, 16) : 0;
      if (value === 0 || value > MAX_PARA_ID || used.has(value)) return false;
      used.add(value);
      return true;
    }),
  );
  // Seeded from the document so the same upload always gets the same ids.
  const nextId = idGenerator(pkg.entries.find((e) => e.name === pkg.mainPart)!.crc32, used);

  const edits: PartEdit[] = [];
  const ids = new Map<string, string[]>();
  const replaced = new Map<string, Uint8Array>();
  let added = 0;
  stories.forEach(({ part, story }, s) => {
    const w14 = prefixFor(story.root.attrs, W14_NS, 'w14');
    const insertions: Insertion[] = [];
    const partIds = story.paragraphs.map((p, i) => {
      if (keeps[s]![i]) return p.paraId!;
      const paraId = nextId();
      if (p.paraId !== undefined) {
        insertions.push({ offset: p.paraIdAt, text: paraId, replaced: p.paraId });
      } else {
        const textId = p.hasTextId ? '' : ` ${w14.prefix}:textId="${nextId()}"`;
        insertions.push({ offset: p.nameEnd, text: ` ${w14.prefix}:paraId="${paraId}"${textId}`, replaced: '' });
      }
      return paraId;
    });
    ids.set(part, partIds);
    if (insertions.length === 0) return;
    added += insertions.length;
    if (insertions.some((i) => i.replaced === '')) insertions.push(...rootInsertions(story, w14));
    insertions.sort((a, b) => a.offset - b.offset);
    edits.push({ part, insertions });
    replaced.set(part, spliceBytes(pkg.parts.get(part)!, story.xml, story.encoding, insertions));
  });

  if (replaced.size === 0) return { pkg, editable: pkg.archive, added, ids, edits };
  return { pkg: { ...pkg, parts: pkg.parts.with(replaced) }, editable: writeZip(pkg.archive, pkg.entries, replaced), added, ids, edits };
}

/**
 * Declarations on the root: the w14 namespace, and w14 listed in mc:Ignorable so that consumers
 * that predate Word 2010 skip the attributes instead of refusing the document.
 */
function rootInsertions(s: Story, w14: { prefix: string; declared: boolean }): Insertion[] {
  const out: Insertion[] = [];
  let atName = w14.declared ? '' : ` xmlns:${w14.prefix}="${W14_NS}"`;
  const ignorable = s.root.attrs.find((a) => a.ns === MC_NS && a.local === 'Ignorable');
  if (ignorable) {
    if (!ignorable.value.split(/\s+/).includes(w14.prefix)) {
      const sep = ignorable.value === '' || /\s$/.test(ignorable.value) ? '' : ' ';
      out.push({ offset: ignorable.valueStart + ignorable.value.length, text: `${sep}${w14.prefix}`, replaced: '' });
    }
  } else {
    const mc = prefixFor(s.root.attrs, MC_NS, 'mc');
    if (!mc.declared) atName += ` xmlns:${mc.prefix}="${MC_NS}"`;
    atName += ` ${mc.prefix}:Ignorable="${w14.prefix}"`;
  }
  if (atName) out.push({ offset: s.root.nameEnd, text: atName, replaced: '' });
  return out;
}

/** The prefix the root binds to `ns`, or `preferred` (made unique if the root uses it otherwise). */
function prefixFor(rootAttrs: readonly XmlAttr[], ns: string, preferred: string): { prefix: string; declared: boolean } {
  const bound = new Map(rootAttrs.filter((a) => a.qname.startsWith('xmlns:')).map((a) => [a.qname.slice(6), a.value]));
  if (bound.get(preferred) === ns) return { prefix: preferred, declared: true };
  for (const [prefix, uri] of bound) if (uri === ns) return { prefix, declared: true };
  let prefix = preferred;
  for (let i = 2; bound.has(prefix); i++) prefix = `${preferred}_${i}`;
  return { prefix, declared: false };
}

/** xorshift32: ids look like Word's (random, not sequential) yet are reproducible. */
function idGenerator(seed: number, used: Set<number>): () => string {
  let state = seed || 0x2545f491;
  return () => {
    for (;;) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const id = (state >>> 0) & MAX_PARA_ID;
      if (id === 0 || used.has(id)) continue;
      used.add(id);
      return id.toString(16).toUpperCase().padStart(8, '0');
    }
  };
}
