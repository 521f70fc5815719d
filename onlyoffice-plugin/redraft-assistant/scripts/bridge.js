// @ts-check
/**
 * The Redraft Assistant plugin: a background ONLYOFFICE plugin that relays the editor's selection
 * to the Redraft page around the editor, and pastes the text the page sends back.
 *
 * This file holds all the logic, with no reference to browser globals, so that it can be tested
 * with fakes (onlyoffice-plugin/bridge.test.ts); scripts/main.js wires it to the real window.
 * It repeats the guid and the message shapes of common/schemas/onlyoffice.ts on purpose: the
 * plugin is copied onto Document Servers on its own and imports nothing from the app.
 *
 * Nothing secret ever crosses this channel: only selected text one way and text to paste the other.
 */

/* global Api, Asc -- only inside the editor commands below, which the Document Server runs from their source text */

/** The plugin's guid; the same in config.json and in common/schemas/onlyoffice.ts (PLUGIN_GUID). */
export const PLUGIN_GUID = 'asc.{6e1a6f3c-2b0d-4c55-9a4e-7d3f0c8b5e21}';

/** How long one paste may wait for the editor before the next queued one starts anyway. */
export const TASK_TIMEOUT_MS = 10_000;

/** Plain text with paragraphs on separate lines, as Redraft's assistant reads it. */
const SELECTION_OPTIONS = { Numbering: false, Math: false, TableCellSeparator: '\n', ParaSeparator: '\n', TabSymbol: '\t' };

/**
 * The part of `window.Asc.plugin` this plugin uses.
 * @typedef {object} AscPlugin
 * @property {((text?: string) => void) | undefined} [init]
 * @property {((id?: number) => void) | undefined} [button]
 * @property {(name: string, args: unknown[], callback?: (result: any) => void) => void} executeMethod
 * @property {(func: () => unknown, isClose?: boolean, isCalc?: boolean, callback?: (result: any) => void) => void} callCommand
 */

/** @typedef {{ postMessage(message: unknown, targetOrigin: string): void }} HostWindow */
/** @typedef {{ data: unknown, origin: string, source?: unknown }} IncomingMessage */
/** @typedef {{ addEventListener(type: 'message', listener: (event: IncomingMessage) => void): void }} SelfWindow */
/** @typedef {'selectionChanged' | 'currentSelection' | 'pluginReady' | 'inserted'} OutgoingType */
/** @typedef {{ type: 'getCurrentSelection' } | { type: 'insertText', text: string, suggest: boolean, atCaret: boolean }} HostRequest */

/**
 * The origin of `value` when it is an http(s) URL or origin (a trailing slash or path is dropped),
 * else null: a blank, `'*'` or opaque value would let the selection go to anyone.
 * @param {unknown} value
 * @returns {string | null}
 */
export function normalizeOrigin(value) {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isRecord(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A host → plugin message in the shape of HostToPluginMessageSchema, or null for anything else.
 * @param {unknown} data
 * @param {string} guid
 * @returns {HostRequest | null}
 */
export function parseHostMessage(data, guid) {
  if (!isRecord(data) || data.guid !== guid) return null;
  if (data.type === 'getCurrentSelection') {
    return data.data === undefined || isRecord(data.data) ? { type: 'getCurrentSelection' } : null;
  }
  if (data.type === 'insertText' && isRecord(data.data)) {
    const { text, suggest, at } = data.data;
    if (typeof text !== 'string' || (suggest !== undefined && typeof suggest !== 'boolean')) return null;
    if (at !== undefined && at !== 'selection' && at !== 'caret') return null;
    return { type: 'insertText', text, suggest: suggest === true, atCaret: at === 'caret' };
  }
  return null;
}

/*
 * Editor commands. A Document Server runs them from their source text in the editor, with a JSON
 * copy of the plugin's Asc.scope (callCommand builds "var Asc = {}; Asc.scope = <json>; (<func>)();"),
 * so they may use nothing from this module, and what they write into Asc.scope is lost: a value
 * comes back only as the command's return value, given to the callback.
 */

/** Turns tracked changes on and answers whether they were on before. */
function enableTracking() {
  // @ts-expect-error -- Api: the editor's global, there when the command runs
  var doc = Api.GetDocument();
  var wasTracking = doc.IsTrackRevisions();
  doc.SetTrackRevisions(true);
  return wasTracking === true;
}

/** Puts tracked changes back as they were; the plugin passes that state in Asc.scope.redraftTrack. */
function restoreTracking() {
  // @ts-expect-error -- Asc: declared by the wrapper callCommand puts around this command
  var wasTracking = Asc.scope.redraftTrack === true;
  // @ts-expect-error -- Api: the editor's global, there when the command runs
  Api.GetDocument().SetTrackRevisions(wasTracking);
}

/**
 * Adds the text the plugin passes in Asc.scope.redraftText right after the selection, which stays;
 * answers false when nothing is selected (then a paste at the caret does the same).
 */
function insertAfterSelection() {
  // @ts-expect-error -- Api: the editor's global, there when the command runs
  var range = Api.GetDocument().GetRangeBySelect();
  if (!range) return false;
  // @ts-expect-error -- Asc: declared by the wrapper callCommand puts around this command
  range.AddText(Asc.scope.redraftText, 'after');
  return true;
}

/**
 * Starts the plugin: takes over `plugin.init` and `plugin.button`, and listens for the host page.
 * @param {object} options
 * @param {AscPlugin} options.plugin `window.Asc.plugin`
 * @param {() => Record<string, unknown>} options.getScope `() => window.Asc.scope`, read at each
 *   command because callCommand serialises whatever object is there at that moment
 * @param {HostWindow} options.hostWindow the Redraft page (`window.top`)
 * @param {SelfWindow} options.selfWindow this plugin's window, where the host's messages arrive
 * @param {string} options.hostOrigin Redraft's origin: the only target and the only accepted sender
 * @param {string} [options.guid]
 */
export function startBridge({ plugin, getScope, hostWindow, selfWindow, hostOrigin, guid = PLUGIN_GUID }) {
  const checkedOrigin = normalizeOrigin(hostOrigin);
  if (!checkedOrigin) throw new TypeError(`Redraft Assistant: "${String(hostOrigin)}" is not an http(s) origin; set REDRAFT_HOST_ORIGIN in scripts/host-origin.js.`);
  const origin = checkedOrigin;

  let started = false;

  /**
   * @param {OutgoingType} type
   * @param {unknown} selectedText
   */
  function post(type, selectedText) {
    hostWindow.postMessage({ guid, type, data: { selectedText: typeof selectedText === 'string' ? selectedText : '' } }, origin);
  }

  /** @param {(text: string) => void} then */
  function readSelection(then) {
    plugin.executeMethod('GetSelectedText', [{ ...SELECTION_OPTIONS }], (text) => then(typeof text === 'string' ? text : ''));
  }

  // Pastes run one at a time, so that one paste's "restore tracked changes" cannot interleave with
  // another's "turn them on" and leave them on. A callback that never comes stalls the queue for
  // TASK_TIMEOUT_MS only.
  /** @type {Array<(done: () => void) => void>} */
  const queue = [];
  let busy = false;

  /** @param {(done: () => void) => void} task */
  function enqueue(task) {
    queue.push(task);
    if (!busy) runNext();
  }

  function runNext() {
    const task = queue.shift();
    if (!task) {
      busy = false;
      return;
    }
    busy = true;
    let finished = false;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer = undefined;
    const done = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      runNext();
    };
    timer = setTimeout(done, TASK_TIMEOUT_MS);
    task(done);
  }

  /**
   * @param {string} text
   * @param {boolean} suggest
   * @param {boolean} atCaret
   * @param {() => void} done
   */
  function insert(text, suggest, atCaret, done) {
    const answer = () =>
      readSelection((selectedText) => {
        post('inserted', selectedText);
        done();
      });
    if (atCaret) {
      getScope().redraftText = text;
      plugin.callCommand(insertAfterSelection, false, true, (inserted) => {
        if (inserted === true) answer();
        else plugin.executeMethod('PasteText', [text], answer);
      });
      return;
    }
    if (!suggest) {
      plugin.executeMethod('PasteText', [text], answer);
      return;
    }
    plugin.callCommand(enableTracking, false, false, (wasTracking) => {
      plugin.executeMethod('PasteText', [text], () => {
        getScope().redraftTrack = wasTracking === true;
        plugin.callCommand(restoreTracking, false, false, answer);
      });
    });
  }

  // With initOnSelectionChanged, ONLYOFFICE calls init on start and again on every selection change.
  plugin.init = (text) => {
    if (!started) {
      started = true;
      post('pluginReady', text);
    }
    post('selectionChanged', text);
  };
  // A background plugin has no window and no buttons.
  plugin.button = () => {};

  selfWindow.addEventListener('message', (event) => {
    if (event.origin !== origin || event.source !== hostWindow) return;
    const request = parseHostMessage(event.data, guid);
    if (!request) return;
    if (request.type === 'getCurrentSelection') {
      readSelection((selectedText) => post('currentSelection', selectedText));
    } else if (request.text.trim() !== '') {
      const { text, suggest, atCaret } = request;
      enqueue((done) => insert(text, suggest, atCaret, done));
    }
  });
}
