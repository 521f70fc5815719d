import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { buildDocx } from './fixtures';

/**
 * Hostile packages for tests (docs/decisions/010-request-bodies-per-route.md, points 4 and 5), each built from a valid document so that
 * exactly one thing about it is hostile. Not used by the upload pipeline.
 */

const MB = 1024 * 1024;
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** `count` XML parts of 1 MB each: no part alone is suspicious, the archive is (190 is the issue's). */
export function manySmallPartsBomb(count: number): Uint8Array {
  const filler = strToU8(`<a>${' '.repeat(MB - 7)}</a>`);
  return buildDocx({ extraParts: Object.fromEntries(Array.from({ length: count }, (_, i) => [`customXml/item${i}.xml`, filler])) });
}

/** One 30 MB part of zeros, posing as a picture. */
export function oneBigPartBomb(): Uint8Array {
  return buildDocx({ extraParts: { 'word/media/image1.png': new Uint8Array(30 * MB) } });
}

export function macroEnabled(): Uint8Array {
  return buildDocx({ mainContentType: 'application/vnd.ms-word.document.macroEnabled.main+xml', extraParts: { 'word/vbaProject.bin': new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]) } });
}

/** A DOCTYPE with an entity in a part whose name does not say XML. */
export function doctypeIn(name: string): Uint8Array {
  return buildDocx({ extraParts: { [name]: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' } });
}

/** The document with an extra relationship from the main part, e.g. a `file:` attached template. */
export function withRelationship(type: string, target: string, body?: string): Uint8Array {
  const files = unzipSync(buildDocx(body === undefined ? {} : { body }));
  const name = 'word/_rels/document.xml.rels';
  const rel = `<Relationship Id="rIdX" Type="${REL}/${type}" Target="${target}" TargetMode="External"/>`;
  files[name] = strToU8(strFromU8(files[name]!).replace('</Relationships>', `${rel}</Relationships>`));
  return zipSync(files);
}
