/**
 * Every route an app registers, as Fastify itself lists them, so a test over "all routes" covers a
 * route added tomorrow. Fastify keeps no list, and an onRoute hook cannot be added once the app is
 * built, so this reads printRoutes' tree: each line is one segment of a path, indented by its depth,
 * with the methods of the route that ends there. The full tree, not `commonPrefix: false`, whose
 * shorter form drops the path before a wildcard. Each route read is confirmed with hasRoute, so a
 * change in the tree's format fails loudly instead of listing the wrong routes.
 */
import type { FastifyInstance, HTTPMethods } from 'fastify';

export type RegisteredRoute = { method: string; url: string };

/** Indentation (four characters a level), a branch, the segment, and the methods of a route ending there. */
const LINE = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([A-Z]+(?:, [A-Z]+)*)\))?$/;

export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const segments: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    if (line.trim() === '') continue;
    const match = LINE.exec(line);
    if (!match) throw new Error(`printRoutes printed a line this does not read: ${JSON.stringify(line)}`);
    const [, indent = '', segment = '', methods] = match;
    if (segment.includes('|')) throw new Error(`two parameter names at one place in a path (${segment}): list them by hand`);
    segments.length = indent.length / 4;
    segments.push(segment);
    if (methods === undefined) continue;
    const url = segments.join('');
    for (const method of methods.split(', ')) {
      if (!app.hasRoute({ method: method as HTTPMethods, url })) throw new Error(`read ${method} ${url} from printRoutes, which hasRoute does not know`);
      routes.push({ method, url });
    }
  }
  if (routes.length === 0) throw new Error('printRoutes listed no route: has its format changed?');
  return routes;
}
