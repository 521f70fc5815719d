import { sameBytes } from '../bytes';
import { type DocxPackage, decodePart, encodePart, relsPartFor, resolveTarget } from '../package';
import { scanXml } from '../xml';
import { decodeXmlText } from '../xml-chars';
import { inflateEntry } from '../zip-read';
import { escapeText } from './emit';
import type { PartOutcome } from './report';

/**
 * Every part that is not merged paragraph by paragraph keeps its base bytes. The exceptions:
 * docProps/core.xml takes the editor's modification time; a relationship the editor's XML needs
 * (a picture or link the user inserted) is added to the base part's relationships, pointing at a
 * base part with the same bytes when there is one (the editor re-adds pictures under new names),
 * and only otherwise is the editor's part copied in, with its content type.
 */

const RELS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DCTERMS_NS = 'http://purl.org/dc/terms/';

interface Rel {
  readonly id: string;
  readonly type: string;
  readonly target: string;
  readonly external: boolean;
  /** Resolved part name for internal targets. */
  readonly part: string | undefined;
}

export class PartsPolicy {
  /** Parts replaced or added, by entry name. */
  readonly replaced = new Map<string, Uint8Array>();
  readonly added: string[] = [];
  readonly outcomes: PartOutcome[] = [];
  private readonly baseNames: Map<string, string>;
  private readonly editedNames: Map<string, string>;
  private readonly newRels = new Map<string, string[]>(); // rels part -> Relationship elements to append
  private readonly newTypes: string[] = [];
  private readonly mapped = new Map<string, string>();
  private baseBytesIndex: Map<string, string> | undefined;

  constructor(
    private readonly base: DocxPackage,
    private readonly edited: DocxPackage,
  ) {
    this.baseNames = new Map(base.entries.map((e) => [e.name.toLowerCase(), e.name]));
    this.editedNames = new Map(edited.entries.map((e) => [e.name.toLowerCase(), e.name]));
  }

  /** The edited part holding the same role as a base story part (same name), if any. */
  editedPart(basePart: string): string | undefined {
    const name = this.editedNames.get(basePart.toLowerCase());
    return name !== undefined && this.edited.parts.has(name) ? name : undefined;
  }

  /** Translates the editor's relationship ids of `part` into the base's, adding what is new. */
  relationshipMap(part: string): (id: string) => string {
    const editedRels = this.rels(this.edited, part);
    const baseRels = this.rels(this.base, part);
    return (id) => {
      const key = `${part}\u0000${id}`;
      const known = this.mapped.get(key);
      if (known !== undefined) return known;
      const rel = editedRels.find((r) => r.id === id);
      if (!rel) return id;
      const target = rel.external ? rel.target : this.basePartFor(rel.part);
      const same = baseRels.find((r) => r.type === rel.type && r.external === rel.external && (rel.external ? r.target === rel.target : r.part === target));
      const result = same ? same.id : this.addRel(part, baseRels, rel, target);
      this.mapped.set(key, result);
      return result;
    };
  }

  private addRel(part: string, baseRels: Rel[], rel: Rel, basePart: string | undefined): string {
    const used = new Set([...baseRels.map((r) => r.id), ...(this.newRels.get(part) ?? []).map((x) => /Id="([^"]*)"/.exec(x)![1]!)]);
    let n = used.size + 1;
    while (used.has(`rIdM${n}`)) n++;
    const id = `rIdM${n}`;
    let target = rel.target;
    if (!rel.external) {
      const partName = basePart ?? this.copyIn(rel.part!);
      target = relativeTarget(part, partName);
    }
    const el = `<Relationship Id="${id}" Type="${escapeText(rel.type)}" Target="${escapeText(target).replace(/"/g, '&quot;')}"${rel.external ? ' TargetMode="External"' : ''}/>`;
    const list = this.newRels.get(part) ?? [];
    list.push(el);
    this.newRels.set(part, list);
    baseRels.push({ ...rel, id });
    return id;
  }

  /** A base part with exactly these bytes (the editor's copy of a picture the base has). */
  private basePartFor(editedPart: string | undefined): string | undefined {
    if (editedPart === undefined) return undefined;
    const editedName = this.editedNames.get(editedPart.toLowerCase());
    const entry = this.edited.entries.find((e) => e.name === editedName);
    if (!entry) return this.baseNames.get(editedPart.toLowerCase());
    if (!this.baseBytesIndex) {
      this.baseBytesIndex = new Map();
      for (const e of this.base.entries) this.baseBytesIndex.set(`${e.crc32}:${e.size}`, e.name);
    }
    const candidate = this.baseBytesIndex.get(`${entry.crc32}:${entry.size}`);
    if (candidate !== undefined && sameBytes(this.bytesOf(this.base, candidate), this.bytesOf(this.edited, entry.name))) return candidate;
    return undefined;
  }

  /**
   * Copies in the editor's part `editedName`, related from `source` by a relationship of `type`,
   * when the base has no relationship of that type there (the comments the editor wrote into a
   * document that had none). False when it has one, or the editor wrote no such part.
   */
  addRelatedPart(source: string, editedName: string, type: string): boolean {
    const baseRels = this.rels(this.base, source);
    if (baseRels.some((r) => r.type === type) || !this.edited.parts.has(this.editedNames.get(editedName.toLowerCase()) ?? '')) return false;
    this.addRel(source, baseRels, { id: '', type, target: editedName, external: false, part: editedName }, undefined);
    return true;
  }

  /** The part related from the main part by a relationship of `type`, in the base or the editor's package, with its text. */
  relatedXml(which: 'base' | 'edited', type: string): { name: string; text: string } | undefined {
    const pkg = which === 'base' ? this.base : this.edited;
    const names = which === 'base' ? this.baseNames : this.editedNames;
    const rel = this.rels(pkg, pkg.mainPart).find((r) => !r.external && r.type === type);
    const name = rel?.part === undefined ? undefined : names.get(rel.part.toLowerCase());
    const bytes = name === undefined ? undefined : pkg.parts.get(name);
    return bytes && { name: name!, text: decodePart(bytes).text };
  }

  textOf(bytes: Uint8Array): string {
    return decodePart(bytes).text;
  }

  /** Adds `xml` before the end tag of the base part's root `root` (its other bytes kept). */
  appendToBasePart(name: string, xml: string, root: string): void {
    this.replaced.set(name, append(this.replaced.get(name) ?? this.base.parts.get(name)!, xml, root));
    this.outcomes.push({ part: name, action: 'entries-added' });
  }

  /** Copies a part the editor added under a name the base does not use, with its content type. */
  private copyIn(editedPart: string): string {
    const editedName = this.editedNames.get(editedPart.toLowerCase()) ?? editedPart;
    let name = editedName;
    for (let n = 2; this.baseNames.has(name.toLowerCase()); n++) name = editedName.replace(/(\.[^./]*)?$/, `-${n}$1`);
    this.replaced.set(name, this.bytesOf(this.edited, editedName));
    this.baseNames.set(name.toLowerCase(), name);
    this.added.push(name);
    this.outcomes.push({ part: name, action: 'added' });
    const type = this.contentTypeOf(editedName);
    if (type) this.newTypes.push(`<Override PartName="/${escapeText(name)}" ContentType="${escapeText(type)}"/>`);
    return name;
  }

  private contentTypeOf(editedName: string): string | undefined {
    const ct = this.edited.parts.get(this.editedNames.get('[content_types].xml')!);
    if (!ct) return undefined;
    let found: string | undefined;
    const ext = editedName.slice(editedName.lastIndexOf('.') + 1).toLowerCase();
    scanXml(decodePart(ct).text, {
      open(tag) {
        const a = (n: string) => decodeXmlText(tag.attrs.find((x) => x.qname === n)?.value ?? '');
        if (tag.local === 'Override' && a('PartName').replace(/^\//, '').toLowerCase() === editedName.toLowerCase()) found = a('ContentType');
        else if (tag.local === 'Default' && found === undefined && a('Extension').toLowerCase() === ext) found = a('ContentType');
      },
    });
    return found;
  }

  private bytesOf(pkg: DocxPackage, name: string): Uint8Array {
    const xml = pkg.parts.get(name);
    if (xml) return xml;
    return inflateEntry(pkg.archive, pkg.entries.find((e) => e.name === name)!);
  }

  private rels(pkg: DocxPackage, part: string): Rel[] {
    const names = pkg === this.base ? this.baseNames : this.editedNames;
    const relsName = names.get(relsPartFor(part).toLowerCase());
    const bytes = relsName === undefined ? undefined : pkg.parts.get(relsName);
    if (!bytes) return [];
    const out: Rel[] = [];
    scanXml(decodePart(bytes).text, {
      open(tag) {
        if (tag.ns !== RELS_NS || tag.local !== 'Relationship') return;
        const a = (n: string) => decodeXmlText(tag.attrs.find((x) => x.qname === n)?.value ?? '');
        const external = a('TargetMode').toLowerCase() === 'external';
        out.push({ id: a('Id'), type: a('Type'), target: a('Target'), external, part: external ? undefined : resolveTarget(part, a('Target')) });
      },
    });
    return out;
  }

  /** The base's core properties with the editor's dcterms:modified, if both have one. */
  modifiedTime(): void {
    const core = [...this.base.parts.keys()].find((n) => n.toLowerCase() === 'docprops/core.xml');
    const editedCore = this.editedNames.get('docprops/core.xml');
    if (!core || !editedCore || !this.edited.parts.has(editedCore)) return;
    const { text, encoding } = decodePart(this.base.parts.get(core)!);
    let now: ReturnType<typeof modifiedText>;
    let was: ReturnType<typeof modifiedText>;
    try {
      now = modifiedText(decodePart(this.edited.parts.get(editedCore)!).text);
      was = modifiedText(text);
    } catch {
      return; // not well-formed (inspectDocx checks only the story parts): keep the base's
    }
    if (!now || !was || now.value === was.value) return;
    this.replaced.set(core, encodePart(text.slice(0, was.start) + now.value + text.slice(was.end), encoding));
    this.outcomes.push({ part: core, action: 'modified-time' });
  }

  /** Writes the added relationships and content types into the base's parts. */
  finish(): void {
    for (const [part, els] of this.newRels) {
      const relsName = relsPartFor(part);
      const existing = this.baseNames.get(relsName.toLowerCase());
      if (existing) this.replaced.set(existing, append(this.base.parts.get(existing)!, els.join(''), 'Relationships'));
      else {
        this.replaced.set(relsName, new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${RELS_NS}">${els.join('')}</Relationships>`));
        this.added.push(relsName);
      }
    }
    if (this.newTypes.length > 0) {
      const ct = this.baseNames.get('[content_types].xml')!;
      this.replaced.set(ct, append(this.base.parts.get(ct)!, this.newTypes.join(''), 'Types'));
    }
  }

  /** Notes the parts the editor changed whose base bytes were kept anyway. */
  noteIgnored(merged: ReadonlySet<string>): void {
    for (const e of this.base.entries) {
      if (merged.has(e.name) || this.replaced.has(e.name) || /\.rels$|^\[Content_Types\]\.xml$/i.test(e.name)) continue;
      const other = this.edited.entries.find((x) => x.name.toLowerCase() === e.name.toLowerCase());
      if (other && other.crc32 !== e.crc32) this.outcomes.push({ part: e.name, action: 'editor-change-ignored' });
    }
  }
}

function modifiedText(xml: string): { start: number; end: number; value: string } | undefined {
  let open = -1;
  let found: { start: number; end: number; value: string } | undefined;
  scanXml(xml, {
    open(tag) {
      if (tag.ns === DCTERMS_NS && tag.local === 'modified' && !tag.selfClosing) open = tag.depth;
    },
    text(start, end) {
      if (open >= 0 && !found) found = { start, end, value: xml.slice(start, end) };
    },
    close(_ns, _local, depth) {
      if (depth === open) open = -1;
    },
  });
  return found;
}

/** Inserts `xml` before the end tag of the root element named `root`. */
function append(bytes: Uint8Array, xml: string, root: string): Uint8Array {
  const { text, encoding } = decodePart(bytes);
  const at = text.lastIndexOf(`</${root}>`);
  const i = at >= 0 ? at : text.lastIndexOf('</');
  return encodePart(text.slice(0, i) + xml + text.slice(i), encoding);
}

/** A target for a relationship of `source` to `part`, relative as Word writes them. */
function relativeTarget(source: string, part: string): string {
  const from = source.split('/').slice(0, -1);
  const to = part.split('/');
  let k = 0;
  while (k < from.length && k < to.length - 1 && from[k] === to[k]) k++;
  return [...from.slice(k).map(() => '..'), ...to.slice(k)].join('/');
}
