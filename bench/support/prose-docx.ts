/**
 * A large .docx whose bulk is the body's XML, for the benchmarks that need a long text rather than
 * a big picture (bench/upload.bench.ts, bench/docx-process.bench.ts).
 */
import { buildDocx } from '../../tests/support/docx/fixtures';

/**
 * Word-like paragraphs (rsids, a style, run properties) of 120 words drawn from a large made-up
 * vocabulary with a skewed frequency, so the text compresses about as prose does (2.5:1 with its
 * markup) rather than the 50:1 of a few repeated sentences. Seeded: every run gets the same file.
 */
export function proseDocx(targetBytes: number): Uint8Array {
  let seed = 0x2545f491;
  const random = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };
  const letters = 'etaoinshrdlcumwfgypbvkjxqz';
  const vocabulary = Array.from({ length: 20_000 }, () => {
    let word = '';
    for (let n = 2 + Math.floor(random() * 9); n > 0; n--) word += letters[Math.floor(random() ** 1.8 * letters.length)];
    return word;
  });
  const paragraph = (i: number) => {
    const words: string[] = [];
    for (let w = 0; w < 120; w++) words.push(vocabulary[Math.floor(random() ** 3 * vocabulary.length)]!);
    const rsid = (0x00a00000 + (i % 4096)).toString(16).toUpperCase().padStart(8, '0');
    return (
      `<w:p w:rsidR="${rsid}" w:rsidRDefault="${rsid}"><w:pPr><w:pStyle w:val="BodyText"/><w:spacing w:after="120"/></w:pPr>` +
      `<w:r><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/><w:sz w:val="22"/></w:rPr><w:t xml:space="preserve">${i + 1}. ${words.join(' ')}.</w:t></w:r></w:p>`
    );
  };
  // The ratio is only known once deflated: measured on a sample, then the body is cut to fit.
  const body: string[] = [];
  let length = 0;
  const sample = buildDocx({ body: Array.from({ length: 2_000 }, (_, i) => paragraph(i)).join('') });
  for (let estimate = Math.floor(targetBytes * (unpackedBytes(sample) / sample.length)); ; estimate = Math.floor(estimate * 0.97)) {
    while (length < estimate) length += body[body.push(paragraph(body.length)) - 1]!.length;
    while (length > estimate) length -= body.pop()!.length;
    const docx = buildDocx({ body: body.join('') });
    if (docx.length <= targetBytes) return docx;
  }
}

/** Uncompressed size of the package's parts, for the label. */
export function unpackedBytes(docx: Uint8Array): number {
  const view = new DataView(docx.buffer, docx.byteOffset, docx.byteLength);
  let end = docx.length - 22;
  while (view.getUint32(end, true) !== 0x06054b50) end--;
  let p = view.getUint32(end + 16, true);
  let total = 0;
  for (let i = view.getUint16(end + 10, true); i > 0; i--) {
    total += view.getUint32(p + 24, true);
    p += 46 + view.getUint16(p + 28, true) + view.getUint16(p + 30, true) + view.getUint16(p + 32, true);
  }
  return total;
}
