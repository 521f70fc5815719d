import { zlibSync } from 'fflate';
import { crc32 } from 'node:zlib';
import { concatBytes } from '../bytes';
import { encryptedDocx } from './compound-file';
import { buildDocx, escapeXml, mediaRelId } from './fixtures';
import { oneBigPartBomb } from './hostile-fixtures';

/**
 * The documents the default test run uploads, merges and opens, generated at test time with the
 * project's own builder (fixtures.ts) instead of read from the shared corpus, so `npm test` needs
 * nothing beside the checkout. Each is deterministic: the same bytes on every run, in every time
 * zone. Not used by the upload pipeline.
 *
 * - contract: a two-page supply agreement with what real contracts carry: styles, a numbered
 *   clause list (numbering.xml), a header and a footer with PAGE and NUMPAGES fields, a footnote,
 *   a comment, content controls (inline and block), a text box (wps with its VML fallback),
 *   tracked changes, an inline picture, a table, a bookmark with a REF field, a hyperlink and
 *   document properties. About 30 KB, like a real one (the upload journey watches its progress).
 * - memo: Word 2010+ output, every paragraph already carrying w14:paraId and w14:textId, a
 *   bulleted list and a simple field.
 * - tables: a price schedule with merged cells (gridSpan, vMerge), a repeated header row and a
 *   nested table.
 * - pictures: an inspection report with two pictures, one inline and one floating (about 120 KB).
 * - passwordProtected: the contract encrypted with the password 'pass' as Word does it (an OLE
 *   compound file with EncryptionInfo and EncryptedPackage streams; compound-file.ts).
 * - truncated: the contract cut off half-way, its ZIP central directory lost.
 * - zipBomb: one 30 MB part of zeros posing as a picture (hostile-fixtures.ts).
 * - renamedImage: a real PNG picture named .docx.
 */

const MTIME = new Date(2025, 2, 1, 9, 30, 0); // local components: the same DOS date in every time zone

/** Phrases of the contract that tests edit or search for; each sits in a single w:t. */
export const CONTRACT_PHRASES = {
  /** In clause 3.1; nowhere else in any generated document. */
  delivery: 'within ten working days of each order',
  /** Words of `delivery`: a search for them finds the contract and no other generated document. */
  search: 'ten working days',
  /** The contract's title; the text of no other generated document has it. */
  title: 'Supply Agreement',
} as const;

const NS = {
  w: 'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  w14: 'http://schemas.microsoft.com/office/word/2010/wordml',
  mc: 'http://schemas.openxmlformats.org/markup-compatibility/2006',
  wp: 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing',
  a: 'http://schemas.openxmlformats.org/drawingml/2006/main',
  pic: 'http://schemas.openxmlformats.org/drawingml/2006/picture',
  wps: 'http://schemas.microsoft.com/office/word/2010/wordprocessingShape',
  v: 'urn:schemas-microsoft-com:vml',
  o: 'urn:schemas-microsoft-com:office:office',
  w10: 'urn:schemas-microsoft-com:office:word',
} as const;

/** w:document's declarations beyond w and r (which buildDocx writes), Word's mc:Ignorable included. */
const ROOT_ATTRS =
  (['w14', 'mc', 'wp', 'a', 'pic', 'wps', 'v', 'o', 'w10'] as const).map((p) => `xmlns:${p}="${NS[p]}"`).join(' ') + ' mc:Ignorable="w14"';

// ---------------------------------------------------------------------------------------------
// Small deterministic helpers

/**
 * The one seeded generator of the tests (mulberry32): the same sequence on every platform, so a
 * failing case can be replayed from its seed. Whole numbers in [0, 2^32).
 */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** The same generator as fractions in [0, 1), where a test would otherwise reach for Math.random. */
export function seededFraction(seed: number): () => number {
  const next = seeded(seed);
  return () => next() / 2 ** 32;
}

function seededBytes(seed: number, length: number): Uint8Array {
  const next = seeded(seed);
  return Uint8Array.from({ length }, () => next() & 0xff);
}

/**
 * A valid RGB PNG (signature, IHDR, IDAT, IEND, each with its CRC): a colour gradient with seeded
 * grain, so it compresses about as little as a photograph does.
 */
export function png(width: number, height: number, seed: number): Uint8Array {
  const next = seeded(seed);
  const raw = new Uint8Array(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3); // filter byte 0: none
    for (let x = 0; x < width; x++) {
      const grain = next();
      raw[row + 1 + x * 3] = ((x * 255) / width + (grain & 0x3f)) & 0xff;
      raw[row + 2 + x * 3] = ((y * 255) / height + ((grain >>> 8) & 0x3f)) & 0xff;
      raw[row + 3 + x * 3] = (160 + ((grain >>> 16) & 0x3f)) & 0xff;
    }
  }
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const v = new DataView(out.buffer);
    v.setUint32(0, data.length);
    out.set([...type].map((c) => c.charCodeAt(0)), 4);
    out.set(data, 8);
    v.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
    return out;
  };
  const parts = [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlibSync(raw, { level: 9 })), chunk('IEND', new Uint8Array(0))];
  return concatBytes(parts);
}

const once = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

// ---------------------------------------------------------------------------------------------
// WordprocessingML pieces

const t = (text: string) => `<w:t xml:space="preserve">${escapeXml(text)}</w:t>`;
const run = (text: string, rPr = '') => `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}${t(text)}</w:r>`;
const para = (content: string, pPr = '') => `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${content}</w:p>`;
const styled = (style: string, content: string, extraPPr = '') => para(content, `<w:pStyle w:val="${style}"/>${extraPPr}`);
const numbered = (style: string, level: number, content: string) => para(content, `<w:pStyle w:val="${style}"/><w:numPr><w:ilvl w:val="${level}"/><w:numId w:val="1"/></w:numPr>`);
const bullet = (content: string) => para(content, '<w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="2"/></w:numPr>');
/** A complex field: begin, instruction, separate, the last computed result, end. */
const complexField = (instr: string, result: string, rPr = '') => {
  const props = rPr ? `<w:rPr>${rPr}</w:rPr>` : '';
  return (
    `<w:r>${props}<w:fldChar w:fldCharType="begin"/></w:r><w:r>${props}<w:instrText xml:space="preserve"> ${instr} </w:instrText></w:r>` +
    `<w:r>${props}<w:fldChar w:fldCharType="separate"/></w:r><w:r>${props}${t(result)}</w:r><w:r>${props}<w:fldChar w:fldCharType="end"/></w:r>`
  );
};

const EMU_PER_PX = 9525;

function inlinePicture(relId: string, id: number, name: string, descr: string, widthPx: number, heightPx: number): string {
  const cx = widthPx * EMU_PER_PX;
  const cy = heightPx * EMU_PER_PX;
  return (
    `<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="${cx}" cy="${cy}"/><wp:effectExtent l="0" t="0" r="0" b="0"/>` +
    `<wp:docPr id="${id}" name="Picture ${id}" descr="${escapeXml(descr)}"/><wp:cNvGraphicFramePr><a:graphicFrameLocks noChangeAspect="1"/></wp:cNvGraphicFramePr>` +
    pictureGraphic(relId, name, cx, cy) +
    '</wp:inline></w:drawing></w:r>'
  );
}

function floatingPicture(relId: string, id: number, name: string, descr: string, widthPx: number, heightPx: number): string {
  const cx = widthPx * EMU_PER_PX;
  const cy = heightPx * EMU_PER_PX;
  return (
    `<w:r><w:drawing><wp:anchor distT="0" distB="0" distL="114300" distR="114300" simplePos="0" relativeHeight="251660288" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">` +
    '<wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="margin"><wp:align>right</wp:align></wp:positionH><wp:positionV relativeFrom="paragraph"><wp:posOffset>0</wp:posOffset></wp:positionV>' +
    `<wp:extent cx="${cx}" cy="${cy}"/><wp:effectExtent l="0" t="0" r="0" b="0"/><wp:wrapSquare wrapText="bothSides"/>` +
    `<wp:docPr id="${id}" name="Picture ${id}" descr="${escapeXml(descr)}"/><wp:cNvGraphicFramePr><a:graphicFrameLocks noChangeAspect="1"/></wp:cNvGraphicFramePr>` +
    pictureGraphic(relId, name, cx, cy) +
    '</wp:anchor></w:drawing></w:r>'
  );
}

function pictureGraphic(relId: string, name: string, cx: number, cy: number): string {
  return (
    '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>' +
    `<pic:nvPicPr><pic:cNvPr id="0" name="${escapeXml(name)}"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:embed="${relId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
    '</pic:pic></a:graphicData></a:graphic>'
  );
}

/** A floating text box in a run, as Word 2010+ writes it: DrawingML (wps) with a VML copy for older readers. */
function textBox(id: number, paragraphs: string): string {
  const cx = 2286000;
  const cy = 640080;
  return (
    '<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing>' +
    `<wp:anchor distT="45720" distB="45720" distL="114300" distR="114300" simplePos="0" relativeHeight="251659264" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">` +
    '<wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="margin"><wp:align>right</wp:align></wp:positionH><wp:positionV relativeFrom="paragraph"><wp:posOffset>45720</wp:posOffset></wp:positionV>' +
    `<wp:extent cx="${cx}" cy="${cy}"/><wp:effectExtent l="0" t="0" r="0" b="0"/><wp:wrapSquare wrapText="bothSides"/><wp:docPr id="${id}" name="Text Box ${id}"/><wp:cNvGraphicFramePr/>` +
    '<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:cNvSpPr txBox="1"/>' +
    `<wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:solidFill><a:srgbClr val="F2F2F2"/></a:solidFill><a:ln w="6350"><a:solidFill><a:srgbClr val="7F7F7F"/></a:solidFill></a:ln></wps:spPr>` +
    `<wps:txbx><w:txbxContent>${paragraphs}</w:txbxContent></wps:txbx>` +
    '<wps:bodyPr rot="0" vert="horz" wrap="square" lIns="91440" tIns="45720" rIns="91440" bIns="45720" anchor="t" anchorCtr="0"><a:noAutofit/></wps:bodyPr>' +
    '</wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice><mc:Fallback><w:pict>' +
    `<v:shapetype id="_x0000_t202" coordsize="21600,21600" o:spt="202" path="m,l,21600r21600,l21600,xe"><v:stroke joinstyle="miter"/><v:path gradientshapeok="t" o:connecttype="rect"/></v:shapetype>` +
    `<v:shape id="Text Box ${id}" o:spid="_x0000_s1026" type="#_x0000_t202" style="position:absolute;margin-left:0;margin-top:3.6pt;width:180pt;height:50.4pt;z-index:251659264;mso-position-horizontal:right;mso-position-horizontal-relative:margin" fillcolor="#f2f2f2" strokecolor="#7f7f7f" strokeweight=".5pt">` +
    `<v:textbox><w:txbxContent>${paragraphs}</w:txbxContent></v:textbox><w10:wrap type="square"/></v:shape>` +
    '</w:pict></mc:Fallback></mc:AlternateContent></w:r>'
  );
}

const SECTION = (refs: string) =>
  `<w:sectPr>${refs}<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/><w:cols w:space="708"/><w:docGrid w:linePitch="360"/></w:sectPr>`;

const STYLES =
  '<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:eastAsia="Calibri" w:hAnsi="Calibri" w:cs="Times New Roman"/><w:sz w:val="22"/><w:szCs w:val="22"/><w:lang w:val="en-GB" w:eastAsia="en-US" w:bidi="ar-SA"/></w:rPr></w:rPrDefault>' +
  '<w:pPrDefault><w:pPr><w:spacing w:after="160" w:line="259" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>' +
  '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:spacing w:after="240" w:line="240" w:lineRule="auto"/><w:jc w:val="center"/></w:pPr><w:rPr><w:rFonts w:ascii="Calibri Light" w:hAnsi="Calibri Light"/><w:caps/><w:kern w:val="28"/><w:sz w:val="44"/><w:szCs w:val="44"/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:keepLines/><w:spacing w:before="240" w:after="120"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:bCs/><w:color w:val="1F3864"/><w:sz w:val="28"/><w:szCs w:val="28"/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="120" w:after="80"/><w:outlineLvl w:val="1"/></w:pPr><w:rPr><w:color w:val="2F5496"/><w:sz w:val="24"/><w:szCs w:val="24"/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Clause"><w:name w:val="Clause"/><w:basedOn w:val="Normal"/><w:qFormat/><w:pPr><w:spacing w:after="120"/><w:jc w:val="both"/></w:pPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/><w:basedOn w:val="Normal"/><w:qFormat/><w:pPr><w:ind w:left="720"/><w:contextualSpacing/></w:pPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Header"><w:name w:val="header"/><w:basedOn w:val="Normal"/><w:pPr><w:tabs><w:tab w:val="center" w:pos="4513"/><w:tab w:val="right" w:pos="9026"/></w:tabs><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:rPr><w:color w:val="595959"/><w:sz w:val="18"/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Footer"><w:name w:val="footer"/><w:basedOn w:val="Normal"/><w:pPr><w:tabs><w:tab w:val="center" w:pos="4513"/><w:tab w:val="right" w:pos="9026"/></w:tabs><w:spacing w:after="0" w:line="240" w:lineRule="auto"/><w:jc w:val="center"/></w:pPr><w:rPr><w:sz w:val="18"/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="FootnoteText"><w:name w:val="footnote text"/><w:basedOn w:val="Normal"/><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:rPr><w:sz w:val="20"/><w:szCs w:val="20"/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="CommentText"><w:name w:val="annotation text"/><w:basedOn w:val="Normal"/><w:pPr><w:spacing w:line="240" w:lineRule="auto"/></w:pPr><w:rPr><w:sz w:val="20"/><w:szCs w:val="20"/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Caption"><w:name w:val="caption"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:rPr><w:i/><w:iCs/><w:color w:val="44546A"/><w:sz w:val="18"/></w:rPr></w:style>' +
  '<w:style w:type="character" w:default="1" w:styleId="DefaultParagraphFont"><w:name w:val="Default Paragraph Font"/><w:uiPriority w:val="1"/><w:semiHidden/><w:unhideWhenUsed/></w:style>' +
  '<w:style w:type="character" w:styleId="FootnoteReference"><w:name w:val="footnote reference"/><w:basedOn w:val="DefaultParagraphFont"/><w:rPr><w:vertAlign w:val="superscript"/></w:rPr></w:style>' +
  '<w:style w:type="character" w:styleId="CommentReference"><w:name w:val="annotation reference"/><w:basedOn w:val="DefaultParagraphFont"/><w:rPr><w:sz w:val="16"/><w:szCs w:val="16"/></w:rPr></w:style>' +
  '<w:style w:type="character" w:styleId="Hyperlink"><w:name w:val="Hyperlink"/><w:basedOn w:val="DefaultParagraphFont"/><w:rPr><w:color w:val="0563C1"/><w:u w:val="single"/></w:rPr></w:style>' +
  '<w:style w:type="character" w:styleId="Strong"><w:name w:val="Strong"/><w:basedOn w:val="DefaultParagraphFont"/><w:qFormat/><w:rPr><w:b/><w:bCs/></w:rPr></w:style>' +
  '<w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/><w:uiPriority w:val="99"/><w:semiHidden/><w:unhideWhenUsed/><w:tblPr><w:tblInd w:w="0" w:type="dxa"/><w:tblCellMar><w:top w:w="0" w:type="dxa"/><w:left w:w="108" w:type="dxa"/><w:bottom w:w="0" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>' +
  '<w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/><w:basedOn w:val="TableNormal"/><w:uiPriority w:val="39"/><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:tblPr><w:tblBorders>' +
  ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((s) => `<w:${s} w:val="single" w:sz="4" w:space="0" w:color="auto"/>`).join('') +
  '</w:tblBorders></w:tblPr></w:style>' +
  '<w:style w:type="numbering" w:default="1" w:styleId="NoList"><w:name w:val="No List"/><w:uiPriority w:val="99"/><w:semiHidden/><w:unhideWhenUsed/></w:style>';

/** numId 1: clauses "1." and "1.1" (multilevel decimal); numId 2: bullets. */
const NUMBERING =
  '<w:abstractNum w:abstractNumId="0"><w:nsid w:val="1A2B3C4D"/><w:multiLevelType w:val="multilevel"/><w:tmpl w:val="0409001F"/>' +
  '<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:pStyle w:val="Heading1"/><w:lvlText w:val="%1."/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="567" w:hanging="567"/></w:pPr></w:lvl>' +
  '<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1.%2"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="567" w:hanging="567"/></w:pPr></w:lvl>' +
  '<w:lvl w:ilvl="2"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="(%3)"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="1134" w:hanging="567"/></w:pPr></w:lvl>' +
  '</w:abstractNum>' +
  '<w:abstractNum w:abstractNumId="1"><w:nsid w:val="5E6F7A8B"/><w:multiLevelType w:val="hybridMultilevel"/>' +
  '<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="\u2022"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr><w:rPr><w:rFonts w:ascii="Symbol" w:hAnsi="Symbol" w:hint="default"/></w:rPr></w:lvl>' +
  '<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="o"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="1440" w:hanging="360"/></w:pPr><w:rPr><w:rFonts w:ascii="Courier New" w:hAnsi="Courier New" w:cs="Courier New" w:hint="default"/></w:rPr></w:lvl>' +
  '</w:abstractNum>' +
  '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>';

const SETTINGS =
  '<w:zoom w:percent="100"/><w:trackRevisions/><w:defaultTabStop w:val="720"/><w:characterSpacingControl w:val="doNotCompress"/>' +
  '<w:footnotePr><w:footnote w:id="-1"/><w:footnote w:id="0"/></w:footnotePr>' +
  '<w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="15"/></w:compat>' +
  '<w:themeFontLang w:val="en-GB"/>';

const properties = (title: string) => ({ title, creator: 'Jordan Avery', created: '2025-02-17T10:04:00Z', modified: '2025-03-01T09:30:00Z' });

// ---------------------------------------------------------------------------------------------
// The documents

const LOGO = 'word/media/image1.png';

/** A supply agreement with every feature listed at the top of this file. */
export const contractDocx = once((): Uint8Array => {
  const logo = png(96, 64, 0x10c0);
  const date =
    '<w:sdt><w:sdtPr><w:alias w:val="Effective date"/><w:tag w:val="effective-date"/><w:id w:val="-1425416601"/>' +
    '<w:date w:fullDate="2025-03-01T00:00:00Z"><w:dateFormat w:val="d MMMM yyyy"/><w:lid w:val="en-GB"/><w:storeMappedDataAs w:val="dateTime"/><w:calendar w:val="gregorian"/></w:date></w:sdtPr>' +
    `<w:sdtContent>${run('1 March 2025')}</w:sdtContent></w:sdt>`;
  const governingLaw =
    '<w:sdt><w:sdtPr><w:alias w:val="Governing law"/><w:tag w:val="governing-law"/><w:id w:val="1027913470"/><w:richText/></w:sdtPr><w:sdtContent>' +
    numbered('Clause', 1, run('This Agreement is governed by the law of England and Wales, and the courts of London have exclusive jurisdiction over any dispute arising from it.')) +
    '</w:sdtContent></w:sdt>';
  const priceTable =
    '<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="9026" w:type="dxa"/><w:tblLook w:val="04A0" w:firstRow="1" w:lastRow="0" w:firstColumn="1" w:lastColumn="0" w:noHBand="0" w:noVBand="1"/></w:tblPr>' +
    '<w:tblGrid><w:gridCol w:w="4513"/><w:gridCol w:w="2256"/><w:gridCol w:w="2257"/></w:tblGrid>' +
    [
      ['Product', 'Unit', 'Price (GBP)'],
      ['Sterile saline, 500 ml', 'Case of 24', '86.40'],
      ['Nitrile gloves, medium', 'Box of 100', '7.95'],
      ['Surgical masks, type IIR', 'Box of 50', '12.10'],
    ]
      .map(
        (cells, r) =>
          `<w:tr>${r === 0 ? '<w:trPr><w:tblHeader/></w:trPr>' : ''}` +
          cells
            .map((c, i) => `<w:tc><w:tcPr><w:tcW w:w="${i === 0 ? 4513 : 2256}" w:type="dxa"/>${r === 0 ? '<w:shd w:val="clear" w:color="auto" w:fill="D9E2F3"/>' : ''}</w:tcPr>${para(run(c, r === 0 ? '<w:b/><w:bCs/>' : ''), i === 0 ? '' : '<w:jc w:val="right"/>')}</w:tc>`)
            .join('') +
          '</w:tr>',
      )
      .join('') +
    '</w:tbl>';

  const body = [
    styled('Title', run(CONTRACT_PHRASES.title)),
    para(inlinePicture(mediaRelId(LOGO), 1, 'logo.png', 'Northwind Traders logo', 96, 64), '<w:jc w:val="center"/>'),
    styled('Clause', run('This agreement is made on ') + date + run(' between Northwind Traders Ltd, of 12 Harbour Road, Bristol (the ') + run('Supplier', '<w:rStyle w:val="Strong"/>') + run('), and Contoso Pharmaceuticals plc, of 40 Kingsway, London (the ') + run('Customer', '<w:rStyle w:val="Strong"/>') + run(').')),
    // A note in a text box, anchored to this paragraph.
    styled('Clause', run('The parties agree as follows.') + textBox(2, para(run('Confidential: prepared for the parties only, not for circulation.', '<w:i/><w:iCs/><w:sz w:val="18"/>')))),
    numbered('Heading1', 0, '<w:bookmarkStart w:id="0" w:name="_Ref190000001"/>' + run('Definitions') + '<w:bookmarkEnd w:id="0"/>'),
    numbered('Clause', 1, run('Goods means the products listed in the Schedule, as updated from time to time.') + '<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteReference w:id="1"/></w:r>'),
    numbered('Clause', 1, run('Working day means a day other than a Saturday, a Sunday or a public holiday in England.')),
    numbered('Heading1', 0, run('Orders')),
    numbered('Clause', 1, run('The Customer shall place each order in writing, stating the quantity of each product, the delivery address and the date by which delivery is needed.')),
    numbered('Clause', 1, run('An order is accepted when the Supplier confirms it, or when the Supplier begins to deliver the Goods, whichever happens first.')),
    numbered('Heading1', 0, run('Delivery')),
    numbered(
      'Clause',
      1,
      run('The Supplier shall deliver the Goods to the delivery address ') +
        '<w:commentRangeStart w:id="0"/>' +
        run(CONTRACT_PHRASES.delivery) +
        '<w:commentRangeEnd w:id="0"/><w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr><w:commentReference w:id="0"/></w:r>' +
        run(', packed so that they reach the Customer undamaged.'),
    ),
    numbered('Clause', 1, run('Risk in the Goods passes to the Customer on delivery; ownership passes when the Supplier has been paid in full.')),
    numbered('Heading1', 0, run('Price and payment')),
    numbered(
      'Clause',
      1,
      run('The prices are those in the Schedule. The Supplier shall invoice the Customer on delivery, and the Customer shall pay each invoice within ') +
        `<w:del w:id="101" w:author="Priya Shah" w:date="2025-02-27T14:12:00Z"><w:r><w:delText>sixty</w:delText></w:r></w:del>` +
        `<w:ins w:id="102" w:author="Priya Shah" w:date="2025-02-27T14:12:00Z">${run('thirty')}</w:ins>` +
        run(' days of the invoice date.'),
    ),
    numbered('Clause', 1, run('The Customer shall:')),
    bullet(run('check each delivery against its order on the day it arrives;')),
    bullet(run('report any shortage or damage within two working days;') + `<w:ins w:id="103" w:author="Priya Shah" w:date="2025-02-27T14:15:00Z">${run(' and')}</w:ins>`),
    bullet(run('keep the Goods in the conditions printed on their packaging.')),
    numbered('Heading1', 0, run('Term and termination')),
    numbered('Clause', 1, run('This agreement lasts for two years from its date. Either party may end it by giving the other three months\u2019 notice in writing, as set out in clause ') + complexField('REF _Ref190000001 \\r \\h', '1') + run('.')),
    numbered(
      'Clause',
      1,
      run('Notices may be sent by email to the addresses published at ') +
        `<w:hyperlink r:id="rIdLink1" w:history="1">${run('contoso.example/notices', '<w:rStyle w:val="Hyperlink"/>')}</w:hyperlink>` +
        run('.'),
    ),
    governingLaw,
    styled('Heading1', run('Schedule \u2013 Goods and prices')),
    priceTable,
    para(''),
    para(run('Signed for the Supplier') + '<w:r><w:tab/></w:r>' + run('Signed for the Customer'), '<w:tabs><w:tab w:val="left" w:pos="4820"/></w:tabs><w:spacing w:before="720"/>'),
    SECTION('<w:headerReference w:type="default" r:id="rIdH1"/><w:footerReference w:type="default" r:id="rIdFt1"/>'),
  ].join('');

  return buildDocx({
    rootAttrs: ROOT_ATTRS,
    body,
    styles: STYLES,
    numbering: NUMBERING,
    settings: SETTINGS,
    headers: [styled('Header', run(`${CONTRACT_PHRASES.title} \u2013 Northwind Traders Ltd and Contoso Pharmaceuticals plc`))],
    footers: [
      styled('Footer', run('Page ') + `<w:fldSimple w:instr=" PAGE \\* MERGEFORMAT ">${run('1')}</w:fldSimple>` + run(' of ') + complexField('NUMPAGES \\* MERGEFORMAT', '2')),
    ],
    footnotes:
      '<w:footnote w:type="separator" w:id="-1"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:r><w:separator/></w:r></w:p></w:footnote>' +
      '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>' +
      `<w:footnote w:id="1">${styled('FootnoteText', '<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteRef/></w:r>' + run(' The Schedule is reviewed each quarter and changed only by agreement of both parties.'))}</w:footnote>`,
    comments: `<w:comment w:id="0" w:author="Sam Okafor" w:date="2025-02-26T16:40:00Z" w:initials="SO">${styled('CommentText', '<w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr><w:annotationRef/></w:r>' + run('Check with the warehouse team that ten working days is realistic in December.'))}</w:comment>`,
    links: { rIdLink1: 'https://contoso.example/notices' },
    properties: properties(CONTRACT_PHRASES.title),
    extraParts: { [LOGO]: logo },
    mtime: MTIME,
  });
});

/** Word 2010+ output: every paragraph with w14:paraId and w14:textId; a bulleted list and a simple field. */
export const memoDocx = once((): Uint8Array => {
  const ids = seeded(0x3e30);
  const id = () => ((ids() & 0x7ffffffe) + 1).toString(16).toUpperCase().padStart(8, '0');
  const p = (content: string, pPr = '') => `<w:p w14:paraId="${id()}" w14:textId="${id()}">${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${content}</w:p>`;
  const rsid = (text: string) => `<w:r w:rsidRPr="00A51C2E">${t(text)}</w:r>`;
  const body = [
    p(run('Board meeting notes'), '<w:pStyle w:val="Title"/>'),
    p(run('Held at the Bristol office on ') + `<w:fldSimple w:instr=" DATE \\@ &quot;d MMMM yyyy&quot; ">${run('4 March 2025')}</w:fldSimple>` + run(', with five directors present.')),
    p(run('Decisions'), '<w:pStyle w:val="Heading1"/>'),
    p(rsid('The board approved the budget for the coming year and asked the finance team for a monthly report.'), '<w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="2"/></w:numPr>'),
    p(rsid('A new warehouse lease in Avonmouth will be negotiated before the summer.'), '<w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="2"/></w:numPr>'),
    p(rsid('Recruitment of two drivers goes ahead at once.'), '<w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="2"/></w:numPr>'),
    p(run('Next steps'), '<w:pStyle w:val="Heading1"/>'),
    p(run('The chair will circulate these notes to every director by Friday, and the next meeting is set for the first Tuesday of April.')),
    SECTION(''),
  ].join('');
  return buildDocx({ rootAttrs: ROOT_ATTRS, body, styles: STYLES, numbering: NUMBERING, settings: SETTINGS, properties: properties('Board meeting notes'), mtime: MTIME });
});

/** A price schedule: merged cells both ways, a repeated header row, a table in a cell. */
export const tablesDocx = once((): Uint8Array => {
  const cell = (content: string, width: number, extra = '') => `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/>${extra}</w:tcPr>${content}</w:tc>`;
  const text = (s: string, rPr = '') => para(run(s, rPr));
  const header = (cells: string[], widths: number[]) =>
    `<w:tr><w:trPr><w:tblHeader/></w:trPr>${cells.map((c, i) => cell(text(c, '<w:b/><w:bCs/>'), widths[i]!, '<w:shd w:val="clear" w:color="auto" w:fill="E2EFDA"/>')).join('')}</w:tr>`;
  const tbl = (widths: number[], rows: string) =>
    `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="${widths.reduce((a, b) => a + b, 0)}" w:type="dxa"/><w:tblLook w:val="04A0" w:firstRow="1" w:lastRow="0" w:firstColumn="1" w:lastColumn="0" w:noHBand="0" w:noVBand="1"/></w:tblPr>` +
    `<w:tblGrid>${widths.map((w) => `<w:gridCol w:w="${w}"/>`).join('')}</w:tblGrid>${rows}</w:tbl>`;
  const w4 = [3000, 2000, 2000, 2026];
  const prices = tbl(
    w4,
    header(['Region', 'Quarter', 'Units', 'Revenue (GBP)'], w4) +
      `<w:tr>${cell(text('South West'), w4[0]!, '<w:vMerge w:val="restart"/><w:vAlign w:val="center"/>')}${cell(text('First'), w4[1]!)}${cell(text('1,240'), w4[2]!)}${cell(text('96,300'), w4[3]!)}</w:tr>` +
      `<w:tr>${cell(para(''), w4[0]!, '<w:vMerge/>')}${cell(text('Second'), w4[1]!)}${cell(text('1,415'), w4[2]!)}${cell(text('109,870'), w4[3]!)}</w:tr>` +
      `<w:tr>${cell(text('Wales'), w4[0]!, '<w:vMerge w:val="restart"/><w:vAlign w:val="center"/>')}${cell(text('First'), w4[1]!)}${cell(text('610'), w4[2]!)}${cell(text('47,190'), w4[3]!)}</w:tr>` +
      `<w:tr>${cell(para(''), w4[0]!, '<w:vMerge/>')}${cell(text('Second'), w4[1]!)}${cell(text('702'), w4[2]!)}${cell(text('54,020'), w4[3]!)}</w:tr>` +
      `<w:tr>${cell(text('Total for the half year', '<w:b/><w:bCs/>'), w4[0]! + w4[1]!, '<w:gridSpan w:val="2"/>')}${cell(text('3,967'), w4[2]!)}${cell(text('307,380'), w4[3]!)}</w:tr>`,
  );
  const w2 = [4513, 4513];
  const inner = tbl([2000, 2000], `<w:tr>${cell(text('Pallets'), 2000)}${cell(text('38'), 2000)}</w:tr><w:tr>${cell(text('Returns'), 2000)}${cell(text('4'), 2000)}</w:tr>`);
  const nested = tbl(
    w2,
    header(['Depot', 'Figures for March'], w2) +
      `<w:tr>${cell(text('Avonmouth depot, opened in January, now serves every customer north of the river.'), w2[0]!)}${cell(inner + para(''), w2[1]!)}</w:tr>`,
  );
  const body = [
    styled('Title', run('Quarterly sales figures')),
    para(run('The figures below cover the first half of the financial year, by region and by quarter.')),
    styled('Heading1', run('Sales by region')),
    prices,
    para(''),
    styled('Heading1', run('Depots')),
    nested,
    para(run('Figures are unaudited and may change when the accounts are closed.')),
    SECTION(''),
  ].join('');
  return buildDocx({ rootAttrs: ROOT_ATTRS, body, styles: STYLES, settings: SETTINGS, properties: properties('Quarterly sales figures'), mtime: MTIME });
});

/** An inspection report with two photographs, one inline with a caption and one floating. */
export const picturesDocx = once((): Uint8Array => {
  const front = 'word/media/image1.png';
  const yard = 'word/media/image2.png';
  const body = [
    styled('Title', run('Site inspection report')),
    styled('Clause', run('The inspection of the Avonmouth site took place on a dry morning; the photographs below were taken from the main gate and from the loading yard.')),
    para(inlinePicture(mediaRelId(front), 1, 'gate.png', 'The main gate seen from the road', 160, 120), '<w:jc w:val="center"/>'),
    styled('Caption', run('Figure 1: the main gate, seen from the road'), '<w:jc w:val="center"/>'),
    styled('Clause', floatingPicture(mediaRelId(yard), 2, 'yard.png', 'The loading yard', 160, 120) + run('The loading yard has room for four lorries at once. Its surface is sound, but two drains near the north wall are blocked and should be cleared before the winter.')),
    styled('Clause', run('No other defects were found. A follow-up visit is proposed for the autumn.')),
    SECTION(''),
  ].join('');
  return buildDocx({
    rootAttrs: ROOT_ATTRS,
    body,
    styles: STYLES,
    settings: SETTINGS,
    properties: properties('Site inspection report'),
    extraParts: { [front]: png(160, 120, 0x9a7e), [yard]: png(160, 120, 0x5a2d) },
    mtime: MTIME,
  });
});

/** The contract, protected with the password 'pass' to open. */
export const passwordProtectedDocx = once(() => encryptedDocx(contractDocx(), 'pass', seededBytes(0xc0ffee, 32)));

/** The contract cut off half-way: its ZIP central directory is gone. */
export const truncatedDocx = once(() => contractDocx().slice(0, Math.floor(contractDocx().length / 2)));

/** One 30 MB part of zeros posing as a picture. */
export const zipBomb = once(oneBigPartBomb);

/** A PNG picture, named .docx by whoever uploads it. */
export const renamedImage = once(() => png(48, 48, 0x1ab));

// ---------------------------------------------------------------------------------------------
// The catalogue the corpus-like suites walk

export interface GeneratedDocument {
  /** The file name it is uploaded under. */
  readonly name: string;
  readonly bytes: () => Uint8Array;
}

/**
 * Documents that must process and upload as `complete`. Their file names hold none of the words a
 * library card takes its colour from (web/features/documents/lib/card-theme.ts), so their cards are slate.
 */
export const GENERATED_DOCUMENTS = {
  contract: { name: 'northwind-supply.docx', bytes: contractDocx },
  memo: { name: 'board-notes.docx', bytes: memoDocx },
  tables: { name: 'sales-figures.docx', bytes: tablesDocx },
  pictures: { name: 'site-inspection.docx', bytes: picturesDocx },
} as const satisfies Record<string, GeneratedDocument>;

/** Files that must be refused, each with its code and the sentence the user reads. */
export const GENERATED_REFUSALS = {
  passwordProtected: { name: 'password-is-pass.docx', bytes: passwordProtectedDocx, code: 'encrypted', reason: /^Password-protected documents are not supported$/ },
  truncated: { name: 'truncated.docx', bytes: truncatedDocx, code: 'damaged', reason: /^The file is damaged or incomplete/ },
  zipBomb: { name: 'bomb.docx', bytes: zipBomb, code: 'too_large', reason: /ZIP bombs/ },
  renamedImage: { name: 'photo.docx', bytes: renamedImage, code: 'not_docx', reason: /^This file is a PNG image, not a Word document\.$/ },
} as const satisfies Record<string, GeneratedDocument & { code: string; reason: RegExp }>;

