import { performance } from 'node:perf_hooks';
import { type DocxPackage, decodePart, encodePart, officeRelType, parseRelationships, relsPartFor } from '../package';
import type { ZipEntry } from '../zip-read';
import { writeZip } from '../zip-write';
import { addNewCommentEntries } from './comments';
import { DiffBudget } from './diff';
import { Calibration } from './formatting';
import { openPackage } from './open';
import { PartsPolicy } from './parts';
import { type MergeFallback, type MergeReport, type ParagraphChange, addCounts, emptyCounts } from './report';
import { type StoryContext, StoryMerge } from './story-merge';
import { readTreeAndParagraphs } from './read-many';
import { StyleSheet } from './styles';
import { readTree } from './tree';

/**
 * The save merge (docs/decisions/006-merge-every-save-into-its-base.md): the editor's package merged into the version it was based on, so
 * that only what the user changed changes. Paragraphs pair by w14:paraId (text alignment for the
 * rest); untouched ones keep their bytes; edited ones keep their runs for unchanged text; every
 * part but the paragraphs' keeps its bytes. Anything the merge is unsure of keeps the editor's
 * version of that paragraph (or table), with the reason in the report. Pure and synchronous;
 * never throws: if the merge itself fails, the editor's bytes are returned unmerged.
 */

export interface MergeResult {
  readonly bytes: Uint8Array;
  readonly report: MergeReport;
}

/**
 * `base`: the editable copy the editor opened; `edited`: what its save() produced, or that package
 * as inspectDocx already opened it (the save checks the editor's bytes first, and its parts are
 * not inflated a second time).
 */
export function mergeSave(base: Uint8Array, edited: Uint8Array | DocxPackage): MergeResult {
  const started = performance.now();
  try {
    return merge(base, edited, started);
  } catch (e) {
    const reason = `the merge failed, so the editor's document was kept as it is: ${e instanceof Error ? e.message : String(e)}`;
    const fallbacks: MergeFallback[] = [{ part: '', scope: 'document', paraId: undefined, reason }];
    return { bytes: edited instanceof Uint8Array ? edited : edited.archive, report: { merged: false, paragraphs: emptyCounts(), changes: [], fallbacks, parts: [], ms: performance.now() - started } };
  }
}

function opened(bytes: Uint8Array, which: string): DocxPackage {
  try {
    return openPackage(bytes);
  } catch (e) {
    throw new Error(`the ${which} document cannot be read: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}

function merge(baseBytes: Uint8Array, editedInput: Uint8Array | DocxPackage, started: number): MergeResult {
  const base = opened(baseBytes, 'base');
  const edited = editedInput instanceof Uint8Array ? opened(editedInput, 'edited') : editedInput;
  const policy = new PartsPolicy(base, edited);
  const styles = styleSheet(base);
  const calibration = new Calibration(styles);
  const defaultParagraphStyle = styles.defaultParagraphStyle;
  // One budget for the whole save, not one per paragraph: 150 paragraphs with every word changed
  // each used a full search and took seconds together.
  const diffBudget = new DiffBudget(MAX_DIFF_WORK_PER_SAVE);

  const stories: { part: string; merge: StoryMerge }[] = [];
  const partFallbacks: MergeFallback[] = [];
  for (const part of base.storyParts) {
    const other = policy.editedPart(part);
    if (other === undefined) continue;
    const a = base.parts.get(part)!;
    const b = edited.parts.get(other)!;
    if (Buffer.from(a.buffer, a.byteOffset, a.length).equals(b)) continue;
    const ctx = { part, calibration, defaultParagraphStyle, mapRelationship: policy.relationshipMap(part), diffBudget };
    try {
      stories.push({ part, merge: storyMerge(decodePart(a).text, decodePart(b).text, ctx) });
    } catch (e) {
      // The editor's part does not read: its text cannot be merged, and the base's stays.
      partFallbacks.push({ part, scope: 'part', paraId: undefined, reason: `the part could not be read (${e instanceof Error ? e.message : String(e)}); the base's was kept` });
    }
  }
  // Learn from every part before deciding anything: the more text the editor rewrote, the
  // better the baseline for what it writes by itself.
  for (const s of stories) s.merge.prepare(calibration);

  const counts = emptyCounts();
  const changes: ParagraphChange[] = [];
  const fallbacks: MergeFallback[] = [...partFallbacks];
  const mergedParts = new Set<string>();
  for (const { part, merge } of stories) {
    const out = merge.finish();
    addCounts(counts, out.counts);
    changes.push(...out.changes);
    fallbacks.push(...out.fallbacks);
    mergedParts.add(part);
    if (out.xml !== undefined) {
      policy.replaced.set(part, encodePart(out.xml, decodePart(base.parts.get(part)!).encoding));
      policy.outcomes.push({ part, action: 'merged' });
    }
  }
  policy.modifiedTime();
  keepNewComments(policy, base.mainPart);
  policy.finish();
  policy.noteIgnored(mergedParts);

  const bytes = policy.replaced.size === 0 ? baseBytes : writeZip(base.archive, [...base.entries, ...policy.added.map((name) => newEntry(name, base))], policy.replaced);
  const comparisonWork = MAX_DIFF_WORK_PER_SAVE - diffBudget.remaining;
  return { bytes, report: { merged: true, paragraphs: counts, changes, fallbacks, parts: policy.outcomes, ms: performance.now() - started, comparisonWork } };
}

/** The parts the editor writes a document's comments in (beside its main part), and how they are related. */
const COMMENT_PARTS = [
  { name: 'comments.xml', type: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments' },
  { name: 'commentsExtended.xml', type: 'http://schemas.microsoft.com/office/2011/relationships/commentsExtended' },
  { name: 'commentsIds.xml', type: 'http://schemas.microsoft.com/office/2016/09/relationships/commentsIds' },
  { name: 'commentsExtensible.xml', type: 'http://schemas.microsoft.com/office/2018/08/relationships/commentsExtensible' },
] as const;

/**
 * Comments the editor wrote into a document that had none (the assistant's reason for its tracked
 * change, or the user's own): not a base part, so the loop over the base's stories never sees
 * them; they are copied in whole, with their relationships and content types. A base that has
 * comments merges them as a story part like any other (a new comment is a new w:comment there);
 * its companion parts then keep their entries, and get the editor's for the new comment
 * (comments.ts).
 */
function keepNewComments(policy: PartsPolicy, mainPart: string): void {
  const folder = mainPart.slice(0, mainPart.lastIndexOf('/') + 1);
  const [comments, ...companions] = COMMENT_PARTS;
  if (!policy.addRelatedPart(mainPart, folder + comments.name, comments.type)) {
    const [extended, ids, extensible] = companions;
    addNewCommentEntries(policy, { comments: comments.type, extended: extended.type, ids: ids.type, extensible: extensible.type });
    return;
  }
  for (const part of companions) policy.addRelatedPart(mainPart, folder + part.name, part.type);
}

/**
 * Word comparison work (diagonals tried plus tokens compared, diff.ts) one save may spend: about
 * a third of a second. A one-word edit costs a few units; a paragraph of 1,000 words with every
 * word changed costs 630,000 before its diff gives up, so 150 of them spent 95 million (2 s more
 * than the rest of the merge). Past the budget the remaining paragraphs are the editor's whole.
 */
export const MAX_DIFF_WORK_PER_SAVE = 10_000_000;

/**
 * The editor either patches the paragraphs it changed (a selective save: the texts share most of
 * their beginning and end) or rewrites the part whole; then every paragraph is read in the pass
 * that reads the tree, instead of a second pass.
 */
function storyMerge(base: string, edited: string, ctx: StoryContext): StoryMerge {
  let pre = 0;
  const n = Math.min(base.length, edited.length);
  while (pre < n && base.charCodeAt(pre) === edited.charCodeAt(pre)) pre++;
  let suf = 0;
  while (suf < n - pre && base.charCodeAt(base.length - 1 - suf) === edited.charCodeAt(edited.length - 1 - suf)) suf++;
  if (pre + suf > n / 2) return new StoryMerge(readTree(base), readTree(edited), ctx);
  const a = readTreeAndParagraphs(base);
  const b = readTreeAndParagraphs(edited);
  return new StoryMerge(a.tree, b.tree, ctx, { base: a.models, edited: b.models });
}

/** A directory record for a part the base did not have; writeZip fills in sizes and CRC. */
function newEntry(name: string, base: DocxPackage): ZipEntry {
  const main = base.entries.find((e) => e.name === base.mainPart)!;
  const nameBytes = new TextEncoder().encode(name);
  return { name, nameBytes, flags: 0x0800, method: 8, modTime: main.modTime, modDate: main.modDate, crc32: 0, compressedSize: 0, size: 0, headerOffset: 0, dataOffset: 0 };
}

/** The base's styles; none (no style evidence) if the part is missing or not well-formed. */
function styleSheet(pkg: DocxPackage): StyleSheet {
  try {
    return new StyleSheet(stylesXml(pkg));
  } catch {
    return new StyleSheet(undefined);
  }
}

/** The base's styles part, found through the main part's relationships. */
function stylesXml(pkg: DocxPackage): string | undefined {
  const relsName = [...pkg.parts.keys()].find((n) => n.toLowerCase() === relsPartFor(pkg.mainPart).toLowerCase());
  if (!relsName) return undefined;
  const rel = parseRelationships(decodePart(pkg.parts.get(relsName)!).text, pkg.mainPart).find((r) => officeRelType(r.type) === 'styles');
  const styles = rel?.part === undefined ? undefined : pkg.parts.get([...pkg.parts.keys()].find((n) => n.toLowerCase() === rel.part!.toLowerCase()) ?? '');
  return styles === undefined ? undefined : decodePart(styles).text;
}
