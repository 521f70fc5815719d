/**
 * The documents the two editors open, each as our upload processing leaves it (processDocx:
 * a w14:paraId on every paragraph), since that is what the app hands the editor:
 *   contracts   generated contracts of 1, ~100 and ~300 pages (bench/support/big-docx.ts)
 *   tracked     a tracked replacement exactly as our merge stores the chat's 'Suggest edits'
 *               (w:del + w:ins by AI Assistant, each with the run's properties)
 *   sdtRows     a table whose middle rows sit inside a content control (w:sdt around w:tr)
 *   fields      a DATE field (complex: fldChar/instrText) and a MERGEFIELD (w:fldSimple) with results
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { processDocx } from '../../server/docx/process';
import { applyEdit, findTarget, type Target } from '../../tests/support/docx/editor-simulator';
import { bigDocx } from '../support/big-docx';

/** Pages → clauses, as bench/editor-ready.bench.ts found them for 1.9.0 (300 by the same ratio). */
export const CONTRACTS = new Map([
  [1, 1],
  [100, 193],
  [300, 580],
]);

export function processed(bytes: Uint8Array): Uint8Array {
  const r = processDocx(bytes);
  if (!r.ok) throw new Error(`fixture does not process: ${r.reason}`);
  return r.editable;
}

export const contract = (pages: number) => processed(bigDocx(0, CONTRACTS.get(pages)!));

function withMainXml(bytes: Uint8Array, edit: (xml: string) => string): Uint8Array {
  const files = unzipSync(bytes);
  files['word/document.xml'] = strToU8(edit(strFromU8(files['word/document.xml']!)));
  return zipSync(files);
}

/** After the first body paragraph. */
const afterFirstParagraph = (xml: string, insert: string) => {
  const at = xml.indexOf('</w:p>', xml.indexOf('<w:body>')) + '</w:p>'.length;
  return xml.slice(0, at) + insert + xml.slice(at);
};

export function tracked(): { bytes: Uint8Array; word: string; target: Target } {
  const base = processed(bigDocx(0, 2));
  const target = findTarget(unzipSync(base), 'word/document.xml')!;
  return { bytes: withMainXml(base, (xml) => applyEdit(xml, target, 'suggest')), word: target.word, target };
}

const cell = (text: string) => `<w:tc><w:tcPr><w:tcW w:w="4500" w:type="dxa"/></w:tcPr><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:tc>`;
const row = (a: string, b: string) => `<w:tr>${cell(a)}${cell(b)}</w:tr>`;
const border = (side: string) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="000000"/>`;

export const SDT_ROWS = ['ControlledRowAlpha', 'ControlledRowBeta'];

export function sdtRows(): Uint8Array {
  const table =
    `<w:tbl><w:tblPr><w:tblW w:w="9000" w:type="dxa"/><w:tblBorders>${['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map(border).join('')}</w:tblBorders></w:tblPr>` +
    `<w:tblGrid><w:gridCol w:w="4500"/><w:gridCol w:w="4500"/></w:tblGrid>` +
    row('Party', 'Role') +
    `<w:sdt><w:sdtPr><w:alias w:val="Parties"/><w:tag w:val="parties"/><w:id w:val="424242"/></w:sdtPr><w:sdtContent>` +
    row(SDT_ROWS[0]!, 'Supplier') +
    row(SDT_ROWS[1]!, 'Customer') +
    `</w:sdtContent></w:sdt>` +
    row('PlainRowOmega', 'Guarantor') +
    `</w:tbl>`;
  return processed(withMainXml(bigDocx(0, 2), (xml) => afterFirstParagraph(xml, table)));
}

/** The words to retype in each field's result. */
export const FIELD_WORDS = { complex: 'January', simple: 'Holdings' };

export function fields(): Uint8Array {
  const p =
    `<w:p><w:r><w:t xml:space="preserve">Dated </w:t></w:r>` +
    `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> DATE \\@ "d MMMM yyyy" </w:instrText></w:r>` +
    `<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1 January 2026</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>` +
    `<w:r><w:t xml:space="preserve"> between the parties below.</w:t></w:r></w:p>` +
    `<w:p><w:r><w:t xml:space="preserve">Client: </w:t></w:r>` +
    `<w:fldSimple w:instr=" MERGEFIELD ClientName "><w:r><w:t>Acme Holdings Limited</w:t></w:r></w:fldSimple>` +
    `<w:r><w:t xml:space="preserve"> of London.</w:t></w:r></w:p>`;
  return processed(withMainXml(bigDocx(0, 2), (xml) => afterFirstParagraph(xml, p)));
}
