import { propValues } from '../merge/formatting';
import { type ParagraphModel, type Run, attr } from '../merge/paragraph';
import { childElements } from './xml-bits';

/**
 * Formatting differences a reader names: run properties set directly on the text (the toolbar's,
 * formatting.ts, plus strikethrough and the character style) and the paragraph's style and
 * properties. Direct formatting only: a change of a style's definition in styles.xml is not a
 * change of any paragraph.
 */

type Prop = 'b' | 'i' | 'u' | 'strike' | 'color' | 'sz' | 'rFonts' | 'highlight' | 'rStyle';
type Look = Record<Prop, string>;

const PROPS: readonly Prop[] = ['b', 'i', 'u', 'strike', 'color', 'sz', 'rFonts', 'highlight', 'rStyle'];
const ON_OFF: ReadonlySet<Prop> = new Set(['b', 'i', 'strike']);
const NAMES: Record<Prop, string> = {
  b: 'bold',
  i: 'italic',
  u: 'underline',
  strike: 'strikethrough',
  color: 'colour',
  sz: 'size',
  rFonts: 'font',
  highlight: 'highlight',
  rStyle: 'character style',
};

const looks = new WeakMap<Run, { look: Look; key: string }>();

/** What a run's own properties make of its text, unset toggles as off; cached per run. */
export function lookOf(run: Run): { look: Look; key: string } {
  let found = looks.get(run);
  if (found) return found;
  const v = propValues(run);
  const look: Look = { b: v.b ?? 'off', i: v.i ?? 'off', u: v.u ?? 'none', strike: 'off', color: v.color ?? '', sz: v.sz ?? '', rFonts: v.rFonts ?? '', highlight: v.highlight ?? 'none', rStyle: '' };
  for (const c of run.rPr?.children ?? []) {
    if (!c.w) continue;
    if (c.local === 'strike' || c.local === 'dstrike') {
      const val = (attr(c.attrs, 'val') ?? 'true').toLowerCase();
      if (val !== '0' && val !== 'false' && val !== 'off') look.strike = 'on';
    } else if (c.local === 'rStyle') look.rStyle = attr(c.attrs, 'val') ?? '';
  }
  found = { look, key: PROPS.map((p) => look[p]).join('\u0000') };
  looks.set(run, found);
  return found;
}

/** Adds the names of what differs between two looks ('bold added', 'size changed'). */
export function nameChanges(from: Look, to: Look, into: Set<string>): void {
  for (const p of PROPS) {
    if (from[p] === to[p]) continue;
    const off = ON_OFF.has(p) ? 'off' : p === 'u' || p === 'highlight' ? 'none' : undefined;
    if (off !== undefined && from[p] === off) into.add(`${NAMES[p]} added`);
    else if (off !== undefined && to[p] === off) into.add(`${NAMES[p]} removed`);
    else into.add(`${NAMES[p]} changed`);
  }
}

/** Paragraph properties by name, for the ones a reader would name. */
const PPR_NAMES: Readonly<Record<string, string>> = {
  jc: 'alignment changed',
  numPr: 'numbering changed',
  ind: 'indentation changed',
  spacing: 'spacing changed',
};
/** Not paragraph formatting: the mark's run properties, the section, a tracked change's record. */
const NOT_COMPARED = new Set(['pStyle', 'rPr', 'sectPr', 'pPrChange']);

/**
 * The paragraph's properties that count as its formatting, without the style: local name ->
 * the element as written. Compared as written, so a different attribute order reads as a change.
 */
export function paragraphProps(xml: string, p: ParagraphModel): Map<string, string> {
  const out = new Map<string, string>();
  if (!p.pPr) return out;
  for (const c of childElements(xml, p.pPr.start)) if (!NOT_COMPARED.has(c.local)) out.set(c.local, xml.slice(c.start, c.end));
  return out;
}

/** The style as written, '' when the paragraph names none. */
export const styleId = (p: ParagraphModel): string => (p.pStyle ? (attr(p.pStyle.attrs, 'val') ?? '') : '');

/** Names of the paragraph-level differences; `defaultStyle` names a paragraph with no style. */
export function paragraphChanges(aXml: string, pa: ParagraphModel, bXml: string, pb: ParagraphModel, defaultStyle: () => string): string[] {
  const out: string[] = [];
  const sa = styleId(pa);
  const sb = styleId(pb);
  // No style is the default one: naming it or not is no change.
  if (sa !== sb && (sa || defaultStyle()) !== (sb || defaultStyle())) out.push(`style changed from ${sa || defaultStyle()} to ${sb || defaultStyle()}`);
  const a = paragraphProps(aXml, pa);
  const b = paragraphProps(bXml, pb);
  const names = new Set<string>();
  for (const local of new Set([...a.keys(), ...b.keys()])) if (a.get(local) !== b.get(local)) names.add(PPR_NAMES[local] ?? 'paragraph formatting changed');
  return [...out, ...names];
}
