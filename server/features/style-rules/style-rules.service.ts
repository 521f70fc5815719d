import { z } from 'zod';
import { BUILT_IN_RULES, type StyleRules, StyleRulesSchema } from '@common/schemas/review';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { Actor } from '../auth/auth.service';
import { parseJsonWithLines } from './json-lines';
import * as repo from './style-rules.repo';

/** The name an exported file downloads under. */
export const STYLE_RULES_FILENAME = 'style-rules.json';

type Problem = { path: readonly PropertyKey[]; message: string };
type LineOf = (path: readonly PropertyKey[]) => number | undefined;

/** As the error handler answers a validation failure: a few short issues, never an echo of what was sent. */
const MAX_ISSUES = 5;
const MAX_CHARS = 200;

/**
 * A person's house style: what they saved, or the defaults. Stored rules are read through the
 * schema, so a setting added since they saved comes with its default. The review calls this too.
 */
export async function getStyleRules(deps: Deps, actor: Actor): Promise<StyleRules> {
  return StyleRulesSchema.parse((await repo.findRules(deps.database.db, actor.id)) ?? {});
}

/** Replaces the whole style with `rules`, already read through StyleRulesSchema by the route. */
export async function saveStyleRules(deps: Deps, actor: Actor, rules: StyleRules): Promise<StyleRules> {
  const problems = ruleProblems(rules);
  if (problems.length > 0) throw validationError(problems, () => undefined);
  return store(deps, actor, rules);
}

/** The style as a file a person can keep, share or import elsewhere: the same shape the import reads. */
export async function exportStyleRules(deps: Deps, actor: Actor): Promise<string> {
  return `${JSON.stringify(await getStyleRules(deps, actor), null, 2)}\n`;
}

/**
 * Replaces the whole style with a file's. Every error names where it is (the line and, for a
 * syntax error, the column; the setting's path for a bad value), and nothing is stored unless
 * the whole file is good.
 */
export async function importStyleRules(deps: Deps, actor: Actor, text: string): Promise<StyleRules> {
  // A byte-order mark, as some Windows editors write, is no part of the JSON.
  const parsed = parseJsonWithLines(text.startsWith('\ufeff') ? text.slice(1) : text);
  if (!parsed.ok) {
    const { line, column, reason } = parsed.error;
    throw new AppError('validation_failed', `Line ${line}, column ${column}: ${reason}`, { issues: [{ path: '', message: reason, line, column }] });
  }
  const { value, lineOf } = parsed;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const what = Array.isArray(value) ? 'a list' : value === null ? 'null' : `a ${typeof value}`;
    throw validationError([{ path: [], message: `The file must hold one JSON object of style rules, not ${what}` }], lineOf);
  }
  const result = StyleRulesSchema.safeParse(value);
  if (!result.success) throw validationError(result.error.issues.flatMap((issue) => schemaProblems(issue, value)), lineOf);
  const problems = ruleProblems(result.data);
  if (problems.length > 0) throw validationError(problems, lineOf);
  const stored = await store(deps, actor, result.data);
  deps.log.info({ userId: actor.id }, 'style rules imported');
  return stored;
}

async function store(deps: Deps, actor: Actor, rules: StyleRules): Promise<StyleRules> {
  // A rule switched off twice is switched off once, and the list reads in the rules' own order.
  const clean = { ...rules, disabled: BUILT_IN_RULES.filter((rule) => rules.disabled.includes(rule)) };
  await repo.saveRules(deps.database.db, actor.id, clean, deps.clock.now());
  return clean;
}

/**
 * What the schema cannot say: each word to avoid and each rule id once (a finding names its rule
 * by id), and only text PostgreSQL can store in JSON (storable).
 */
function ruleProblems(rules: StyleRules): Problem[] {
  const problems: Problem[] = [];
  const words = new Set<string>();
  rules.wordsToAvoid.forEach(({ word, replacement }, i) => {
    const key = word.toLowerCase();
    if (words.has(key)) problems.push({ path: ['wordsToAvoid', i, 'word'], message: `"${clip(word, 80)}" is already in the words to avoid` });
    words.add(key);
    storable(word, ['wordsToAvoid', i, 'word'], problems);
    storable(replacement, ['wordsToAvoid', i, 'replacement'], problems);
  });
  const ids = new Set<string>();
  rules.freeTextRules.forEach(({ id, text }, i) => {
    if (ids.has(id)) problems.push({ path: ['freeTextRules', i, 'id'], message: `Another rule already has the id "${id}"` });
    ids.add(id);
    storable(text, ['freeTextRules', i, 'text'], problems);
  });
  return problems;
}

/** Half a surrogate pair: no character at all, written \uD800 in JSON. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * PostgreSQL's JSON holds neither U+0000 nor half a surrogate pair, and would fail the save with
 * a 500. A JSON body is refused U+0000 at the door (body-policy.ts); the rest can only be caught here.
 */
function storable(text: string, path: readonly PropertyKey[], problems: Problem[]) {
  if (text.includes('\u0000')) problems.push({ path, message: 'Text must not contain the character U+0000' });
  else if (LONE_SURROGATE.test(text)) problems.push({ path, message: 'Text must not contain half a surrogate pair (U+D800 to U+DFFF on its own)' });
}

/** A schema issue in a person's words: an unknown key with the keys there are, an unknown rule by its name. */
function schemaProblems(issue: z.core.$ZodIssue, value: unknown): Problem[] {
  if (issue.code === 'unrecognized_keys') {
    const known = keysAt(issue.path);
    const hint = known ? ` (the keys here are ${known.join(', ')})` : '';
    return issue.keys.map((key) => ({ path: [...issue.path, key], message: `Unknown key "${clip(key, 40)}"${hint}` }));
  }
  if (issue.code === 'invalid_value' && issue.path[0] === 'disabled' && issue.path.length === 2) {
    return [{ path: issue.path, message: `Unknown built-in rule ${clip(JSON.stringify(at(value, issue.path)) ?? '', 60)}` }];
  }
  return [{ path: issue.path, message: issue.message }];
}

/** The keys the schema allows in the object at `path`, when there is one. */
function keysAt(path: readonly PropertyKey[]): string[] | undefined {
  let schema: z.core.$ZodType = StyleRulesSchema;
  for (const step of path) {
    schema = withoutDefault(schema);
    if (schema instanceof z.ZodObject && typeof step === 'string' && step in schema.shape) schema = schema.shape[step] as z.core.$ZodType;
    else if (schema instanceof z.ZodArray && typeof step === 'number') schema = schema.element as z.core.$ZodType;
    else return undefined;
  }
  schema = withoutDefault(schema);
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : undefined;
}

const withoutDefault = (schema: z.core.$ZodType) => (schema instanceof z.ZodDefault ? (schema.unwrap() as z.core.$ZodType) : schema);

function at(value: unknown, path: readonly PropertyKey[]): unknown {
  let here = value;
  for (const step of path) here = typeof here === 'object' && here !== null ? (here as Record<PropertyKey, unknown>)[step] : undefined;
  return here;
}

/** The error shape of every validation failure, each issue with its line in the file when there is a file. */
function validationError(problems: Problem[], lineOf: LineOf): AppError {
  const issues = problems.slice(0, MAX_ISSUES).map(({ path, message }) => {
    const line = lineOf(path);
    return { path: clip(path.map(String).join('.'), MAX_CHARS), message: clip(message, MAX_CHARS), ...(line === undefined ? {} : { line }) };
  });
  const first = issues[0]!;
  const where = [first.line === undefined ? '' : `Line ${first.line}`, first.path].filter(Boolean).join(', ');
  return new AppError('validation_failed', where ? `${where}: ${first.message}` : first.message, { issues });
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
