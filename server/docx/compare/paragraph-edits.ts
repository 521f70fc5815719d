import type { ParagraphModel } from '../merge/paragraph';
import { type Writer, childElements, escapeText, openTag } from './xml-bits';

/**
 * Editing one paragraph's XML by splices at offsets of its part, and the pieces every kind of
 * redlined paragraph shares: its properties with a mark revision or a w:pPrChange, and a's text
 * written as runs of deleted (or moved-away) text.
 */

/** Splices into one paragraph, applied in offset order; at one offset, lower `rank` first. */
export class ParagraphEdits {
  private readonly edits: { start: number; end: number; text: string; rank: number; seq: number }[] = [];
  constructor(
    private readonly xml: string,
    private readonly p: ParagraphModel,
  ) {}

  insert(at: number, text: string, rank = 1): void {
    this.edits.push({ start: at, end: at, text, rank, seq: this.edits.length });
  }

  replace(start: number, end: number, text: string): void {
    this.edits.push({ start, end, text, rank: 2, seq: this.edits.length });
  }

  render(): string {
    const { xml, p } = this;
    const edits = [...this.edits].sort((x, y) => x.start - y.start || x.rank - y.rank || x.seq - y.seq);
    // `<w:p/>`: every insertion is at its end; it is written open, with its end tag after them.
    const selfClosing = p.closeStart === p.end && xml.charCodeAt(p.end - 2) === 0x2f;
    let out = selfClosing ? openTag(xml, p.start) : '';
    let at = selfClosing ? p.end : p.start;
    for (const e of edits) {
      out += xml.slice(at, e.start) + e.text;
      at = e.end;
    }
    out += xml.slice(at, p.end);
    if (selfClosing) out += `</${p.prefix ? `${p.prefix}:` : ''}p>`;
    return out;
  }
}

const MARK_REVISIONS = new Set(['ins', 'del', 'moveFrom', 'moveTo']);
const AFTER_BASE = new Set(['rPr', 'sectPr', 'pPrChange']);

/**
 * The paragraph's properties with `mark` (a revision of the paragraph mark, e.g. `<w:ins .../>`)
 * first in the mark's run properties, replacing any it had, and/or `change` as its
 * w:pPrChange: children in CT_PPr's order (base properties, rPr, sectPr, pPrChange).
 */
export function editProperties(edits: ParagraphEdits, xml: string, p: ParagraphModel, w: Writer, opts: { mark?: string; change?: string }): void {
  if (!p.pPr) {
    if (!opts.mark && !opts.change) return;
    const rPr = opts.mark ? `<${w.n('rPr')}>${opts.mark}</${w.n('rPr')}>` : '';
    edits.insert(p.openEnd, `<${w.n('pPr')}>${rPr}${opts.change ?? ''}</${w.n('pPr')}>`, 0);
    return;
  }
  const children = childElements(xml, p.pPr.start);
  const slice = (local: string) => children.filter((c) => c.local === local).map((c) => xml.slice(c.start, c.end)).join('');
  let rPr = slice('rPr');
  if (opts.mark) {
    const kept = p.markRPr ? childElements(xml, p.markRPr.start).filter((c) => !MARK_REVISIONS.has(c.local)) : [];
    rPr = `<${w.n('rPr')}>${opts.mark}${kept.map((c) => xml.slice(c.start, c.end)).join('')}</${w.n('rPr')}>`;
  }
  const base = children.filter((c) => !AFTER_BASE.has(c.local)).map((c) => xml.slice(c.start, c.end)).join('');
  const text = `${openTag(xml, p.pPr.start)}${base}${rPr}${slice('sectPr')}${opts.change ?? slice('pPrChange')}</${w.n('pPr')}>`;
  edits.replace(p.pPr.start, p.pPr.end, text);
}

/** The paragraph's base properties (no mark, section or change record), as written in `xml`. */
export function baseProperties(xml: string, p: ParagraphModel): string {
  if (!p.pPr) return '';
  return childElements(xml, p.pPr.start)
    .filter((c) => !AFTER_BASE.has(c.local))
    .map((c) => xml.slice(c.start, c.end))
    .join('');
}

/** A run's WordprocessingML properties (no change record) as written in `xml`, '' when it has none. */
export function runProperties(xml: string, p: ParagraphModel, run: number): string {
  return (p.runs[run]?.rPr?.children ?? [])
    .filter((c) => c.w && c.local !== 'rPrChange')
    .map((c) => xml.slice(c.start, c.end))
    .join('');
}

/**
 * a's visible characters [from, to) as runs with a's properties, text in `textLocal` (w:delText
 * for a deletion, w:t for a move away). Objects (pictures, fields, note references) are left
 * out: they belong to a's package and may have no target in b's. `sameNames`: a writes
 * WordprocessingML with b's prefix, so its properties can be copied as they are.
 */
export function runsOfA(aXml: string, pa: ParagraphModel, chars: Int32Array, from: number, to: number, w: Writer, textLocal: 't' | 'delText', sameNames: boolean): string {
  let out = '';
  let k = from;
  while (k < to) {
    const run = pa.charRun[chars[k]!]!;
    const props = sameNames ? runProperties(aXml, pa, run) : '';
    let body = '';
    let text = '';
    const flush = () => {
      if (text) body += `<${w.n(textLocal)} xml:space="preserve">${escapeText(text)}</${w.n(textLocal)}>`;
      text = '';
    };
    for (; k < to && pa.charRun[chars[k]!] === run; k++) {
      const m = chars[k]!;
      const local = pa.runs[run]!.items[pa.charItem[m]!]!.local;
      if (local === 't' || local === 'delText') {
        text += pa.text[m];
        continue;
      }
      flush();
      body += `<${w.n(local)}/>`; // tab, br, cr, noBreakHyphen: the characters that are elements
    }
    flush();
    out += `<${w.n('r')}>${props ? `<${w.n('rPr')}>${props}</${w.n('rPr')}>` : ''}${body}</${w.n('r')}>`;
  }
  return out;
}
