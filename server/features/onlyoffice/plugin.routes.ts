/**
 * The assistant plugin (onlyoffice-plugin/), served by Redraft so that it works with no install on
 * the Document Server: the editor config lists `{PUBLIC_URL}/sdkjs-plugins/redraft-assistant/config.json`.
 * The editor frame, on the Document Server's origin, reads that file (CORS) and frames the plugin's
 * page, so these answers allow exactly that origin to read and frame them, and nothing else.
 * The plugin's `../v1/plugins.js` is the Document Server's own plugin API: a redirect to its copy.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PLUGIN_FOLDER } from '@common/schemas/onlyoffice';
import type { Deps } from '../../deps';
import { notFound } from '../../http/app-error';
import { appHelmetOptions, securityContext, securityHeaders as appSecurityHeaders } from '../../http/security-headers';

const PLUGIN_DIR = path.resolve(import.meta.dirname, '../../../onlyoffice-plugin', PLUGIN_FOLDER);
const TYPES: Record<string, string> = {
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};
/** The one file whose content depends on this server: which page the plugin may talk to. */
const HOST_ORIGIN_FILE = 'scripts/host-origin.js';
const V1_FILE = /^[a-z][a-z0-9-]{0,40}\.(js|css)$/;

export function pluginRoutes(app: FastifyInstance, deps: Deps) {
  const ds = deps.config.documentServer;
  const publicUrl = deps.config.publicUrl;
  if (!ds || !publicUrl) return;
  const dsOrigin = new URL(ds.url).origin;
  const files = listFiles(PLUGIN_DIR);
  const securityHeaders = appSecurityHeaders({
    ...appHelmetOptions(securityContext(deps.config)),
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", dsOrigin],
        styleSrc: ["'self'", "'unsafe-inline'", dsOrigin],
        imgSrc: ["'self'", 'data:', dsOrigin],
        connectSrc: ["'self'", dsOrigin],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'", dsOrigin],
        // The Document Server's plugin API may be plain HTTP on a private network; upgrading it would break it.
        upgradeInsecureRequests: null,
      },
    },
    xFrameOptions: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });

  // The editor frames the plugin page with parameters of its own (its origin, a cache buster).
  const anyQuery = { querystring: z.looseObject({}) };
  app.get(`/sdkjs-plugins/${PLUGIN_FOLDER}/*`, { config: { securityHeaders }, schema: anyQuery }, async (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    if (!files.has(name)) throw notFound('Plugin file');
    reply.header('access-control-allow-origin', dsOrigin).header('vary', 'origin').header('cache-control', 'no-cache');
    reply.type(TYPES[path.extname(name)] ?? 'application/octet-stream');
    if (name === HOST_ORIGIN_FILE) return `window.REDRAFT_HOST_ORIGIN = ${JSON.stringify(new URL(publicUrl).origin)};\n`;
    return reply.send(fs.readFileSync(path.join(PLUGIN_DIR, name)));
  });

  app.get('/sdkjs-plugins/v1/:file', { schema: anyQuery }, async (request, reply) => {
    const { file } = request.params as { file: string };
    if (!V1_FILE.test(file)) throw notFound('Plugin file');
    return reply.redirect(`${ds.url}/sdkjs-plugins/v1/${file}`, 302);
  });
}

/** Every file of the plugin folder, by its path inside it; only these are ever served. */
function listFiles(dir: string): Set<string> {
  if (!fs.existsSync(dir)) return new Set();
  const entries = fs.readdirSync(dir, { recursive: true, withFileTypes: true });
  return new Set(
    entries
      .filter((e) => e.isFile() && !e.name.endsWith('.md'))
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/')),
  );
}
