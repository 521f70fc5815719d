import { scanXml } from '../xml';
import { type ParagraphModel, reader } from './paragraph';
import { type Block, type StoryTree, treeBuilder } from './tree';

/** Many paragraphs of a part read in one pass over it, for parts the editor rewrote whole. */

/** The reader expects the paragraph inside an element of its own, as readParagraph wraps it. */
const WRAPPER = { qname: 'x', ns: '', local: 'x', nameEnd: 0, selfClosing: true, attrs: [], depth: 0 };

/**
 * Parses many paragraphs of one part in a single pass over it: when the editor rewrote the whole
 * part, scanning each paragraph on its own costs more than the part.
 */
export function readParagraphs(xml: string, blocks: readonly Block[]): Map<Block, ParagraphModel> {
  const wanted = new Map(blocks.map((b) => [b.start, b]));
  const out = new Map<Block, ParagraphModel>();
  let current: { block: Block; r: ReturnType<typeof reader>; depth: number } | undefined;
  scanXml(xml, {
    open(tag) {
      if (!current) {
        const block = wanted.get(tag.start);
        if (!block) return;
        current = { block, r: reader(xml, 0, block), depth: tag.depth };
        current.r.handler.open!({ ...WRAPPER, start: tag.start, nameEnd: tag.start });
      }
      current.r.handler.open!(tag);
    },
    close(ns, local, depth) {
      if (!current) return;
      current.r.handler.close!(ns, local, depth);
      if (depth === current.depth) {
        out.set(current.block, current.r.result());
        current = undefined;
      }
    },
    text(start, end, cdata) {
      current?.r.handler.text!(start, end, cdata);
    },
  });
  return out;
}

/**
 * A part's tree and every top-level paragraph in detail, in one pass: for a part the editor
 * rewrote whole, where every paragraph has to be read anyway.
 */
export function readTreeAndParagraphs(xml: string): { tree: StoryTree; models: Map<Block, ParagraphModel> } {
  const builder = treeBuilder(xml);
  const models = new Map<Block, ParagraphModel>();
  let current: { block: Block; r: ReturnType<typeof reader>; depth: number } | undefined;
  const tree = builder.handler;
  scanXml(xml, {
    open(tag) {
      tree.open!(tag);
      if (!current) {
        const block = builder.paragraphOpened();
        if (!block) return;
        current = { block, r: reader(xml, 0, block), depth: tag.depth };
        current.r.handler.open!({ ...WRAPPER, start: tag.start, nameEnd: tag.start });
      }
      current.r.handler.open!(tag);
    },
    close(ns, local, depth) {
      tree.close!(ns, local, depth);
      if (!current) return;
      current.r.handler.close!(ns, local, depth);
      if (depth === current.depth) {
        models.set(current.block, current.r.result());
        current = undefined;
      }
    },
    text(start, end, cdata) {
      tree.text!(start, end, cdata);
      current?.r.handler.text!(start, end, cdata);
    },
  });
  return { tree: builder.result(), models };
}
