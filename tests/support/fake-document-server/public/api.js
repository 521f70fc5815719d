/**
 * Fake of ONLYOFFICE's `web-apps/apps/api/documents/api.js`: the documented `DocsAPI.DocEditor`
 * surface, for end-to-end tests where no real Document Server can run.
 *
 * `new DocsAPI.DocEditor(id, config)` swaps the element `id` for an iframe on this server's origin
 * (editor.html), hands it the config, and calls `config.events[name]({ target, data })` for each
 * event the frame reports, as the real one does. Unlike the real one, messages are objects rather
 * than JSON strings, and every postMessage names its target origin.
 */
(function () {
  'use strict';

  // The editor lives where this script came from, whatever page loaded it.
  var ORIGIN = new URL(document.currentScript.src).origin;
  var EVENTS = ['onAppReady', 'onDocumentReady', 'onPluginsReady', 'onError', 'onWarning', 'onDocumentStateChange', 'onRequestRefreshFile'];

  /** The config as the frame sees it: `events` holds functions, which cannot cross postMessage. */
  function forFrame(config) {
    var copy = {};
    Object.keys(config || {}).forEach(function (key) {
      if (key !== 'events') copy[key] = config[key];
    });
    return JSON.parse(JSON.stringify(copy));
  }

  function DocEditor(placeholderId, config) {
    var events = (config && config.events) || {};
    var target = document.getElementById(placeholderId);
    var iframe = null;
    var loaded = false;
    var pending = forFrame(config);
    var editor = {
      refreshFile: refreshFile,
      destroyEditor: destroyEditor,
      requestClose: function () {},
      denyEditingRights: function () {},
    };
    if (!target) return editor;

    iframe = document.createElement('iframe');
    iframe.name = 'frameEditor';
    iframe.width = '100%';
    iframe.height = '100%';
    iframe.style.border = '0';
    iframe.style.display = 'block';
    iframe.setAttribute('allow', 'clipboard-read; clipboard-write');
    // Like the real api.js, the frame learns the page's origin from its URL, to post events back.
    iframe.src = ORIGIN + '/editor.html?parentOrigin=' + encodeURIComponent(window.location.origin);
    iframe.addEventListener('load', function () {
      loaded = true;
      // The frame may have reloaded: it needs the latest config again.
      send('open', pending);
    });
    target.parentNode.replaceChild(iframe, target);
    window.addEventListener('message', onMessage);

    function send(command, cfg) {
      if (iframe && loaded && iframe.contentWindow) iframe.contentWindow.postMessage({ fakeDocsCommand: command, config: cfg }, ORIGIN);
    }

    function onMessage(event) {
      // Only our own frame speaks for the editor.
      if (!iframe || event.source !== iframe.contentWindow || event.origin !== ORIGIN) return;
      var msg = event.data;
      if (!msg || typeof msg !== 'object' || EVENTS.indexOf(msg.fakeDocsEvent) < 0) return;
      var handler = events[msg.fakeDocsEvent];
      if (typeof handler === 'function') handler.call(editor, { target: editor, data: msg.data });
    }

    /** Version conflicts (onRequestRefreshFile): open the freshly signed config in the same frame. */
    function refreshFile(newConfig) {
      pending = forFrame(newConfig);
      send('refreshFile', pending);
    }

    /** As the real one: the iframe goes, an empty placeholder with the same id comes back. */
    function destroyEditor() {
      if (!iframe) return;
      window.removeEventListener('message', onMessage);
      var placeholder = document.createElement('div');
      placeholder.id = placeholderId;
      if (iframe.parentNode) iframe.parentNode.replaceChild(placeholder, iframe);
      iframe = null;
    }

    return editor;
  }

  DocEditor.version = function () {
    return 'fake';
  };

  window.DocsAPI = { DocEditor: DocEditor };
})();
