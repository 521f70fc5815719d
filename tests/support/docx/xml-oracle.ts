/**
 * The two sides of the XML differential tests (docs/decisions/014-xml-scanner.md): the project's
 * hand-written scanner (server/docx/xml.ts) and saxes, a conformant XML 1.0 + Namespaces parser,
 * each reduced to whether it accepts a text, and the rule for when their verdicts agree.
 */
import { SaxesParser } from 'saxes';
import { scanXml } from '../../../server/docx/xml';

export function scannerAccepts(xml: string): boolean {
  try {
    scanXml(xml);
    return true;
  } catch {
    return false;
  }
}

export function saxesAccepts(xml: string): boolean {
  const parser = new SaxesParser({ xmlns: true, position: false });
  let ok = true;
  parser.on('error', () => {
    ok = false;
  });
  try {
    parser.write(xml).close();
  } catch {
    return false;
  }
  return ok;
}

/**
 * What the scanner refuses on purpose, whatever saxes says: any DTD, and half a surrogate pair
 * anywhere (not a character at all; saxes lets one through inside a namespace declaration).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const refusedOnPurpose = (xml: string) => /<!DOCTYPE/i.test(xml) || LONE_SURROGATE.test(xml);

/**
 * Where saxes is laxer than XML 1.0 and the scanner is right to refuse: a processing instruction
 * whose target is followed by '?' without '>' (`<?x?xml ...?>`; XML 1.0 wants a space or '?>').
 */
const saxesTooLax = (xml: string) => /<\?[^\s?>]+\?(?!>)/.test(xml);

/**
 * `expected`: whether XML 1.0 with the scanner's deliberate refusals accepts `xml` (saxes standing
 * in for XML 1.0); `accepted`: whether the scanner does; `agree`: whether that is a match, saxes'
 * one laxity allowed for.
 */
export function verdicts(xml: string): { expected: boolean; accepted: boolean; agree: boolean } {
  const expected = !refusedOnPurpose(xml) && saxesAccepts(xml);
  const accepted = scannerAccepts(xml);
  return { expected, accepted, agree: accepted === expected || (expected && !accepted && saxesTooLax(xml)) };
}
