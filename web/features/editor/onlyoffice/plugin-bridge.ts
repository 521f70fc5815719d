/**
 * The window-message channel between this page and the assistant plugin (onlyoffice-plugin/),
 * which runs in an iframe inside the editor's iframe (docs/onlyoffice.md, "Plugin"). Both directions
 * carry the plugin's guid and check origins: the plugin is served by Redraft (our origin) or
 * installed on the Document Server (its origin); no other window may talk to it or pose as it.
 */
import { type HostToPluginMessage, PLUGIN_GUID, type PluginToHostMessage, PluginToHostMessageSchema } from '@common/schemas/onlyoffice';

/** A window as far as another origin may touch it: its child frames by index, and postMessage. */
export type FrameWindow = {
  postMessage(message: unknown, targetOrigin: string): void;
  readonly length: number;
  readonly [index: number]: FrameWindow | undefined;
};

/** The plugin sits directly in the editor frame; one level more covers a Document Server that nests it. */
const MAX_DEPTH = 2;
/** An editor frame has a handful of frames; a bound keeps a hostile page from making us walk forever. */
const MAX_FRAMES = 64;

/** The origins the plugin may speak from: ours and the Document Server's, each once. */
export function pluginOrigins(pageOrigin: string, documentServerUrl: string): string[] {
  let documentServer: string | null = null;
  try {
    documentServer = new URL(documentServerUrl).origin;
  } catch {
    // A config without a usable address: only our own origin is trusted.
  }
  return [...new Set([pageOrigin, documentServer].filter((origin): origin is string => !!origin && origin !== 'null'))];
}

/** The plugin's message in `event`, or null when it is not one (wrong origin, guid or shape). */
export function readPluginMessage(event: { origin: string; data: unknown }, origins: readonly string[]): PluginToHostMessage | null {
  if (!origins.includes(event.origin)) return null;
  const parsed = PluginToHostMessageSchema.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}

/**
 * Posts `message` to every frame inside the editor's window, once per trusted origin: the browser
 * drops each copy whose target origin is not the frame's, so only the plugin (and only at a
 * trusted origin) receives it. Returns how many frames were reached.
 */
export function postToPlugin(editorWindow: FrameWindow | null | undefined, message: HostToPluginMessage, origins: readonly string[]): number {
  if (!editorWindow) return 0;
  const frames = childFrames(editorWindow);
  for (const frame of frames) {
    for (const origin of origins) {
      try {
        frame.postMessage(message, origin);
      } catch {
        // A frame being torn down; the others still get it.
      }
    }
  }
  return frames.length;
}

/** The frames inside `root`, breadth first, down to MAX_DEPTH levels and at most MAX_FRAMES of them. */
function childFrames(root: FrameWindow): FrameWindow[] {
  const found: FrameWindow[] = [];
  let level: FrameWindow[] = [root];
  for (let depth = 0; depth < MAX_DEPTH; depth += 1) {
    const next: FrameWindow[] = [];
    for (const parent of level) {
      for (let i = 0; i < frameCount(parent) && found.length + next.length < MAX_FRAMES; i += 1) {
        const child = parent[i];
        if (child) next.push(child);
      }
    }
    found.push(...next);
    level = next;
  }
  return found;
}

function frameCount(win: FrameWindow) {
  try {
    return win.length;
  } catch {
    return 0;
  }
}

export const getCurrentSelectionMessage = (): HostToPluginMessage => ({ guid: PLUGIN_GUID, type: 'getCurrentSelection' });

export const insertTextMessage = (text: string, suggest: boolean, at: 'selection' | 'caret' = 'selection'): HostToPluginMessage => ({
  guid: PLUGIN_GUID,
  type: 'insertText',
  data: { text, suggest, at },
});

type MessageTarget = {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
};

/** Calls `onMessage` with each valid plugin message `target` receives. Returns unsubscribe. */
export function listenToPlugin(target: MessageTarget, origins: readonly string[], onMessage: (message: PluginToHostMessage) => void) {
  const listener = (event: MessageEvent) => {
    const message = readPluginMessage(event, origins);
    if (message) onMessage(message);
  };
  target.addEventListener('message', listener);
  return () => target.removeEventListener('message', listener);
}
