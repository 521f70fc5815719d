/**
 * The real server for the fidelity run: tests/support/server-process.ts's TestServer (a scratch
 * DATA_DIR, PGlite) with two differences: LOG_LEVEL is info, because the 'save merged' line is
 * where the server reports its own merge time; and the AI is a local fake OpenAI
 * (tests/support/fake-openai.ts) that always answers with the replacement word, so the chat's
 * Replace button (the only way 'Suggest edits' writes a tracked change) has a known answer to apply.
 */
import path from 'node:path';
import { TestServer } from '../../tests/support/server-process';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** One 'save merged' (or 'save merge kept parts...') line from the server's log. */
export interface MergeLogLine {
  documentId: number;
  ms: number;
  fallbacks: number;
}

export class FidelityServer {
  private readonly merges = new Map<number, MergeLogLine[]>();
  private scanned = 0;

  private constructor(private readonly server: TestServer) {}

  static async start(aiBaseUrl: string): Promise<FidelityServer> {
    const env = { LOG_LEVEL: 'info', AI_PROVIDER: 'openai-compatible', AI_BASE_URL: aiBaseUrl, AI_MODEL: 'fidelity-fake' };
    return new FidelityServer(await TestServer.start({ env }));
  }

  get url() {
    return this.server.url;
  }

  /** The server's report of its latest merge of this document. */
  lastMerge(documentId: number): MergeLogLine | undefined {
    const log = this.server.logs();
    const end = log.lastIndexOf('\n') + 1;
    // Only the lines written since the last look: the info log grows with every request.
    for (const line of log.slice(this.scanned, end).split('\n')) readMergeLine(line, this.merges);
    this.scanned = end;
    return this.merges.get(documentId)?.at(-1);
  }

  stop() {
    return this.server.dispose();
  }
}

/** pino writes one JSON object a line; save-content.ts logs the merge's `ms` with the document id. */
function readMergeLine(line: string, merges: Map<number, MergeLogLine[]>) {
  if (!line.includes('save merge')) return;
  try {
    const o = JSON.parse(line) as { msg?: string; documentId?: number; ms?: number; fallbacks?: unknown[] };
    if (typeof o.documentId !== 'number' || typeof o.ms !== 'number') return;
    const list = merges.get(o.documentId) ?? [];
    list.push({ documentId: o.documentId, ms: o.ms, fallbacks: o.fallbacks?.length ?? 0 });
    merges.set(o.documentId, list);
  } catch {
    // Not JSON (a stack trace, a warning from a dependency): not a merge line.
  }
}
