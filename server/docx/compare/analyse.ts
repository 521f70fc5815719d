import { type DocxPackage, type TextEncoding, decodePart, officeRelType, parseRelationships, relsPartFor } from '../package';
import { type DiffBudget, Interner } from '../merge/diff';
import { openPackage } from '../merge/open';
import { type ParagraphModel, readParagraph } from '../merge/paragraph';
import { StyleSheet } from '../merge/styles';
import { type Block, type StoryTree, readTree } from '../merge/tree';
import { type Pairing, pairParagraphs } from './pair';
import { type DiffContext, type ParagraphDetail, type Visible, compareParagraphs, differs, visible } from './paragraph-diff';

/**
 * The comparison of two packages, story part by story part (the body, then headers, footers,
 * notes and comments as the package lists them), kept in the detail the redline writes from.
 * Only paragraphs whose XML differs are read in detail: unchanged ones cost one string compare.
 */

/** One version of one story part. */
export class Side {
  private readonly models = new Map<number, ParagraphModel>();
  private readonly texts = new Map<number, Visible>();
  constructor(
    readonly xml: string,
    readonly encoding: TextEncoding,
    readonly tree: StoryTree,
  ) {}
  block(k: number): Block {
    return this.tree.paragraphs[k]!;
  }
  model(k: number): ParagraphModel {
    let m = this.models.get(k);
    if (!m) this.models.set(k, (m = readParagraph(this.xml, this.block(k))));
    return m;
  }
  visible(k: number): Visible {
    let v = this.texts.get(k);
    if (!v) this.texts.set(k, (v = visible(this.model(k))));
    return v;
  }
  source(k: number): string {
    const b = this.block(k);
    return this.xml.slice(b.start, b.end);
  }
}

/** In b's order, each paragraph deleted from a right after the paragraph that preceded it. */
export type Entry =
  | { readonly kind: 'changed' | 'moved'; readonly i: number; readonly j: number; readonly detail: ParagraphDetail }
  | { readonly kind: 'inserted'; readonly j: number }
  | { readonly kind: 'deleted'; readonly i: number };

export interface PartAnalysis {
  /** b's name for the part (a's when b lacks it). */
  readonly name: string;
  readonly a: Side | undefined;
  readonly b: Side | undefined;
  readonly pairing: Pairing | undefined;
  readonly entries: readonly Entry[];
}

export interface Analysis {
  readonly b: DocxPackage;
  readonly parts: readonly PartAnalysis[];
}

export function analyse(aBytes: Uint8Array, bBytes: Uint8Array, budget: DiffBudget): Analysis {
  const a = openPackage(aBytes);
  const b = openPackage(bBytes);
  let defaultStyle: string | undefined;
  const ctx: DiffContext = { budget, interner: new Interner(), defaultStyle: () => (defaultStyle ??= defaultStyleOf(b) || 'Normal') };
  const aParts = new Map(a.storyParts.map((p) => [p.toLowerCase(), p]));
  const parts: PartAnalysis[] = [];
  for (const name of b.storyParts) {
    const other = aParts.get(name.toLowerCase());
    aParts.delete(name.toLowerCase());
    const bytesA = other === undefined ? undefined : a.parts.get(other)!;
    const bytesB = b.parts.get(name)!;
    if (bytesA && Buffer.from(bytesA.buffer, bytesA.byteOffset, bytesA.length).equals(bytesB)) continue;
    parts.push(comparePart(ctx, name, bytesA && side(bytesA), side(bytesB)));
  }
  // Parts only a has (a header removed): their paragraphs are deleted, for the JSON only.
  for (const name of aParts.values()) parts.push(comparePart(ctx, name, side(a.parts.get(name)!), undefined));
  return { b, parts };
}

function side(bytes: Uint8Array): Side {
  const { text, encoding } = decodePart(bytes);
  return new Side(text, encoding, readTree(text));
}

function comparePart(ctx: DiffContext, name: string, a: Side | undefined, b: Side | undefined): PartAnalysis {
  const pa = a?.tree.paragraphs ?? [];
  const pb = b?.tree.paragraphs ?? [];
  const pairing = pairParagraphs(pa, pb);
  const { aToB, bToA, inPlace } = pairing;

  // Deleted paragraphs by the b paragraph they follow (-1: before the first).
  const deletedAfter = new Map<number, number[]>();
  let last = -1;
  for (let i = 0; i < pa.length; i++) {
    if (aToB[i]! < 0) {
      const list = deletedAfter.get(last);
      if (list) list.push(i);
      else deletedAfter.set(last, [i]);
    } else if (inPlace[i]) last = aToB[i]!;
  }
  const entries: Entry[] = [];
  const pushDeleted = (after: number) => {
    for (const i of deletedAfter.get(after) ?? []) entries.push({ kind: 'deleted', i });
  };
  pushDeleted(-1);
  for (let j = 0; j < pb.length; j++) {
    const i = bToA[j]!;
    if (i < 0) entries.push({ kind: 'inserted', j });
    else if (!inPlace[i]) entries.push({ kind: 'moved', i, j, detail: compareParagraphs(ctx, a!.xml, a!.model(i), b!.xml, b!.model(j)) });
    else if (a!.source(i) !== b!.source(j)) {
      const detail = compareParagraphs(ctx, a!.xml, a!.model(i), b!.xml, b!.model(j));
      if (differs(detail)) entries.push({ kind: 'changed', i, j, detail });
    }
    pushDeleted(j);
  }
  return { name, a, b, pairing, entries };
}

/** The style a paragraph naming none has, from b's styles part; '' if it cannot be told. */
function defaultStyleOf(pkg: DocxPackage): string {
  try {
    const names = new Map([...pkg.parts.keys()].map((n) => [n.toLowerCase(), n]));
    const rels = names.get(relsPartFor(pkg.mainPart).toLowerCase());
    if (!rels) return '';
    const rel = parseRelationships(decodePart(pkg.parts.get(rels)!).text, pkg.mainPart).find((r) => officeRelType(r.type) === 'styles');
    const styles = rel?.part === undefined ? undefined : names.get(rel.part.toLowerCase());
    return styles === undefined ? '' : new StyleSheet(decodePart(pkg.parts.get(styles)!).text).defaultParagraphStyle;
  } catch {
    return ''; // unreadable styles: the paragraph just has "no style"
  }
}
