/**
 * What administrators trip over when they connect ONLYOFFICE Docs (its own issue tracker is full of
 * them), said once at boot in the log, in words that name the setting to change. Nothing here
 * stops the server: a Document Server that is down now may be up in a minute.
 */
import type { Config } from '../../config';
import type { Deps } from '../../deps';

const PROBE_TIMEOUT_MS = 5_000;
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i;

/** The setup's problems that can be seen from the settings alone. */
export function setupWarnings(config: Pick<Config, 'documentServer' | 'publicUrl'>): string[] {
  const ds = config.documentServer;
  if (!ds || !config.publicUrl) return [];
  const warnings: string[] = [];
  const site = new URL(config.publicUrl);
  const server = new URL(ds.url);
  if (LOOPBACK.test(site.hostname) && !LOOPBACK.test(server.hostname)) {
    warnings.push(
      `PUBLIC_URL (${site.origin}) is a loopback address, which a Document Server on another machine or in a container cannot reach: documents will fail to open with "Download failed" and saves will not arrive. Set PUBLIC_URL to an address the Document Server can reach.`,
    );
  }
  if (site.protocol === 'https:' && server.protocol === 'http:') {
    warnings.push(
      `The site is served over HTTPS but DOCUMENT_SERVER_URL (${server.origin}) is HTTP: browsers block the editor as mixed content. Serve the Document Server over HTTPS.`,
    );
  }
  return warnings;
}

/** Logs the warnings above, then whether the Document Server answers its health check. */
export function checkDocumentServer(deps: Deps): void {
  const ds = deps.config.documentServer;
  if (!ds) return;
  for (const warning of setupWarnings(deps.config)) deps.log.warn(`onlyoffice: ${warning}`);
  void fetch(`${ds.url}/healthcheck`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS), redirect: 'manual' }).then(
    async (res) => {
      const body = (await res.text().catch(() => '')).trim();
      if (res.ok && body === 'true') deps.log.info({ documentServer: ds.url }, 'onlyoffice: the Document Server answers its health check');
      else deps.log.warn({ documentServer: ds.url, status: res.status }, `onlyoffice: the Document Server at ${ds.url} did not report itself healthy (GET /healthcheck answered ${res.status}); documents will not open until it does`);
    },
    (err: unknown) =>
      deps.log.warn(
        { documentServer: ds.url, err: err instanceof Error ? err.message : String(err) },
        `onlyoffice: the Document Server at ${ds.url} cannot be reached from this server; check DOCUMENT_SERVER_URL and that ONLYOFFICE Docs is running. Saves need it to reach this server too, at PUBLIC_URL`,
      ),
  );
}
