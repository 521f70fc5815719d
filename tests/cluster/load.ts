/**
 * Work in flight for the crash journey: people uploading documents one after another, and
 * editors saving documents they have open, all through nginx, until told to stop. Records what
 * was acknowledged (a 2xx), which is what must survive, and what was not.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { GENERATED_DOCUMENTS } from '../support/docx/realistic';
import { editDocx, insertAfter } from '../support/paragraph-edits';
import type { Browser } from './browser';

export type Acknowledged = {
  /** Document id -> the bytes uploaded and acknowledged with 201. */
  uploads: Map<number, { name: string; bytes: Uint8Array }>;
  /** Document id -> the paragraphs whose saves were acknowledged with 200. */
  saves: Map<number, string[]>;
  /** Requests answered otherwise (502 from nginx when the instance died under them) or cut. */
  failed: number;
  /** Acknowledgements that came after the kill: the survivors went on serving. */
  afterKill: number;
};

const FILES = Object.values(GENERATED_DOCUMENTS);
/** After a refused or cut request, as a person would wait before trying again, not a busy loop. */
const RETRY_MS = 200;
/** The contract's title: each save adds a paragraph after it, as an editor typing would. */
const ANCHOR = 'Supply Agreement';

export function startLoad(browser: Browser, site: string, options: { uploaders: number; editing: number[] }) {
  const acknowledged: Acknowledged = { uploads: new Map(), saves: new Map(), failed: 0, afterKill: 0 };
  let running = true;
  let killed = false;

  const uploader = async (who: number) => {
    for (let n = 0; running; n++) {
      const file = FILES[(who + n) % FILES.length]!;
      const name = `crash-${who}-${n}.docx`;
      const bytes = file.bytes();
      const res = await browser.upload(site, name, bytes).catch(() => undefined);
      if (res?.status !== 201) {
        acknowledged.failed += 1;
        await sleep(RETRY_MS);
        continue;
      }
      acknowledged.uploads.set((res.json() as { id: number }).id, { name, bytes });
      if (killed) acknowledged.afterKill += 1;
    }
  };

  /** An editor opens the latest version, types a paragraph, saves; again and again. */
  const editor = async (id: number) => {
    const kept: string[] = [];
    acknowledged.saves.set(id, kept);
    for (let n = 0; running; n++) {
      const text = `Document ${id}, save ${n}.`;
      const res = await browser
        .open(site, id)
        .then((opened) => browser.save(site, id, opened.version, editDocx(opened.bytes, insertAfter(ANCHOR, text))))
        .catch(() => undefined);
      if (res?.status !== 200) {
        acknowledged.failed += 1;
        await sleep(RETRY_MS);
        continue;
      }
      kept.push(text);
      if (killed) acknowledged.afterKill += 1;
    }
  };

  const all = Promise.all([...Array.from({ length: options.uploaders }, (_, i) => uploader(i)), ...options.editing.map(editor)]);
  return {
    acknowledged,
    /** How many uploads and saves have been acknowledged so far. */
    count: () => acknowledged.uploads.size + [...acknowledged.saves.values()].reduce((n, s) => n + s.length, 0),
    markKilled: () => {
      killed = true;
    },
    /** Lets the requests in flight finish, and resolves with everything recorded. */
    stop: async () => {
      running = false;
      await all;
      return acknowledged;
    },
  };
}
