/**
 * The fixed parts of a template package: everything except word/document.xml. Kept apart from
 * the builder so the look of every template (fonts, sizes, colours, bullets) is decided in one
 * place. Element order inside each part follows the WordprocessingML schema sequence, because
 * Word rejects out-of-order children as corrupt even where LibreOffice shrugs them off.
 */

/** Text and attribute escaping; also drops characters XML 1.0 cannot carry at all. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
export const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const WML_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml';

/** A fixed timestamp so that every boot produces byte-identical templates. */
export const TEMPLATE_TIMESTAMP = '2025-01-01T00:00:00Z';

export const A4 = { width: 11906, height: 16838, margin: 1440 } as const;
export const TEXT_WIDTH = A4.width - 2 * A4.margin;

export const COLOURS = {
  heading: '1F3864',
  accent: '2F5496',
  guidance: '7F7F7F',
  subtitle: '595959',
  rule: 'BFBFBF',
  headerFill: 'D9E2F3',
} as const;

export const contentTypesXml =
  XML_DECL +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  `<Override PartName="/word/document.xml" ContentType="${WML_TYPE}.document.main+xml"/>` +
  `<Override PartName="/word/styles.xml" ContentType="${WML_TYPE}.styles+xml"/>` +
  `<Override PartName="/word/numbering.xml" ContentType="${WML_TYPE}.numbering+xml"/>` +
  `<Override PartName="/word/settings.xml" ContentType="${WML_TYPE}.settings+xml"/>` +
  '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
  '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>' +
  '</Types>';

export const rootRelsXml =
  XML_DECL +
  `<Relationships xmlns="${REL_NS}">` +
  `<Relationship Id="rId1" Type="${OFFICE_REL}/officeDocument" Target="word/document.xml"/>` +
  `<Relationship Id="rId2" Type="${REL_NS}/metadata/core-properties" Target="docProps/core.xml"/>` +
  `<Relationship Id="rId3" Type="${OFFICE_REL}/extended-properties" Target="docProps/app.xml"/>` +
  '</Relationships>';

export const documentRelsXml =
  XML_DECL +
  `<Relationships xmlns="${REL_NS}">` +
  `<Relationship Id="rId1" Type="${OFFICE_REL}/styles" Target="styles.xml"/>` +
  `<Relationship Id="rId2" Type="${OFFICE_REL}/numbering" Target="numbering.xml"/>` +
  `<Relationship Id="rId3" Type="${OFFICE_REL}/settings" Target="settings.xml"/>` +
  '</Relationships>';

const BODY_FONT = '<w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:eastAsia="Calibri" w:cs="Calibri"/>';
const HEADING_FONT =
  '<w:rFonts w:ascii="Calibri Light" w:hAnsi="Calibri Light" w:eastAsia="Calibri Light" w:cs="Calibri Light"/>';

type StyleDef = { id: string; name: string; basedOn?: string; next?: string; pPr?: string; rPr?: string };

const paragraphStyle = (s: StyleDef) =>
  `<w:style w:type="paragraph" w:styleId="${s.id}"><w:name w:val="${s.name}"/>` +
  (s.basedOn ? `<w:basedOn w:val="${s.basedOn}"/>` : '') +
  (s.next ? `<w:next w:val="${s.next}"/>` : '') +
  '<w:qFormat/>' +
  (s.pPr ? `<w:pPr>${s.pPr}</w:pPr>` : '') +
  (s.rPr ? `<w:rPr>${s.rPr}</w:rPr>` : '') +
  '</w:style>';

const border = (side: string) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="${COLOURS.rule}"/>`;

export const stylesXml =
  XML_DECL +
  `<w:styles xmlns:w="${W_NS}">` +
  '<w:docDefaults>' +
  `<w:rPrDefault><w:rPr>${BODY_FONT}<w:sz w:val="22"/><w:szCs w:val="22"/>` +
  '<w:lang w:val="en-GB" w:eastAsia="en-US" w:bidi="ar-SA"/></w:rPr></w:rPrDefault>' +
  '<w:pPrDefault><w:pPr><w:spacing w:after="160" w:line="264" w:lineRule="auto"/></w:pPr></w:pPrDefault>' +
  '</w:docDefaults>' +
  '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>' +
  '<w:style w:type="character" w:default="1" w:styleId="DefaultParagraphFont">' +
  '<w:name w:val="Default Paragraph Font"/><w:uiPriority w:val="1"/><w:semiHidden/><w:unhideWhenUsed/></w:style>' +
  '<w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/>' +
  '<w:uiPriority w:val="99"/><w:semiHidden/><w:unhideWhenUsed/><w:tblPr><w:tblInd w:w="0" w:type="dxa"/>' +
  '<w:tblCellMar><w:top w:w="0" w:type="dxa"/><w:left w:w="108" w:type="dxa"/>' +
  '<w:bottom w:w="0" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>' +
  '<w:style w:type="numbering" w:default="1" w:styleId="NoList"><w:name w:val="No List"/>' +
  '<w:uiPriority w:val="99"/><w:semiHidden/><w:unhideWhenUsed/></w:style>' +
  paragraphStyle({
    id: 'Title',
    name: 'Title',
    basedOn: 'Normal',
    next: 'Subtitle',
    pPr:
      `<w:pBdr><w:bottom w:val="single" w:sz="8" w:space="4" w:color="${COLOURS.accent}"/></w:pBdr>` +
      '<w:spacing w:after="120" w:line="240" w:lineRule="auto"/><w:contextualSpacing/>',
    rPr: `${HEADING_FONT}<w:color w:val="${COLOURS.heading}"/><w:kern w:val="28"/><w:sz w:val="56"/><w:szCs w:val="56"/>`,
  }) +
  paragraphStyle({
    id: 'Subtitle',
    name: 'Subtitle',
    basedOn: 'Normal',
    next: 'Normal',
    pPr: '<w:spacing w:after="360"/>',
    rPr: `<w:color w:val="${COLOURS.subtitle}"/><w:spacing w:val="10"/><w:sz w:val="28"/><w:szCs w:val="28"/>`,
  }) +
  paragraphStyle({
    id: 'Heading1',
    name: 'heading 1',
    basedOn: 'Normal',
    next: 'Normal',
    pPr: '<w:keepNext/><w:keepLines/><w:spacing w:before="360" w:after="120"/><w:outlineLvl w:val="0"/>',
    rPr: `${HEADING_FONT}<w:color w:val="${COLOURS.accent}"/><w:sz w:val="32"/><w:szCs w:val="32"/>`,
  }) +
  paragraphStyle({
    id: 'Heading2',
    name: 'heading 2',
    basedOn: 'Normal',
    next: 'Normal',
    pPr: '<w:keepNext/><w:keepLines/><w:spacing w:before="240" w:after="80"/><w:outlineLvl w:val="1"/>',
    rPr: `${HEADING_FONT}<w:color w:val="${COLOURS.accent}"/><w:sz w:val="26"/><w:szCs w:val="26"/>`,
  }) +
  paragraphStyle({
    id: 'ListBullet',
    name: 'List Bullet',
    basedOn: 'Normal',
    pPr: '<w:numPr><w:numId w:val="1"/></w:numPr><w:spacing w:after="60"/><w:contextualSpacing/>',
  }) +
  paragraphStyle({
    id: 'Guidance',
    name: 'Guidance',
    basedOn: 'Normal',
    next: 'Normal',
    rPr: `<w:i/><w:iCs/><w:color w:val="${COLOURS.guidance}"/>`,
  }) +
  paragraphStyle({
    id: 'TableText',
    name: 'Table Text',
    basedOn: 'Normal',
    pPr: '<w:spacing w:before="40" w:after="40" w:line="240" w:lineRule="auto"/>',
    rPr: '<w:sz w:val="20"/><w:szCs w:val="20"/>',
  }) +
  '<w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/><w:basedOn w:val="TableNormal"/>' +
  '<w:uiPriority w:val="39"/><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr>' +
  `<w:tblPr><w:tblBorders>${['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map(border).join('')}</w:tblBorders></w:tblPr>` +
  '</w:style>' +
  '</w:styles>';

// Two bullet levels: a filled dot, then an en dash, indented like Word's own List Bullet.
const bulletLevel = (ilvl: number, glyph: string) =>
  `<w:lvl w:ilvl="${ilvl}"><w:start w:val="1"/><w:numFmt w:val="bullet"/>` +
  (ilvl === 0 ? '<w:pStyle w:val="ListBullet"/>' : '') +
  `<w:lvlText w:val="${glyph}"/><w:lvlJc w:val="left"/>` +
  `<w:pPr><w:ind w:left="${360 * (ilvl + 1)}" w:hanging="360"/></w:pPr>` +
  `<w:rPr>${BODY_FONT}</w:rPr></w:lvl>`;

export const numberingXml =
  XML_DECL +
  `<w:numbering xmlns:w="${W_NS}">` +
  '<w:abstractNum w:abstractNumId="0"><w:multiLevelType w:val="hybridMultilevel"/>' +
  bulletLevel(0, '\u2022') +
  bulletLevel(1, '\u2013') +
  '</w:abstractNum>' +
  '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>' +
  '</w:numbering>';

export const settingsXml =
  XML_DECL +
  `<w:settings xmlns:w="${W_NS}">` +
  '<w:zoom w:percent="100"/><w:defaultTabStop w:val="720"/>' +
  '<w:characterSpacingControl w:val="doNotCompress"/>' +
  // Mode 15 makes Word open the file as a current document rather than in compatibility mode.
  '<w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="15"/></w:compat>' +
  '</w:settings>';

export function corePropsXml(meta: { title: string; description: string }): string {
  return (
    XML_DECL +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
    'xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:title>${escapeXml(meta.title)}</dc:title>` +
    `<dc:description>${escapeXml(meta.description)}</dc:description>` +
    '<dc:creator>Redraft</dc:creator><cp:lastModifiedBy>Redraft</cp:lastModifiedBy><cp:revision>1</cp:revision>' +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${TEMPLATE_TIMESTAMP}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${TEMPLATE_TIMESTAMP}</dcterms:modified>` +
    '</cp:coreProperties>'
  );
}

export const appPropsXml =
  XML_DECL +
  '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" ' +
  'xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">' +
  '<Application>Redraft</Application><DocSecurity>0</DocSecurity><ScaleCrop>false</ScaleCrop>' +
  '<LinksUpToDate>false</LinksUpToDate><SharedDoc>false</SharedDoc><HyperlinksChanged>false</HyperlinksChanged>' +
  '</Properties>';
