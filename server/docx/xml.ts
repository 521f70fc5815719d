/**
 * A small, strict, namespace-aware XML scanner that reports offsets into the original text.
 * Offsets are the point: paragraph ids are spliced into the text at them, so everything else in
 * the part keeps its exact bytes (a parse + serialise round trip would not). It rejects what is
 * not well-formed (unbalanced tags, bad attributes, unbound prefixes, stray '&') instead of
 * guessing, refuses DTDs (so no entity expansion, no XXE) and nesting deeper than MAX_XML_DEPTH,
 * and runs in linear time.
 */

import { declarationEnd, forbiddenCharAt, isNameChar, isNameStart, isSpace, referenceEnd } from './xml-chars';
import { Attr, Scope, allDistinct, declare } from './xml-names';

export const XML_NS = 'http://www.w3.org/XML/1998/namespace';

export class XmlError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} at offset ${offset}`);
    this.name = 'XmlError';
  }
}

export interface XmlAttr {
  readonly qname: string;
  /** Namespace URI; '' for unprefixed attributes. */
  readonly ns: string;
  readonly local: string;
  /** Raw value, entities not yet decoded. */
  readonly value: string;
  /** Offset of the value's first character (after the quote). */
  readonly valueStart: number;
}

export interface XmlOpenTag {
  readonly qname: string;
  readonly ns: string;
  readonly local: string;
  /** Offset of '<'. */
  readonly start: number;
  /** Offset just past the element name: always a valid place to insert ` name="value"`. */
  readonly nameEnd: number;
  readonly selfClosing: boolean;
  readonly attrs: readonly XmlAttr[];
  /** 0 for the root element. */
  readonly depth: number;
}

export interface XmlHandler {
  open?(tag: XmlOpenTag): void;
  /** Called for every element, self-closing ones included, after its content. */
  close?(ns: string, local: string, depth: number): void;
  /** Character data inside the root: [start, end) of the raw text, or CDATA content. */
  text?(start: number, end: number, cdata: boolean): void;
}

/**
 * Rebinding a prefix copies the bindings in force, so a part gets a bounded number of them.
 * Documents bind prefixes on the root; redundant redeclarations (common in XSLT output) are free.
 */
export const MAX_NAMESPACE_SCOPES = 5_000;
/**
 * How deep elements may nest. The deepest part in the corpus (163 real documents in
 * the opt-in corpus, REDRAFT_CORPUS_DIR) nests 33 levels (poi/bug59058.docx, word/webSettings.xml), and a table
 * inside a table inside a content control adds about six; 256 leaves a wide margin. Deeper is
 * hostile: 15,000 nested content controls overflowed the merge's stack. Every reader goes
 * through this scanner, so every tree walk after it is at most this deep.
 */
export const MAX_XML_DEPTH = 256;
/** Distinct names kept interned per document; past this (only hostile input), names are sliced. */
const MAX_INTERNED_NAMES = 10_000;

/**
 * Walks the whole document, calling the handler; throws XmlError on the first fault.
 * Hand-written rather than regex-driven, and names are interned (one string object per distinct
 * name, so maps hash it once): the body of a long contract is a million tags, and per-tag
 * allocations made the scan several times slower.
 */
export function scanXml(xml: string, handler: XmlHandler = {}): void {
  const n = xml.length;
  const names: string[] = [];
  const namespaces: string[] = [];
  const locals: string[] = [];
  const scopes: Scope[] = [];
  let scope = new Scope(new Map([['xml', XML_NS]]));
  let scopeCount = 0;
  let rootDone = false;
  const interned = new Map<number, string[]>();
  let internedCount = 0;
  let nameEnd = 0; // set by readName
  // Next '&' and ']]>' in the text, cached so long runs of text are searched once, not per node.
  let nextAmp = -1;
  let nextCdataEnd = -1;

  const fail = (msg: string, at: number): never => {
    throw new XmlError(msg, at);
  };
  const skipSpace = (from: number) => {
    let i = from;
    while (i < n && isSpace(xml.charCodeAt(i))) i++;
    return i;
  };
  /** The name starting at `from`, interned; sets nameEnd. */
  const readName = (from: number): string => {
    if (!isNameStart(xml.charCodeAt(from))) fail('a name was expected', from);
    let i = from;
    let hash = 0;
    for (let c = xml.charCodeAt(i); isNameChar(c); c = xml.charCodeAt(++i)) hash = (Math.imul(hash, 31) + c) | 0;
    nameEnd = i;
    const bucket = interned.get(hash);
    if (bucket) {
      for (const name of bucket) if (name.length === i - from && xml.startsWith(name, from)) return name;
    }
    const name = xml.slice(from, i);
    if (internedCount < MAX_INTERNED_NAMES) {
      internedCount++;
      if (bucket) bucket.push(name);
      else interned.set(hash, [name]);
    }
    return name;
  };
  const resolve = (qname: string, at: number) => {
    let name = scope.resolved.get(qname);
    if (!name) {
      const colon = qname.indexOf(':');
      const ns = colon < 0 ? (scope.uris.get('') ?? '') : scope.uris.get(qname.slice(0, colon));
      if (ns === undefined || colon === 0 || colon === qname.length - 1 || qname.includes(':', colon + 1)) {
        fail(`unbound or malformed name ${qname}`, at);
      }
      name = { ns: ns!, local: qname.slice(colon + 1) };
      scope.resolved.set(qname, name);
    }
    return name;
  };
  const checkText = (from: number, to: number) => {
    if (nextAmp < from) nextAmp = indexOrEnd('&', from);
    while (nextAmp < to) {
      const end = referenceEnd(xml, nextAmp);
      if (end < 0 || end > to) fail("'&' that does not start a valid entity or character reference", nextAmp);
      nextAmp = indexOrEnd('&', end);
    }
    if (nextCdataEnd < from) nextCdataEnd = indexOrEnd(']]>', from);
    if (nextCdataEnd < to) fail("']]>' in text", nextCdataEnd);
  };
  const indexOrEnd = (needle: string, from: number) => {
    const i = xml.indexOf(needle, from);
    return i < 0 ? n : i;
  };

  const forbidden = forbiddenCharAt(xml);
  if (forbidden >= 0) fail('a character XML does not allow (a control character, or half a surrogate pair)', forbidden);
  let pos = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (xml.startsWith('<?xml', pos) && isSpace(xml.charCodeAt(pos + 5))) {
    pos = declarationEnd(xml, pos);
    if (pos < 0) fail('a malformed XML declaration', 0);
  }
  while (pos < n) {
    const lt = xml.indexOf('<', pos);
    const textEnd = lt < 0 ? n : lt;
    if (textEnd > pos) {
      if (names.length === 0) {
        const at = skipSpace(pos);
        if (at < textEnd) fail('text outside the root element', at);
      } else {
        checkText(pos, textEnd);
        handler.text?.(pos, textEnd, false);
      }
    }
    if (lt < 0) break;
    const next = xml.charCodeAt(lt + 1);
    if (next === 0x2f /* / */) {
      const qname = names.pop();
      if (qname === undefined) fail('an end tag with no element open', lt);
      const gt = skipSpace(lt + 2 + qname!.length);
      if (!xml.startsWith(qname!, lt + 2) || xml.charCodeAt(gt) !== 0x3e) fail(`the end tag does not close <${qname}>`, lt);
      scope = scopes.pop()!;
      handler.close?.(namespaces.pop()!, locals.pop()!, names.length);
      if (names.length === 0) rootDone = true;
      pos = gt + 1;
    } else if (next === 0x21 /* ! */) {
      if (xml.startsWith('<!--', lt)) {
        // '--' may only appear as the end of the comment.
        const dashes = xml.indexOf('--', lt + 4);
        if (dashes < 0 || xml.charCodeAt(dashes + 2) !== 0x3e) fail('a malformed comment', lt);
        pos = dashes + 3;
      } else if (xml.startsWith('<![CDATA[', lt)) {
        if (names.length === 0) fail('CDATA outside the root element', lt);
        pos = endOf(xml, ']]>', lt + 9, 'CDATA section');
        handler.text?.(lt + 9, pos - 3, true);
      } else if (xml.startsWith('<!DOCTYPE', lt)) {
        fail('a DTD declaration (not allowed in Office documents, OPC M1.18)', lt);
      } else {
        fail("unexpected '<!'", lt);
      }
    } else if (next === 0x3f /* ? */) {
      const target = readName(lt + 2);
      if (target.toLowerCase() === 'xml' || target.includes(':') || !(isSpace(xml.charCodeAt(nameEnd)) || xml.startsWith('?>', nameEnd))) {
        fail('a malformed processing instruction', lt);
      }
      pos = endOf(xml, '?>', nameEnd, 'processing instruction');
    } else {
      if (rootDone) fail('a second root element', lt);
      const qname = readName(lt + 1);
      const qnameEnd = nameEnd;
      const attrs: Attr[] = [];
      let declares = false;
      let p = qnameEnd;
      let selfClosing = false;
      for (;;) {
        const gap = p;
        p = skipSpace(p);
        const c = xml.charCodeAt(p);
        if (c === 0x3e /* > */) {
          p += 1;
          break;
        }
        if (c === 0x2f /* / */ && xml.charCodeAt(p + 1) === 0x3e) {
          selfClosing = true;
          p += 2;
          break;
        }
        if (p === gap) fail(`malformed start tag <${qname}>`, p);
        const attrName = readName(p);
        p = skipSpace(nameEnd);
        if (xml.charCodeAt(p) !== 0x3d /* = */) fail(`attribute ${attrName} has no value`, p);
        p = skipSpace(p + 1);
        const quote = xml.charCodeAt(p);
        if (quote !== 0x22 && quote !== 0x27) fail(`attribute ${attrName} has no quoted value`, p);
        // One pass over the value: find its end, refuse '<', check any '&'.
        let close = p + 1;
        for (let v = xml.charCodeAt(close); v !== quote; v = xml.charCodeAt(++close)) {
          if (v === 0x3c || v !== v) fail(`attribute ${attrName} has no proper end`, p);
          if (v === 0x26) {
            const end = referenceEnd(xml, close);
            if (end < 0) fail("'&' that does not start a valid entity or character reference", close);
            close = end - 1;
          }
        }
        attrs.push(new Attr(xml, attrName, p + 1, close));
        if (attrName === 'xmlns' || attrName.startsWith('xmlns:')) declares = true;
        p = close + 1;
      }
      pos = p;

      const parent = scope;
      if (declares) scope = declare(parent, attrs) ?? fail('an empty namespace for a prefix', lt);
      if (scope !== parent && ++scopeCount > MAX_NAMESPACE_SCOPES) fail('too many namespace declarations', lt);
      for (const a of attrs) {
        // Plain attributes have no namespace; prefixed ones resolve like element names.
        if (a.qname.includes(':') && !a.qname.startsWith('xmlns:')) {
          const name = resolve(a.qname, lt);
          a.ns = name.ns;
          a.local = name.local;
        }
      }
      if (attrs.length > 1 && !allDistinct(attrs)) fail('an attribute appears twice', lt);
      const { ns, local } = resolve(qname, lt);
      const depth = names.length;
      if (depth >= MAX_XML_DEPTH) fail(`elements nested more than ${MAX_XML_DEPTH} deep`, lt);
      handler.open?.({ qname, ns, local, start: lt, nameEnd: qnameEnd, selfClosing, attrs, depth });
      if (selfClosing) {
        scope = parent;
        handler.close?.(ns, local, depth);
        if (depth === 0) rootDone = true;
      } else {
        names.push(qname);
        namespaces.push(ns);
        locals.push(local);
        scopes.push(parent);
      }
    }
  }
  if (names.length > 0) fail(`<${names[names.length - 1]}> is never closed`, n);
  if (!rootDone) fail('no root element', n);
}

function endOf(xml: string, terminator: string, from: number, what: string): number {
  const i = xml.indexOf(terminator, from);
  if (i < 0) throw new XmlError(`unterminated ${what}`, from);
  return i + terminator.length;
}
