import type { Element, ParagraphModel, Run } from './paragraph';
import { attr } from './paragraph';
import { RUN_PROPS, type RunProp, type StyleSheet, isToggle, off, runProp } from './styles';

/**
 * The run properties a user changes from the editor's toolbar, and how to tell a real change from
 * the editor's habit of writing style values into every run it saves (docs/editor.md). The editor's
 * output for text the user did not touch is a fixed function of the original run, so the
 * baseline for a run is what the editor wrote for other text of the same kind, or, where that
 * shows little, what the base's styles give the run; only a departure from that baseline is the
 * user's.
 */

export const TRACKED = RUN_PROPS;
export type Prop = RunProp;

/** Elements that travel with each property (complex-script twins). */
const GROUP: Record<Prop, readonly string[]> = {
  b: ['b', 'bCs'],
  i: ['i', 'iCs'],
  u: ['u'],
  color: ['color'],
  sz: ['sz', 'szCs'],
  rFonts: ['rFonts'],
  highlight: ['highlight'],
};

/** The property each grouped element belongs to. */
const OWNER = new Map<string, Prop>(Object.entries(GROUP).flatMap(([prop, els]) => els.map((el) => [el, prop as Prop] as [string, Prop])));

/** CT_RPr's child order (ISO 29500-1 17.3.2.28): a new child goes where Word would expect it. */
const RPR_ORDER = [
  'rStyle', 'rFonts', 'b', 'bCs', 'i', 'iCs', 'caps', 'smallCaps', 'strike', 'dstrike', 'outline', 'shadow', 'emboss',
  'imprint', 'noProof', 'snapToGrid', 'vanish', 'webHidden', 'color', 'spacing', 'w', 'kern', 'position', 'sz', 'szCs',
  'highlight', 'u', 'effect', 'bdr', 'shd', 'fitText', 'vertAlign', 'rtl', 'cs', 'em', 'lang', 'eastAsianLayout',
  'specVanish', 'oMath',
];
const ORDER = new Map(RPR_ORDER.map((name, i) => [name, i]));

/** A property's value reduced to what a reader sees; undefined when the run does not set it. */
export type Values = Partial<Record<Prop, string>>;

export function propValues(run: Run | undefined): Values {
  const out: Values = {};
  for (const el of run?.rPr?.children ?? []) {
    if (!el.w) continue;
    const v = normalise(el);
    if (v !== undefined) out[v[0]] = v[1];
  }
  return out;
}

/** Reduced as the styles' values are (styles.ts), so that the two compare. */
function normalise(el: Element): [Prop, string] | undefined {
  return runProp(el.local, (name) => attr(el.attrs, name));
}

/**
 * Key of what decides the editor's output for a property a run does not set: the styles in
 * force, and any element of the property's group the run writes without a value that counts
 * (an rFonts with only a w:hint, say), since the editor treats those runs differently.
 */
function inheritedKey(pStyle: string, run: Run | undefined, prop: Prop): string {
  return `${pStyle}\u0000${prop}\u0000${run ? runKeys(run)[prop] : ''}`;
}

const keyCache = new WeakMap<Run, Record<Prop, string>>();

/** The run's part of each property's key, worked out once per run. */
function runKeys(run: Run): Record<Prop, string> {
  let keys = keyCache.get(run);
  if (keys) return keys;
  let rStyle = '';
  const own: Partial<Record<Prop, string>> = {};
  for (const c of run.rPr?.children ?? []) {
    if (!c.w) continue;
    if (c.local === 'rStyle') rStyle = attr(c.attrs, 'val') ?? '';
    else {
      const prop = OWNER.get(c.local);
      if (prop) own[prop] = `${own[prop] ?? ''}${c.local}${c.attrs.map((a) => ` ${a.qname}=${a.value}`).join('')};`;
    }
  }
  keys = Object.fromEntries(TRACKED.map((p) => [p, `${rStyle}\u0000${own[p] ?? ''}`])) as Record<Prop, string>;
  keyCache.set(run, keys);
  return keys;
}

/**
 * What the editor writes for untouched text, learnt from the text it wrote for it. For each
 * property a base run does not set itself, keyed by paragraph and character style, every run whose
 * kept text all came back alike casts one vote for what the editor wrote; a run the user partly
 * reformatted (its text came back in two looks) does not vote. The base's styles fill in where
 * the votes are few or say nothing (baseline).
 */
export class Calibration {
  private readonly votes = new Map<string, Map<string, number>>();
  private readonly own = new Map<Run, Partial<Record<Prop, string>>>();
  private readonly contested = new Map<Run, Partial<Record<Prop, string>>>();

  constructor(private readonly styles: StyleSheet) {}

  /** `looks`: what the editor wrote for the kept text of `baseRun`, with how many characters each. */
  learn(pStyle: string, baseRun: Run, looks: readonly { values: Values; chars: number }[]): void {
    if (looks.length === 0) return;
    for (const prop of TRACKED) {
      const first = looks[0]!.values[prop] ?? '';
      if (!looks.every((l) => (l.values[prop] ?? '') === first)) {
        // The user reformatted part of this run: remember which look most of it kept.
        const counts = new Map<string, number>();
        for (const l of looks) counts.set(l.values[prop] ?? '', (counts.get(l.values[prop] ?? '') ?? 0) + l.chars);
        const sorted = [...counts].sort((a, b) => b[1] - a[1]);
        if (sorted[0]![1] > sorted[1]![1]) this.mostly(baseRun)[prop] = sorted[0]![0];
        continue;
      }
      const key = inheritedKey(pStyle, baseRun, prop);
      let counts = this.votes.get(key);
      if (!counts) this.votes.set(key, (counts = new Map()));
      counts.set(first, (counts.get(first) ?? 0) + 1);
      let mine = this.own.get(baseRun);
      if (!mine) this.own.set(baseRun, (mine = {}));
      mine[prop] = first;
    }
  }

  private mostly(run: Run): Partial<Record<Prop, string>> {
    let m = this.contested.get(run);
    if (!m) this.contested.set(run, (m = {}));
    return m;
  }

  /**
   * What the editor writes for `prop` of text from `baseRun` left alone ('' for nothing), from
   * the best witness there is:
   * - what it wrote for other runs like it (the run's own vote left out: it may be the one the
   *   user reformatted), when that is something: the editor may spell a style's value its own way;
   * - what the styles give a run that does not set the property itself, unless what the editor
   *   wrote for the run's own kept text (all of it, or most) says otherwise: it bakes style values
   *   into every run it rewrites, so that is its habit, however few other runs voted (a selective
   *   save rewrites only the edited paragraph) and whatever runs it writes differently voted
   *   (comments, where it bakes nothing);
   * - the votes for nothing; the run's own value (the editor keeps direct formatting, if not
   *   always in the same spelling: auto becomes 000000); in a table, the look most of the run
   *   kept; for the on/off properties, what the styles give.
   * Else undefined, and no change can be told.
   */
  baseline(pStyle: string, inTable: boolean, baseRun: Run | undefined, base: Values, prop: Prop): string | undefined {
    const voted = this.voted(pStyle, baseRun, prop);
    if (voted) return voted;
    // In a table, styles this file does not resolve (the table's) may set what the paragraph's do not.
    const baked = base[prop] === undefined && !inTable ? this.bakedStyle(pStyle, baseRun, prop) : undefined;
    if (baked !== undefined) return baked;
    if (voted !== undefined) return voted;
    if (base[prop] !== undefined) return base[prop];
    // The look most of a partly reformatted run kept is the better witness in a table.
    if (inTable) return baseRun ? this.contested.get(baseRun)?.[prop] : undefined;
    return isToggle(prop) ? this.styled(pStyle, baseRun, prop) : undefined;
  }

  /**
   * What the styles give text of `baseRun`, unless what the editor wrote for the run's own text
   * the user left alone says otherwise: then the styles alone do not say what it bakes (a whole
   * run the user reformatted looks the same as a style the editor resolved its own way). With none
   * of its text left (replaced whole, or typed where there was no run), the styles are all there is.
   */
  private bakedStyle(pStyle: string, baseRun: Run | undefined, prop: Prop): string | undefined {
    const styled = this.styled(pStyle, baseRun, prop);
    const wrote = baseRun ? (this.own.get(baseRun)?.[prop] ?? this.contested.get(baseRun)?.[prop]) : undefined;
    return styled !== '' && (wrote === undefined || wrote === styled) ? styled : undefined;
  }

  /** The value most other runs with `baseRun`'s key voted for; undefined if none or a tie. */
  private voted(pStyle: string, baseRun: Run | undefined, prop: Prop): string | undefined {
    const counts = this.votes.get(inheritedKey(pStyle, baseRun, prop));
    const mine = baseRun ? this.own.get(baseRun)?.[prop] : undefined;
    let best: string | undefined;
    let most = 0;
    let tie = false;
    for (const [v, n0] of counts ?? []) {
      const n = v === mine ? n0 - 1 : n0;
      if (n > most) [best, most, tie] = [v, n, false];
      else if (n === most && n > 0) tie = true;
    }
    return tie ? undefined : best;
  }

  /** What the paragraph and character styles and the defaults give text of `baseRun` ('' for nothing or off). */
  private styled(pStyle: string, baseRun: Run | undefined, prop: Prop): string {
    const rStyle = baseRun?.rPr?.children.find((c) => c.w && c.local === 'rStyle');
    const value = this.styles.styled(pStyle.split('\u0001')[0]!, rStyle ? (attr(rStyle.attrs, 'val') ?? '') : '', prop);
    return value === undefined || (isToggle(prop) && value === off(prop)) ? '' : value;
  }
}

/** The paragraph style as written ('' for none), the first part of every calibration key. */
export function styleOf(p: ParagraphModel): string {
  return p.pStyle ? (attr(p.pStyle.attrs, 'val') ?? '') : '';
}

/** One property to set on a run: the elements to write (empty to remove the property). */
export interface Override {
  readonly prop: Prop;
  readonly xml: readonly { local: string; xml: string }[];
}

/**
 * Builds the override that gives `prop` the edited run's value, in the base part's prefix. When the
 * edited run does not set it (the user removed it), writes the explicit "off" value, since the
 * property may also come from a style.
 */
export function overrideFor(prop: Prop, edited: Run | undefined, editedXml: string, editedPrefix: string, prefix: string): Override {
  const els = (edited?.rPr?.children ?? []).filter((c) => c.w && GROUP[prop].includes(c.local));
  if (els.length > 0) return { prop, xml: els.map((el) => ({ local: el.local, xml: reprefix(editedXml.slice(el.start, el.end), editedPrefix, prefix) })) };
  const p = prefix ? `${prefix}:` : '';
  const off: Partial<Record<Prop, string>> = { b: 'b w:val="0"', i: 'i w:val="0"', u: 'u w:val="none"', highlight: 'highlight w:val="none"', color: 'color w:val="auto"' };
  const el = off[prop];
  return { prop, xml: el ? [{ local: prop, xml: `<${p}${el.replace('w:', p)}/>` }] : [] };
}

/** Rewrites a simple element's prefix (its name and its attributes) from one part to another. */
function reprefix(xml: string, from: string, to: string): string {
  if (from === to) return xml;
  const f = from ? `${from}:` : '';
  const t = to ? `${to}:` : '';
  return xml.replace(new RegExp(`(<|</|\\s)${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[A-Za-z])`, 'g'), `$1${t}`);
}

/** The base run's w:rPr with `overrides` applied, or the original text when there are none. */
export function rPrWith(xml: string, run: Run | undefined, overrides: readonly Override[], prefix: string): string {
  const original = run?.rPr ? xml.slice(run.rPr.start, run.rPr.end) : '';
  if (overrides.length === 0) return original;
  const drop = new Set(overrides.flatMap((o) => GROUP[o.prop]));
  const kept = (run?.rPr?.children ?? []).filter((c) => !(c.w && drop.has(c.local))).map((c) => ({ local: c.w ? c.local : '~', xml: xml.slice(c.start, c.end) }));
  const added = overrides.flatMap((o) => o.xml);
  // Keep the original children in their order and slot each new one before the first that
  // Word orders after it; unknown children (other namespaces) stay where they were.
  const out = [...kept];
  for (const el of added) {
    const rank = ORDER.get(el.local) ?? RPR_ORDER.length;
    const at = out.findIndex((c) => (ORDER.get(c.local) ?? -1) > rank);
    out.splice(at < 0 ? out.length : at, 0, el);
  }
  const p = prefix ? `${prefix}:` : '';
  if (!run?.rPr) return `<${p}rPr>${out.map((c) => c.xml).join('')}</${p}rPr>`;
  const rPrXml = xml.slice(run.rPr.start, run.rPr.end);
  const openEnd = rPrXml.indexOf('>') + 1;
  const selfClosing = rPrXml[openEnd - 2] === '/';
  const open = selfClosing ? `${rPrXml.slice(0, openEnd - 2).trimEnd()}>` : rPrXml.slice(0, openEnd);
  return `${open}${out.map((c) => c.xml).join('')}</${p}rPr>`;
}
