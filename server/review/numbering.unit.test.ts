import { describe, expect, it } from 'vitest';
import { W_MAIN_NS } from '../../tests/support/docx/fixtures';
import { MC_NS } from '../docx/package';
import { XmlError } from '../docx/xml';
import { ListCounters, formatNumber, readNumbering } from './numbering';

type LevelSpec = { fmt?: string; text: string; start?: number; restart?: number; legal?: boolean; pStyle?: string };

const lvl = (ilvl: number, l: LevelSpec) =>
  `<w:lvl w:ilvl="${ilvl}">` +
  (l.start === undefined ? '<w:start w:val="1"/>' : `<w:start w:val="${l.start}"/>`) +
  `<w:numFmt w:val="${l.fmt ?? 'decimal'}"/>` +
  (l.restart === undefined ? '' : `<w:lvlRestart w:val="${l.restart}"/>`) +
  (l.pStyle === undefined ? '' : `<w:pStyle w:val="${l.pStyle}"/>`) +
  (l.legal ? '<w:isLgl/>' : '') +
  `<w:lvlText w:val="${l.text}"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="${720 * (ilvl + 1)}" w:hanging="360"/></w:pPr></w:lvl>`;

const abstractNum = (id: number, levels: readonly LevelSpec[], extra = '') =>
  `<w:abstractNum w:abstractNumId="${id}"><w:multiLevelType w:val="multilevel"/>${extra}${levels.map((l, i) => lvl(i, l)).join('')}</w:abstractNum>`;

const num = (numId: number, abstractId: number, overrides = '') => `<w:num w:numId="${numId}"><w:abstractNumId w:val="${abstractId}"/>${overrides}</w:num>`;

const numberingXml = (inner: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:numbering xmlns:w="${W_MAIN_NS}" xmlns:mc="${MC_NS}">${inner}</w:numbering>`;

/** The labels of paragraphs numbered [numId, ilvl, style?] in this order. */
function labels(inner: string, paragraphs: ReadonlyArray<readonly [number, number | undefined, string?]>, numIdOfStyle: (id: string) => number | undefined = () => undefined) {
  const counters = new ListCounters(readNumbering(numberingXml(inner)), numIdOfStyle);
  return paragraphs.map(([numId, ilvl, style]) => counters.next(numId, ilvl, style ?? null));
}

const CONTRACT: readonly LevelSpec[] = [
  { text: '%1.' },
  { text: '%1.%2.' },
  { text: '%1.%2.%3.' },
  { fmt: 'lowerLetter', text: '(%4)' },
  { fmt: 'lowerRoman', text: '(%5)' },
];

describe('ListCounters', () => {
  it('numbers a multi-level contract list, each higher level resetting the ones below it', () => {
    const xml = abstractNum(0, CONTRACT) + num(1, 0);
    const levels = [0, 1, 1, 2, 3, 3, 4, 4, 3, 2, 0, 1, 3, 0, 2];
    expect(labels(xml, levels.map((l) => [1, l] as const))).toEqual([
      '1.', '1.1.', '1.2.', '1.2.1.', '(a)', '(b)', '(i)', '(ii)', '(c)', '1.2.2.', '2.', '2.1.', '(a)', '3.', '3.1.1.',
    ]);
  });

  it('shows an unused higher level at its start value', () => {
    expect(labels(abstractNum(0, CONTRACT) + num(1, 0), [[1, 2], [1, 2], [1, 0]])).toEqual(['1.1.1.', '1.1.2.', '1.']);
  });

  it('keeps counting a level whose w:lvlRestart is 0, and restarts one only after the level it names', () => {
    const xml =
      abstractNum(0, [{ text: '%1.' }, { text: 'Note %2', restart: 0 }, { text: '%1.%3', restart: 1 }]) + num(1, 0);
    expect(labels(xml, [[1, 0], [1, 1], [1, 2], [1, 0], [1, 1], [1, 2], [1, 1], [1, 2]])).toEqual([
      '1.', 'Note 1', '1.1', '2.', 'Note 2', '2.1', 'Note 3', '2.2',
    ]);
  });

  it('shares the counters of one abstract definition across its w:num instances', () => {
    const xml = abstractNum(0, CONTRACT) + num(1, 0) + num(2, 0);
    expect(labels(xml, [[1, 0], [1, 0], [2, 0], [2, 1], [1, 0]])).toEqual(['1.', '2.', '3.', '3.1.', '4.']);
  });

  it('restarts at a w:startOverride where its w:num is first used, and only the overridden level', () => {
    const restart = `<w:lvlOverride w:ilvl="0"><w:startOverride w:val="5"/></w:lvlOverride>`;
    const xml = abstractNum(0, CONTRACT) + num(1, 0) + num(2, 0, restart);
    expect(labels(xml, [[1, 0], [1, 1], [1, 1], [2, 1], [2, 0], [2, 0], [1, 0]])).toEqual([
      '1.', '1.1.', '1.2.', '5.3.', '5.', '6.', '7.',
    ]);
  });

  it('uses a w:lvlOverride that redefines a level for that w:num only', () => {
    const override = `<w:lvlOverride w:ilvl="0">${lvl(0, { fmt: 'upperLetter', text: 'Part %1', start: 3 })}</w:lvlOverride>`;
    const xml = abstractNum(0, CONTRACT) + num(1, 0) + num(2, 0, override);
    expect(labels(xml, [[2, 0], [2, 0], [1, 1]])).toEqual(['Part C', 'Part D', '4.1.']);
  });

  it('writes every level in decimal on a legal (w:isLgl) level', () => {
    const xml = abstractNum(0, [{ fmt: 'upperRoman', text: 'Article %1' }, { text: '%1.%2', legal: true }, { fmt: 'lowerLetter', text: '%1.%2.%3' }]) + num(1, 0);
    expect(labels(xml, [[1, 0], [1, 0], [1, 1], [1, 2]])).toEqual(['Article I', 'Article II', '2.1', 'II.1.a']);
  });

  it('gives bullets no label, a level without a number an empty one, and leaves a bullet level out of a number', () => {
    const xml = abstractNum(0, [{ fmt: 'bullet', text: '\u2022' }, { fmt: 'none', text: '' }, { text: '%1%2%3.' }]) + num(1, 0);
    expect(labels(xml, [[1, 0], [1, 1], [1, 2], [1, 2]])).toEqual([null, '', '1.', '2.']);
  });

  it('finds the level of a style-numbered paragraph by the level w:pStyle, and follows w:numStyleLink', () => {
    const xml =
      abstractNum(0, [{ text: 'Article %1', pStyle: 'Heading1' }, { text: '%1.%2', pStyle: 'Heading2' }], '<w:styleLink w:val="LegalList"/>') +
      abstractNum(1, [], '<w:numStyleLink w:val="LegalList"/>') +
      num(7, 0) +
      num(8, 1);
    const numIdOfStyle = (id: string) => (id === 'LegalList' ? 7 : undefined);
    const paragraphs = [[7, undefined, 'Heading1'], [7, undefined, 'Heading2'], [8, 1], [8, undefined, 'Heading1'], [7, undefined, 'Other']] as const;
    expect(labels(xml, paragraphs, numIdOfStyle)).toEqual(['Article 1', '1.1', '1.2', 'Article 2', 'Article 3']);
    // Without the numbering style in styles.xml, the definition whose w:styleLink names it.
    expect(labels(xml, paragraphs)).toEqual(['Article 1', '1.1', '1.2', 'Article 2', 'Article 3']);
  });

  it('reads the standard format Word writes beside a custom one (mc:Fallback)', () => {
    const custom =
      '<w:lvl w:ilvl="0"><w:start w:val="1"/><mc:AlternateContent><mc:Choice Requires="w14"><w:numFmt w:val="custom" w:format="001, 002, 003, ..."/></mc:Choice>' +
      '<mc:Fallback><w:numFmt w:val="decimalZero"/></mc:Fallback></mc:AlternateContent><w:lvlText w:val="%1"/></w:lvl>';
    expect(labels(`<w:abstractNum w:abstractNumId="0">${custom}</w:abstractNum>${num(1, 0)}`, [[1, 0], [1, 0]])).toEqual(['01', '02']);
  });

  it('gives no label for a list, an abstract definition or a level that is not defined', () => {
    const xml = abstractNum(0, [{ text: '%1.' }]) + num(1, 0) + num(2, 9);
    expect(labels(xml, [[3, 0], [2, 0], [1, 4], [1, 0]])).toEqual([null, null, null, '1.']);
  });

  it('caps what hostile definitions would copy into every label', () => {
    const xml = abstractNum(0, [{ fmt: 'lowerLetter', text: 'x'.repeat(5000) + '%1', start: 2_000_000_000 }]) + num(1, 0);
    expect(labels(xml, [[1, 0]])).toEqual(['x'.repeat(200)]);
    expect(labels(abstractNum(0, [{ fmt: 'lowerLetter', text: '%1', start: 2_000_000_000 }]) + num(1, 0), [[1, 0]])).toEqual(['2000000000']);
  });
});

describe('readNumbering', () => {
  it('refuses a part that is not well-formed', () => {
    expect(() => readNumbering(numberingXml('<w:abstractNum>'))).toThrow(XmlError);
  });
});

describe('formatNumber', () => {
  it.each([
    [1, 'decimal', '1'],
    [7, 'decimalZero', '07'],
    [12, 'decimalZero', '12'],
    [1, 'lowerLetter', 'a'],
    [26, 'lowerLetter', 'z'],
    [27, 'lowerLetter', 'aa'],
    [55, 'upperLetter', 'CCC'],
    [4, 'lowerRoman', 'iv'],
    [14, 'lowerRoman', 'xiv'],
    [1999, 'upperRoman', 'MCMXCIX'],
    [0, 'lowerRoman', '0'],
    [1, 'ordinal', '1st'],
    [12, 'ordinal', '12th'],
    [22, 'ordinal', '22nd'],
    [103, 'ordinal', '103rd'],
    [3, 'none', ''],
    [3, 'chineseCounting', '3'],
  ])('%i as %s is %j', (value, format, expected) => {
    expect(formatNumber(value, format)).toBe(expected);
  });
});
