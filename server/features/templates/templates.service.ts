import type { Template } from '@common/schemas/templates';
import type { Deps } from '../../deps';
import { notFound } from '../../http/app-error';
import { TEMPLATES } from '../../templates/catalog';
import type { Actor } from '../auth/auth.service';
import { storeAndProcess } from '../documents/documents.service';
import * as repo from './templates.repo';

/** Boot: the catalogue in code is the source; rows exist so usage can be counted and ids are stable. */
export async function seedTemplates(deps: Deps) {
  await repo.ensureTemplates(
    deps.database.db,
    TEMPLATES.map(({ name, description, category, filename }) => ({ name, description, category, filename })),
  );
}

export async function listTemplates(deps: Deps): Promise<Template[]> {
  const rows = await repo.listActive(deps.database.db);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * A template click gives the user a document of their own: the template's bytes are generated
 * (deterministically) from code and go through the same store-and-process path as an upload.
 */
export async function useTemplate(deps: Deps, actor: Actor, id: number) {
  const row = await repo.findActive(deps.database.db, id);
  const definition = row && TEMPLATES.find((t) => t.filename === row.filename);
  if (!row || !definition) throw notFound('Template');
  const doc = await storeAndProcess(deps, actor, `${row.name}.docx`, definition.build(), 'template');
  await repo.incrementUsage(deps.database.db, id);
  return doc;
}
