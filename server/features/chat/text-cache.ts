/**
 * The document texts the chat read lately, indexed (document-text.ts), so a turn loads no text
 * from the database: reading a 300-page text costs 6–22 ms (docs/decisions/017-chat-turn-path.md),
 * more than everything else a turn does. An entry is keyed by the document and its text revision,
 * which every write of the text changes, so a stale text is never used; several server instances
 * each keep their own. Least recently used first out, within a budget of characters.
 */
import type { Database } from '../../db/client';
import type { Deps } from '../../deps';
import * as repo from './chat.repo';
import { DocumentText } from './document-text';

/** About eight 300-page documents with their search copies; thousands of short ones. */
const MAX_CACHED_CHARS = 24_000_000;

type Entry = { revision: string; text: DocumentText };

export class TextCache {
  private readonly entries = new Map<number, Entry>();
  private chars = 0;

  constructor(private readonly maxChars = MAX_CACHED_CHARS) {}

  get(documentId: number, revision: string): DocumentText | undefined {
    const entry = this.entries.get(documentId);
    if (!entry || entry.revision !== revision) return undefined;
    // Most recently used last.
    this.entries.delete(documentId);
    this.entries.set(documentId, entry);
    return entry.text;
  }

  set(documentId: number, revision: string, text: DocumentText) {
    this.remove(documentId);
    this.entries.set(documentId, { revision, text });
    this.chars += text.size;
    this.evict(documentId);
  }

  get cachedChars() {
    return this.chars;
  }

  private remove(documentId: number) {
    const entry = this.entries.get(documentId);
    if (!entry) return;
    this.entries.delete(documentId);
    this.chars -= entry.text.size;
  }

  /** The entry just used stays, even alone over the budget: the turn in progress needs it. */
  private evict(keep: number) {
    for (const id of this.entries.keys()) {
      if (this.chars <= this.maxChars) return;
      if (id !== keep) this.remove(id);
    }
  }
}

/** One cache per database: two apps in one process (the tests) must not share document ids. */
const caches = new WeakMap<Database, TextCache>();

function cacheOf(database: Database): TextCache {
  let cache = caches.get(database);
  if (!cache) caches.set(database, (cache = new TextCache()));
  return cache;
}

/**
 * The document's text at `revision` (from the turn's query), read from the database only when
 * this server has not indexed it yet. Undefined when the document has no text any more.
 */
export async function loadDocumentText(deps: Pick<Deps, 'database'>, documentId: number, revision: string): Promise<DocumentText | undefined> {
  const cache = cacheOf(deps.database);
  const cached = cache.get(documentId, revision);
  if (cached) return cached;
  const row = await repo.documentText(deps.database.db, documentId);
  if (!row) return undefined;
  // A save since the turn's query gives a newer revision: the newest text is the right one to read.
  const text = new DocumentText(row.plainText);
  cache.set(documentId, row.revision, text);
  return text;
}
