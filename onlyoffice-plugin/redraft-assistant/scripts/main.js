// @ts-check
/**
 * Entry point: wires the bridge (scripts/bridge.js) to ONLYOFFICE's `window.Asc.plugin`, which
 * ../v1/plugins.js defined before this module ran, and to the Redraft page (`window.top`).
 */
import { PLUGIN_GUID, startBridge } from './bridge.js';

const w = /** @type {any} */ (window);

startBridge({
  plugin: w.Asc.plugin,
  getScope: () => w.Asc.scope,
  hostWindow: /** @type {Window} */ (window.top),
  selfWindow: window,
  // Served by Redraft, the plugin shares Redraft's origin, and host-origin.js says so anyway.
  hostOrigin: w.REDRAFT_HOST_ORIGIN || window.location.origin,
  guid: PLUGIN_GUID,
});
