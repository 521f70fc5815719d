/**
 * What the app needs beyond speed and fidelity, tried in each editor:
 *   tracked  our stored tracked replacement: painted (both words on the page, marked as a
 *            revision), listed by the editor, accepted through its API, and the save without it
 *   suggest  can the app switch the editor to suggesting (2.x: needs the commercial review module)
 *   sdtRows  rows inside a content control painted, and an unedited save merged back exactly
 *   fields   a word in a field's result retyped, and the saved field keeps its instruction
 *   view     a ProseMirror EditorView reachable from the ref (our adapter dispatches on it)
 */
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { mergeSave } from '../../server/docx/merge/merge';
import { REPLACEMENT } from '../fidelity/browser';
import { compare } from '../fidelity/compare';
import { bigDocx } from '../support/big-docx';
import { FIELD_WORDS, SDT_ROWS, fields, processed, sdtRows, tracked } from './fixtures';
import { type BenchServer } from './serve';
import { EDITORS, type Editor, call, newContext, open, save } from './session';

export type Findings = Record<string, string>;

const mainXml = (bytes: Uint8Array) => strFromU8(unzipSync(bytes)['word/document.xml']!);
const paraIdOf = (xml: string, text: string) => {
  const at = xml.indexOf(text);
  const open = xml.lastIndexOf('<w:p ', at);
  return /w14:paraId="([^"]+)"/.exec(xml.slice(open, xml.indexOf('>', open)))?.[1] ?? '';
};

/** Elements on the painted page that say they are a revision (class or data attribute). */
const revisionMarkup = (page: Page) =>
  page.evaluate(() => {
    const hits = [...document.querySelectorAll('[data-revision], [class*="insert"], [class*="delet"], [class*="tracked"], [class*="revision"], ins, del')];
    return hits.map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}${e.getAttribute('data-revision') ? `[data-revision=${e.getAttribute('data-revision')}]` : ''}:${(e.textContent ?? '').slice(0, 20)}`).slice(0, 6);
  });

async function trackedChanges(browser: Browser, server: BenchServer, editor: Editor, f: Findings, query = '', suffix = '') {
  const { bytes, word } = tracked();
  server.docs.set('tracked', bytes);
  const context = await newContext(browser);
  try {
    const { page, error } = await open(context, server.page(editor, 'tracked', query));
    if (error) return void (f[`tracked${suffix}`] = `did not open: ${error}`);
    await page.waitForTimeout(500);
    const text = await call<string>(page, 'paintedText');
    const markup = await revisionMarkup(page);
    const listed = await call<unknown[]>(page, 'trackedChanges');
    f[`trackedPainted${suffix}`] = `deleted “${word}” painted: ${text.includes(word)}; inserted “${REPLACEMENT}” painted: ${text.includes(REPLACEMENT)}; revision markup on the page: ${markup.length ? markup.join(' | ') : 'none'}`;
    f[`trackedListed${suffix}`] = `${listed.length} listed: ${JSON.stringify(listed).slice(0, 300)}`;
    // Accept both halves through the editor's API, then save.
    const decisions: unknown[] = [];
    if (editor === 'v1') {
      for (const id of [9001, 9002]) decisions.push(await call(page, 'decide', id, true));
    } else {
      const items = await call<{ key: string }[]>(page, 'reviewItems');
      f[`trackedReviewItems${suffix}`] = `${items.length} review items: ${JSON.stringify(items).slice(0, 300)}`;
      for (const item of items) decisions.push(await call(page, 'decide', item.key, true));
      // The document contract's own commands, which the facade's exec takes without a review module?
      for (const id of [9001, 9002]) decisions.push(await call(page, 'exec', { type: 'acceptRevision', id }));
    }
    await page.waitForTimeout(300);
    const out = mainXml(await save(page));
    f[`trackedAccept${suffix}`] = `decisions: ${JSON.stringify(decisions).slice(0, 300)}; saved w:ins left: ${(out.match(/<w:ins\b/g) ?? []).length}, w:del left: ${(out.match(/<w:del\b/g) ?? []).length}, “${word}” deleted: ${!out.includes(`>${word}<`) && !new RegExp(`\\b${word}\\b`).test(out.replace(/<w:delText[^>]*>[^<]*<\/w:delText>/g, '').replace(/<[^>]+>/g, ' ').slice(0, 4000))}`;
    await page.screenshot({ path: path.join(os.tmpdir(), `redraft-successor-tracked-${editor}${suffix}.png`) });
    if (editor === 'v2') {
      const suggesting = await call(page, 'suggestingMode');
      f.suggest = `setEditingMode('suggesting'): ${JSON.stringify(suggesting).slice(0, 300)}`;
    } else f.suggest = 'our own transaction (text-transactions.ts suggestReplacement) on the ProseMirror view, as the app does today';
  } finally {
    await context.close();
  }
}

/** 2.x: a tracked replacement written by the app through the document contract (proposeReplacement), as our chat's Suggest would need. */
async function proposeReplacement(browser: Browser, server: BenchServer, f: Findings) {
  const bytes = processed(bigDocx(0, 2));
  server.docs.set('plain', bytes);
  const xml = mainXml(bytes);
  const context = await newContext(browser);
  try {
    const { page, error } = await open(context, server.page('v2', 'plain'));
    if (error) return void (f.suggestByCommand = `did not open: ${error}`);
    const r = await call(page, 'exec', { type: 'proposeReplacement', target: { paraId: paraIdOf(xml, 'Master Services'), search: 'Master' }, replaceWith: REPLACEMENT, author: 'AI Assistant' });
    const out = mainXml(await save(page));
    f.suggestByCommand = `exec proposeReplacement: ${JSON.stringify(r).slice(0, 200)}; saved w:ins: ${(out.match(/<w:ins\b/g) ?? []).length}, w:del: ${(out.match(/<w:del\b/g) ?? []).length}`;
  } finally {
    await context.close();
  }
}

async function contentControlRows(browser: Browser, server: BenchServer, editor: Editor, f: Findings) {
  const bytes = sdtRows();
  server.docs.set('sdt-rows', bytes);
  const context = await newContext(browser);
  try {
    const { page, error } = await open(context, server.page(editor, 'sdt-rows'));
    if (error) return void (f.sdtRows = `did not open: ${error}`);
    await page.waitForTimeout(500);
    const text = await call<string>(page, 'paintedText');
    const painted = [...SDT_ROWS, 'PlainRowOmega'].map((w) => `${w}: ${text.includes(w)}`).join(', ');
    const merged = compare(bytes, mergeSave(bytes, await save(page)).bytes, 'word/document.xml', 'unedited', undefined);
    f.sdtRows = `painted ${painted}; unedited save through our merge: ${merged.problems.length === 0 ? 'exact' : merged.problems.slice(0, 2).join('; ')}`;
  } finally {
    await context.close();
  }
}

async function fieldResults(browser: Browser, server: BenchServer, editor: Editor, query: string, f: Findings, key: string) {
  const bytes = fields();
  server.docs.set('fields', bytes);
  const xml = mainXml(bytes);
  const context = await newContext(browser);
  const out: string[] = [];
  try {
    for (const [kind, word] of Object.entries(FIELD_WORDS)) {
      const { page, error } = await open(context, server.page(editor, 'fields', query));
      if (error) return void (f[key] = `did not open: ${error}`);
      const painted = (await call<string>(page, 'paintedText')).includes(word);
      const missed = await call<string | null>(page, 'selectWord', paraIdOf(xml, word), word, 0);
      if (missed) {
        out.push(`${kind}: result painted: ${painted}; could not select (${missed})`);
        await page.close();
        continue;
      }
      await page.keyboard.type(REPLACEMENT);
      await page.waitForTimeout(300);
      const saved = mainXml(await save(page));
      const instr = kind === 'complex' ? /<w:instrText[^>]*>\s*DATE/.test(saved) : /MERGEFIELD ClientName/.test(saved);
      const at = saved.indexOf(REPLACEMENT);
      const para = saved.slice(saved.lastIndexOf('<w:p ', at), saved.indexOf('</w:p>', at));
      const shape = para.replace(/<w:rPr>.*?<\/w:rPr>/g, '').replace(/<w:p [^>]*>|<\/?w:r>|<w:t[^>]*>|<\/w:t>/g, '').replace(/<w:fldChar w:fldCharType="(\w+)"\/>/g, '[$1]').slice(0, 160);
      out.push(`${kind}: result painted: ${painted}; saved paragraph “${shape}”; typed text saved: ${at >= 0}, field instruction kept: ${instr}, old word gone: ${!saved.includes(word)}`);
      await page.close();
    }
    f[key] = out.join('; ');
  } finally {
    await context.close();
  }
}

/** Looks for a ProseMirror EditorView (state.doc and dispatch) on the ref's objects, one level down. */
async function proseMirrorView(browser: Browser, server: BenchServer, editor: Editor, f: Findings) {
  const context = await newContext(browser);
  try {
    const { page } = await open(context, server.page(editor, 'fields'));
    if (editor === 'v1') {
      f.view = `getEditorRef().getView(): ${(await call<boolean>(page, 'hasProseMirrorView')) ? 'an EditorView' : 'null'}`;
      return;
    }
    const dom = await page.evaluate(() => document.querySelectorAll('.ProseMirror').length);
    const facade = await call<string[]>(page, 'facadeKeys');
    const refKeys = await call<string[]>(page, 'refKeys');
    const viewish = facade.filter((k) => /view|prosemirror|state|dispatch/i.test(k));
    f.view = `no view in the public API: ref has ${refKeys.join(', ')}; facade members named like view/state/dispatch: ${viewish.join(', ') || 'none'}; .ProseMirror elements in the DOM: ${dom}`;
  } finally {
    await context.close();
  }
}

export async function features(browser: Browser, server: BenchServer): Promise<Record<Editor, Findings>> {
  const out = { v1: {}, v2: {} } as Record<Editor, Findings>;
  for (const editor of EDITORS) {
    const f = out[editor];
    await trackedChanges(browser, server, editor, f).catch((e: unknown) => (f.tracked = `failed: ${String(e).split('\n')[0]}`));
    if (editor === 'v2') await trackedChanges(browser, server, editor, f, '&review=all-markup', 'AllMarkup').catch((e: unknown) => (f.trackedAllMarkup = `failed: ${String(e).split('\n')[0]}`));
    if (editor === 'v2') await proposeReplacement(browser, server, f).catch((e: unknown) => (f.suggestByCommand = `failed: ${String(e).split('\n')[0]}`));
    await contentControlRows(browser, server, editor, f).catch((e: unknown) => (f.sdtRows = `failed: ${String(e).split('\n')[0]}`));
    await fieldResults(browser, server, editor, '', f, 'fields').catch((e: unknown) => (f.fields = `failed: ${String(e).split('\n')[0]}`));
    if (editor === 'v2') await fieldResults(browser, server, editor, '&fields=editable', f, 'fieldsEditable').catch((e: unknown) => (f.fieldsEditable = `failed: ${String(e).split('\n')[0]}`));
    await proseMirrorView(browser, server, editor, f).catch((e: unknown) => (f.view = `failed: ${String(e).split('\n')[0]}`));
  }
  return out;
}
