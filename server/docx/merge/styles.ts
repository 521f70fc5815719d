import { W_NAMESPACES } from '../package';
import { scanXml } from '../xml';
import { decodeXmlText } from '../xml-chars';

/**
 * Just enough of styles.xml to know how text looks without direct formatting, for the run
 * properties a user changes from the editor's toolbar: the style chains (basedOn) and the
 * document defaults. The editor bakes exactly these values into every run it rewrites
 * (docs/editor.md), so a value equal to what the styles give is the editor's, not the user's, even
 * when a save rewrote too little text to show the editor's habits by example.
 */

/** The toolbar's run properties (formatting.ts), in CT_RPr's order. */
export const RUN_PROPS = ['b', 'i', 'u', 'color', 'sz', 'rFonts', 'highlight'] as const;
export type RunProp = (typeof RUN_PROPS)[number];

export type ToggleProp = 'b' | 'i' | 'u' | 'highlight';
const TOGGLES = new Set<string>(['b', 'i', 'u', 'highlight']);

/**
 * What a style level sets, property by property; the font by its Latin slots. A level that
 * names one slot's font (w:ascii or w:asciiTheme) replaces both of a lower level's for that slot,
 * and leaves the other slot to them: Word's rule, and the editor's when it merges styles.
 */
type Slot = Exclude<RunProp, 'rFonts'> | 'ascii' | 'hAnsi';
type Slots = Partial<Record<Slot, string>>;

/** An attribute of the element being read, by local name, decoded; undefined if absent. */
export type AttrOf = (local: string) => string | undefined;

/**
 * A run property element's value reduced to what a reader sees, for formatting.ts and for the
 * styles alike, so the two compare. undefined when the element sets no value that counts.
 */
export function runProp(local: string, get: AttrOf): [RunProp, string] | undefined {
  const slots = slotsOf(local, get);
  if (local === 'rFonts') return fontOf(Object.fromEntries(slots));
  return slots.length === 0 ? undefined : (slots[0] as [RunProp, string]);
}

function slotsOf(local: string, get: AttrOf): [Slot, string][] {
  switch (local) {
    case 'b':
    case 'i':
    case 'u':
    case 'highlight':
      return [[local, toggleValue(local, get('val'))]];
    case 'color': {
      // A theme colour names itself; its w:val is a cached rendering that writers recompute.
      const theme = get('themeColor');
      if (theme) return [['color', `${theme}/${get('themeShade') ?? ''}/${get('themeTint') ?? ''}`.toLowerCase()]];
      const val = get('val');
      return val === undefined ? [] : [['color', val.toLowerCase()]];
    }
    case 'sz':
      return [['sz', get('val') ?? '']];
    case 'rFonts': {
      // A theme font names itself, as a colour does; the editor writes it beside the name it resolves.
      const out: [Slot, string][] = [];
      const ascii = get('asciiTheme') ?? get('ascii');
      const hAnsi = get('hAnsiTheme') ?? get('hAnsi');
      if (ascii !== undefined) out.push(['ascii', ascii.toLowerCase()]);
      if (hAnsi !== undefined) out.push(['hAnsi', hAnsi.toLowerCase()]);
      return out;
    }
    default:
      return [];
  }
}

/** The Latin font is what the toolbar sets; a run naming only East Asian fonts sets none. */
function fontOf(slots: Slots): [RunProp, string] | undefined {
  const font = slots.ascii ?? slots.hAnsi;
  return font === undefined ? undefined : ['rFonts', font];
}

interface Style {
  readonly basedOn: string | undefined;
  readonly values: Slots;
}

export class StyleSheet {
  private readonly styles = new Map<string, Style>();
  private readonly defaults: Slots = {};
  defaultParagraphStyle = '';

  constructor(xml: string | undefined) {
    if (xml !== undefined) this.read(xml);
  }

  private read(xml: string): void {
    let current: { id: string; basedOn?: string; values: Slots } | undefined;
    let inDefaults = false;
    let rPrDepth = -1;
    scanXml(xml, {
      open: (tag) => {
        if (!W_NAMESPACES.has(tag.ns)) return;
        const val: AttrOf = (local) => {
          const a = tag.attrs.find((x) => x.local === local && x.qname !== 'xmlns');
          return a === undefined ? undefined : decodeXmlText(a.value);
        };
        if (tag.local === 'style' && tag.depth === 1) {
          current = { id: val('styleId') ?? '', values: {} };
          const d = val('default');
          if (val('type') === 'paragraph' && (d === '1' || d === 'true' || d === 'on')) this.defaultParagraphStyle = current.id;
        } else if (tag.local === 'rPrDefault') inDefaults = true;
        else if (tag.local === 'basedOn' && current) current.basedOn = val('val');
        // Only the style's own w:rPr (w:style/w:rPr) and the defaults' (docDefaults/rPrDefault/rPr):
        // a table style's conditional w:tblStylePr/w:rPr formats some cells, not its text at large.
        else if (tag.local === 'rPr' && rPrDepth < 0 && ((current && tag.depth === 2) || (inDefaults && tag.depth === 3))) rPrDepth = tag.depth;
        else if (rPrDepth >= 0 && tag.depth === rPrDepth + 1) {
          const into = current ? current.values : this.defaults;
          for (const [slot, value] of slotsOf(tag.local, val)) into[slot] = value;
        }
      },
      close: (_ns, local, depth) => {
        if (depth === rPrDepth) rPrDepth = -1;
        else if (local === 'style' && depth === 1 && current) {
          this.styles.set(current.id, { basedOn: current.basedOn, values: current.values });
          current = undefined;
        } else if (local === 'rPrDefault') inDefaults = false;
      },
    });
  }

  /** The value text gets from its paragraph and character styles and the defaults, on or off. */
  inherited(pStyle: string, rStyle: string, prop: ToggleProp): string {
    return this.styled(pStyle, rStyle, prop) ?? off(prop);
  }

  /**
   * The value text gets from its paragraph and character styles and the defaults, reduced as
   * runProp reduces a run's own; undefined when none of them sets it.
   */
  styled(pStyle: string, rStyle: string, prop: RunProp): string | undefined {
    if (prop !== 'rFonts') return this.slot(pStyle, rStyle, prop);
    return fontOf({ ascii: this.slot(pStyle, rStyle, 'ascii'), hAnsi: this.slot(pStyle, rStyle, 'hAnsi') })?.[1];
  }

  private slot(pStyle: string, rStyle: string, slot: Slot): string | undefined {
    return this.chain(rStyle, slot) ?? this.chain(pStyle || this.defaultParagraphStyle, slot) ?? this.defaults[slot];
  }

  private chain(id: string, slot: Slot): string | undefined {
    const seen = new Set<string>();
    for (let s = this.styles.get(id); s && !seen.has(id); s = s.basedOn === undefined ? undefined : this.styles.get(s.basedOn)) {
      seen.add(id);
      if (s.values[slot] !== undefined) return s.values[slot];
      id = s.basedOn ?? '';
    }
    return undefined;
  }
}

/** Normalised like formatting.ts: 'on'/'off' for b and i, the w:val for u and highlight. */
export function toggleValue(prop: ToggleProp, val: string | undefined): string {
  if (prop === 'b' || prop === 'i') {
    const v = (val ?? 'true').toLowerCase();
    return v === '0' || v === 'false' || v === 'off' ? 'off' : 'on';
  }
  return val ?? (prop === 'u' ? 'single' : 'none');
}

/** What leaving the property out means. */
export function off(prop: ToggleProp): string {
  return prop === 'b' || prop === 'i' ? 'off' : 'none';
}

export function isToggle(prop: string): prop is ToggleProp {
  return TOGGLES.has(prop);
}
