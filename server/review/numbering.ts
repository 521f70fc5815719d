import { W_NAMESPACES } from '../docx/package';
import { type XmlOpenTag, scanXml } from '../docx/xml';
import { decodeXmlText } from '../docx/xml-chars';

/**
 * The list numbers Word shows before paragraphs ('14.2.', '(a)', 'iv.'), computed from
 * numbering.xml the way Word counts: counters belong to the abstract definition, so every w:num
 * that points at it continues the same list, and a w:num with a w:startOverride restarts the
 * overridden levels where it is first used. A higher level resets the levels below it unless
 * their w:lvlRestart says otherwise.
 */

const LEVELS = 9;
/** lvlText longer than this is hostile (Word's dialog allows far less); it would be copied into every label. */
const MAX_LEVEL_TEXT = 200;
/** Past these, Word's letter and roman forms would be long runs of one character; decimal instead. */
const MAX_LETTER_VALUE = 26 * 30;
const MAX_ROMAN_VALUE = 3999;

interface Level {
  readonly start: number;
  readonly format: string;
  readonly text: string;
  /** w:lvlRestart: restart after a paragraph at a level (1-based) up to this one; 0 never. Undefined: after any higher level. */
  readonly restart: number | undefined;
  readonly legal: boolean;
  readonly pStyle: string | undefined;
}

interface AbstractNum {
  readonly levels: (Level | undefined)[];
  /** This definition stands for the numbering style so named (styles.xml); its levels are that style's list's. */
  numStyleLink?: string;
  /** This definition is the list of the numbering style so named. */
  styleLink?: string;
}

interface Num {
  abstractId: number;
  /** w:lvlOverride/w:startOverride by level. */
  readonly starts: Map<number, number>;
  /** w:lvlOverride/w:lvl by level. */
  readonly levels: Map<number, Level>;
}

type LevelDraft = { -readonly [K in keyof Level]: Level[K] } & { ilvl: number };

export interface NumberingDefinitions {
  readonly abstracts: ReadonlyMap<number, AbstractNum>;
  readonly nums: ReadonlyMap<number, Num>;
  /** The abstract definition that is each numbering style's list (w:styleLink), by style id. */
  readonly styleLinks: ReadonlyMap<string, number>;
}

export const NO_NUMBERING: NumberingDefinitions = { abstracts: new Map(), nums: new Map(), styleLinks: new Map() };

/** The definitions in numbering.xml. Throws XmlError on a part that is not well-formed. */
export function readNumbering(xml: string): NumberingDefinitions {
  const abstracts = new Map<number, AbstractNum>();
  const nums = new Map<number, Num>();
  const parents: string[] = []; // local names of the open w: elements; other namespaces are transparent
  let abstract: AbstractNum | undefined;
  let num: Num | undefined;
  let override: number | undefined; // ilvl of the open w:lvlOverride
  let level: LevelDraft | undefined;

  scanXml(xml, {
    open(tag) {
      if (!W_NAMESPACES.has(tag.ns)) return;
      const parent = parents[parents.length - 1];
      parents.push(tag.local); // popped by close(), which also runs for self-closing elements
      const val = () => wordAttr(tag, 'val');
      if (tag.local === 'abstractNum' && parent === 'numbering') {
        const id = integer(wordAttr(tag, 'abstractNumId'));
        abstract = { levels: [] };
        if (id !== undefined && !abstracts.has(id)) abstracts.set(id, abstract);
      } else if (tag.local === 'num' && parent === 'numbering') {
        const id = integer(wordAttr(tag, 'numId'));
        num = { abstractId: NaN, starts: new Map(), levels: new Map() };
        if (id !== undefined && !nums.has(id)) nums.set(id, num);
      } else if (tag.local === 'abstractNumId' && parent === 'num' && num) {
        num.abstractId = integer(val()) ?? NaN;
      } else if (tag.local === 'lvlOverride' && parent === 'num') {
        override = levelIndex(wordAttr(tag, 'ilvl'));
      } else if (tag.local === 'startOverride' && parent === 'lvlOverride' && num && override !== undefined) {
        const start = integer(val());
        if (start !== undefined) num.starts.set(override, start);
      } else if (tag.local === 'lvl' && (parent === 'abstractNum' || parent === 'lvlOverride')) {
        const ilvl = levelIndex(wordAttr(tag, 'ilvl'));
        level = ilvl === undefined ? undefined : { ilvl, start: 0, format: 'decimal', text: '', restart: undefined, legal: false, pStyle: undefined };
      } else if (parent === 'lvl' && level) {
        readLevelChild(tag, level);
      } else if (parent === 'abstractNum' && abstract && tag.local === 'numStyleLink') {
        abstract.numStyleLink = val();
      } else if (parent === 'abstractNum' && abstract && tag.local === 'styleLink') {
        abstract.styleLink = val();
      }
    },
    close(ns, local) {
      if (!W_NAMESPACES.has(ns)) return;
      parents.pop();
      if (local === 'lvl' && level) {
        const { ilvl, ...def } = level;
        if (override !== undefined && num) num.levels.set(ilvl, def);
        else if (abstract) abstract.levels[ilvl] ??= def;
        level = undefined;
      } else if (local === 'lvlOverride') override = undefined;
      else if (local === 'abstractNum') abstract = undefined;
      else if (local === 'num') num = undefined;
    },
  });
  const styleLinks = new Map<string, number>();
  for (const [id, a] of abstracts) if (a.styleLink !== undefined && a.numStyleLink === undefined && !styleLinks.has(a.styleLink)) styleLinks.set(a.styleLink, id);
  return { abstracts, nums, styleLinks };
}

function readLevelChild(tag: XmlOpenTag, level: LevelDraft): void {
  const val = wordAttr(tag, 'val');
  switch (tag.local) {
    case 'start':
      level.start = integer(val) ?? 0;
      break;
    case 'numFmt':
      // Inside mc:AlternateContent the mc:Fallback comes last: a standard format for Word 2007's custom one.
      level.format = val ?? 'decimal';
      break;
    case 'lvlText':
      level.text = isOn(wordAttr(tag, 'null')) ? '' : (val ?? '').slice(0, MAX_LEVEL_TEXT);
      break;
    case 'lvlRestart':
      level.restart = integer(val);
      break;
    case 'isLgl':
      level.legal = isOn(val ?? 'true');
      break;
    case 'pStyle':
      level.pStyle = val;
      break;
  }
}

/**
 * Counts the numbered paragraphs of one story, in reading order. `numIdOfStyle` gives the w:numId
 * a numbering style (styles.xml) carries, for w:numStyleLink.
 */
export class ListCounters {
  /** Per abstract definition: the last number given at each level, undefined until used or after a reset. */
  private readonly counters = new Map<number, (number | undefined)[]>();
  private readonly used = new Set<number>();
  private readonly resolved = new Map<number, { abstractId: number; levels: (Level | undefined)[] } | null>();

  constructor(
    private readonly defs: NumberingDefinitions,
    private readonly numIdOfStyle: (styleId: string) => number | undefined,
  ) {}

  /**
   * The label of the next paragraph of list `numId` at level `ilvl` (undefined: the level whose
   * w:pStyle is `styleId`, else 0): null for a bullet or a list that is not defined.
   */
  next(numId: number, ilvl: number | undefined, styleId: string | null): string | null {
    const list = this.list(numId);
    if (!list) return null;
    const { abstractId, levels } = list;
    const at = ilvl ?? levelOfStyle(levels, styleId) ?? 0;
    const level = levels[at];
    if (!level || at < 0 || at >= LEVELS) return null;
    let counters = this.counters.get(abstractId);
    if (!counters) this.counters.set(abstractId, (counters = []));
    if (!this.used.has(numId)) {
      this.used.add(numId);
      for (const overridden of this.defs.nums.get(numId)!.starts.keys()) counters[overridden] = undefined;
    }
    counters[at] = counters[at] === undefined ? level.start : counters[at]! + 1;
    for (let below = at + 1; below < LEVELS; below++) {
      const restart = levels[below]?.restart;
      if (restart === undefined || (restart > 0 && at < restart)) counters[below] = undefined;
    }
    if (level.format === 'bullet') return null;
    return level.text.replace(/%([1-9])/g, (_, n: string) => {
      const i = Number(n) - 1;
      const shown = levels[i];
      if (!shown || shown.format === 'bullet' || shown.format === 'none') return '';
      return formatNumber(counters[i] ?? shown.start, level.legal ? 'decimal' : shown.format);
    });
  }

  /** The w:num's abstract definition (through w:numStyleLink) and its levels with the overrides applied. */
  private list(numId: number): { abstractId: number; levels: (Level | undefined)[] } | null {
    let list = this.resolved.get(numId);
    if (list !== undefined) return list;
    const num = this.defs.nums.get(numId);
    let abstractId = num?.abstractId ?? NaN;
    let abstract = this.defs.abstracts.get(abstractId);
    if (abstract?.numStyleLink !== undefined) {
      const linked = this.linkedAbstract(abstract.numStyleLink);
      if (linked) [abstractId, abstract] = linked;
    }
    list = null;
    if (num && abstract) {
      const levels = abstract.levels.slice(0, LEVELS);
      for (const [i, def] of num.levels) levels[i] = def;
      for (const [i, start] of num.starts) if (levels[i]) levels[i] = { ...levels[i], start };
      list = { abstractId, levels };
    }
    this.resolved.set(numId, list);
    return list;
  }

  /** The abstract definition a numbering style stands for: the one its w:num names, else the one whose w:styleLink names it. */
  private linkedAbstract(style: string): [number, AbstractNum] | undefined {
    const numId = this.numIdOfStyle(style);
    const viaStyle = numId === undefined ? undefined : this.defs.nums.get(numId)?.abstractId;
    const target = viaStyle === undefined ? undefined : this.defs.abstracts.get(viaStyle);
    if (target && target.numStyleLink === undefined) return [viaStyle!, target];
    const linked = this.defs.styleLinks.get(style);
    return linked === undefined ? undefined : [linked, this.defs.abstracts.get(linked)!];
  }
}

function levelOfStyle(levels: readonly (Level | undefined)[], styleId: string | null): number | undefined {
  if (styleId === null) return undefined;
  const i = levels.findIndex((l) => l?.pStyle === styleId);
  return i < 0 ? undefined : i;
}

/** A number in one of Word's w:numFmt forms; a format we do not draw is shown in decimal. */
export function formatNumber(value: number, format: string): string {
  switch (format) {
    case 'none':
    case 'bullet':
      return '';
    case 'decimalZero':
      return value >= 0 && value < 10 ? `0${value}` : String(value);
    case 'lowerLetter':
    case 'upperLetter': {
      if (value < 1 || value > MAX_LETTER_VALUE) return String(value);
      const letter = String.fromCharCode(0x61 + ((value - 1) % 26)).repeat(Math.ceil(value / 26));
      return format === 'upperLetter' ? letter.toUpperCase() : letter;
    }
    case 'lowerRoman':
    case 'upperRoman': {
      if (value < 1 || value > MAX_ROMAN_VALUE) return String(value);
      const roman = toRoman(value);
      return format === 'lowerRoman' ? roman.toLowerCase() : roman;
    }
    case 'ordinal':
      return `${value}${ordinalSuffix(value)}`;
    default:
      return String(value);
  }
}

const ROMAN: readonly [number, string][] = [
  [1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'],
  [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I'],
];

function toRoman(value: number): string {
  let out = '';
  let rest = value;
  for (const [n, s] of ROMAN) {
    while (rest >= n) {
      out += s;
      rest -= n;
    }
  }
  return out;
}

function ordinalSuffix(value: number): string {
  const tens = Math.abs(value) % 100;
  if (tens >= 11 && tens <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][Math.abs(value) % 10] ?? 'th';
}

/** The value of a w: attribute, entities decoded. */
export function wordAttr(tag: XmlOpenTag, local: string): string | undefined {
  for (const a of tag.attrs) if (a.local === local && W_NAMESPACES.has(a.ns)) return decodeXmlText(a.value);
  return undefined;
}

/** An ST_DecimalNumber, or undefined. */
export function integer(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*[-+]?\d{1,15}\s*$/.test(value)) return undefined;
  return Number(value);
}

/** An ilvl, 0..8. */
export function levelIndex(value: string | undefined): number | undefined {
  const n = integer(value);
  return n !== undefined && n >= 0 && n < LEVELS ? n : undefined;
}

/** ST_OnOff. */
export function isOn(value: string | undefined): boolean {
  return value === 'true' || value === '1' || value === 'on';
}
