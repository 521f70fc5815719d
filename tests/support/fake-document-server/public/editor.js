/**
 * The fake editor frame that api.js opens. It plays the Document Server's part of the protocol:
 * - gets the config from api.js, has the server verify its token and download document.url
 *   (POST /fake/open), and reports back with the real event names;
 * - shows the paragraphs of the document it downloaded, editable unless the config opens it
 *   view-only (`editorConfig.mode: 'view'` or `permissions.edit: false`), so that tests can select,
 *   type and see pastes in the document Redraft really served;
 * - starts the autostart plugins listed in editorConfig.plugins.pluginsData in hidden child frames,
 *   and serves their Asc.plugin calls (plugins/plugins.js) from this document.
 * What it shows (key, bytes, track changes, plugin states) is there for screenshots and assertions.
 */
(function () {
  'use strict';

  const el = {
    title: document.getElementById('title'),
    status: document.getElementById('status'),
    track: document.getElementById('track'),
    conflict: document.getElementById('conflict'),
    error: document.getElementById('error'),
    doc: document.getElementById('document'),
    meta: document.getElementById('meta'),
    plugins: document.getElementById('plugins'),
    frames: document.getElementById('plugin-frames'),
  };

  // api.js puts the page's origin in our URL, as the real one does; events go there and nowhere else.
  const parentOrigin = originOf(new URLSearchParams(location.search).get('parentOrigin'));

  let appReady = false;
  let opening = 0;
  let trackChanges = false;
  let dirty = false;
  let dirtyTimer = null;
  /** A viewer: the document cannot be changed, by typing or by a plugin. */
  let viewOnly = false;
  /** The editor's own idea of the selection: it outlives focus moving to a button or another frame. */
  let savedRange = null;
  /** @type {Array<{ guid: string, name: string, origin: string, window: Window | null, loaded: boolean, started: boolean, item: HTMLLIElement }>} */
  const plugins = [];
  let pluginsListed = false;
  let pluginsStarting = false;
  let pluginsReadyFired = false;

  function originOf(value) {
    try {
      return new URL(value).origin;
    } catch {
      return null;
    }
  }

  function fire(event, data) {
    if (parentOrigin && parentOrigin !== 'null') window.parent.postMessage({ fakeDocsEvent: event, data }, parentOrigin);
  }

  function setStatus(text) {
    el.status.textContent = text;
  }

  // ---- Host page (api.js) ----

  window.addEventListener('message', (event) => {
    if (event.source === window.parent && event.origin === parentOrigin) return onHostCommand(event.data);
    const plugin = plugins.find((p) => p.window === event.source && p.origin === event.origin);
    if (plugin) onPluginMessage(plugin, event.data);
  });

  function onHostCommand(msg) {
    if (!msg || typeof msg !== 'object' || !msg.config || typeof msg.config !== 'object') return;
    if (msg.fakeDocsCommand !== 'open' && msg.fakeDocsCommand !== 'refreshFile') return;
    // The real editor is "ready" once its code has loaded, before it even asks for the document.
    if (!appReady) {
      appReady = true;
      fire('onAppReady');
    }
    void open(msg.config);
  }

  /** What a Document Server does on open: check the token, download the file, then show it. */
  async function open(config) {
    const seq = ++opening;
    setStatus('Opening…');
    let answer;
    try {
      const res = await fetch('/fake/open', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ config }) });
      answer = await res.json();
    } catch {
      answer = { errorCode: -4, errorDescription: 'Download failed.' };
    }
    if (seq !== opening) return; // a refreshFile came in meanwhile
    if (!answer || answer.errorCode !== 0) {
      const errorCode = answer && typeof answer.errorCode === 'number' ? answer.errorCode : -1;
      const errorDescription = (answer && answer.errorDescription) || 'Unknown error.';
      showError(errorCode, errorDescription);
      fire('onError', { errorCode, errorDescription });
      return;
    }
    // From here on, as a Document Server, act on the signed config only.
    render(answer.config, answer.bytes, answer.paragraphs);
    fire('onDocumentReady');
    if (!pluginsStarting) {
      pluginsStarting = true;
      void startPlugins(answer.config);
    }
  }

  function showError(code, description) {
    el.error.textContent = `${description} (error ${code})`;
    el.error.hidden = false;
    el.doc.hidden = true;
    setStatus('Error');
  }

  /** Shows the downloaded document's paragraphs, one text node each, as the signed config opens it. */
  function render(config, bytes, paragraphs) {
    const doc = config.document || {};
    const permissions = doc.permissions || {};
    viewOnly = (config.editorConfig && config.editorConfig.mode === 'view') || permissions.edit === false;
    el.title.textContent = doc.title || 'Untitled.docx';
    el.doc.replaceChildren(
      ...paragraphs.map((text) => {
        const p = document.createElement('p');
        p.textContent = text;
        return p;
      }),
    );
    el.doc.contentEditable = viewOnly ? 'false' : 'true';
    el.doc.setAttribute('aria-readonly', String(viewOnly));
    el.doc.hidden = false;
    el.error.hidden = true;
    // A viewer's file cannot change under it through this editor.
    el.conflict.hidden = viewOnly;
    el.meta.textContent = `Document key: ${doc.key} · opened ${bytes} bytes`;
    savedRange = null;
    setStatus(viewOnly ? 'Viewing' : 'Editing');
  }

  el.conflict.addEventListener('click', () => fire('onRequestRefreshFile'));

  // ---- Editing ----

  function changed() {
    if (viewOnly) return;
    if (!dirty) {
      dirty = true;
      fire('onDocumentStateChange', true);
    }
    clearTimeout(dirtyTimer);
    // The real editor says false once the change reached the document editing service.
    dirtyTimer = setTimeout(() => {
      dirty = false;
      fire('onDocumentStateChange', false);
    }, 1000);
  }
  el.doc.addEventListener('input', changed);

  function insideDocument(range) {
    return range && el.doc.contains(range.commonAncestorContainer);
  }

  /** The selected text, paragraphs joined by `separator`, as GetSelectedText answers. */
  function selectedText(separator) {
    const range = savedRange;
    if (!insideDocument(range) || range.collapsed) return '';
    const parts = [];
    for (const block of el.doc.children) {
      if (!range.intersectsNode(block)) continue;
      const part = document.createRange();
      part.selectNodeContents(block);
      if (range.compareBoundaryPoints(Range.START_TO_START, part) > 0) part.setStart(range.startContainer, range.startOffset);
      if (range.compareBoundaryPoints(Range.END_TO_END, part) < 0) part.setEnd(range.endContainer, range.endOffset);
      parts.push(part.toString());
    }
    return parts.length ? parts.join(separator) : range.toString();
  }

  document.addEventListener('selectionchange', () => {
    const selection = document.getSelection();
    if (!selection || selection.rangeCount === 0) return;
    const range = selection.getRangeAt(0);
    if (!insideDocument(range)) return;
    savedRange = range.cloneRange();
    // initOnSelectionChanged: each started plugin hears about every selection change.
    const text = selectedText('\n');
    for (const p of plugins) if (p.started) p.window.postMessage({ fakeDocsPlugin: 'selection', selectedText: text }, p.origin);
  });

  /** PasteText: replaces the selection, or inserts at the caret (the end of the document if none). */
  function paste(text) {
    let range = insideDocument(savedRange) ? savedRange : null;
    if (!range) {
      range = document.createRange();
      range.selectNodeContents(el.doc.lastElementChild || el.doc);
      range.collapse(false);
    }
    if (trackChanges && !range.collapsed) {
      const del = document.createElement('del');
      del.className = 'tracked';
      del.append(range.extractContents());
      range.insertNode(del);
      range.setStartAfter(del);
      range.collapse(true);
    } else {
      range.deleteContents();
    }
    let node = document.createTextNode(text);
    if (trackChanges) {
      const ins = document.createElement('ins');
      ins.className = 'tracked';
      ins.append(node);
      node = ins;
    }
    range.insertNode(node);
    range.setStartAfter(node);
    range.collapse(true);
    const selection = document.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    savedRange = range.cloneRange();
    changed();
  }

  /** ApiRange.AddText(text, 'after') on the selection: the text goes in after it; the selection stays. */
  function insertAfterSelection(text) {
    if (!insideDocument(savedRange) || savedRange.collapsed) return false;
    const at = savedRange.cloneRange();
    at.collapse(false);
    let node = document.createTextNode(text);
    if (trackChanges) {
      const ins = document.createElement('ins');
      ins.className = 'tracked';
      ins.append(node);
      node = ins;
    }
    at.insertNode(node);
    changed();
    return true;
  }

  function setTrackChanges(on) {
    trackChanges = on === true;
    el.track.textContent = `Track changes: ${trackChanges ? 'on' : 'off'}`;
  }

  // ---- Plugins ----

  async function startPlugins(config) {
    const settings = (config.editorConfig && config.editorConfig.plugins) || {};
    const autostart = Array.isArray(settings.autostart) ? settings.autostart : [];
    const urls = Array.isArray(settings.pluginsData) ? settings.pluginsData : [];
    // Relative pluginsData entries mean plugins installed on this server.
    const installed = `${location.origin}/sdkjs-plugins/`;
    const loaded = await Promise.all(
      urls.map(async (entry) => {
        try {
          const configUrl = new URL(entry, installed);
          // A browser fetch: the server hosting config.json must allow this origin (CORS).
          const res = await fetch(configUrl, { credentials: 'omit' });
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
          return { configUrl, plugin: await res.json() };
        } catch (err) {
          listPlugin(String(entry), `config.json failed: ${err && err.message}`);
          return null;
        }
      }),
    );
    for (const result of loaded) {
      if (!result) continue;
      const { configUrl, plugin } = result;
      const name = plugin.name || plugin.guid;
      const variation = Array.isArray(plugin.variations) ? plugin.variations[0] : null;
      if (!autostart.includes(plugin.guid)) {
        listPlugin(name, 'not in autostart');
        continue;
      }
      if (!variation || typeof variation.url !== 'string') {
        listPlugin(name, 'no variation url');
        continue;
      }
      const src = new URL(variation.url, new URL(plugin.baseUrl || '.', configUrl));
      // plugins.js posts to us with this origin as its target.
      src.searchParams.set('editorOrigin', location.origin);
      const frame = document.createElement('iframe');
      frame.title = name;
      frame.name = `iframe_${plugin.guid}`;
      const entry = { guid: plugin.guid, name, origin: src.origin, window: null, loaded: false, started: false, item: listPlugin(name, 'loading') };
      frame.addEventListener('load', () => {
        entry.loaded = true;
        maybePluginsReady();
      });
      frame.src = src.href;
      el.frames.append(frame);
      entry.window = frame.contentWindow;
      plugins.push(entry);
    }
    pluginsListed = true;
    maybePluginsReady();
  }

  function listPlugin(name, state) {
    const item = document.createElement('li');
    item.textContent = `Plugin ${name}: ${state}`;
    el.plugins.append(item);
    return item;
  }

  function maybePluginsReady() {
    if (pluginsReadyFired || !pluginsListed || !plugins.every((p) => p.loaded && p.started)) return;
    pluginsReadyFired = true;
    fire('onPluginsReady');
  }

  function onPluginMessage(plugin, msg) {
    if (!msg || typeof msg !== 'object') return;
    if (msg.fakeDocsPlugin === 'started') {
      plugin.started = true;
      plugin.item.textContent = `Plugin ${plugin.name}: started`;
      maybePluginsReady();
    } else if (msg.fakeDocsPlugin === 'failed') {
      plugin.item.textContent = `Plugin ${plugin.name}: failed to start (${String(msg.reason)})`;
    } else if (msg.fakeDocsPlugin === 'call') {
      const result = call(msg.method, Array.isArray(msg.args) ? msg.args : []);
      plugin.window.postMessage({ fakeDocsPlugin: 'return', id: msg.id, result }, plugin.origin);
    }
  }

  /** The editor methods plugins.js relays: executeMethod names, and the state behind callCommand. */
  function call(method, args) {
    switch (method) {
      case 'start':
        return { selectedText: selectedText('\n') };
      case 'GetSelectedText': {
        const options = args[0] && typeof args[0] === 'object' ? args[0] : {};
        return selectedText(typeof options.ParaSeparator === 'string' ? options.ParaSeparator : '\r\n');
      }
      case 'PasteText':
        if (!viewOnly) paste(String(args[0] ?? ''));
        return undefined;
      case 'getTrackRevisions':
        return trackChanges;
      case 'hasSelection':
        return insideDocument(savedRange) && !savedRange.collapsed;
      case 'insertAfterSelection':
        return !viewOnly && insertAfterSelection(String(args[0] ?? ''));
      case 'setTrackRevisions':
        setTrackChanges(args[0]);
        return undefined;
      default:
        console.warn(`Fake editor: executeMethod("${String(method)}") is not implemented`);
        return undefined;
    }
  }
})();
