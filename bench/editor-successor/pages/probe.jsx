/**
 * What both pages report to the bench (window.__bench): times from navigation start, read with
 * performance.now() (0 is the navigation), and the page count as the editor gives it.
 *   painted  the first page is on screen with text (polled every animation frame)
 *   ready    the editor says it takes input (1.9.0: onEditorViewReady; 2.x: isOpening false)
 *   laidOut  the editor's page count reached its final value (the last time it changed)
 */
export const bench = { marks: {}, pages: [], error: null };
window.__bench = bench;

export const mark = (name) => {
  if (bench.marks[name] === undefined) bench.marks[name] = performance.now();
};

/** The document named by ?doc=, fetched at once, as the app fetches it beside the editor chunk. */
export const documentBytes = fetch(new URLSearchParams(location.search).get('doc')).then((r) => r.arrayBuffer());

/** Polls each frame: `painted()` true marks 'painted'; `pageCount()` changes are recorded with their time. */
export function watch(painted, pageCount) {
  let last = -1;
  const tick = () => {
    if (painted()) mark('painted');
    const n = pageCount();
    if (n !== last) {
      last = n;
      bench.pages.push([performance.now(), n]);
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** Bytes to base64, for page.evaluate to hand them to Node. */
export function toBase64(buffer) {
  const bytes = new Uint8Array(buffer);
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** The occurrence-th whole-word match of `word` in `text`, or -1. */
export function wordAt(text, word, occurrence) {
  const re = new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, 'gu');
  const m = [...text.matchAll(re)][occurrence];
  return m ? m.index : -1;
}
