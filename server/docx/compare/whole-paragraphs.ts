import type { ParagraphModel } from '../merge/paragraph';
import { ParagraphEdits, baseProperties, editProperties, runsOfA } from './paragraph-edits';
import { hiddenRuns, visible } from './paragraph-diff';
import type { Writer } from './xml-bits';

/**
 * Paragraphs redlined whole: one b added (every run and its mark inserted), one a had (put back
 * with its text and mark deleted), and the two halves of a move (moveFrom at a's place, moveTo
 * at b's, joined by the name of their ranges).
 */

/**
 * b's paragraph with its content and mark marked inserted (`ins`) or moved here (`moveTo`, with
 * `moveName` naming the range). Runs already deleted by a tracked change stay as they are; runs
 * already inserted by one get the comparison's mark inside it, since without a they are new.
 */
export function wholeFromB(bXml: string, pb: ParagraphModel, w: Writer, kind: 'ins' | 'moveTo', moveName?: string): string {
  const edits = new ParagraphEdits(bXml, pb);
  const hidden = hiddenRuns(pb);
  let group: { start: number; end: number } | undefined;
  const close = () => {
    if (!group) return;
    edits.insert(group.start, w.revision(kind));
    edits.insert(group.end, `</${w.n(kind)}>`);
    group = undefined;
  };
  pb.runs.forEach((run, r) => {
    if (hidden.has(r)) return close();
    // Runs side by side are siblings: one revision holds them all.
    if (group && group.end === run.start) group.end = run.end;
    else {
      close();
      group = { start: run.start, end: run.end };
    }
  });
  close();
  editProperties(edits, bXml, pb, w, { mark: w.revision(kind, true) });
  if (kind === 'moveTo' && moveName) {
    const range = w.moveRange('To', moveName);
    edits.insert(pb.pPr ? pb.pPr.end : pb.openEnd, range.start, 0);
    edits.insert(pb.closeStart, range.end, 3);
  }
  return edits.render();
}

/**
 * a's paragraph as a new paragraph of b, its text deleted (`del`) or moved away (`moveFrom`):
 * a's style and paragraph properties, its visible text in runs with a's run properties, objects
 * left out (runsOfA). No paragraph id: it is not one of b's paragraphs.
 */
export function wholeFromA(aXml: string, pa: ParagraphModel, w: Writer, kind: 'del' | 'moveFrom', moveName?: string): string {
  const same = pa.prefix === w.prefix;
  const va = visible(pa);
  const base = same ? baseProperties(aXml, pa) : '';
  const pPr = `<${w.n('pPr')}>${base}<${w.n('rPr')}>${w.revision(kind, true)}</${w.n('rPr')}></${w.n('pPr')}>`;
  const runs = va.text === '' ? '' : `${w.revision(kind)}${runsOfA(aXml, pa, va.chars, 0, va.text.length, w, kind === 'del' ? 'delText' : 't', same)}</${w.n(kind)}>`;
  const range = kind === 'moveFrom' && moveName ? w.moveRange('From', moveName) : undefined;
  return `<${w.n('p')}>${pPr}${range?.start ?? ''}${runs}${range?.end ?? ''}</${w.n('p')}>`;
}
