import { type Override, rPrWith } from './formatting';
import type { Revision, Run, RunItem } from './paragraph';

/**
 * Writes the runs of a merged paragraph. Each base run whose text or formatting changed is
 * rewritten as one or more runs that copy its start tag and properties; everything that did not
 * change inside it (a w:t whose text is intact, a field character, a drawing) is copied as it was.
 */

/** What one output character looks like; characters with equal keys share a run. */
export interface Look {
  readonly key: string;
  /** A revision the editor added around this text (undefined: as in the base). */
  readonly revision: Revision | undefined;
  readonly overrides: readonly Override[];
  /** Written as deleted text (w:delText). */
  readonly deleted: boolean;
}

export function makeLook(revision: Revision | undefined, overrides: readonly Override[], deleted: boolean): Look {
  const key = `${revision ? revision.tag : ''}\u0000${overrides.map((o) => o.xml.map((x) => x.xml).join('')).join('')}\u0000${deleted ? 'del' : ''}`;
  return { key, revision, overrides, deleted };
}

export type Atom =
  | {
      readonly kind: 'char';
      readonly ch: string;
      readonly look: Look;
      /** The element it came from: the base's when kept (copied as is), the editor's when inserted. */
      readonly item: RunItem;
      readonly kept: boolean;
      /** Index of the character in the base item, for kept characters. */
      readonly k: number;
      /** Index in the base run of the item it is written in (-1 for a new run). */
      readonly slot: number;
    }
  | { readonly kind: 'object'; readonly xml: string };

const SPECIAL: ReadonlyMap<string, string> = new Map([
  ['tab', 'tab'],
  ['br', 'br'],
  ['cr', 'cr'],
  ['noBreakHyphen', 'noBreakHyphen'],
  ['softHyphen', 'softHyphen'],
]);

export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export interface RunSource {
  readonly xml: string;
  /** The base run whose start tag and properties are copied; undefined for a new run. */
  readonly run: Run | undefined;
  /** Properties for a new run (the paragraph mark's), when `run` is undefined. */
  readonly rPr?: string;
  readonly prefix: string;
  /** The editor part's revision tags use this prefix. */
  readonly editedPrefix: string;
  /** The run stays where it is (not copied into a new paragraph), objects and all. */
  readonly inPlace: boolean;
}

/**
 * Writes `atoms` (one base run's worth) as runs, split wherever the look changes. What is not
 * text (a field character, a drawing) keeps the run's original look: it did not change.
 */
export function writeRuns(src: RunSource, atoms: readonly Atom[], baseLook: Look): string {
  const segments: { look: Look; atoms: Atom[] }[] = [];
  for (const atom of atoms) {
    const look = atom.kind === 'char' ? atom.look : baseLook;
    const last = segments[segments.length - 1];
    if (last && last.look.key === look.key) last.atoms.push(atom);
    else segments.push({ look, atoms: [atom] });
  }
  if (src.inPlace && src.run && segments.length === 1 && segments[0]!.look.key === baseLook.key) return spliceRun(src, src.run, baseLook, atoms);
  return segments.map((s) => writeRun(src, s.look, s.atoms)).join('');
}

/** The run as it was, with only its changed text elements rewritten: whitespace and all stay. */
function spliceRun(src: RunSource, run: Run, look: Look, atoms: readonly Atom[]): string {
  const bySlot = new Map<number, Atom[]>();
  for (const a of atoms) {
    if (a.kind !== 'char') continue;
    let list = bySlot.get(a.slot);
    if (!list) bySlot.set(a.slot, (list = []));
    list.push(a);
  }
  let out = '';
  let at = run.start;
  run.items.forEach((item, k) => {
    if (item.chars.length === 0) return;
    out += src.xml.slice(at, item.start) + content(src, look, bySlot.get(k) ?? []);
    at = item.end;
  });
  return out + src.xml.slice(at, run.end);
}

function writeRun(src: RunSource, look: Look, atoms: readonly Atom[]): string {
  const p = src.prefix ? `${src.prefix}:` : '';
  const { xml, run } = src;
  const open = run ? xml.slice(run.start, run.openEnd).replace(/\/>$/, '>') : `<${p}r>`;
  const rPr = run ? rPrWith(xml, run, look.overrides, src.prefix) : (src.rPr ?? '');
  const body = `${open}${rPr}${content(src, look, atoms)}</${p}r>`;
  if (!look.revision) return body;
  const tag = adoptTag(look.revision.tag, src.editedPrefix, src.prefix);
  return `${tag}${body}</${p}${look.revision.kind}>`;
}

/** The text elements of one run: intact base elements copied, the rest written afresh. */
function content(src: RunSource, look: Look, atoms: readonly Atom[]): string {
  const p = src.prefix ? `${src.prefix}:` : '';
  const out: string[] = [];
  let i = 0;
  while (i < atoms.length) {
    const atom = atoms[i]!;
    if (atom.kind === 'object') {
      out.push(atom.xml);
      i++;
      continue;
    }
    const special = atom.item.w ? SPECIAL.get(atom.item.local) : undefined;
    if (special) {
      out.push(atom.kept ? src.xml.slice(atom.item.start, atom.item.end) : `<${p}${special}/>`);
      i++;
      continue;
    }
    // A stretch of ordinary text.
    let j = i;
    let text = '';
    while (j < atoms.length) {
      const a = atoms[j]!;
      if (a.kind !== 'char' || (a.item.w && SPECIAL.has(a.item.local))) break;
      text += a.ch;
      j++;
    }
    out.push(textElement(src, atoms.slice(i, j) as Extract<Atom, { kind: 'char' }>[], text, look.deleted));
    i = j;
  }
  return out.join('');
}

function textElement(src: RunSource, atoms: readonly Extract<Atom, { kind: 'char' }>[], text: string, deleted: boolean): string {
  const p = src.prefix ? `${src.prefix}:` : '';
  const name = deleted ? 'delText' : 't';
  const first = atoms[0]!;
  const item = first.item;
  // The whole of one base element, untouched: copy it.
  if (first.kept && item.local === name && atoms.length === item.chars.length && atoms.every((a, n) => a.kept && a.item === item && a.k === n)) {
    return src.xml.slice(item.start, item.end);
  }
  // Keep an original start tag (its xml:space) when the text is still partly the original's;
  // add xml:space only where the new text needs it.
  const original = atoms.find((a) => a.kept && a.item.local === name)?.item;
  if (original) {
    const tag = src.xml.slice(original.start, src.xml.indexOf('>', original.start) + 1).replace(/\/>$/, '>');
    const open = /^\s|\s$/.test(text) && !tag.includes('xml:space') ? tag.replace(/>$/, ' xml:space="preserve">') : tag;
    return `${open}${escapeText(text)}</${p}${name}>`;
  }
  return `<${p}${name}${/^\s|\s$|\s\s/.test(text) ? ' xml:space="preserve"' : ''}>${escapeText(text)}</${p}${name}>`;
}

/** A revision start tag from the editor's part, in the base part's prefix. */
export function adoptTag(tag: string, from: string, to: string): string {
  if (from === to) return tag;
  const f = from ? `${from}:` : '';
  const t = to ? `${to}:` : '';
  return tag.replace(new RegExp(`(<|\\s)${f}(?=[A-Za-z])`, 'g'), `$1${t}`);
}
