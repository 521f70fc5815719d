/**
 * How an upload's processing crosses back from the work pool. Its paragraphs travel packed: their
 * texts are pieces of `text` (which travels anyway), so only where each ends and the ids go, as
 * one string and two typed arrays. Cloned one object at a time, the 22,000 paragraphs of a 10 MB
 * document cost about 120 ms, 80 of them on the event loop, for an answer nobody there reads; the
 * main thread rebuilds them only when asked.
 */
import type { ProcessResult } from '../docx/process';
import type { Paragraph } from '../docx/text';

type Processed = Extract<ProcessResult, { ok: true }>;

export type PackedParagraphs = {
  /** Where each paragraph ends in `text`; the next starts one '\n' later. */
  readonly ends: Int32Array;
  /** The ids one after another, and each one's length (-1: the paragraph has none). */
  readonly ids: string;
  readonly idLengths: Int32Array;
};

export type PackedResult = (Omit<Processed, 'paragraphs'> & { readonly packed: PackedParagraphs }) | Exclude<ProcessResult, Processed>;

export function packResult(result: ProcessResult): PackedResult {
  if (!result.ok) return result;
  const { paragraphs, ...rest } = result;
  const ends = new Int32Array(paragraphs.length);
  const idLengths = new Int32Array(paragraphs.length);
  const ids: string[] = [];
  let at = 0;
  paragraphs.forEach((p, i) => {
    at += p.text.length;
    ends[i] = at;
    at += 1; // the '\n' between paragraphs
    idLengths[i] = p.id === undefined ? -1 : p.id.length;
    if (p.id !== undefined) ids.push(p.id);
  });
  return { ...rest, packed: { ends, ids: ids.join(''), idLengths } };
}

/** The result as processDocx gave it; its paragraphs are built on first read. */
export function unpackResult(result: PackedResult): ProcessResult {
  if (!result.ok) return result;
  const { packed, ...rest } = result;
  let paragraphs: Paragraph[] | undefined;
  return Object.defineProperty({ ...rest, paragraphs: [] as Paragraph[] }, 'paragraphs', {
    enumerable: true,
    get: () => (paragraphs ??= unpackParagraphs(rest.text, packed)),
  });
}

function unpackParagraphs(text: string, { ends, ids, idLengths }: PackedParagraphs): Paragraph[] {
  const out: Paragraph[] = [];
  let start = 0;
  let idAt = 0;
  for (let i = 0; i < ends.length; i++) {
    const paragraph = text.slice(start, ends[i]);
    start = ends[i]! + 1;
    const length = idLengths[i]!;
    if (length < 0) {
      out.push({ text: paragraph });
    } else {
      out.push({ id: ids.slice(idAt, idAt + length), text: paragraph });
      idAt += length;
    }
  }
  return out;
}
