/**
 * /api/style-rules (issue 16): each person's house style for reviews, saved whole, exported as a
 * file and imported from one; every refusal names where the problem is and stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STYLE_RULES, type StyleRules } from '@common/schemas/review';
import { agent, type Agent, signedIn } from '../../../tests/support/agent';
import { DOCX } from '../../../tests/support/multipart';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { STYLE_RULES_BODY_BYTES } from './style-rules.routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const person = async () => (await signedIn(t.app, 'style')).agent;

const HOUSE_STYLE: StyleRules = {
  spelling: 'uk',
  wordsToAvoid: [
    { word: 'shall', replacement: 'must' },
    { word: 'utilise', replacement: 'use' },
  ],
  serialComma: 'off',
  maxSentenceWords: 35,
  maxReadingGrade: 14,
  freeTextRules: [
    { id: 'payment-terms', text: 'Payment terms must not exceed 30 days' },
    { id: 'mutual-indemnity', text: 'Every indemnity must be mutual' },
  ],
  disabled: ['passive-voice', 'date-formats'],
};

const rulesOf = async (a: Agent) => {
  const res = await a.get('/api/style-rules');
  expect(res.statusCode).toBe(200);
  return res.json() as StyleRules;
};

const importText = (a: Agent, text: string, type = 'application/json') =>
  a.request({ method: 'POST', url: '/api/style-rules/import', payload: text, headers: { 'content-type': type } });

const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

type ErrorAnswer = { error: { code: string; message: string; details: { issues: Array<{ path: string; message: string; line?: number; column?: number }> } } };

/** A refused import: a 400 naming the problem, and the person's rules exactly as they were. */
async function refusedImport(a: Agent, text: string) {
  const before = await rulesOf(a);
  const res = await importText(a, text);
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as ErrorAnswer;
  expect(body.error.code).toBe('validation_failed');
  expect(await rulesOf(a)).toEqual(before);
  return body.error;
}

describe('who may', () => {
  it('answers a signed-out caller 401 on every route, before reading a body', async () => {
    const stranger = agent(t.app);
    for (const [method, url] of [
      ['GET', '/api/style-rules'],
      ['PUT', '/api/style-rules'],
      ['GET', '/api/style-rules/export'],
      ['POST', '/api/style-rules/import'],
    ] as const) {
      const res = await stranger.request({ method, url, payload: method === 'GET' ? undefined : HOUSE_STYLE });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error.code).toBe('unauthenticated');
    }
  });

  it("keeps each person's rules their own", async () => {
    const ann = await person();
    const ben = await person();
    expect((await ann.put('/api/style-rules', HOUSE_STYLE)).statusCode).toBe(200);
    expect(await rulesOf(ben)).toEqual(DEFAULT_STYLE_RULES);
    const bens = { ...DEFAULT_STYLE_RULES, spelling: 'us' as const, wordsToAvoid: [{ word: 'whilst', replacement: 'while' }] };
    expect((await ben.put('/api/style-rules', bens)).statusCode).toBe(200);
    expect((await importText(ben, pretty({ serialComma: 'on' }))).statusCode).toBe(200);
    expect(await rulesOf(ann)).toEqual(HOUSE_STYLE);
    expect((await ann.get('/api/style-rules/export')).json()).toEqual(HOUSE_STYLE);
  });
});

describe('reading and saving', () => {
  it('gives the defaults to a person who never saved any', async () => {
    expect(await rulesOf(await person())).toEqual(DEFAULT_STYLE_RULES);
    expect(DEFAULT_STYLE_RULES).toEqual({
      spelling: 'auto',
      wordsToAvoid: [],
      serialComma: 'any',
      maxSentenceWords: 40,
      maxReadingGrade: 18,
      freeTextRules: [],
      disabled: [],
    });
  });

  it('stores what is saved and answers it; a later save replaces it whole', async () => {
    const a = await person();
    const saved = await a.put('/api/style-rules', HOUSE_STYLE);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(HOUSE_STYLE);
    expect(await rulesOf(a)).toEqual(HOUSE_STYLE);
    const again = await a.put('/api/style-rules', { spelling: 'us' });
    expect(again.json()).toEqual({ ...DEFAULT_STYLE_RULES, spelling: 'us' });
    expect(await rulesOf(a)).toEqual({ ...DEFAULT_STYLE_RULES, spelling: 'us' });
  });

  it('trims text, and lists each switched-off rule once in the rules’ own order', async () => {
    const a = await person();
    const res = await a.put('/api/style-rules', {
      wordsToAvoid: [{ word: '  shall ', replacement: ' must ' }, { word: 'forthwith' }],
      freeTextRules: [{ id: 'r1', text: '  Every indemnity must be mutual\n' }],
      disabled: ['spacing', 'numbers', 'spacing'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      wordsToAvoid: [
        { word: 'shall', replacement: 'must' },
        { word: 'forthwith', replacement: '' },
      ],
      freeTextRules: [{ id: 'r1', text: 'Every indemnity must be mutual' }],
      disabled: ['numbers', 'spacing'],
    });
    expect(await rulesOf(a)).toEqual(res.json());
  });

  it.each([
    ['an empty rule', { freeTextRules: [{ id: 'r1', text: '   ' }] }, 'freeTextRules.0.text', 'A rule cannot be empty'],
    ['a rule too long', { freeTextRules: [{ id: 'r1', text: 'x'.repeat(501) }] }, 'freeTextRules.0.text', 'A rule is at most 500 characters'],
    ['a rule id with capitals', { freeTextRules: [{ id: 'Rule 1', text: 'Be brief' }] }, 'freeTextRules.0.id', 'A rule id is 1 to 40 lower-case letters, digits or hyphens'],
    ['an empty word to avoid', { wordsToAvoid: [{ word: '', replacement: 'use' }] }, 'wordsToAvoid.0.word', 'A word to avoid cannot be empty'],
    ['an unknown setting', { oxfordComma: true }, '', 'Unrecognized key: "oxfordComma"'],
    ['an unknown built-in rule', { disabled: ['grammar'] }, 'disabled.0', undefined],
    ['a sentence limit too small', { maxSentenceWords: 5 }, 'maxSentenceWords', 'Too small: expected number to be >=10'],
    ['a fractional reading grade', { maxReadingGrade: 12.5 }, 'maxReadingGrade', 'Invalid input: expected int, received number'],
    ['a word listed twice', { wordsToAvoid: [{ word: 'Shall' }, { word: 'shall', replacement: 'must' }] }, 'wordsToAvoid.1.word', '"shall" is already in the words to avoid'],
    ['two rules with one id', { freeTextRules: [{ id: 'r1', text: 'One' }, { id: 'r1', text: 'Two' }] }, 'freeTextRules.1.id', 'Another rule already has the id "r1"'],
    ['U+0000 in a rule', { freeTextRules: [{ id: 'r1', text: 'a\u0000b' }] }, 'freeTextRules.0.text', 'Text must not contain the character U+0000'],
    ['half a surrogate pair in a replacement', { wordsToAvoid: [{ word: 'shall', replacement: 'm\ud800' }] }, 'wordsToAvoid.0.replacement', 'Text must not contain half a surrogate pair (U+D800 to U+DFFF on its own)'],
  ])('refuses %s with a 400 naming the field, and keeps the rules as they were', async (_what, body, path, message) => {
    const a = await person();
    await a.put('/api/style-rules', HOUSE_STYLE);
    const res = await a.put('/api/style-rules', body);
    expect(res.statusCode, res.body).toBe(400);
    const error = (res.json() as ErrorAnswer).error;
    expect(error.code).toBe('validation_failed');
    const issue = error.details.issues[0]!;
    expect(issue.path).toBe(path);
    if (message !== undefined) expect(issue.message).toBe(message);
    expect(error.message).toBe(path ? `${path}: ${issue.message}` : issue.message);
    expect(await rulesOf(a)).toEqual(HOUSE_STYLE);
  });

  it('refuses a body over the limit with 413 before reading it, and takes the largest valid style', async () => {
    const a = await person();
    const huge = await a.put('/api/style-rules', { ...HOUSE_STYLE, freeTextRules: [{ id: 'r1', text: 'x'.repeat(STYLE_RULES_BODY_BYTES) }] });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('payload_too_large');
    expect(await rulesOf(a)).toEqual(DEFAULT_STYLE_RULES);
    const largest = largestStyle('語');
    const res = await a.put('/api/style-rules', largest);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(await rulesOf(a)).toEqual(largest);
  });
});

/** Every list full and every text at its maximum, in `char`. */
function largestStyle(char: string): StyleRules {
  return {
    ...HOUSE_STYLE,
    wordsToAvoid: Array.from({ length: 200 }, (_, i) => ({ word: `${i}`.padEnd(80, char), replacement: char.repeat(80) })),
    freeTextRules: Array.from({ length: 50 }, (_, i) => ({ id: `rule-${i}`.padEnd(40, '-'), text: char.repeat(500) })),
    disabled: ['numbers', 'articles', 'spacing', 'passive-voice', 'date-formats'],
  };
}

describe('export', () => {
  it('downloads the rules as an indented style-rules.json', async () => {
    const a = await person();
    await a.put('/api/style-rules', HOUSE_STYLE);
    const res = await a.get('/api/style-rules/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="style-rules.json"; filename*=UTF-8''style-rules.json`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toBe(pretty(HOUSE_STYLE));
  });

  it('gives the defaults as a file too', async () => {
    expect((await (await person()).get('/api/style-rules/export')).body).toBe(pretty(DEFAULT_STYLE_RULES));
  });
});

describe('import', () => {
  it("takes another person's exported file, as JSON or as plain text, and answers the stored rules", async () => {
    const ann = await person();
    await ann.put('/api/style-rules', HOUSE_STYLE);
    const file = (await ann.get('/api/style-rules/export')).body;
    const ben = await person();
    const res = await importText(ben, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(HOUSE_STYLE);
    expect(await rulesOf(ben)).toEqual(HOUSE_STYLE);
    const cara = await person();
    expect((await importText(cara, file, 'text/plain; charset=utf-8')).statusCode).toBe(200);
    expect(await rulesOf(cara)).toEqual(HOUSE_STYLE);
  });

  it('replaces the rules whole: a file with some settings gives the rest their defaults', async () => {
    const a = await person();
    await a.put('/api/style-rules', HOUSE_STYLE);
    const res = await importText(a, '{ "serialComma": "on" }');
    expect(res.json()).toEqual({ ...DEFAULT_STYLE_RULES, serialComma: 'on' });
  });

  it('reads a file that starts with a byte-order mark or uses Windows line ends', async () => {
    const a = await person();
    const res = await importText(a, `\ufeff${pretty(HOUSE_STYLE).replaceAll('\n', '\r\n')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await rulesOf(a)).toEqual(HOUSE_STYLE);
  });

  it('answers JSON that does not parse with the line, column and reason', async () => {
    const a = await person();
    await a.put('/api/style-rules', HOUSE_STYLE);
    const error = await refusedImport(a, '{\n  "spelling": "uk",\n  "serialComma": "on",\n}\n');
    expect(error.message).toBe('Line 4, column 1: Unexpected token } in JSON: remove the comma before it');
    expect(error.details.issues).toEqual([{ path: '', line: 4, column: 1, message: 'Unexpected token } in JSON: remove the comma before it' }]);
    expect((await refusedImport(a, "{\n  'spelling': 'uk'\n}")).message).toBe("Line 2, column 3: Expected a property name in double quotes, found '");
    expect((await refusedImport(a, '{\n  "spelling": "uk"\n  "serialComma": "on"\n}')).message).toBe(
      "Line 3, column 3: Expected ',' or '}' after a property value, found \"",
    );
    expect((await refusedImport(a, '')).message).toBe('Line 1, column 1: The file is empty');
  });

  it('answers an unknown setting with its line, its path and the settings there are', async () => {
    const a = await person();
    const error = await refusedImport(a, pretty({ spelling: 'uk', oxfordComma: true }));
    expect(error.message).toBe(
      'Line 3, oxfordComma: Unknown key "oxfordComma" (the keys here are spelling, wordsToAvoid, serialComma, maxSentenceWords, maxReadingGrade, freeTextRules, disabled)',
    );
    const nested = await refusedImport(a, pretty({ wordsToAvoid: [{ word: 'shall', replacement: 'must', note: 'legacy' }] }));
    expect(nested.message).toBe('Line 6, wordsToAvoid.0.note: Unknown key "note" (the keys here are word, replacement)');
  });

  it('answers an unknown built-in rule with its line and name', async () => {
    const a = await person();
    const error = await refusedImport(a, pretty({ disabled: ['spacing', 'grammar'] }));
    expect(error.message).toBe('Line 4, disabled.1: Unknown built-in rule "grammar"');
    expect(error.details.issues).toEqual([{ path: 'disabled.1', line: 4, message: 'Unknown built-in rule "grammar"' }]);
  });

  it.each([
    ['an empty rule', { freeTextRules: [{ id: 'r1', text: '' }] }, 'Line 5, freeTextRules.0.text: A rule cannot be empty'],
    ['a rule too long', { freeTextRules: [{ id: 'r1', text: 'x'.repeat(501) }] }, 'Line 5, freeTextRules.0.text: A rule is at most 500 characters'],
    ['a word as a number', { wordsToAvoid: [{ word: 7 }] }, 'Line 4, wordsToAvoid.0.word: Invalid input: expected string, received number'],
    ['a limit in words', { maxSentenceWords: 'forty' }, 'Line 2, maxSentenceWords: Invalid input: expected number, received string'],
    ['a spelling variant there is not', { spelling: 'au' }, 'Line 2, spelling: Invalid option: expected one of "auto"|"us"|"uk"'],
    ['two rules with one id', { freeTextRules: [{ id: 'r1', text: 'One' }, { id: 'r1', text: 'Two' }] }, 'Line 8, freeTextRules.1.id: Another rule already has the id "r1"'],
    ['U+0000 written as \\u0000', { freeTextRules: [{ id: 'r1', text: 'a\u0000b' }] }, 'Line 5, freeTextRules.0.text: Text must not contain the character U+0000'],
    ['half a surrogate pair written as \\udc00', { wordsToAvoid: [{ word: '\udc00' }] }, 'Line 4, wordsToAvoid.0.word: Text must not contain half a surrogate pair (U+D800 to U+DFFF on its own)'],
    ['a list of rules', [HOUSE_STYLE], 'Line 1: The file must hold one JSON object of style rules, not a list'],
    ['a string', 'rules', 'Line 1: The file must hold one JSON object of style rules, not a string'],
  ])('refuses %s with its line and path, and stores nothing', async (_what, file, message) => {
    const a = await person();
    await a.put('/api/style-rules', HOUSE_STYLE);
    expect((await refusedImport(a, pretty(file))).message).toBe(message);
  });

  it('refuses a file over the limit with 413, and stores nothing', async () => {
    const a = await person();
    await a.put('/api/style-rules', HOUSE_STYLE);
    const res = await importText(a, pretty({ freeTextRules: [{ id: 'r1', text: 'x'.repeat(STYLE_RULES_BODY_BYTES) }] }));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
    expect(await rulesOf(a)).toEqual(HOUSE_STYLE);
  });

  it('takes back the largest style it exports, even written as escapes of 6 bytes a character', async () => {
    const a = await person();
    for (const char of ['語', '\u0001']) {
      const largest = largestStyle(char);
      expect((await a.put('/api/style-rules', largest)).statusCode).toBe(200);
      const file = (await a.get('/api/style-rules/export')).body;
      expect(Buffer.byteLength(file)).toBeLessThanOrEqual(STYLE_RULES_BODY_BYTES);
      await a.put('/api/style-rules', HOUSE_STYLE);
      const res = await importText(a, file);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(await rulesOf(a)).toEqual(largest);
    }
  });

  it('reads only a JSON or text body: a .docx or a form is refused with 415', async () => {
    const a = await person();
    const docx = await a.request({ method: 'POST', url: '/api/style-rules/import', payload: Buffer.from('PK'), headers: { 'content-type': DOCX } });
    expect(docx.statusCode).toBe(415);
    const form = await a.request({ method: 'POST', url: '/api/style-rules/import', payload: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.statusCode).toBe(415);
    expect(await rulesOf(a)).toEqual(DEFAULT_STYLE_RULES);
  });
});
