import type { ReviewDocument, Rule, RuleFinding } from '../types';

/**
 * References to clauses, sections, paragraphs, articles, schedules, annexes, appendices and
 * exhibits that the document does not have. What it has comes from the list labels Word shows and
 * from numbers typed at the start of paragraphs ('14.2 Payment', 'Schedule 2'). Lenient on
 * purpose: a document with fewer than two numbered paragraphs refers to other documents; a
 * reference followed by 'of the Companies Act' or 'of our agreement' points elsewhere; schedules
 * are checked only when the document has some of that kind (the others may be separate files);
 * a sub-reference '4(b)' is checked against every '(b)' written under clause 4, inline or labelled.
 */

type Attachment = 'schedule' | 'annex' | 'appendix' | 'exhibit';

const SP = '[ \\u00a0]';
const KEYWORD = new RegExp(
  `\\b(sub-?clauses?|clauses?|sub-?sections?|sections?|articles?|sub-?paragraphs?|paragraphs?|schedules?|annex(?:es)?|appendix|appendices|exhibits?)${SP}+(?=[\\dA-Z])`,
  'gi',
);
/** '14.2', '4(b)(ii)'; not '4A' or '14.2.x', which are not ours to judge. */
const CLAUSE_ID = /(\d{1,3}(?:\.\d{1,3})*)((?:\((?:[a-z]{1,4}|[A-Z]|\d{1,2})\))*)(?![\w.]*\w)/y;
const ATTACHMENT_ID = /(\d{1,3}|[A-Z]{1,2})(?![\w.]*\w)/y;
const DASH = new RegExp(`${SP}*[-–—]${SP}*`, 'y');
const LIST = new RegExp(`${SP}*,${SP}*(?:(?:and|or)${SP}+)?|${SP}+(?:and|or|and/or|to|through)${SP}+`, 'y');
/** 'of the Companies Act 2006', 'of our agreement', 'GDPR': the reference is to another text. */
const ELSEWHERE = new RegExp(`^(?:,?${SP}+of${SP}+(?!(?:this|these|the${SP}+(?:Agreement|Contract|Deed|Terms|Conditions))\\b)|${SP}+[A-Z]{2,}\\b)`);

const LEADING = /^\s*(?:(clause|section|article|paragraph|schedule|annex|appendix|exhibit)\s+)?(\d{1,3}(?:\.\d{1,3})*|[A-Z]{1,2}(?=\s|$|[.:–—-]))\.?(?=\s|$|[.:–—)-])/i;
const LEADING_SUB = /^\s*\(?([a-z]{1,4}|[A-Z]|\d{1,2})[).](?=\s|$)/;
const INLINE_SUB = /(?:^|\s)\(([a-z]{1,4}|[A-Z]|\d{1,2})\)/g;
const MONTH_NEXT = /^\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i;

interface Numbering {
  readonly clauses: Set<string>;
  /** Numeric clauses by their parent ('' for the top level), in order. */
  readonly children: Map<string, string[]>;
  readonly subs: Map<string, Set<string>>;
  readonly attachments: Map<Attachment, Set<string>>;
  /** Distinct top-level clause numbers: one '1.' and a '1.0' are not a numbered document. */
  readonly topLevels: number;
}

const attachmentOf = (keyword: string): Attachment | null => {
  const k = keyword.toLowerCase();
  if (k.startsWith('schedule')) return 'schedule';
  if (k.startsWith('annex')) return 'annex';
  if (k.startsWith('appendi')) return 'appendix';
  if (k.startsWith('exhibit')) return 'exhibit';
  return null;
};

const prefixes = (id: string) => id.split('.').map((_, i, parts) => parts.slice(0, i + 1).join('.'));

const byNumber = (a: string, b: string) => {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? -1) !== (y[i] ?? -1)) return (x[i] ?? -1) - (y[i] ?? -1);
  return 0;
};

function readNumbering(doc: ReviewDocument): Numbering {
  const clauses = new Set<string>();
  const subs = new Map<string, Set<string>>();
  const attachments = new Map<Attachment, Set<string>>();
  let current: string | null = null;
  const addSub = (sub: string) => {
    if (current) for (const id of prefixes(current)) subs.set(id, (subs.get(id) ?? new Set()).add(sub.toLowerCase()));
  };
  /** One paragraph's number, from its label or its first words. */
  const read = (source: string, typed: boolean): void => {
    const m = LEADING.exec(source);
    if (m) {
      const attachment = m[1] ? attachmentOf(m[1]) : null;
      const id = m[2]!.toUpperCase();
      if (attachment) {
        attachments.set(attachment, (attachments.get(attachment) ?? new Set()).add(id));
        return;
      }
      if (/^\d/.test(id) && !(typed && MONTH_NEXT.test(source.slice(m[0].length)))) {
        for (const p of prefixes(id)) clauses.add(p);
        current = id;
        return;
      }
    }
    const sub = LEADING_SUB.exec(source);
    if (sub && (!typed || source.trimStart().startsWith('('))) addSub(sub[1]!);
  };
  for (const p of doc.paragraphs) {
    if (p.label) read(p.label.trim(), false);
    read(p.text.slice(0, 80), true);
    if (p.text.includes('(')) for (const m of p.text.matchAll(INLINE_SUB)) addSub(m[1]!);
  }
  const children = new Map<string, string[]>();
  for (const c of clauses) {
    const parent = c.includes('.') ? c.slice(0, c.lastIndexOf('.')) : '';
    const list = children.get(parent);
    if (list) list.push(c);
    else children.set(parent, [c]);
  }
  for (const list of children.values()) list.sort(byNumber);
  return { clauses, children, subs, attachments, topLevels: children.get('')?.length ?? 0 };
}

/** '(14.1 does)', '(14.1 and 14.3 do)', '(1 to 18 do)'. */
function hint(existing: readonly string[]): string {
  if (existing.length === 1) return `${existing[0]} does`;
  if (existing.length === 2) return `${existing[0]} and ${existing[1]} do`;
  return `${existing[0]} to ${existing[existing.length - 1]} do`;
}

/** Sub-numbers in reading order: letters alphabetically, numbers numerically, roman numerals as written. */
function sameKind(known: ReadonlySet<string>, sub: string): string[] {
  const shape = (s: string) => (/^\d+$/.test(s) ? 'digit' : s.length === 1 ? 'letter' : 'other');
  const like = [...known].filter((k) => shape(k) === shape(sub));
  return shape(sub) === 'other' ? like : like.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/** Why a clause-type reference is missing, or null when it exists. */
function missingClause(numbering: Numbering, id: string, subPart: string, kind: string, plural: string): string | null {
  const { clauses, subs } = numbering;
  const name = `${kind} ${id}${subPart}`;
  const missing = prefixes(id).find((p) => !clauses.has(p));
  if (missing) {
    const parent = missing.includes('.') ? missing.slice(0, missing.lastIndexOf('.')) : null;
    const siblings = numbering.children.get(parent ?? '') ?? [];
    if (siblings.length === 0) return `${name} does not exist in this document (${kind.toLowerCase()} ${parent} has no numbered parts).`;
    return `${name} does not exist in this document (${parent === null ? `${siblings.length === 1 ? kind.toLowerCase() : plural} ` : ''}${hint(siblings)}).`;
  }
  // The deepest level with sub-numbers under it: '4.2(b)' is looked for under 4.2 when 4.2 has any.
  const known = prefixes(id).reverse().map((p) => subs.get(p)).find((s) => s !== undefined && s.size > 0);
  if (!known) return null;
  for (const sub of subPart.matchAll(/\(([^)]+)\)/g)) {
    const wanted = sub[1]!.toLowerCase();
    if (known.has(wanted)) continue;
    const like = sameKind(known, wanted);
    return `${name} does not exist in this document${like.length > 0 ? ` (${hint(like.map((s) => `${id}(${s})`))})` : ''}.`;
  }
  return null;
}

function missingAttachment(numbering: Numbering, attachment: Attachment, id: string, kind: string, plural: string): string | null {
  const known = numbering.attachments.get(attachment);
  if (!known || known.has(id.toUpperCase())) return null;
  const existing = [...known].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return `${kind} ${id} does not exist in this document (${existing.length === 1 ? kind : plural} ${hint(existing)}).`;
}

const singular = (keyword: string) => {
  const k = keyword.toLowerCase();
  const one = k === 'appendices' ? 'appendix' : k === 'annexes' ? 'annex' : k.endsWith('s') ? k.slice(0, -1) : k;
  return one[0]!.toUpperCase() + one.slice(1);
};
const pluralOf = (kind: string) => (kind === 'Appendix' ? 'Appendices' : kind === 'Annex' ? 'Annexes' : `${kind}s`);

export const crossReferences: Rule = (doc) => {
  const numbering = readNumbering(doc);
  if (numbering.topLevels < 2) return [];
  const findings: RuleFinding[] = [];
  // A reference is judged once, however often it is made: the hint lists every sibling.
  const judged = new Map<string, string | null>();
  const judge = (key: string, why: () => string | null) => {
    if (!judged.has(key)) judged.set(key, why());
    return judged.get(key)!;
  };
  for (const p of doc.paragraphs) {
    const text = p.text;
    for (const m of text.matchAll(KEYWORD)) {
      const keyword = m[1]!;
      const kind = singular(keyword);
      const attachment = attachmentOf(keyword);
      const many = keyword.toLowerCase() !== kind.toLowerCase();
      const idPattern = attachment ? ATTACHMENT_ID : CLAUSE_ID;
      const refs: { start: number; idStart: number; id: string; sub: string }[] = [];
      let at = m.index + m[0].length;
      let end = at;
      for (;;) {
        idPattern.lastIndex = at;
        const id = idPattern.exec(text);
        if (!id) break;
        // The first reference's passage includes a singular keyword ('clause 14.2'); the rest are bare ids.
        refs.push({ start: refs.length === 0 && !many ? m.index : at, idStart: at, id: id[1]!, sub: id[2] ?? '' });
        at = end = id.index + id[0].length;
        DASH.lastIndex = at;
        LIST.lastIndex = at;
        // Lists and worded ranges only after a plural ('clauses 3 and 4'): 'clause 3 and 30 days' is not a list.
        const sep = DASH.exec(text) ?? (many ? LIST.exec(text) : null);
        if (!sep) break;
        at = sep.index + sep[0].length;
      }
      if (refs.length === 0 || ELSEWHERE.test(text.slice(end, end + 60))) continue;
      for (const ref of refs) {
        const reason = judge(`${kind} ${ref.id}${ref.sub}`, () =>
          attachment ? missingAttachment(numbering, attachment, ref.id, kind, pluralOf(kind)) : missingClause(numbering, ref.id, ref.sub, kind, pluralOf(kind).toLowerCase()),
        );
        if (!reason) continue;
        findings.push({ rule: 'cross-references', paragraph: p.index, offset: ref.start, length: ref.idStart + ref.id.length + ref.sub.length - ref.start, reason });
      }
    }
  }
  return findings;
};
