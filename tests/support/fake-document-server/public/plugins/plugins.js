/**
 * Fake of ONLYOFFICE's `sdkjs-plugins/v1/plugins.js`: the `window.Asc.plugin` surface a plugin
 * frame uses, talking to the fake editor frame (its parent, editor.js) by postMessage.
 *
 * As the real SDK does, it reads ./config.json beside the plugin's page once the page has loaded,
 * then calls `Asc.plugin.init(selectedText)`, and again on every selection change (the editor
 * reports them). executeMethod supports GetSelectedText and PasteText. callCommand runs the
 * command with a fake `Api.GetDocument()` (IsTrackRevisions / SetTrackRevisions, backed by the
 * editor's "Track changes" flag; GetRangeBySelect().AddText(text, 'after')) and, like the real SDK, with a JSON copy of Asc.scope, so a
 * command's writes to Asc.scope are lost and only its return value reaches the callback.
 * Unlike the real SDK it runs the command in this frame without eval: a command that uses
 * variables from its surroundings works here but would not in a Document Server (the plugin's
 * unit tests check that with the command's source text).
 */
(function () {
  'use strict';

  // editor.js puts its origin in our URL: the only target for our calls, the only accepted sender.
  let editorOrigin = null;
  try {
    editorOrigin = new URL(new URLSearchParams(location.search).get('editorOrigin')).origin;
  } catch {
    console.error('Fake plugins.js: no editorOrigin in the URL; this page must be opened by the fake editor.');
  }

  const Asc = (window.Asc = window.Asc || {});
  Asc.scope = {};
  const pending = new Map();
  let nextId = 1;
  let started = false;

  /** One request to the editor frame; resolves with its answer. */
  function call(method, args) {
    return new Promise((resolve) => {
      if (!editorOrigin) return;
      const id = nextId++;
      pending.set(id, resolve);
      window.parent.postMessage({ fakeDocsPlugin: 'call', id, method, args }, editorOrigin);
    });
  }

  function tell(message) {
    if (editorOrigin) window.parent.postMessage(message, editorOrigin);
  }

  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || event.origin !== editorOrigin) return;
    const msg = event.data;
    if (!msg || typeof msg !== 'object') return;
    if (msg.fakeDocsPlugin === 'return' && pending.has(msg.id)) {
      const resolve = pending.get(msg.id);
      pending.delete(msg.id);
      resolve(msg.result);
    } else if (msg.fakeDocsPlugin === 'selection' && started && typeof Asc.plugin.init === 'function') {
      Asc.plugin.init(typeof msg.selectedText === 'string' ? msg.selectedText : '');
    }
  });

  /** What the real SDK lets through from a command's result: standard types, not objects. */
  function plain(value) {
    return value !== null && typeof value === 'object' ? undefined : value;
  }

  Asc.plugin = {
    info: { editorType: 'word' },

    executeMethod(name, args, callback) {
      void call(name, Array.isArray(args) ? args : []).then((result) => {
        if (typeof callback === 'function') callback(result);
      });
      return true;
    },

    callCommand(func, _isClose, _isCalc, callback) {
      void Promise.all([call('getTrackRevisions', []), call('hasSelection', [])]).then(([tracking, hasSelection]) => {
        const state = { tracking: tracking === true, changed: false, added: [] };
        const scope = Asc.scope;
        const hadApi = Object.prototype.hasOwnProperty.call(window, 'Api');
        const previousApi = window.Api;
        let result;
        Asc.scope = JSON.parse(JSON.stringify(scope || {}));
        window.Api = {
          GetDocument: () => ({
            IsTrackRevisions: () => state.tracking,
            SetTrackRevisions: (on) => {
              state.tracking = on === true;
              state.changed = true;
            },
            // Only what the plugin uses: text added right after the selection.
            GetRangeBySelect: () =>
              hasSelection === true
                ? {
                    AddText: (text, position) => {
                      if (position === 'after') state.added.push(String(text));
                    },
                  }
                : null,
          }),
        };
        try {
          result = func();
        } catch (err) {
          console.error('Fake plugins.js: the command threw', err);
        } finally {
          Asc.scope = scope;
          if (hadApi) window.Api = previousApi;
          else delete window.Api;
        }
        const added = state.added.reduce((done, text) => done.then(() => call('insertAfterSelection', [text])), Promise.resolve());
        const applied = added.then(() => (state.changed ? call('setTrackRevisions', [state.tracking]) : undefined));
        void applied.then(() => {
          if (typeof callback === 'function') callback(plain(result));
        });
      });
    },
  };

  // The plugin's own scripts (modules included) have run by the time the page has loaded.
  window.addEventListener('load', async () => {
    try {
      const res = await fetch('./config.json');
      if (!res.ok) throw new Error(`config.json: HTTP ${res.status}`);
      const config = await res.json();
      Asc.plugin.guid = config.guid;
      const state = await call('start', [config.guid]);
      if (typeof Asc.plugin.init !== 'function') throw new Error('the plugin did not set Asc.plugin.init');
      started = true;
      Asc.plugin.init(state && typeof state.selectedText === 'string' ? state.selectedText : '');
      tell({ fakeDocsPlugin: 'started' });
    } catch (err) {
      console.error('Fake plugins.js:', err);
      tell({ fakeDocsPlugin: 'failed', reason: String(err && err.message) });
    }
  });
})();
