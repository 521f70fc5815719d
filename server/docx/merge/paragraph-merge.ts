import { type CharAlignment, alignChars, hidden } from './char-align';
import type { DiffBudget } from './diff';
import { type Atom, type Look, type RunSource, makeLook, writeRuns } from './emit';
import { donorParagraph, markProperties, spliceParagraph } from './paragraph-write';
import { type Calibration, type Override, TRACKED, type Values, overrideFor, propValues, styleOf } from './formatting';
import type { ParagraphModel, Revision, Run } from './paragraph';

/**
 * Merges the editor's version of one paragraph into the base one. Runs whose text and look did
 * not change stay byte for byte; changed text is written into the runs it replaces (or beside its
 * neighbour), with the base run's properties plus any formatting the user really changed, and
 * inside any w:ins / w:del the editor wrote. What the merge cannot place with certainty ends in
 * a fallback with its reason, and the caller keeps the editor's paragraph.
 */

export interface Pair {
  readonly baseXml: string;
  readonly base: ParagraphModel;
  readonly editedXml: string;
  readonly edited: ParagraphModel;
  readonly align: CharAlignment;
  readonly place: string;
  /** The paragraph belongs to a comment. */
  readonly inComment: boolean;
  /**
   * Pictures the editor moved into the edited paragraph from a base paragraph it dropped (text
   * boxes whose anchor it does not keep, tree.ts isTextBoxAnchor). Not the user's: the base
   * paragraph stays where it was, and these copies are not written.
   */
  readonly movedPictures: number;
}

export type ParagraphResult =
  | { readonly kind: 'same' }
  | { readonly kind: 'merged'; readonly xml: string }
  | { readonly kind: 'fallback'; readonly reason: string };

export interface MergeContext {
  readonly calibration: Calibration;
  /** styleId of the default paragraph style: writing it or leaving pStyle out is the same. */
  readonly defaultParagraphStyle: string;
  /** Comment ids marked anywhere in the base part. */
  readonly commentIds: () => ReadonlySet<string>;
}

/**
 * `place`: where the base paragraph sits when that decides how the editor writes it (a table
 * cell's row and column: table styles format them), '' elsewhere. `budget`: the save's word
 * comparison budget (see merge.ts); throws DiffBudgetExceeded when it runs out.
 */
export function pairOf(
  baseXml: string,
  base: ParagraphModel,
  editedXml: string,
  edited: ParagraphModel,
  place = '',
  inComment = false,
  movedPictures = 0,
  budget?: DiffBudget,
): Pair {
  return { baseXml, base, editedXml, edited, align: alignChars(base, edited, inComment, budget), place, inComment, movedPictures };
}

/**
 * The editor's paragraph holds the pictures it moved in (`movedPictures`) on top of the base's:
 * the boxes arrived, so the anchors they came from were dropped by the editor, not the user.
 */
export function movedPicturesArrived(pair: Pair): boolean {
  const pictures = (p: ParagraphModel) => p.objects.get('picture') ?? 0;
  return pair.movedPictures > 0 && pictures(pair.edited) >= pictures(pair.base) + pair.movedPictures;
}

/** The calibration key's paragraph part: its style and its place. */
const keyOf = (pair: Pair) => `${styleOf(pair.base)}\u0001${pair.place}`;

const valuesCache = new WeakMap<Run, Values>();
function values(run: Run | undefined): Values {
  if (!run) return {};
  let v = valuesCache.get(run);
  if (!v) valuesCache.set(run, (v = propValues(run)));
  return v;
}

/** Teaches the calibration what the editor wrote for the text of each base run it kept. */
export function learn(pair: Pair, calibration: Calibration): void {
  const { base, edited, align } = pair;
  const style = keyOf(pair);
  const looks = new Map<number, Map<Run, number>>();
  // Counted in stretches of one base run against one edited run, not character by character.
  let r = -1;
  let er = -1;
  let n = 0;
  const flush = () => {
    if (n === 0) return;
    let m = looks.get(r);
    if (!m) looks.set(r, (m = new Map()));
    const run = edited.runs[er]!;
    m.set(run, (m.get(run) ?? 0) + n);
    n = 0;
  };
  for (let i = 0; i < base.text.length; i++) {
    const e = align.baseToEdited[i]!;
    // Only text: the editor writes a run holding just a tab without any properties.
    if (e < 0 || !isText(base.runs[base.charRun[i]!]!.items[base.charItem[i]!]!.local)) continue;
    if (base.charRun[i] !== r || edited.charRun[e] !== er) {
      flush();
      r = base.charRun[i]!;
      er = edited.charRun[e]!;
    }
    n++;
  }
  flush();
  for (const [r, runs] of looks) calibration.learn(style, base.runs[r]!, [...runs].map(([run, chars]) => ({ values: values(run), chars })));
}

const isText = (local: string) => local === 't' || local === 'delText';

class Unsure extends Error {}

export function mergeParagraph(pair: Pair, ctx: MergeContext, mode: 'matched' | 'donor'): ParagraphResult {
  try {
    return merge(pair, ctx, mode);
  } catch (e) {
    if (e instanceof Unsure) return { kind: 'fallback', reason: e.message };
    throw e;
  }
}

function merge(pair: Pair, ctx: MergeContext, mode: 'matched' | 'donor'): ParagraphResult {
  const { base, edited, align, baseXml, editedXml } = pair;
  const pStyle = keyOf(pair);
  // The editor drops text boxes and ruby it cannot show (docs/editor.md); what it did not write back,
  // the user did not edit, and the base's copy stays. Changed text in one is beyond this merge.
  if (edited.opaqueText !== '' && base.opaqueText !== edited.opaqueText) throw new Unsure('text in a text box, ruby or equation changed');
  for (const id of edited.commentIds) if (!base.commentIds.has(id) && !ctx.commentIds().has(id)) throw new Unsure('a comment was added');
  for (const [kind, n] of edited.objects) if (n > (mode === 'donor' ? 0 : (base.objects.get(kind) ?? 0) + (kind === 'picture' ? pair.movedPictures : 0))) throw new Unsure(`a ${kind} was added`);

  let changed = mode === 'donor';
  // One look per (base run, edited run, revision): computing it per character costs a baseline
  // lookup per property per character.
  const looks = new Map<string, Look>();
  const runIds = new Map<Run | undefined, number>();
  const idOf = (r: Run | undefined) => {
    let id = runIds.get(r);
    if (id === undefined) runIds.set(r, (id = runIds.size));
    return id;
  };
  const look = (baseRun: Run | undefined, editedRun: Run, revision: Revision | undefined, text = true): Look => {
    const key = `${idOf(baseRun)}/${idOf(editedRun)}/${revision?.tag ?? ''}/${text}`;
    let l = looks.get(key);
    if (!l) looks.set(key, (l = computeLook(baseRun, editedRun, revision, text)));
    if (l.revision || l.overrides.length > 0) changed = true;
    return l;
  };
  const computeLook = (baseRun: Run | undefined, editedRun: Run, revision: Revision | undefined, text: boolean): Look => {
    const overrides: Override[] = [];
    const bv = values(baseRun);
    const ev = values(editedRun);
    for (const prop of text ? TRACKED : []) {
      const was = ctx.calibration.baseline(pStyle, pair.place !== '', baseRun, bv, prop);
      // A property the editor left out is not evidence: it drops some (docs/editor.md).
      if (was === undefined || ev[prop] === undefined || ev[prop] === was) continue;
      overrides.push(overrideFor(prop, editedRun, editedXml, edited.prefix, base.prefix));
    }
    const baseRevision = baseRun?.revision;
    const deleted = (revision ?? baseRevision)?.kind === 'del' || (revision ?? baseRevision)?.kind === 'moveFrom';
    return makeLook(revision, overrides, deleted);
  };
  const newRevision = (baseRun: Run | undefined, editedRun: Run): Revision | undefined => {
    const was = baseRun?.revision;
    const now = editedRun.revision;
    if (was === now || (was && now && was.kind === now.kind && was.author === now.author)) return undefined;
    if (!was && now) return now;
    throw new Unsure(now ? 'a tracked change was re-attributed' : 'a tracked change was accepted or rejected');
  };

  // Inserted characters, grouped by the base character they are placed against.
  const before = new Map<number, number[]>();
  const at = new Map<number, number[]>();
  const after = new Map<number, number[]>();
  const atMark: number[] = [];
  for (let e = 0; e < edited.text.length; e++) {
    if (align.editedToBase[e]! >= 0 || hidden(edited, e, pair.inComment)) continue;
    changed = true;
    const placement = align.placement[e];
    const list = placement === 'before' ? before : placement === 'at' ? at : placement === 'after' ? after : undefined;
    if (!list) {
      atMark.push(e);
      continue;
    }
    const b = align.anchor[e]!;
    let l = list.get(b);
    if (!l) list.set(b, (l = []));
    l.push(e);
  }
  for (let b = 0; b < base.text.length && !changed; b++) if (align.baseToEdited[b]! < 0 && !hidden(base, b, pair.inComment)) changed = true;
  if (!changed && editedStyle(pair, ctx) === undefined && quiet(pair, look, newRevision)) return { kind: 'same' };

  const insertedAtom = (e: number, baseRun: Run | undefined, slot: number): Atom => {
    const er = edited.runs[edited.charRun[e]!]!;
    const was = baseRun?.revision;
    const now = er.revision;
    if (was && !(now && now.kind === was.kind && now.author === was.author)) throw new Unsure('text was typed inside a tracked change');
    return { kind: 'char', ch: edited.text[e]!, look: look(baseRun, er, was ? undefined : now), item: er.items[edited.charItem[e]!]!, kept: false, k: 0, slot };
  };

  const unchanged = makeLook(undefined, [], false);
  // Atoms of every base run, in order.
  const runAtoms: Atom[][] = base.runs.map(() => []);
  let charIndex = 0;
  base.runs.forEach((run, r) => {
    const atoms = runAtoms[r]!;
    run.items.forEach((item, slot) => {
      if (item.chars.length === 0) {
        if (mode === 'matched') atoms.push({ kind: 'object', xml: baseXml.slice(item.start, item.end) });
        return;
      }
      for (let k = 0; k < item.chars.length; k++, charIndex++) {
        const b = charIndex;
        for (const e of before.get(b) ?? []) atoms.push(insertedAtom(e, run, slot));
        const e = align.baseToEdited[b]!;
        if (hidden(base, b, pair.inComment)) {
          atoms.push({ kind: 'char', ch: item.chars[k]!, look: lookOf(run, unchanged), item, kept: true, k, slot });
        } else if (e >= 0) {
          const er = edited.runs[edited.charRun[e]!]!;
          const revision = newRevision(run, er);
          // A suggestion inside a link comes back outside it (the editor splits the link); the
          // base's link stays around it. Without a suggestion, a link gained or lost is the user's.
          if (mode === 'matched' && er.link !== run.link && !revision) throw new Unsure(run.link ? 'a hyperlink was removed' : 'a hyperlink was added');
          atoms.push({ kind: 'char', ch: item.chars[k]!, look: look(run, er, revision, isText(item.local)), item, kept: true, k, slot });
        } else {
          for (const i of at.get(b) ?? []) atoms.push(insertedAtom(i, run, slot));
        }
        for (const i of after.get(b) ?? []) atoms.push(insertedAtom(i, run, slot));
      }
    });
  });

  const markRPr = base.markRPr ? markProperties(baseXml.slice(base.markRPr.start, base.markRPr.end)) : '';
  const markAtoms = atMark.map((e) => insertedAtom(e, undefined, -1));
  const styleChange = editedStyle(pair, ctx);
  if (!changed && styleChange === undefined) return { kind: 'same' };

  const unchangedLook = unchanged;
  const src = (run: Run | undefined): RunSource => ({ xml: baseXml, run, prefix: base.prefix, editedPrefix: edited.prefix, rPr: markRPr, inPlace: mode === 'matched' });
  const written = base.runs.map((run, r) => (isUnchanged(run, runAtoms[r]!) && mode === 'matched' ? undefined : writeRuns(src(run), runAtoms[r]!, lookOf(run, unchangedLook))));
  const markRuns = markAtoms.length > 0 ? writeRuns(src(undefined), markAtoms, unchangedLook) : '';

  if (mode === 'donor') return { kind: 'merged', xml: donorParagraph(pair, written, markRuns, styleChange) };
  return { kind: 'merged', xml: spliceParagraph(pair, written, markRuns, styleChange) };
}

/** How a base run looks as it was: deleted text if it sits in a w:del. */
function lookOf(run: Run, unchanged: Look): Look {
  return run.revision?.kind === 'del' || run.revision?.kind === 'moveFrom' ? makeLook(undefined, [], true) : unchanged;
}

/**
 * With every character kept, whether none changed its look: checked once per pair of base and
 * edited runs rather than per character, since most saves rewrite paragraphs nobody touched.
 */
function quiet(pair: Pair, look: (b: Run, e: Run, r: Revision | undefined, text: boolean) => Look, newRevision: (b: Run, e: Run) => Revision | undefined): boolean {
  const { base, edited, align } = pair;
  const seen = new Set<number>();
  for (let b = 0; b < base.text.length; b++) {
    const e = align.baseToEdited[b]!;
    if (e < 0) continue;
    const r = base.charRun[b]!;
    const text = isText(base.runs[r]!.items[base.charItem[b]!]!.local);
    const key = (r * edited.runs.length + edited.charRun[e]!) * 2 + (text ? 1 : 0);
    if (seen.has(key)) continue;
    seen.add(key);
    const run = base.runs[r]!;
    const er = edited.runs[edited.charRun[e]!]!;
    if (run.link !== er.link) return false;
    const l = look(run, er, newRevision(run, er), text);
    if (l.revision || l.overrides.length > 0) return false;
  }
  return true;
}

/** Every character kept, in place, with its base look, and nothing inserted. */
function isUnchanged(run: Run, atoms: readonly Atom[]): boolean {
  let chars = 0;
  for (const a of atoms) {
    if (a.kind !== 'char') continue;
    if (!a.kept || a.look.revision || a.look.overrides.length > 0) return false;
    chars++;
  }
  return chars === run.items.reduce((n, i) => n + i.chars.length, 0);
}

/**
 * The new pStyle value when the user changed the paragraph's style, else undefined. Only a style
 * the editor wrote counts: it leaves pStyle out of paragraphs it rewrites (comments, docs/editor.md).
 */
function editedStyle(pair: Pair, ctx: MergeContext): string | undefined {
  const norm = (s: string) => (s === ctx.defaultParagraphStyle ? '' : s);
  const was = styleOf(pair.base);
  const now = styleOf(pair.edited);
  return now === '' || norm(was) === norm(now) ? undefined : now;
}
