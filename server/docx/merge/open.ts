import {
  type DocxPackage,
  WORD_MAIN_CONTENT_TYPES,
  decodePart,
  locateMainPart,
  locateStoryParts,
  parseContentTypes,
  parseRelationships,
  relsPartFor,
} from '../package';
import { PackageParts } from '../package-parts';
import { readZipDirectory } from '../zip-read';

/**
 * Opens a package for the merge: the checked ZIP directory, the XML parts (inflated and
 * CRC-checked when first read, so only the ones the merge reads are held in memory), the main
 * part and the story parts, as inspectDocx finds them. It leaves out what inspectDocx adds for
 * untrusted uploads (inflating every picture, scanning every story part up front): the
 * base was inspected when it was stored, the save route inspects the editor's bytes before the
 * merge, and the merge's own scan of each story part refuses anything malformed. Throws.
 */
export function openPackage(bytes: Uint8Array): DocxPackage {
  const entries = readZipDirectory(bytes);
  const parts = new PackageParts(bytes, entries);
  const names = new Map(entries.map((e) => [e.name.toLowerCase(), e.name]));
  const find = (name: string) => names.get(name.toLowerCase());
  const read = (name: string | undefined) => (name === undefined || !parts.has(name) ? undefined : decodePart(parts.get(name)!).text);

  const types = read(find('[Content_Types].xml'));
  const rootRels = read(find('_rels/.rels'));
  if (types === undefined || rootRels === undefined) throw new Error('no content types or package relationships');
  const mainPart = locateMainPart(parseRelationships(rootRels, ''), find);
  if (mainPart === undefined || !parts.has(mainPart)) throw new Error('no main document part');
  const kind = WORD_MAIN_CONTENT_TYPES.get(parseContentTypes(types)(mainPart) ?? '');
  if (!kind) throw new Error(`${mainPart} is not a Word document part`);

  const mainRels = read(find(relsPartFor(mainPart)));
  const stories = locateStoryParts(mainPart, mainRels === undefined ? [] : parseRelationships(mainRels, mainPart), find, (p) => parts.has(p));
  const storyParts = stories.map((s) => s.part);
  return { archive: bytes, entries, parts, mainPart, kind, storyParts };
}
