import { scanXml } from '../xml';
import { decodeXmlText } from '../xml-chars';
import type { PartsPolicy } from './parts';

/**
 * A base that has comments merges comments.xml as a story part, but its companion parts
 * (commentsExtended, commentsIds, commentsExtensible) keep their bytes. Word needs a new comment's
 * entries there (w15:commentEx for threading and done, the durable id), so each base companion
 * part gets, before its end tag, the editor's entries for the comment paragraphs the merge added
 * (w14:paraId in the merged comments.xml, not in the base's) that the part does not have yet.
 * Every existing entry keeps its bytes; an entry whose namespaces the base part does not bind
 * the same way, or whose durable id the base already uses, is left out.
 */

const W14_NS = 'http://schemas.microsoft.com/office/word/2010/wordml';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
/** The relationship types of comments.xml and its companion parts. */
export interface CommentPartTypes {
  readonly comments: string;
  readonly extended: string;
  readonly ids: string;
  readonly extensible: string;
}

interface Entry {
  readonly paraId: string | undefined;
  readonly durableId: string | undefined;
  readonly xml: string;
  /** Prefix ('' for the default namespace) -> namespace the entry needs bound from outside. */
  readonly needs: Map<string, string>;
}

interface CompanionPart {
  readonly root: string;
  /** The namespace bindings on the root element. */
  readonly bindings: Map<string, string>;
  readonly entries: Entry[];
}

export function addNewCommentEntries(policy: PartsPolicy, types: CommentPartTypes): void {
  const base = policy.relatedXml('base', types.comments);
  const merged = base && policy.replaced.get(base.name);
  if (!base || !merged) return;
  const known = commentParaIds(base.text);
  const added = [...commentParaIds(policy.textOf(merged))].filter((id) => !known.has(id));
  if (added.length === 0) return;
  const newIds = new Set(added);

  const read = (which: 'base' | 'edited', type: string) => {
    const part = policy.relatedXml(which, type);
    try {
      return part && { name: part.name, part: companionPart(part.text) };
    } catch {
      return undefined; // not well-formed: leave it
    }
  };
  const add = (type: string, pick: (entry: Entry, base: CompanionPart) => boolean): Entry[] => {
    const mine = read('base', type);
    const theirs = read('edited', type);
    if (!mine || !theirs) return [];
    const chosen = theirs.part.entries.filter((e) => pick(e, mine.part) && bound(e, mine.part));
    if (chosen.length > 0) policy.appendToBasePart(mine.name, chosen.map((e) => e.xml).join(''), mine.part.root);
    return chosen;
  };
  const has = (part: CompanionPart, key: 'paraId' | 'durableId', value: string | undefined) => part.entries.some((e) => e[key] === value);

  add(types.extended, (e, b) => e.paraId !== undefined && newIds.has(e.paraId) && !has(b, 'paraId', e.paraId));
  const durable = add(
    types.ids,
    (e, b) => e.paraId !== undefined && e.durableId !== undefined && newIds.has(e.paraId) && !has(b, 'paraId', e.paraId) && !has(b, 'durableId', e.durableId),
  );
  const durableIds = new Set(durable.map((e) => e.durableId));
  add(types.extensible, (e, b) => e.durableId !== undefined && durableIds.has(e.durableId) && !has(b, 'durableId', e.durableId));
}

/** The w14:paraId of every paragraph in a comments part. */
function commentParaIds(xml: string): Set<string> {
  const ids = new Set<string>();
  scanXml(xml, {
    open(tag) {
      if (tag.local !== 'p') return;
      const id = tag.attrs.find((a) => a.ns === W14_NS && a.local === 'paraId');
      if (id) ids.add(decodeXmlText(id.value).toUpperCase());
    },
  });
  return ids;
}

/** The root's children of a companion part, keyed by their paraId and durableId attributes. */
function companionPart(xml: string): CompanionPart {
  let root = '';
  const bindings = new Map<string, string>();
  const starts: { start: number; tagEnd: number; qname: string; selfClosing: boolean; paraId?: string; durableId?: string; needs: Map<string, string> }[] = [];
  scanXml(xml, {
    open(tag) {
      if (tag.depth === 0) {
        root = tag.qname;
        for (const a of tag.attrs) if (a.qname === 'xmlns' || a.qname.startsWith('xmlns:')) bindings.set(a.qname.slice(6), decodeXmlText(a.value));
        return;
      }
      const last = tag.attrs[tag.attrs.length - 1];
      const tagEnd = xml.indexOf('>', last ? last.valueStart + last.value.length + 1 : tag.nameEnd) + 1;
      const attr = (local: string) => {
        const a = tag.attrs.find((x) => x.local === local && x.ns !== '' && !x.qname.startsWith('xmlns'));
        return a && decodeXmlText(a.value).toUpperCase();
      };
      if (tag.depth === 1) starts.push({ start: tag.start, tagEnd, qname: tag.qname, selfClosing: tag.selfClosing, paraId: attr('paraId'), durableId: attr('durableId'), needs: new Map() });
      const needs = starts[starts.length - 1]!.needs;
      const declared = new Set(tag.attrs.filter((a) => a.qname === 'xmlns' || a.qname.startsWith('xmlns:')).map((a) => a.qname.slice(6)));
      const need = (qname: string, ns: string, element: boolean) => {
        const colon = qname.indexOf(':');
        const prefix = colon < 0 ? '' : qname.slice(0, colon);
        if ((colon < 0 && !element) || prefix === 'xmlns' || ns === XML_NS || declared.has(prefix)) return;
        needs.set(prefix, ns);
      };
      need(tag.qname, tag.ns, true);
      for (const a of tag.attrs) need(a.qname, a.ns, false);
    },
  });
  const closing = xml.lastIndexOf(`</${root}`);
  const entries = starts.map((s, i) => {
    // An entry with content ends with its end tag, the last one before the next entry (or the root's end).
    const end = s.selfClosing ? s.tagEnd : xml.indexOf('>', xml.lastIndexOf(`</${s.qname}`, (starts[i + 1]?.start ?? closing) - 1)) + 1;
    return { paraId: s.paraId, durableId: s.durableId, xml: xml.slice(s.start, end), needs: s.needs };
  });
  return { root, bindings, entries };
}

/** Whether every prefix the entry uses from outside is bound the same way on the base part's root. */
function bound(entry: Entry, base: CompanionPart): boolean {
  return [...entry.needs].every(([prefix, ns]) => base.bindings.get(prefix) === ns);
}
