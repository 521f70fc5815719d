/**
 * Removes what has outlived its purpose: demo accounts past DEMO_TTL_MS with everything in them,
 * sessions past their absolute or idle limit, closed rate-limit windows.
 *
 * Safe when several instances run it at once, on PGlite and PostgreSQL alike, without a lock:
 * every step is a DELETE that only one runner can win (a document's rows go in one transaction
 * that returns its files to the winner alone, as in deleteDocument), and a runner that loses a
 * race just finds the thing gone.
 */
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import * as auth from '../auth/auth.service';
import * as documents from '../documents/documents.service';
import { deleteClosedWindows } from '../rate-limit/rate-limit.service';

export type CleanupReport = { demoAccounts: number; documents: number; sessions: number; rateLimitWindows: number };

/** Demo accounts taken per query; the loop runs until none is left. */
const BATCH = 50;

export async function runCleanup(deps: Deps): Promise<CleanupReport> {
  const report: CleanupReport = { demoAccounts: 0, documents: 0, sessions: 0, rateLimitWindows: 0 };
  // Accounts this run is done with but that may still be listed (one that failed, or one another
  // runner is still removing); skipping them is what guarantees the loop ends.
  const skipped = new Set<number>();
  for (;;) {
    const expired = (await auth.expiredDemoAccounts(deps, BATCH + skipped.size)).filter((a) => !skipped.has(a.id));
    if (expired.length === 0) break;
    for (const account of expired) {
      skipped.add(account.id);
      try {
        const removed = await removeDemoAccount(deps, account);
        report.documents += removed.documents;
        if (removed.account) report.demoAccounts += 1;
      } catch (err) {
        // One account's trouble (a file the store would not delete) must not stop the rest; the next run retries it.
        deps.log.error({ err, userId: account.id }, 'could not remove an expired demo account');
      }
    }
  }
  report.sessions = await auth.deleteExpiredSessions(deps);
  report.rateLimitWindows = await deleteClosedWindows(deps);
  if (report.demoAccounts + report.sessions > 0) deps.log.info(report, 'cleanup removed expired data');
  return report;
}

/**
 * Sessions first, so the account can start nothing new; then each document through the documents
 * service (rows, then files); then the account row, whose cascade takes its conversations and
 * anything left. Counts only what this runner removed, not what another runner got to first.
 */
async function removeDemoAccount(deps: Deps, account: auth.Actor) {
  await auth.endSessionsOf(deps, account.id);
  let removed = 0;
  for (const view of ['all', 'archive'] as const) {
    for (const doc of await documents.listDocuments(deps, account, { view })) {
      if (await deleteIfPresent(deps, account, doc.id)) removed += 1;
    }
  }
  return { documents: removed, account: await auth.deleteDemoAccount(deps, account.id) };
}

/** False when another runner deleted it first. */
async function deleteIfPresent(deps: Deps, account: auth.Actor, id: number): Promise<boolean> {
  try {
    await documents.deleteDocument(deps, account, id);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return false;
    throw err;
  }
}
