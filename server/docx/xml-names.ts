import type { XmlAttr } from './xml';

/** Namespace scopes and attribute bookkeeping for the scanner in xml.ts. */

/**
 * Prefix bindings in force, flattened, plus the names already resolved under them: a body
 * repeats a few dozen names (w:p, w:r, w:t) a million times, so each is resolved once.
 */
export class Scope {
  readonly resolved = new Map<string, { readonly ns: string; readonly local: string }>();
  constructor(readonly uris: ReadonlyMap<string, string>) {}
}

/** The value is sliced only when a handler reads it; most attributes are never read. */
export class Attr implements XmlAttr {
  ns = '';
  local: string;
  constructor(
    private readonly xml: string,
    readonly qname: string,
    readonly valueStart: number,
    readonly valueEnd: number,
  ) {
    this.local = qname;
  }
  get value(): string {
    return this.xml.slice(this.valueStart, this.valueEnd);
  }
}

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';

/**
 * The scope an element's xmlns attributes create: the parent itself if they change nothing, or
 * undefined if one breaks Namespaces in XML 1.0: binds a prefix to the empty namespace, declares a
 * malformed prefix (`xmlns:`, `xmlns:a:b`), or misuses the reserved `xml`/`xmlns` prefixes or names.
 */
export function declare(parent: Scope, attrs: readonly Attr[]): Scope | undefined {
  let uris: Map<string, string> | undefined;
  for (const a of attrs) {
    if (a.qname !== 'xmlns' && !a.qname.startsWith('xmlns:')) continue;
    const prefix = a.qname === 'xmlns' ? '' : a.qname.slice(6);
    const uri = a.value;
    if (a.qname !== 'xmlns' && (prefix === '' || prefix.includes(':') || prefix === 'xmlns')) return undefined;
    if ((prefix === 'xml') !== (uri === XML_NAMESPACE) || uri === XMLNS_NAMESPACE) return undefined;
    // A prefix cannot be undeclared in XML 1.0; a blank name is refused like an empty one, as conformant parsers do.
    if (prefix !== '' && uri.trim() === '') return undefined;
    if (parent.uris.get(prefix) === uri) continue;
    uris ??= new Map(parent.uris);
    uris.set(prefix, uri);
  }
  return uris ? new Scope(uris) : parent;
}

/** No two attributes with the same name, or the same namespace and local name. */
export function allDistinct(attrs: readonly XmlAttr[]): boolean {
  // Tags carry a handful of attributes; a quadratic compare beats building a Set until they don't.
  if (attrs.length > 16) return new Set(attrs.map((a) => (a.ns ? `{${a.ns}}${a.local}` : a.qname))).size === attrs.length;
  for (let i = 1; i < attrs.length; i++) {
    for (let j = 0; j < i; j++) {
      const a = attrs[i]!;
      const b = attrs[j]!;
      if (a.local === b.local && (a.ns ? a.ns === b.ns : a.qname === b.qname)) return false;
    }
  }
  return true;
}
