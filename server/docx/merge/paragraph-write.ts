import { escapeText } from './emit';
import type { Pair } from './paragraph-merge';

/**
 * Writing a merged paragraph: the base paragraph with its changed runs spliced in (emptied
 * wrappers dropped, a changed style set), or a new paragraph built from the base one it came from.
 */

/** The paragraph mark's properties as a run's: without the mark's own revision marks. */
export function markProperties(rPr: string): string {
  return rPr.replace(/<(\w+:)?(ins|del|moveFrom|moveTo)\b[^>]*\/>/g, '').replace(/<(\w+:)?rPrChange\b[\s\S]*?<\/(\w+:)?rPrChange>/g, '');
}

function pStyleXml(prefix: string, style: string): string {
  const p = prefix ? `${prefix}:` : '';
  return style === '' ? '' : `<${p}pStyle ${p}val="${escapeText(style).replace(/"/g, '&quot;')}"/>`;
}

/** The base paragraph with its changed runs replaced and emptied wrappers removed. */
export function spliceParagraph(pair: Pair, written: readonly (string | undefined)[], markRuns: string, style: string | undefined): string {
  const { base, baseXml } = pair;
  const edits: { start: number; end: number; text: string }[] = [];
  const removed = new Set<number>();
  // A hyperlink, smart tag or tracked change whose every run is gone goes with them.
  for (const w of [...base.wrappers].sort((a, b) => a.start - b.start || b.end - a.end)) {
    if (w.other || w.runs.length === 0 || !w.runs.every((r) => written[r] === '')) continue;
    if (edits.some((e) => e.start <= w.start && w.end <= e.end)) continue;
    edits.push({ start: w.start, end: w.end, text: '' });
    for (const r of w.runs) removed.add(r);
  }
  base.runs.forEach((run, r) => {
    const text = written[r];
    if (text !== undefined && !removed.has(r)) edits.push({ start: run.start, end: run.end, text });
  });
  if (style !== undefined) edits.push(styleEdit(pair, style));
  const selfClosing = base.closeStart === base.end;
  const openTag = baseXml.slice(base.start, base.openEnd);
  if (markRuns) edits.push({ start: base.closeStart, end: base.closeStart, text: markRuns });
  edits.sort((a, b) => a.start - b.start || a.end - b.end);
  let out = selfClosing ? openTag.replace(/\s*\/>$/, '>') : '';
  let at = selfClosing ? base.end : base.start;
  for (const e of edits) {
    out += baseXml.slice(at, e.start) + e.text;
    at = e.end;
  }
  out += baseXml.slice(at, base.end);
  if (selfClosing) out += `</${baseXml.slice(base.start + 1, base.start + 1 + qnameLength(openTag))}>`;
  return out;
}

function qnameLength(tag: string): number {
  return /^<([^\s/>]+)/.exec(tag)![1]!.length;
}

function styleEdit(pair: Pair, style: string): { start: number; end: number; text: string } {
  const { base, baseXml } = pair;
  const el = pStyleXml(base.prefix, style);
  if (base.pStyle) return { start: base.pStyle.start, end: base.pStyle.end, text: el };
  const p = base.prefix ? `${base.prefix}:` : '';
  if (base.pPr) {
    const tag = baseXml.slice(base.pPr.start, baseXml.indexOf('>', base.pPr.start) + 1);
    if (tag.endsWith('/>')) return { start: base.pPr.start, end: base.pPr.end, text: `${tag.slice(0, -2).trimEnd()}>${el}</${p}pPr>` };
    return { start: base.pPr.start + tag.length, end: base.pPr.start + tag.length, text: el };
  }
  return { start: base.openEnd, end: base.openEnd, text: `<${p}pPr>${el}</${p}pPr>` };
}

/**
 * A paragraph the editor added, built from the base paragraph it was split from (or typed next
 * to): that paragraph's properties (without its section break) and the runs its text came from.
 */
export function donorParagraph(pair: Pair, written: readonly (string | undefined)[], markRuns: string, style: string | undefined): string {
  const { base, baseXml, edited, editedXml } = pair;
  const p = base.prefix ? `${base.prefix}:` : '';
  const qname = `${p}p`;
  let pPr = base.pPr ? baseXml.slice(base.pPr.start, base.pPr.end) : '';
  pPr = pPr.replace(/<(\w+:)?sectPr\b[\s\S]*?<\/(\w+:)?sectPr>/, '').replace(/<(\w+:)?pPrChange\b[\s\S]*?<\/(\w+:)?pPrChange>/, '');
  if (style !== undefined) {
    const el = pStyleXml(base.prefix, style);
    pPr = /<(\w+:)?pStyle\b[^>]*\/>/.test(pPr) ? pPr.replace(/<(\w+:)?pStyle\b[^>]*\/>/, el) : pPr ? pPr.replace(/^(<[^>]*>)/, `$1${el}`) : el ? `<${p}pPr>${el}</${p}pPr>` : '';
  }
  // The new paragraph's own ids, from the editor: the donor's would name two paragraphs.
  const ids = /\s[\w.-]+:(paraId|textId)="[^"]*"/g;
  const editedIds = (editedXml.slice(edited.start, edited.openEnd).match(ids) ?? []).join('');
  const open = baseXml.slice(base.start, base.openEnd).replace(ids, '').replace(/\s*\/?>$/, `${editedIds}>`);
  return `${open}${pPr}${written.join('')}${markRuns}</${qname}>`;
}
