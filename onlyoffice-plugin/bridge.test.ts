/**
 * The assistant plugin's bridge (redraft-assistant/scripts/bridge.js) against a fake `Asc.plugin`
 * that behaves as ONLYOFFICE's does: executeMethod answers through its callback, and callCommand
 * runs the command from its source text with a JSON copy of Asc.scope, so a command that leans on
 * the module around it, or writes into Asc.scope, fails here as it would in a Document Server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HostToPluginMessageSchema, PLUGIN_FOLDER, PLUGIN_GUID, PluginToHostMessageSchema } from '../common/schemas/onlyoffice';
import {
  PLUGIN_GUID as BRIDGE_GUID,
  TASK_TIMEOUT_MS,
  normalizeOrigin,
  parseHostMessage,
  startBridge,
} from './redraft-assistant/scripts/bridge.js';

const PLUGIN_DIR = path.join(import.meta.dirname, PLUGIN_FOLDER);
const HOST = 'https://redraft.example.com';

type Posted = { message: { guid: string; type: string; data: { selectedText: string } }; origin: string };
type Listener = (event: { data: unknown; origin: string; source?: unknown }) => void;

function setup(options: { tracking?: boolean; selection?: string; pasteAnswers?: boolean } = {}) {
  const doc = {
    tracking: options.tracking ?? false,
    selection: options.selection ?? '',
    pasted: [] as Array<{ text: string; tracked: boolean }>,
    addedAfter: [] as Array<{ text: string; after: string }>,
  };
  const calls: string[] = [];
  const scope: Record<string, unknown> = {};
  const posted: Posted[] = [];
  const hostWindow = { postMessage: (message: Posted['message'], origin: string) => void posted.push({ message, origin }) };
  let listener: Listener | undefined;
  const selfWindow = {
    addEventListener: (type: string, l: Listener) => {
      if (type === 'message') listener = l;
    },
  };
  const api = {
    GetDocument: () => ({
      IsTrackRevisions: () => doc.tracking,
      SetTrackRevisions: (on: boolean) => void (doc.tracking = on),
      GetRangeBySelect: () =>
        doc.selection ? { AddText: (text: string, position: string) => position === 'after' && doc.addedAfter.push({ text, after: doc.selection }) } : null,
    }),
  };
  const plugin: {
    init?: (text?: string) => void;
    button?: (id?: number) => void;
    executeMethod: (name: string, args: unknown[], callback?: (result: unknown) => void) => void;
    callCommand: (func: () => unknown, isClose?: boolean, isCalc?: boolean, callback?: (result: unknown) => void) => void;
  } = {
    executeMethod(name, args, callback) {
      calls.push(name);
      if (name === 'GetSelectedText') callback?.(doc.selection);
      if (name === 'PasteText') {
        doc.pasted.push({ text: String(args[0]), tracked: doc.tracking });
        doc.selection = '';
        if (options.pasteAnswers !== false) callback?.(undefined);
      }
    },
    callCommand(func, _isClose, _isCalc, callback) {
      calls.push('callCommand');
      // What sdkjs-plugins' callCommand sends to the editor, run as the editor runs it.
      const source = `var Asc = {}; Asc.scope = ${JSON.stringify(scope)}; var scope = Asc.scope; return (${func.toString()})();`;
      callback?.(new Function('Api', source)(api));
    },
  };
  startBridge({ plugin, getScope: () => scope, hostWindow, selfWindow, hostOrigin: HOST, guid: PLUGIN_GUID });
  const send = (data: unknown, origin = HOST, source: unknown = hostWindow) => listener?.({ data, origin, source });
  return { plugin, doc, calls, posted, send, hostWindow };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the guid', () => {
  it('is the same in bridge.js, config.json and the contract', () => {
    const config = JSON.parse(fs.readFileSync(path.join(PLUGIN_DIR, 'config.json'), 'utf8')) as { guid: string };
    expect(BRIDGE_GUID).toBe(PLUGIN_GUID);
    expect(config.guid).toBe(PLUGIN_GUID);
  });
});

describe('config.json and index.html', () => {
  it('declare a background Word plugin started on every selection change', () => {
    const config = JSON.parse(fs.readFileSync(path.join(PLUGIN_DIR, 'config.json'), 'utf8'));
    expect(config).toMatchObject({ name: 'Redraft Assistant', baseUrl: '' });
    expect(config.variations).toHaveLength(1);
    expect(config.variations[0]).toMatchObject({
      url: 'index.html',
      EditorsSupport: ['word'],
      type: 'background',
      initDataType: 'text',
      initData: '',
      initOnSelectionChanged: true,
      isVisual: false,
      isModal: false,
      isInsideMode: false,
      isViewer: false,
    });
    for (const icon of config.variations[0].icons as string[]) expect(fs.existsSync(path.join(PLUGIN_DIR, icon))).toBe(true);
  });

  it('index.html loads the SDK, the host origin, then the module, with no inline script', () => {
    const html = fs.readFileSync(path.join(PLUGIN_DIR, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((m) => /src="([^"]+)"/.exec(m[1] ?? '')?.[1])).toEqual(['../v1/plugins.js', 'scripts/host-origin.js', 'scripts/main.js']);
    expect(scripts[2]?.[1]).toContain('type="module"');
    for (const m of scripts) expect(m[2]?.trim()).toBe('');
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});

describe('selection changes', () => {
  it('posts pluginReady once, then selectionChanged on every init, to the host origin only', () => {
    const { plugin, posted } = setup();
    plugin.init?.('first');
    plugin.init?.('second clause');
    plugin.init?.(undefined);

    expect(posted.map((p) => [p.message.type, p.message.data.selectedText])).toEqual([
      ['pluginReady', 'first'],
      ['selectionChanged', 'first'],
      ['selectionChanged', 'second clause'],
      ['selectionChanged', ''],
    ]);
    for (const p of posted) {
      expect(p.origin).toBe(HOST);
      expect(PluginToHostMessageSchema.safeParse(p.message).success).toBe(true);
    }
  });

  it('makes button a no-op (a background plugin has no window)', () => {
    const { plugin, posted } = setup();
    expect(() => plugin.button?.(0)).not.toThrow();
    expect(posted).toEqual([]);
  });
});

describe('getCurrentSelection', () => {
  it('answers with the selected text read through GetSelectedText', () => {
    const { send, posted, calls } = setup({ selection: 'The Supplier shall deliver' });
    send({ guid: PLUGIN_GUID, type: 'getCurrentSelection' });
    send({ guid: PLUGIN_GUID, type: 'getCurrentSelection', data: {} });

    expect(calls).toEqual(['GetSelectedText', 'GetSelectedText']);
    expect(posted).toEqual([
      { message: { guid: PLUGIN_GUID, type: 'currentSelection', data: { selectedText: 'The Supplier shall deliver' } }, origin: HOST },
      { message: { guid: PLUGIN_GUID, type: 'currentSelection', data: { selectedText: 'The Supplier shall deliver' } }, origin: HOST },
    ]);
  });

  it('asks for plain text with paragraphs on lines of their own', () => {
    const { plugin, send } = setup();
    const spy = vi.spyOn(plugin, 'executeMethod');
    send({ guid: PLUGIN_GUID, type: 'getCurrentSelection' });
    expect(spy).toHaveBeenCalledWith(
      'GetSelectedText',
      [{ Numbering: false, Math: false, TableCellSeparator: '\n', ParaSeparator: '\n', TabSymbol: '\t' }],
      expect.any(Function),
    );
  });
});

describe('insertText', () => {
  it('pastes the text, then posts inserted with the new selection', () => {
    const { send, doc, calls, posted } = setup({ selection: 'old words' });
    send({ guid: PLUGIN_GUID, type: 'insertText', data: { text: 'new words' } });

    expect(doc.pasted).toEqual([{ text: 'new words', tracked: false }]);
    expect(calls).toEqual(['PasteText', 'GetSelectedText']);
    expect(posted).toEqual([{ message: { guid: PLUGIN_GUID, type: 'inserted', data: { selectedText: '' } }, origin: HOST }]);
  });

  it('ignores blank text', () => {
    const { send, calls, posted } = setup();
    send({ guid: PLUGIN_GUID, type: 'insertText', data: { text: '' } });
    send({ guid: PLUGIN_GUID, type: 'insertText', data: { text: ' \n\t ' } });
    expect(calls).toEqual([]);
    expect(posted).toEqual([]);
  });

  it('with suggest, pastes as a tracked change, then turns tracking back off', () => {
    const { send, doc, calls, posted } = setup({ tracking: false });
    send({ guid: PLUGIN_GUID, type: 'insertText', data: { text: 'within 45 days', suggest: true } });

    expect(doc.pasted).toEqual([{ text: 'within 45 days', tracked: true }]);
    expect(doc.tracking).toBe(false);
    expect(calls).toEqual(['callCommand', 'PasteText', 'callCommand', 'GetSelectedText']);
    expect(posted.map((p) => p.message.type)).toEqual(['inserted']);
  });

  it('with suggest, leaves tracking on when it was on already', () => {
    const { send, doc } = setup({ tracking: true });
    send({ guid: PLUGIN_GUID, type: 'insertText', data: { text: 'within 45 days', suggest: true } });
    expect(doc.pasted).toEqual([{ text: 'within 45 days', tracked: true }]);
    expect(doc.tracking).toBe(true);
  });

  it('with suggest: false, pastes untracked', () => {
    const { send, doc, calls } = setup();
    send({ guid: PLUGIN_GUID, type: 'insertText', data: { text: 'plain', suggest: false } });
    expect(doc.pasted).toEqual([{ text: 'plain', tracked: false }]);
    expect(calls).not.toContain('callCommand');
  });

  it("with at: 'caret', adds the text right after the selection, which stays", () => {
    const { send, doc, calls, posted } = setup({ selection: 'within 30 days' });
    send({ guid: PLUGIN_GUID, type: 'insertText', data: { text: ' (or sooner)', at: 'caret' } });
    expect(doc.addedAfter).toEqual([{ text: ' (or sooner)', after: 'within 30 days' }]);
    expect(doc.pasted).toEqual([]);
    expect(doc.selection).toBe('within 30 days');
    expect(calls).toEqual(['callCommand', 'GetSelectedText']);
    expect(posted.map((p) => p.message)).toEqual([{ guid: PLUGIN_GUID, type: 'inserted', data: { selectedText: 'within 30 days' } }]);
  });

  it("with at: 'caret' and nothing selected, pastes at the caret", () => {
    const { send, doc } = setup({ selection: '' });
    send({ guid: PLUGIN_GUID, type: 'insertText', data: { text: 'New clause.', at: 'caret' } });
    expect(doc.addedAfter).toEqual([]);
    expect(doc.pasted).toEqual([{ text: 'New clause.', tracked: false }]);
  });

  it('runs one paste at a time, and a paste the editor never answers holds the next one back only so long', () => {
    vi.useFakeTimers();
    const { send, doc, posted } = setup({ pasteAnswers: false });
    send({ guid: PLUGIN_GUID, type: 'insertText', data: { text: 'one' } });
    send({ guid: PLUGIN_GUID, type: 'insertText', data: { text: 'two' } });
    expect(doc.pasted.map((p) => p.text)).toEqual(['one']);

    vi.advanceTimersByTime(TASK_TIMEOUT_MS);
    expect(doc.pasted.map((p) => p.text)).toEqual(['one', 'two']);
    expect(posted).toEqual([]);
  });
});

describe('messages it ignores', () => {
  const valid = { guid: PLUGIN_GUID, type: 'insertText', data: { text: 'x' } };

  it.each([
    ['another origin', valid, 'https://evil.example.com'],
    ['a lookalike origin', valid, 'https://redraft.example.com.evil.example'],
    ['the Document Server origin', valid, 'http://127.0.0.1:8080'],
  ])('from %s', (_name, data, origin) => {
    const { send, calls, posted } = setup();
    send(data, origin);
    expect(calls).toEqual([]);
    expect(posted).toEqual([]);
  });

  it('from the right origin but another window', () => {
    const { send, calls, posted } = setup();
    send(valid, HOST, { postMessage() {} });
    expect(calls).toEqual([]);
    expect(posted).toEqual([]);
  });

  it.each([
    ['another guid', { ...valid, guid: 'asc.{00000000-0000-0000-0000-000000000000}' }],
    ['no guid', { type: 'getCurrentSelection' }],
    ['an unknown type', { guid: PLUGIN_GUID, type: 'deleteEverything', data: {} }],
    ['no data', { guid: PLUGIN_GUID, type: 'insertText' }],
    ['text that is not a string', { guid: PLUGIN_GUID, type: 'insertText', data: { text: 42 } }],
    ['suggest that is not a boolean', { guid: PLUGIN_GUID, type: 'insertText', data: { text: 'x', suggest: 'yes' } }],
    ['data that is not an object', { guid: PLUGIN_GUID, type: 'getCurrentSelection', data: 'please' }],
    ['a JSON string', JSON.stringify(valid)],
    ['null', null],
    ['an array', [valid]],
    ['a number', 7],
  ])('with %s', (_name, data) => {
    const { send, calls, posted } = setup();
    expect(() => send(data)).not.toThrow();
    expect(calls).toEqual([]);
    expect(posted).toEqual([]);
  });
});

describe('parseHostMessage', () => {
  it('accepts exactly what HostToPluginMessageSchema accepts, for these samples', () => {
    const samples: unknown[] = [
      { guid: PLUGIN_GUID, type: 'getCurrentSelection' },
      { guid: PLUGIN_GUID, type: 'getCurrentSelection', data: {} },
      { guid: PLUGIN_GUID, type: 'insertText', data: { text: 'a' } },
      { guid: PLUGIN_GUID, type: 'insertText', data: { text: 'a', suggest: true } },
      { guid: PLUGIN_GUID, type: 'insertText', data: { text: 'a', suggest: 1 } },
      { guid: PLUGIN_GUID, type: 'insertText', data: { text: 'a', at: 'caret' } },
      { guid: PLUGIN_GUID, type: 'insertText', data: { text: 'a', at: 'selection', suggest: false } },
      { guid: PLUGIN_GUID, type: 'insertText', data: { text: 'a', at: 'end' } },
      { guid: PLUGIN_GUID, type: 'insertText', data: {} },
      { guid: 'asc.{other}', type: 'getCurrentSelection' },
      { guid: PLUGIN_GUID, type: 'getCurrentSelection', data: [] },
    ];
    for (const sample of samples) {
      expect(parseHostMessage(sample, PLUGIN_GUID) !== null, JSON.stringify(sample)).toBe(HostToPluginMessageSchema.safeParse(sample).success);
    }
  });
});

describe('the host origin', () => {
  it.each([
    ['https://redraft.example.com', 'https://redraft.example.com'],
    ['https://redraft.example.com/', 'https://redraft.example.com'],
    ['http://127.0.0.1:3000/app', 'http://127.0.0.1:3000'],
    ['', null],
    ['*', null],
    ['null', null],
    ['javascript:alert(1)', null],
    [undefined, null],
  ])('%j normalises to %j', (value, expected) => {
    expect(normalizeOrigin(value)).toBe(expected);
  });

  it('must be set: the bridge refuses to start without an http(s) origin, rather than post to "*"', () => {
    const plugin = { executeMethod() {}, callCommand() {} };
    const windows = { hostWindow: { postMessage() {} }, selfWindow: { addEventListener() {} } };
    expect(() => startBridge({ plugin, getScope: () => ({}), ...windows, hostOrigin: '*' })).toThrow(/REDRAFT_HOST_ORIGIN/);
    expect(() => startBridge({ plugin, getScope: () => ({}), ...windows, hostOrigin: '' })).toThrow(TypeError);
  });

  it('is normalised before use as the target', () => {
    const posted: string[] = [];
    const plugin: { init?: (t?: string) => void; executeMethod(): void; callCommand(): void } = { executeMethod() {}, callCommand() {} };
    startBridge({
      plugin,
      getScope: () => ({}),
      hostWindow: { postMessage: (_m: unknown, origin: string) => void posted.push(origin) },
      selfWindow: { addEventListener() {} },
      hostOrigin: `${HOST}/`,
    });
    plugin.init?.('x');
    expect(new Set(posted)).toEqual(new Set([HOST]));
  });
});
