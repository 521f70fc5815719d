import type { Rule, RuleFinding } from '../types';

/**
 * Dates written in more than one way. Each date has a family ('1 March 2025', '1st March 2025',
 * 'March 1, 2025', '01/03/2025', '2025-03-01' and their variants); the family most dates use is
 * the document's, and the others are flagged, rewritten in it when the date is certain. Within a
 * numeric family, zero-padding and the order of day and month are checked too, but only on dates
 * that show them ('12/11/2025' shows neither). Dates without a year are left alone.
 */

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const ABBREVIATIONS = ['jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec'];
const MONTH = `(${[...MONTHS, ...ABBREVIATIONS].sort((a, b) => b.length - a.length).join('|')})(\\.)?`;
const SP = '[ \\u00a0]+';
const ORD = '(st|nd|rd|th)';

const DAY_MONTH_YEAR = new RegExp(`(?<![\\w.,/-])(\\d{1,2})(?:${ORD}(${SP}of)?)?${SP}${MONTH}(,)?${SP}(\\d{4})(?![\\w/-])`, 'gi');
const MONTH_DAY_YEAR = new RegExp(`(?<![\\w.,/-])${MONTH}${SP}(\\d{1,2})${ORD}?(,)?${SP}(\\d{4})(?![\\w/-])`, 'gi');
// Four-digit years, slashes or dots: '20/4/28' and 'РД 11-02-2006' are far more often reference numbers than dates.
const NUMERIC = /(?<![\w/.-])(\d{1,2})([/.])(\d{1,2})\2(\d{4})(?![\w/-]|\.\d)/g;
const ISO = /(?<![\w/.-])(\d{4})-(\d{2})-(\d{2})(?![\w-]|\.\d)/g;

type Order = 'dmy' | 'mdy';
type Padding = 'padded' | 'unpadded' | 'mixed';

interface Style {
  readonly kind: 'day-month' | 'month-day' | 'numeric' | 'iso';
  readonly ordinal?: boolean;
  readonly of?: boolean;
  readonly abbreviated?: boolean;
  readonly dot?: boolean;
  readonly comma?: boolean;
  readonly separator?: string;
}

interface FoundDate {
  readonly paragraph: number;
  readonly offset: number;
  readonly text: string;
  readonly style: Style;
  /** The family: every style field, so two dates of one family read alike but for padding and order. */
  readonly family: string;
  /** Null when the date could be read two ways ('01/03/2025'). */
  readonly value: { y: number; m: number; d: number } | null;
  /** Numeric dates only; null when the date does not show it. */
  readonly order: Order | null;
  readonly padding: Padding | null;
}

const daysIn = (y: number, m: number) => [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0;
const valid = (y: number, m: number, d: number) => m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m);
const monthOf = (word: string) => {
  const w = word.toLowerCase();
  const full = MONTHS.indexOf(w);
  return full >= 0 ? full + 1 : w === 'sept' ? 9 : MONTHS.findIndex((m) => m.startsWith(w)) + 1;
};
const pad2 = (n: number) => String(n).padStart(2, '0');
const ordinal = (d: number) => `${d}${d % 10 === 1 && d !== 11 ? 'st' : d % 10 === 2 && d !== 12 ? 'nd' : d % 10 === 3 && d !== 13 ? 'rd' : 'th'}`;

function textual(m: RegExpMatchArray, paragraph: number, kind: 'day-month' | 'month-day'): FoundDate | null {
  const [day, ord, of, month, dot, comma, year] =
    kind === 'day-month' ? [m[1], m[2], m[3], m[4], m[5], m[6], m[7]] : [m[3], m[4], undefined, m[1], m[2], m[5], m[6]];
  // 'may' is far more often the verb; a month name is capitalised.
  if (!month || month[0] !== month[0]!.toUpperCase()) return null;
  const mo = monthOf(month);
  const abbreviated = !MONTHS.includes(month.toLowerCase());
  if (!abbreviated && dot) return null;
  const y = Number(year);
  const d = Number(day);
  if (!valid(y, mo, d)) return null;
  const style: Style = { kind, ordinal: Boolean(ord), of: Boolean(of), abbreviated, dot: Boolean(dot), comma: Boolean(comma) };
  return { paragraph, offset: m.index!, text: m[0], style, family: JSON.stringify(style), value: { y, m: mo, d }, order: null, padding: null };
}

function numeric(m: RegExpMatchArray, paragraph: number): FoundDate | null {
  const [, a, separator, b, year] = m as unknown as [string, string, string, string, string];
  const [first, second, y] = [Number(a), Number(b), Number(year)];
  const asDmy = valid(y, second, first);
  const asMdy = valid(y, first, second);
  if (!asDmy && !asMdy) return null;
  const order: Order | null = asDmy && asMdy ? null : asDmy ? 'dmy' : 'mdy';
  const value = order === 'mdy' || (order === null && first === second) ? { y, m: first, d: second } : order === 'dmy' ? { y, m: second, d: first } : null;
  const short = [a, b].filter((part) => Number(part) < 10);
  const padding: Padding | null = short.length === 0 ? null : short.every((p) => p.length === 2) ? 'padded' : short.every((p) => p.length === 1) ? 'unpadded' : 'mixed';
  const style: Style = { kind: 'numeric', separator };
  return { paragraph, offset: m.index!, text: m[0], style, family: JSON.stringify(style), value, order, padding };
}

function iso(m: RegExpMatchArray, paragraph: number): FoundDate | null {
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!valid(y, mo, d)) return null;
  const style: Style = { kind: 'iso' };
  return { paragraph, offset: m.index!, text: m[0], style, family: 'iso', value: { y, m: mo, d }, order: null, padding: null };
}

function datesIn(text: string, paragraph: number): FoundDate[] {
  const found: (FoundDate | null)[] = [];
  for (const m of text.matchAll(DAY_MONTH_YEAR)) found.push(textual(m, paragraph, 'day-month'));
  for (const m of text.matchAll(MONTH_DAY_YEAR)) found.push(textual(m, paragraph, 'month-day'));
  for (const m of text.matchAll(NUMERIC)) found.push(numeric(m, paragraph));
  for (const m of text.matchAll(ISO)) found.push(iso(m, paragraph));
  const dates = found.filter((d): d is FoundDate => d !== null).sort((x, y) => x.offset - y.offset);
  // One passage, one date: '1 March 2025' must not also be read from a later start.
  return dates.filter((d, i) => i === 0 || d.offset >= dates[i - 1]!.offset + dates[i - 1]!.text.length);
}

/** The value most of `items` have, ignoring nulls; ties go to the one seen first. */
function majority<T>(items: readonly (T | null)[]): T | null {
  const counts = new Map<T, number>();
  for (const item of items) if (item !== null) counts.set(item, (counts.get(item) ?? 0) + 1);
  let best: T | null = null;
  for (const [item, count] of counts) if (best === null || count > counts.get(best)!) best = item;
  return best;
}

function render(value: FoundDate['value'], style: Style, order: Order | null, padding: Padding | null): string | undefined {
  if (!value) return undefined;
  const { y, m, d } = value;
  const monthName = MONTHS[m - 1]!;
  const month = style.abbreviated ? `${monthName[0]!.toUpperCase()}${monthName.slice(1, 3)}${style.dot ? '.' : ''}` : `${monthName[0]!.toUpperCase()}${monthName.slice(1)}`;
  const day = style.ordinal ? ordinal(d) : String(d);
  const comma = style.comma ? ',' : '';
  switch (style.kind) {
    case 'day-month':
      return `${day}${style.of ? ' of' : ''} ${month}${comma} ${y}`;
    case 'month-day':
      return `${month} ${day}${comma} ${y}`;
    case 'iso':
      return `${y}-${pad2(m)}-${pad2(d)}`;
    case 'numeric': {
      if (!order) return undefined;
      const part = padding === 'unpadded' ? String : pad2;
      const [first, second] = order === 'dmy' ? [d, m] : [m, d];
      return [part(first), part(second), String(y)].join(style.separator);
    }
  }
}

export const dateFormats: Rule = (doc) => {
  const dates: FoundDate[] = [];
  for (const p of doc.paragraphs) if (/\d/.test(p.text)) for (const d of datesIn(p.text, p.index)) dates.push(d);
  if (dates.length < 2) return [];

  const families = new Map<string, FoundDate[]>();
  for (const d of dates) {
    const members = families.get(d.family);
    if (members) members.push(d);
    else families.set(d.family, [d]);
  }
  let dominant: FoundDate[] = [];
  for (const members of families.values()) if (members.length > dominant.length) dominant = members;
  const style = dominant[0]!.style;
  const order = majority(dominant.map((d) => d.order));
  const padding = majority(dominant.map((d) => (d.padding === 'mixed' ? null : d.padding))) ?? 'padded';

  const fits = (d: FoundDate) => d.family === dominant[0]!.family && (!d.order || d.order === order) && (!d.padding || d.padding === padding);
  const example = dominant.find((d) => fits(d) && d.padding !== null) ?? dominant.find(fits) ?? dominant[0]!;
  const findings: RuleFinding[] = [];
  for (const d of dates) {
    if (fits(d)) continue;
    const replacement = render(d.value, style, order, padding);
    findings.push({
      rule: 'date-formats',
      paragraph: d.paragraph,
      offset: d.offset,
      length: d.text.length,
      reason: `Most dates in this document are written like "${example.text}".`,
      ...(replacement && replacement !== d.text ? { replacement } : {}),
    });
  }
  return findings;
};
