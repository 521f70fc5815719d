import type { ParagraphModel, Run } from '../merge/paragraph';
import { ParagraphEdits, baseProperties, editProperties, runProperties, runsOfA } from './paragraph-edits';
import type { ParagraphDetail } from './paragraph-diff';
import { type Writer, escapeText, openTag } from './xml-bits';

/**
 * A paragraph in both versions, redlined in b's XML: runs holding inserted or restyled text are
 * split where that text starts and ends, the inserted pieces wrapped in w:ins and the restyled
 * ones given a w:rPrChange with a's properties; a's deleted text goes back as w:del runs where
 * it stood; a changed style or paragraph property gets a w:pPrChange. Runs with nothing of that
 * keep their bytes.
 */

const SAME = -2;
const INSERTED = -1;
const REVISIONS = new Set(['ins', 'del', 'moveFrom', 'moveTo']);

export function changedParagraph(aXml: string, pa: ParagraphModel, bXml: string, pb: ParagraphModel, d: ParagraphDetail, w: Writer): string {
  const { va, vb } = d;
  const same = pa.prefix === w.prefix;
  // Per character of b: SAME, INSERTED, or the a run whose look it had (restyled).
  const state = new Int32Array(vb.text.length).fill(SAME);
  const deletions: { at: number; a0: number; a1: number }[] = [];
  for (const s of d.segments) {
    if (s.op === 'insert') state.fill(INSERTED, s.b0, s.b1);
    else if (s.op === 'delete') deletions.push({ at: s.b0, a0: s.a0, a1: s.a1 });
    else if (d.restyled) for (let k = s.b0; k < s.b1; k++) if (d.restyled[k]! >= 0) state[k] = d.restyled[k]!;
  }
  const deleted = (x: { a0: number; a1: number }) => `${w.revision('del')}${runsOfA(aXml, pa, va.chars, x.a0, x.a1, w, 'delText', same)}</${w.n('del')}>`;
  const runAt = (k: number) => pb.charRun[vb.chars[k]!]!;

  const edits = new ParagraphEdits(bXml, pb);
  const edges = runEdges(pb);
  const inside = new Map<number, Map<number, string>>(); // run -> (character of b -> deletion before it)
  for (const x of deletions) {
    const n = vb.text.length;
    if (x.at > 0 && x.at < n && runAt(x.at - 1) === runAt(x.at)) {
      const r = runAt(x.at);
      if (!inside.has(r)) inside.set(r, new Map());
      inside.get(r)!.set(x.at, deleted(x));
    } else edits.insert(n === 0 ? pb.closeStart : x.at < n ? edges.before(runAt(x.at)) : edges.after(runAt(n - 1)), deleted(x));
  }

  // Runs to rewrite: those with a character not SAME, or a deletion inside.
  const rewrite = new Set(inside.keys());
  for (let k = 0; k < vb.text.length; k++) if (state[k] !== SAME) rewrite.add(runAt(k));
  for (const r of rewrite) edits.replace(pb.runs[r]!.start, pb.runs[r]!.end, splitRun(r));

  if (d.paragraphChanged) {
    const before = same ? baseProperties(aXml, pa) : '';
    editProperties(edits, bXml, pb, w, { change: `${w.revision('pPrChange')}<${w.n('pPr')}>${before}</${w.n('pPr')}></${w.n('pPrChange')}>` });
  }
  return edits.render();

  /** Run r as one run per stretch of equal state, deletions between them. */
  function splitRun(r: number): string {
    const run = pb.runs[r]!;
    const deletionsIn = inside.get(r);
    let out = '';
    let current: number | undefined; // state of the piece being written, once it has text
    let body = '';
    // The run's characters are consecutive in the model; walk its items with them.
    let m = firstChar(pb, r);
    for (const item of run.items) {
      const itemXml = bXml.slice(item.start, item.end);
      if (item.chars.length === 0) {
        body += itemXml; // no text (a picture, a field character): stays with what precedes it
        continue;
      }
      let text = '';
      let whole = true;
      for (let k = 0; k < item.chars.length; k++, m++) {
        const v = vb.ofModel[m]!;
        const before = deletionsIn?.get(v);
        if (before !== undefined || (current !== undefined && state[v] !== current)) {
          if (k > 0) {
            body += textElement(text);
            whole = false;
          }
          text = '';
          if (body) out += piece(run, current ?? SAME, body);
          body = '';
          if (before !== undefined) out += before;
        }
        current = state[v]!;
        text += pb.text[m];
      }
      // An element no split went through keeps its bytes (tabs and breaks are never split).
      body += whole ? itemXml : textElement(text);
    }
    return out + piece(run, current ?? SAME, body);
  }

  function textElement(text: string): string {
    return `<${w.n('t')} xml:space="preserve">${escapeText(text)}</${w.n('t')}>`;
  }

  /** One piece of a split run: its properties (with a's as the change record if restyled), inserted if so. */
  function piece(run: Run, st: number, body: string): string {
    let rPr = run.rPr ? bXml.slice(run.rPr.start, run.rPr.end) : '';
    if (st >= 0) {
      const kept = (run.rPr?.children ?? []).filter((c) => c.local !== 'rPrChange' || !c.w).map((c) => bXml.slice(c.start, c.end)).join('');
      const before = same ? runProperties(aXml, pa, st) : '';
      const change = `${w.revision('rPrChange')}<${w.n('rPr')}>${before}</${w.n('rPr')}></${w.n('rPrChange')}>`;
      rPr = `${run.rPr ? openTag(bXml, run.rPr.start) : `<${w.n('rPr')}>`}${kept}${change}</${w.n('rPr')}>`;
    }
    const xml = `${bXml.slice(run.start, run.openEnd)}${rPr}${body}</${w.n('r')}>`;
    return st === INSERTED ? `${w.revision('ins')}${xml}</${w.n('ins')}>` : xml;
  }
}

/**
 * Where a deletion between runs goes, before or after run r: outside any tracked change that
 * begins (or ends) with that run, so that it is not nested in someone else's revision. With no
 * visible text at all, it goes at the end of the paragraph.
 */
function runEdges(p: ParagraphModel): { before: (r: number) => number; after: (r: number) => number } {
  const starts = new Map<number, number>();
  const ends = new Map<number, number>();
  for (const wr of p.wrappers) {
    if (!REVISIONS.has(wr.local) || wr.runs.length === 0) continue;
    const first = wr.runs[0]!;
    const last = wr.runs[wr.runs.length - 1]!;
    starts.set(first, Math.min(starts.get(first) ?? wr.start, wr.start));
    ends.set(last, Math.max(ends.get(last) ?? wr.end, wr.end));
  }
  return {
    before: (r) => Math.min(p.runs[r]!.start, starts.get(r) ?? Infinity),
    after: (r) => Math.max(p.runs[r]!.end, ends.get(r) ?? -Infinity),
  };
}

function firstChar(p: ParagraphModel, r: number): number {
  // charRun is in run order: binary search for the first character of run r.
  let lo = 0;
  let hi = p.charRun.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (p.charRun[mid]! < r) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
