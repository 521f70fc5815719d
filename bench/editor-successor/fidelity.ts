/**
 * Fidelity on a sample of the corpus, each file as processing leaves it (paraIds added), opened
 * in each editor: saved unedited (its full export), and with one word retyped (selected through
 * the editor's own API, typed with the keyboard). Each save is judged twice with
 * bench/fidelity/compare.ts: as the editor wrote it, and after our merge (mergeSave, what the
 * server stores). 'meaning' is the body part identical in meaning; 'confined' is no paragraph but
 * the edited one changed, added or removed, and the edit saved; 'exact' is compare's whole
 * standard (every other part and paragraph byte for byte, the edited paragraph the ideal edit).
 */
import fs from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser } from 'playwright-core';
import { inspectDocx } from '../../server/docx/inspect';
import { mergeSave } from '../../server/docx/merge/merge';
import { readTree } from '../../server/docx/merge/tree';
import { processDocx } from '../../server/docx/process';
import { type Target, targets } from '../../tests/support/docx/editor-simulator';
import { REPLACEMENT } from '../fidelity/browser';
import { type Comparison, canonicalXml, compare } from '../fidelity/compare';
import { canonicalParagraph } from '../../tests/support/docx/canonical';
import { type BenchServer } from './serve';
import { EDITORS, type Editor, call, newContext, open, save } from './session';

export interface FileResult {
  name: string;
  editor: Editor;
  opened: boolean;
  error?: string;
  unedited?: { bare: Judged; merged: Judged };
  edit?: { bare: Judged; merged: Judged } | { unreachable: string };
}

interface Judged {
  meaning: boolean;
  /** Looser: every body paragraph (by paraId) and the XML between them the same in meaning, the root element's namespace declarations aside. */
  bodyMeaning: boolean;
  confined: boolean;
  exact: boolean;
  problems: string[];
}

const OTHER_PARAGRAPHS = /^(paragraph |body XML outside|edited paragraph .* is unchanged)/;

function judge(base: Uint8Array, out: Uint8Array, mainPart: string, target: Target | undefined): Judged {
  let c: Comparison;
  try {
    c = compare(base, out, mainPart, target ? 'replace' : 'unedited', target);
  } catch (e) {
    return { meaning: false, bodyMeaning: false, confined: false, exact: false, problems: [`compare failed: ${String(e).slice(0, 120)}`] };
  }
  return { meaning: !c.meaningChanged.includes(mainPart), bodyMeaning: sameBody(base, out, mainPart), confined: !c.problems.some((p) => OTHER_PARAGRAPHS.test(p)), exact: c.problems.length === 0, problems: c.problems };
}

/**
 * compare.ts reads a part's meaning with its root element's namespace declarations, so an editor
 * that re-serialises every part (2.x declares ~40 more namespaces and drops the XML declaration)
 * changes the meaning of every part by that alone. This reading leaves the root element out.
 */
function sameBody(base: Uint8Array, out: Uint8Array, mainPart: string): boolean {
  const read = (bytes: Uint8Array) => {
    const xml = strFromU8(unzipSync(bytes)[mainPart] ?? new Uint8Array());
    const tree = readTree(xml);
    const decls = [...tree.rootDeclarations].map(([k, v]) => ` ${k ? `xmlns:${k}` : 'xmlns'}="${v}"`).join('');
    const paragraphs = new Map(tree.paragraphs.map((p, i) => [p.paraId ?? `#${i}`, JSON.stringify(canonicalParagraph(xml.slice(p.start, p.end), decls))]));
    let skeleton = '';
    let at = xml.indexOf('>', xml.indexOf('<w:document')) + 1;
    for (const p of tree.paragraphs) {
      skeleton += canonicalXml(xml.slice(at, p.start));
      at = p.end;
    }
    return { paragraphs, skeleton: skeleton + canonicalXml(xml.slice(at)) };
  };
  try {
    const a = read(base);
    const b = read(out);
    return a.skeleton === b.skeleton && a.paragraphs.size === b.paragraphs.size && [...a.paragraphs].every(([id, t]) => b.paragraphs.get(id) === t);
  } catch {
    return false;
  }
}

function judgeBoth(base: Uint8Array, out: Uint8Array, mainPart: string, target: Target | undefined) {
  let merged: Judged;
  try {
    merged = judge(base, mergeSave(base, out).bytes, mainPart, target);
  } catch (e) {
    merged = { meaning: false, bodyMeaning: false, confined: false, exact: false, problems: [`merge refused: ${String(e).slice(0, 160)}`] };
  }
  return { bare: judge(base, out, mainPart, target), merged };
}

/** Every step-th file of the sorted corpus, `count` of them. */
export function sample(dir: string, count: number): string[] {
  const all: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.toLowerCase().endsWith('.docx')) all.push(p);
    }
  };
  walk(dir);
  all.sort();
  const step = Math.max(1, Math.floor(all.length / count));
  return all.filter((_, i) => i % step === 0).slice(0, count);
}

/** The first target word whose paragraph has a paraId, with which whole-word match it is in the paragraph's text. */
function editTarget(base: Uint8Array, mainPart: string) {
  const files = unzipSync(base);
  const xml = strFromU8(files[mainPart]!);
  const tree = readTree(xml);
  for (const t of targets(files, mainPart)) {
    const p = tree.paragraphs[t.paragraph];
    if (!p?.paraId) continue;
    const before = xml.slice(p.start, t.text.rawStart + t.wordAt);
    const text = [...before.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)/g)].map((m) => m[1]!.replace(/&(lt|gt|amp|quot|apos);/g, (_x, e: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[e]!)).join('');
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${t.word}(?![\\p{L}\\p{N}])`, 'gu');
    return { target: t, paraId: p.paraId, occurrence: [...text.matchAll(re)].length };
  }
  return undefined;
}

export async function fidelity(browser: Browser, server: BenchServer, files: string[], corpusDir: string) {
  const results: FileResult[] = [];
  const refused: string[] = [];
  const contexts = { v1: await newContext(browser), v2: await newContext(browser) };
  try {
    for (const file of files) {
      const name = path.relative(corpusDir, file);
      const processed = processDocx(new Uint8Array(fs.readFileSync(file)));
      if (!processed.ok) {
        refused.push(`${name}: ${processed.code}`);
        continue;
      }
      const base = processed.editable;
      const inspected = inspectDocx(base);
      if (!inspected.ok) throw new Error(`${name}: the editable copy does not inspect`);
      const mainPart = inspected.pkg.mainPart;
      const edit = editTarget(base, mainPart);
      server.docs.set(name, base);
      for (const editor of EDITORS) {
        const r: FileResult = { name, editor, opened: false };
        results.push(r);
        const first = await open(contexts[editor], server.page(editor, name), 60_000);
        try {
          if (first.error) {
            r.error = first.error;
            continue;
          }
          r.opened = true;
          r.unedited = judgeBoth(base, await save(first.page), mainPart, undefined);
        } catch (e) {
          r.error = `unedited save: ${String(e).split('\n')[0]}`;
          continue;
        } finally {
          await first.page.close();
        }
        if (!edit) continue;
        const second = await open(contexts[editor], server.page(editor, name), 60_000);
        try {
          const missed = await call<string | null>(second.page, 'selectWord', edit.paraId, edit.target.word, edit.occurrence);
          if (missed) {
            r.edit = { unreachable: missed };
            continue;
          }
          await second.page.keyboard.type(REPLACEMENT);
          await second.page.waitForTimeout(300);
          r.edit = judgeBoth(base, await save(second.page), mainPart, edit.target);
        } catch (e) {
          r.edit = { unreachable: `edit failed: ${String(e).split('\n')[0]}` };
        } finally {
          await second.page.close();
        }
      }
      process.stdout.write(results.slice(-2).map((r) => (r.opened ? '.' : 'x')).join(''));
    }
  } finally {
    await contexts.v1.close();
    await contexts.v2.close();
  }
  process.stdout.write('\n');
  return { results, refused };
}
