/** Builds dist/web if it is missing or older than its sources (scripts/build-web.mjs). */
export function buildWebIfStale(): 'fresh' | 'built';
