import { type ZipEntry, inflateEntry } from './zip-read';

/** Parts read as XML by name: the OPC index, relationships and every .xml part. */
export const XML_PART_NAME = /\.(xml|rels)$/i;

/**
 * The XML parts of a package, inflated when first asked for and kept from then on. Only the parts
 * somebody reads stay in memory (the index, relationships, the story parts, styles): an archive
 * of hundreds of 1 MB XML parts nobody reads costs one inflate each while it is checked, not
 * hundreds of MB held at once (docs/decisions/010-request-bodies-per-route.md). Iterating values inflates each part without keeping it.
 */
export class PackageParts {
  private readonly xmlEntries = new Map<string, ZipEntry>();
  private readonly kept: Map<string, Uint8Array>;

  constructor(
    private readonly archive: Uint8Array,
    entries: readonly ZipEntry[],
    kept: ReadonlyMap<string, Uint8Array> = new Map(),
  ) {
    for (const entry of entries) if (XML_PART_NAME.test(entry.name)) this.xmlEntries.set(entry.name, entry);
    this.kept = new Map(kept);
  }

  get size(): number {
    return this.xmlEntries.size;
  }

  /** Bytes held in memory now: the parts read so far (for tests and logs). */
  get keptBytes(): number {
    let sum = 0;
    for (const data of this.kept.values()) sum += data.length;
    return sum;
  }

  /** Whether `name` (exact entry name) is an XML part of the package. */
  has(name: string): boolean {
    return this.xmlEntries.has(name) || this.kept.has(name);
  }

  /** The uncompressed bytes (CRC-checked), kept for the next call; undefined if not an XML part. */
  get(name: string): Uint8Array | undefined {
    const known = this.kept.get(name);
    if (known) return known;
    const entry = this.xmlEntries.get(name);
    if (!entry) return undefined;
    const data = inflateEntry(this.archive, entry);
    this.kept.set(name, data);
    return data;
  }

  /** Keeps bytes already inflated (by the check of every entry), so they are not inflated again. */
  keep(name: string, data: Uint8Array): void {
    if (this.xmlEntries.has(name)) this.kept.set(name, data);
  }

  keys(): IterableIterator<string> {
    return this.xmlEntries.keys();
  }

  /** Every XML part, inflated one at a time and not kept unless it was already. */
  *entries(): IterableIterator<[string, Uint8Array]> {
    for (const [name, entry] of this.xmlEntries) yield [name, this.kept.get(name) ?? inflateEntry(this.archive, entry)];
  }

  /** The same package with some parts' bytes replaced (an edited copy); the rest stays lazy. */
  with(replaced: ReadonlyMap<string, Uint8Array>): PackageParts {
    const entries = [...this.xmlEntries.values()];
    const copy = new PackageParts(this.archive, entries, this.kept);
    for (const [name, data] of replaced) copy.kept.set(name, data);
    return copy;
  }
}
