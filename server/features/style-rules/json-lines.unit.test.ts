import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, parseJsonWithLines } from './json-lines';

const FILE = `{
  "spelling": "uk",
  "wordsToAvoid": [
    {
      "word": "shall",
      "replacement": "must"
    }
  ],
  "maxSentenceWords": 35,
  "freeTextRules": [
    { "id": "rule-1", "text": "Every indemnity must be mutual \\u2014 \\"both ways\\"" }
  ],
  "disabled": ["passive-voice", "spacing"]
}
`;

const errorOf = (text: string) => {
  const parsed = parseJsonWithLines(text);
  if (parsed.ok) throw new Error('expected a syntax error');
  return parsed.error;
};

describe('a valid text', () => {
  it('gives the value JSON.parse gives, and the line each value starts on', () => {
    const parsed = parseJsonWithLines(FILE);
    if (!parsed.ok) throw new Error(parsed.error.reason);
    expect(parsed.value).toEqual(JSON.parse(FILE));
    expect(parsed.lineOf([])).toBe(1);
    expect(parsed.lineOf(['spelling'])).toBe(2);
    expect(parsed.lineOf(['wordsToAvoid', 0])).toBe(4);
    expect(parsed.lineOf(['wordsToAvoid', 0, 'replacement'])).toBe(6);
    expect(parsed.lineOf(['freeTextRules', 0, 'text'])).toBe(11);
    expect(parsed.lineOf(['disabled', 1])).toBe(13);
    // A key the text does not have: the line of the object that lacks it.
    expect(parsed.lineOf(['wordsToAvoid', 0, 'note'])).toBe(4);
  });

  it('counts \\r\\n and \\r as one line break each', () => {
    const parsed = parseJsonWithLines('{\r\n"a": 1,\r"b": [\r\n\r\n2]}');
    if (!parsed.ok) throw new Error(parsed.error.reason);
    expect(parsed.lineOf(['a'])).toBe(2);
    expect(parsed.lineOf(['b'])).toBe(3);
    expect(parsed.lineOf(['b', 0])).toBe(5);
  });

  it('keeps __proto__ as an own key, as JSON.parse does, never as the prototype', () => {
    const parsed = parseJsonWithLines('{"__proto__": {"polluted": true}}');
    if (!parsed.ok) throw new Error(parsed.error.reason);
    expect(Object.keys(parsed.value as object)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(parsed.value)).toBe(Object.prototype);
    expect((parsed.value as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

describe('a syntax error', () => {
  it.each([
    ['a trailing comma in an object', '{\n  "a": 1,\n}', 3, 1, 'Unexpected token } in JSON: remove the comma before it'],
    ['a trailing comma in an array', '{"a": [1,\n2,\n]}', 3, 1, 'Unexpected token ] in JSON: remove the comma before it'],
    ['a missing comma', '{\n  "a": 1\n  "b": 2\n}', 3, 3, 'Expected \',\' or \'}\' after a property value, found "'],
    ['single quotes', "{\n  'a': 1\n}", 2, 3, "Expected a property name in double quotes, found '"],
    ['a single-quoted value', "{\"a\": 'x'}", 1, 7, "Unexpected token ' in JSON: strings must be in double quotes"],
    ['an unterminated string', '{\n  "a": "one,\n  "b": 2\n}', 2, 13, 'Unterminated string: a string cannot run onto the next line (write \\n for a line break)'],
    ['a missing colon', '{"a" 1}', 1, 6, 'Expected \':\' after the property name "a"'],
    ['a bad escape', '{"a": "\\x"}', 1, 8, 'Bad escaped character \\x in a string'],
    ['a short Unicode escape', '{"a": "\\u12"}', 1, 8, 'Bad Unicode escape: \\u takes four hexadecimal digits'],
    ['a tab in a string', '{"a": "x\ty"}', 1, 9, 'Bad control character U+0009 in a string (write it as \\u0009)'],
    ['a comment', '{\n  // note\n  "a": 1\n}', 2, 3, 'Expected a property name in double quotes, found /'],
    ['an unquoted word', '{"a": yes}', 1, 7, 'Unexpected token y in JSON'],
    ['a bare minus', '[-]', 1, 3, 'No number after minus sign'],
    ['a bare decimal point', '[1.]', 1, 4, 'Unterminated fractional number'],
    ['a bare exponent', '[1e+]', 1, 5, 'Exponent part is missing a number'],
    ['a text cut short', '{"a": [1, 2', 1, 12, 'Unexpected end of JSON input'],
    ['a second value', '{}\n{}', 2, 1, 'Unexpected token { in JSON after its end'],
    ['an empty file', ' \n ', 2, 2, 'The file is empty'],
    ['a byte-order mark', '\ufeff{}', 1, 1, 'Unexpected token U+FEFF in JSON'],
    ['an emoji before the error, counted as one column', '{"a": "😀", x}', 1, 12, 'Expected a property name in double quotes, found x'],
  ])('%s: its line, column and reason', (_what, text, line, column, reason) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(errorOf(text)).toEqual({ line, column, reason });
  });

  it(`refuses nesting deeper than ${MAX_DEPTH} levels without exhausting the stack`, () => {
    expect(errorOf('['.repeat(200_000)).reason).toBe(`Nested more than ${MAX_DEPTH} levels deep`);
    expect(parseJsonWithLines(`${'['.repeat(MAX_DEPTH)}${']'.repeat(MAX_DEPTH)}`).ok).toBe(true);
  });
});

describe('agrees with JSON.parse', () => {
  /** A small seeded generator, so a failure can be run again. */
  function random(seed: number) {
    let s = seed >>> 0;
    return () => {
      s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
      return s / 2 ** 32;
    };
  }
  const NOISE = ['{', '}', '[', ']', ',', ':', '"', '\\', ' ', '\n', '\r', '\t', '0', '-', '.', 'e', 'u', 'a', 't', 'n', '\u0001', '😀', '\ud800'];

  it('on 5,000 mutations of a valid file: valid exactly when JSON.parse takes it, with the same value', () => {
    const next = random(16);
    let valid = 0;
    for (let i = 0; i < 5000; i++) {
      let text = FILE;
      for (let edits = 1 + Math.floor(next() * 3); edits > 0; edits--) {
        const at = Math.floor(next() * text.length);
        const noise = NOISE[Math.floor(next() * NOISE.length)]!;
        const kind = next();
        text = kind < 0.4 ? text.slice(0, at) + text.slice(at + 1) : kind < 0.8 ? text.slice(0, at) + noise + text.slice(at) : text.slice(0, at) + noise + text.slice(at + 1);
      }
      let expected: { ok: true; value: unknown } | { ok: false };
      try {
        expected = { ok: true, value: JSON.parse(text) };
      } catch {
        expected = { ok: false };
      }
      const parsed = parseJsonWithLines(text);
      expect(parsed.ok, JSON.stringify(text)).toBe(expected.ok);
      if (parsed.ok && expected.ok) {
        valid++;
        expect(JSON.stringify(parsed.value), JSON.stringify(text)).toBe(JSON.stringify(expected.value));
      }
    }
    // Both kinds were tried.
    expect(valid).toBeGreaterThan(200);
    expect(valid).toBeLessThan(4800);
  });
});
