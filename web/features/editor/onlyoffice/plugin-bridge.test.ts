import { describe, expect, it } from 'vitest';
import { PLUGIN_GUID } from '@common/schemas/onlyoffice';
import { type FrameWindow, getCurrentSelectionMessage, insertTextMessage, listenToPlugin, pluginOrigins, postToPlugin, readPluginMessage } from './plugin-bridge';

const OURS = 'https://redraft.example';
const DS = 'https://docs.example.com';
const origins = [OURS, DS];
const selection = (selectedText: string) => ({ guid: PLUGIN_GUID, type: 'selectionChanged', data: { selectedText } });

/** A window at `origin` that keeps what it would receive: a browser drops a copy whose target origin is not the frame's. */
function fakeWindow(origin: string, children: FrameWindow[] = []) {
  const received: unknown[] = [];
  const win: FrameWindow & { received: unknown[] } = Object.assign(Object.create(null) as object, {
    received,
    length: children.length,
    postMessage(message: unknown, targetOrigin: string) {
      if (targetOrigin === origin) received.push(message);
    },
  }) as never;
  children.forEach((child, i) => Object.defineProperty(win, i, { value: child }));
  return win;
}

describe('pluginOrigins', () => {
  it('is ours and the Document Server origin, once each', () => {
    expect(pluginOrigins(OURS, `${DS}/some/path/`)).toEqual([OURS, DS]);
    expect(pluginOrigins(OURS, `${OURS}/ds`)).toEqual([OURS]);
    expect(pluginOrigins(OURS, 'not a url')).toEqual([OURS]);
  });
});

describe('readPluginMessage', () => {
  it('accepts a well-formed message with the guid from either trusted origin', () => {
    expect(readPluginMessage({ origin: OURS, data: selection('Payment') }, origins)).toEqual(selection('Payment'));
    expect(readPluginMessage({ origin: DS, data: selection('') }, origins)).toEqual(selection(''));
  });

  it('ignores other origins, other guids and other shapes', () => {
    expect(readPluginMessage({ origin: 'https://evil.example', data: selection('x') }, origins)).toBeNull();
    expect(readPluginMessage({ origin: OURS, data: { ...selection('x'), guid: 'asc.{other}' } }, origins)).toBeNull();
    expect(readPluginMessage({ origin: OURS, data: { guid: PLUGIN_GUID, type: 'selectionChanged' } }, origins)).toBeNull();
    expect(readPluginMessage({ origin: OURS, data: { guid: PLUGIN_GUID, type: 'executeCommand', data: { selectedText: '' } } }, origins)).toBeNull();
    expect(readPluginMessage({ origin: OURS, data: JSON.stringify(selection('x')) }, origins)).toBeNull();
  });
});

describe('postToPlugin', () => {
  it('reaches the plugin frame inside the editor frame at a trusted origin only', () => {
    const plugin = fakeWindow(DS);
    const toolbar = fakeWindow(DS);
    const stranger = fakeWindow('https://ads.example');
    const editor = fakeWindow(DS, [toolbar, plugin, stranger]);
    const message = insertTextMessage('Net 15', true);
    expect(postToPlugin(editor, message, origins)).toBe(3);
    expect(plugin.received).toEqual([message]);
    expect(stranger.received).toEqual([]);
    expect(editor.received).toEqual([]);
  });

  it('finds a plugin served from our origin one level deeper', () => {
    const plugin = fakeWindow(OURS);
    const editor = fakeWindow(DS, [fakeWindow(DS, [plugin])]);
    postToPlugin(editor, getCurrentSelectionMessage(), origins);
    expect(plugin.received).toEqual([{ guid: PLUGIN_GUID, type: 'getCurrentSelection' }]);
  });

  it('does nothing without an editor window', () => {
    expect(postToPlugin(null, getCurrentSelectionMessage(), origins)).toBe(0);
  });
});

describe('listenToPlugin', () => {
  it('passes on valid messages only, until unsubscribed', () => {
    const listeners = new Set<(event: MessageEvent) => void>();
    const target = { addEventListener: (_: 'message', l: (event: MessageEvent) => void) => listeners.add(l), removeEventListener: (_: 'message', l: (event: MessageEvent) => void) => listeners.delete(l) };
    const seen: unknown[] = [];
    const off = listenToPlugin(target, origins, (message) => seen.push(message));
    const dispatch = (origin: string, data: unknown) => listeners.forEach((l) => l({ origin, data } as MessageEvent));
    dispatch(DS, selection('a'));
    dispatch('https://evil.example', selection('b'));
    off();
    dispatch(DS, selection('c'));
    expect(seen).toEqual([selection('a')]);
    expect(listeners.size).toBe(0);
  });
});
