/**
 * JSON.parse that can say where: the line and column of a syntax error, and the line each value of
 * a valid text starts on, so that an imported file's errors point at the line to fix. JSON.parse
 * itself gives neither in Node 20 (some of its errors carry a position, others only a snippet).
 * It accepts exactly what JSON.parse accepts and builds the same value (json-lines.unit.test.ts
 * compares the two over mutated files), apart from nesting deeper than MAX_DEPTH.
 */
export type JsonSyntaxError = { line: number; column: number; reason: string };
export type ParsedJson =
  | { ok: true; value: unknown; lineOf: (path: readonly PropertyKey[]) => number | undefined }
  | { ok: false; error: JsonSyntaxError };

/** Far more than any settings file needs, and far less than would exhaust the stack. */
export const MAX_DEPTH = 64;

const END = 'Unexpected end of JSON input';

class Failure {
  constructor(
    readonly at: number,
    readonly reason: string,
  ) {}
}

export function parseJsonWithLines(text: string): ParsedJson {
  const lines = new Map<string, number>();
  let at = 0;
  let line = 1;

  const fail = (reason: string, where = at): never => {
    throw new Failure(where, reason);
  };
  const unexpected = () => fail(at >= text.length ? END : `Unexpected token ${shown(text, at)} in JSON`);

  function space() {
    for (;;) {
      const c = text.charCodeAt(at);
      if (c === 0x20 || c === 0x09) {
        at++;
      } else if (c === 0x0a || c === 0x0d) {
        at++;
        line++;
        if (c === 0x0d && text.charCodeAt(at) === 0x0a) at++;
      } else {
        return;
      }
    }
  }

  function value(path: PropertyKey[], depth: number): unknown {
    space();
    const c = text[at];
    if (c === '{') return object(path, depth + 1);
    if (c === '[') return array(path, depth + 1);
    if (c === '"') return string();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return number();
    for (const [word, literal] of LITERALS) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return literal;
      }
    }
    if (c === "'") fail("Unexpected token ' in JSON: strings must be in double quotes");
    return unexpected();
  }

  function object(path: PropertyKey[], depth: number): Record<string, unknown> {
    if (depth > MAX_DEPTH) fail(`Nested more than ${MAX_DEPTH} levels deep`);
    at++;
    const out: Record<string, unknown> = {};
    space();
    if (text[at] === '}') {
      at++;
      return out;
    }
    for (;;) {
      space();
      if (text[at] !== '"') {
        if (text[at] === '}') fail('Unexpected token } in JSON: remove the comma before it');
        if (at >= text.length) fail(END);
        fail(`Expected a property name in double quotes, found ${shown(text, at)}`);
      }
      const keyLine = line;
      const name = string();
      space();
      if (text[at] !== ':') fail(at >= text.length ? END : `Expected ':' after the property name "${clip(name)}"`);
      at++;
      const childPath = [...path, name];
      lines.set(pathKey(childPath), keyLine);
      // As JSON.parse does: '__proto__' becomes an own property, never the object's prototype.
      Object.defineProperty(out, name, { value: value(childPath, depth), enumerable: true, writable: true, configurable: true });
      space();
      const next = text[at++];
      if (next === ',') continue;
      if (next === '}') return out;
      at--;
      fail(at >= text.length ? END : `Expected ',' or '}' after a property value, found ${shown(text, at)}`);
    }
  }

  function array(path: PropertyKey[], depth: number): unknown[] {
    if (depth > MAX_DEPTH) fail(`Nested more than ${MAX_DEPTH} levels deep`);
    at++;
    const out: unknown[] = [];
    space();
    if (text[at] === ']') {
      at++;
      return out;
    }
    for (;;) {
      space();
      if (text[at] === ']') fail('Unexpected token ] in JSON: remove the comma before it');
      const childPath = [...path, out.length];
      lines.set(pathKey(childPath), line);
      out.push(value(childPath, depth));
      space();
      const next = text[at++];
      if (next === ',') continue;
      if (next === ']') return out;
      at--;
      fail(at >= text.length ? END : `Expected ',' or ']' after an array element, found ${shown(text, at)}`);
    }
  }

  function string(): string {
    at++;
    let out = '';
    let from = at;
    for (;;) {
      if (at >= text.length) fail('Unterminated string');
      const c = text.charCodeAt(at);
      if (c === 0x22) {
        out += text.slice(from, at);
        at++;
        return out;
      }
      if (c === 0x5c) {
        out += text.slice(from, at);
        out += escape();
        from = at;
        continue;
      }
      if (c === 0x0a || c === 0x0d) fail('Unterminated string: a string cannot run onto the next line (write \\n for a line break)');
      if (c < 0x20) fail(`Bad control character ${shown(text, at)} in a string (write it as \\u${hex4(c)})`);
      at++;
    }
  }

  function escape(): string {
    const e = text[at + 1];
    const simple = e === undefined ? undefined : ESCAPES[e];
    if (simple !== undefined) {
      at += 2;
      return simple;
    }
    if (e === 'u') {
      const digits = text.slice(at + 2, at + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(digits)) fail('Bad Unicode escape: \\u takes four hexadecimal digits');
      at += 6;
      return String.fromCharCode(parseInt(digits, 16));
    }
    return fail(e === undefined ? 'Unterminated string' : `Bad escaped character \\${shown(text, at + 1)} in a string`);
  }

  function number(): number {
    const start = at;
    if (text[at] === '-') at++;
    if (text[at] === '0') at++;
    else if (isDigit(text[at])) digits();
    else fail('No number after minus sign');
    if (text[at] === '.') {
      at++;
      if (!isDigit(text[at])) fail('Unterminated fractional number');
      digits();
    }
    if (text[at] === 'e' || text[at] === 'E') {
      at++;
      if (text[at] === '+' || text[at] === '-') at++;
      if (!isDigit(text[at])) fail('Exponent part is missing a number');
      digits();
    }
    return Number(text.slice(start, at));
  }

  function digits() {
    while (isDigit(text[at])) at++;
  }

  try {
    space();
    if (at >= text.length) fail('The file is empty');
    lines.set(pathKey([]), line);
    const parsed = value([], 0);
    space();
    if (at < text.length) fail(`Unexpected token ${shown(text, at)} in JSON after its end`);
    return { ok: true, value: parsed, lineOf: (path) => lineOf(lines, path) };
  } catch (error) {
    if (!(error instanceof Failure)) throw error;
    return { ok: false, error: { ...position(text, error.at), reason: error.reason } };
  }
}

const LITERALS: ReadonlyArray<readonly [string, unknown]> = [
  ['true', true],
  ['false', false],
  ['null', null],
];
const ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const hex4 = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');
const clip = (name: string) => (name.length > 40 ? `${name.slice(0, 39)}…` : name);
const pathKey = (path: readonly PropertyKey[]) => JSON.stringify(path.map((p) => (typeof p === 'number' ? p : String(p))));

/** The character at `at` as a person can read it: itself, or its code point when it is invisible. */
function shown(text: string, at: number): string {
  const code = text.codePointAt(at) ?? 0;
  const visible = code > 0x20 && code !== 0x7f && !(code >= 0x80 && code <= 0xa0) && code !== 0xfeff && !(code >= 0xd800 && code <= 0xdfff);
  return visible ? String.fromCodePoint(code) : `U+${hex4(code)}`;
}

/** The line of the value at `path`, or of the nearest enclosing value the text has (a missing key's object). */
function lineOf(lines: Map<string, number>, path: readonly PropertyKey[]): number | undefined {
  for (let n = path.length; n >= 0; n--) {
    const found = lines.get(pathKey(path.slice(0, n)));
    if (found !== undefined) return found;
  }
  return undefined;
}

/** 1-based line and column (in characters, as editors count them) of an offset; \n, \r\n and \r each end a line. */
function position(text: string, at: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < at; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: [...text.slice(lineStart, at)].length + 1 };
}
