import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CANVAS_DESCRIPTION_MAX,
  CANVAS_TITLE_MAX,
  CanvasItemIdParamsSchema,
  CanvasItemListSchema,
  CanvasItemSchema,
  CreateCanvasItemSchema,
  MoveCanvasItemSchema,
  UpdateCanvasItemSchema,
} from '@common/schemas/business-model';
import type { Deps } from '../../deps';
import { jsonBodyBytes } from '../../http/body-policy';
import { requireStaff, staffOnly } from '../auth/auth-guard';
import { createItem, deleteItem, listItems, moveItem, updateItem } from './business-model.service';

/** The largest valid form (the kilobyte beyond the text holds the enums, date, ids and keys). */
export const CANVAS_BODY_BYTES = jsonBodyBytes(CANVAS_TITLE_MAX + CANVAS_DESCRIPTION_MAX);

/** Staff only (docs/product.md §2's admin board): staffOnly answers 401/403 before the body is read. */
export function businessModelRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/business-model', { onRequest: staffOnly, schema: { response: { 200: CanvasItemListSchema } } }, async () =>
    listItems(deps),
  );

  r.post(
    '/api/business-model',
    { onRequest: staffOnly, schema: { body: CreateCanvasItemSchema, response: { 201: CanvasItemSchema } }, bodyLimit: CANVAS_BODY_BYTES },
    async (request, reply) => reply.status(201).send(await createItem(deps, requireStaff(request), request.body)),
  );

  r.patch(
    '/api/business-model/:id',
    {
      onRequest: staffOnly,
      schema: { params: CanvasItemIdParamsSchema, body: UpdateCanvasItemSchema, response: { 200: CanvasItemSchema } },
      bodyLimit: CANVAS_BODY_BYTES,
    },
    async (request) => updateItem(deps, request.params.id, request.body),
  );

  r.post(
    '/api/business-model/:id/move',
    { onRequest: staffOnly, schema: { params: CanvasItemIdParamsSchema, body: MoveCanvasItemSchema, response: { 200: CanvasItemListSchema } } },
    async (request) => moveItem(deps, request.params.id, request.body.index),
  );

  r.delete('/api/business-model/:id', { onRequest: staffOnly, schema: { params: CanvasItemIdParamsSchema } }, async (request, reply) => {
    await deleteItem(deps, requireStaff(request), request.params.id);
    return reply.status(204).send();
  });
}
