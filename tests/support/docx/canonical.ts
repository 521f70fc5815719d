import { W_NAMESPACES } from '../../../server/docx/package';
import { RUN_CHARS } from '../../../server/docx/story';
import { scanXml } from '../../../server/docx/xml';
import { decodeXmlText } from '../../../server/docx/xml-chars';
import { endTagEnd, startTagEnd } from '../../../server/docx/merge/tree';

/**
 * Test support: a paragraph as a reader of its formatting sees it, one token per character (with
 * the run's start tag, its properties in any order, and the tracked changes and links around it)
 * and one per everything else, as written. Two paragraphs with equal tokens differ at most in
 * where runs are split and in xml:space, which change nothing for Word; a property lost, a
 * bookmark moved or a tracked change re-attributed does show.
 */

export interface Token {
  readonly char?: string;
  readonly xml?: string;
  readonly look: string;
}

const WRAPPERS = new Set(['hyperlink', 'ins', 'del', 'moveFrom', 'moveTo', 'smartTag', 'sdt', 'sdtContent', 'fldSimple', 'customXml']);

/** `decls`: namespace declarations in force (` xmlns:w="..."`), as the part's root has them. */
export function canonicalParagraph(paragraphXml: string, decls: string): Token[] {
  const head = `<x${decls}>`;
  const src = `${head}${paragraphXml}</x>`;
  const tokens: Token[] = [];
  type Open = { local: string; w: boolean; start: number; openEnd: number; role: 'para' | 'wrapper' | 'run' | 'runChild' | 'whole' | 'rPr' | 'inner' };
  const stack: Open[] = [];
  const wrappers: string[] = [];
  let runTag = '';
  let rPr = '';
  let text: string | undefined;
  let cursor = 0;
  const look = (kind: string) => `${wrappers.join('')}|${runTag}|${rPr}|${kind}`;

  scanXml(src, {
    open(tag) {
      const openEnd = startTagEnd(src, tag.nameEnd, tag.attrs);
      cursor = openEnd;
      const w = W_NAMESPACES.has(tag.ns);
      const parent = stack[stack.length - 1];
      let role: Open['role'];
      if (!parent) role = 'inner';
      else if (parent.role === 'inner' && stack.length === 1) {
        role = 'para';
        tokens.push({ xml: src.slice(tag.start, openEnd), look: 'p' });
      } else if (parent.role === 'para' || parent.role === 'wrapper') {
        if (w && tag.local === 'r') {
          role = 'run';
          runTag = src.slice(tag.start, openEnd).replace(/\/>$/, '>');
          rPr = '';
        } else if (w && WRAPPERS.has(tag.local)) {
          role = 'wrapper';
          wrappers.push(src.slice(tag.start, openEnd));
        } else role = 'whole';
      } else if (parent.role === 'run') {
        role = w && tag.local === 'rPr' ? 'rPr' : 'runChild';
        if (w && (tag.local === 't' || tag.local === 'delText')) text = '';
      } else role = 'inner';
      stack.push({ local: tag.local, w, start: tag.start, openEnd, role });
      if (tag.selfClosing) return;
    },
    close() {
      const o = stack.pop()!;
      const selfClosing = src.charCodeAt(o.openEnd - 2) === 0x2f && cursor === o.openEnd;
      if (!selfClosing) cursor = endTagEnd(src, cursor);
      const xml = src.slice(o.start, cursor);
      if (o.role === 'wrapper') wrappers.pop();
      else if (o.role === 'whole') tokens.push({ xml, look: wrappers.join('') });
      else if (o.role === 'rPr') rPr = children(xml).sort().join('');
      else if (o.role === 'runChild') {
        if (text !== undefined) {
          for (const ch of text) tokens.push({ char: ch, look: look(o.local) });
          text = undefined;
        } else if (o.w && RUN_CHARS.has(o.local)) tokens.push({ char: RUN_CHARS.get(o.local)!, look: look(xml) });
        else tokens.push({ xml, look: look('') });
      } else if (o.role === 'para') tokens.push({ xml: '</p>', look: '' });
    },
    text(start, end, cdata) {
      cursor = cdata ? end + 3 : end;
      if (text !== undefined) text += cdata ? src.slice(start, end) : decodeXmlText(src.slice(start, end));
    },
  });
  return tokens;
}

/** The child elements of an element, as written. */
function children(xml: string): string[] {
  const out: string[] = [];
  const inner = xml.slice(xml.indexOf('>') + 1, xml.lastIndexOf('</'));
  let depth = 0;
  let start = 0;
  for (const m of inner.matchAll(/<(\/?)[^>]*?(\/?)>/g)) {
    if (m[1]) {
      depth--;
      if (depth === 0) out.push(inner.slice(start, m.index! + m[0].length));
    } else if (m[2]) {
      if (depth === 0) out.push(m[0]);
    } else {
      if (depth === 0) start = m.index!;
      depth++;
    }
  }
  return out;
}
