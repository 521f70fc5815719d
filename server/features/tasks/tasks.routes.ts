import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateTaskSchema,
  MoveTaskSchema,
  StaffMemberListSchema,
  TASK_DESCRIPTION_MAX,
  TASK_TITLE_MAX,
  TaskIdParamsSchema,
  TaskListSchema,
  TaskSchema,
  UpdateTaskSchema,
} from '@common/schemas/tasks';
import type { Deps } from '../../deps';
import { jsonBodyBytes } from '../../http/body-policy';
import { requireStaff, staffOnly } from '../auth/auth-guard';
import { createTask, deleteTask, listAssignees, listTasks, moveTask, updateTask } from './tasks.service';

/** The largest valid form (the kilobyte beyond the text holds the enums, date, ids and keys). */
export const TASK_BODY_BYTES = jsonBodyBytes(TASK_TITLE_MAX + TASK_DESCRIPTION_MAX);

/** Staff only (docs/product.md §2's admin board): staffOnly answers 401/403 before the body is read. */
export function taskRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/tasks', { onRequest: staffOnly, schema: { response: { 200: TaskListSchema } } }, async () => listTasks(deps));

  r.get('/api/tasks/assignees', { onRequest: staffOnly, schema: { response: { 200: StaffMemberListSchema } } }, async () =>
    listAssignees(deps),
  );

  r.post(
    '/api/tasks',
    { onRequest: staffOnly, schema: { body: CreateTaskSchema, response: { 201: TaskSchema } }, bodyLimit: TASK_BODY_BYTES },
    async (request, reply) => reply.status(201).send(await createTask(deps, requireStaff(request), request.body)),
  );

  r.patch(
    '/api/tasks/:id',
    {
      onRequest: staffOnly,
      schema: { params: TaskIdParamsSchema, body: UpdateTaskSchema, response: { 200: TaskSchema } },
      bodyLimit: TASK_BODY_BYTES,
    },
    async (request) => updateTask(deps, request.params.id, request.body),
  );

  r.post(
    '/api/tasks/:id/move',
    { onRequest: staffOnly, schema: { params: TaskIdParamsSchema, body: MoveTaskSchema, response: { 200: TaskListSchema } } },
    async (request) => moveTask(deps, request.params.id, request.body),
  );

  r.delete('/api/tasks/:id', { onRequest: staffOnly, schema: { params: TaskIdParamsSchema } }, async (request, reply) => {
    await deleteTask(deps, requireStaff(request), request.params.id);
    return reply.status(204).send();
  });
}
