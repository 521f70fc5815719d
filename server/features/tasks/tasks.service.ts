import type { CreateTask, MoveTask, StaffMember, Task, UpdateTask } from '@common/schemas/tasks';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/app-error';
import type { Actor } from '../auth/auth.service';
import * as repo from './tasks.repo';

const ASSIGNEE_MESSAGE = 'Assignee must be a staff member id';

/** The staff board, in column order (docs/product.md §2), then each column's order. */
export async function listTasks(deps: Deps): Promise<Task[]> {
  return (await repo.listTasks(deps.database.db)).map(toTask);
}

export async function listAssignees(deps: Deps): Promise<StaffMember[]> {
  return repo.listStaff(deps.database.db, deps.config.adminEmails);
}

/**
 * docs/product.md §7's create, with docs/product.md §9's defaults already applied by the schema. The card goes to the
 * end of its column whatever orderIndex the form sent (docs/product.md §9 sends 0): putting it first would
 * renumber every other card, and two staff creating at once would otherwise share a place.
 */
export async function createTask(deps: Deps, actor: Actor, input: CreateTask): Promise<Task> {
  if (input.assignedTo !== null) await ensureAssignable(deps, input.assignedTo);
  const now = deps.clock.now();
  const row = await repo.insertTask(deps.database.db, {
    title: input.title,
    description: input.description,
    type: input.type,
    category: input.category,
    status: input.status,
    priority: input.priority,
    createdBy: actor.id,
    assignedTo: input.assignedTo,
    dueDate: input.dueDate === null ? null : new Date(input.dueDate),
    createdAt: now,
    updatedAt: now,
  });
  deps.log.info({ taskId: row.id, userId: actor.id }, 'task created');
  return toTask(row);
}

/**
 * docs/product.md §7's PATCH: only the fields sent change. docs/product.md §4's story rule is checked against the row
 * as stored, so {category:'legal'} on a story keeps it product and {type:'story'} alone makes it so.
 */
export async function updateTask(deps: Deps, id: number, patch: UpdateTask): Promise<Task> {
  if (patch.assignedTo !== undefined && patch.assignedTo !== null) await ensureAssignable(deps, patch.assignedTo);
  const { dueDate, ...rest } = patch;
  const row = await repo.updateTask(deps.database.db, id, (stored) => ({
    ...rest,
    ...(dueDate === undefined ? {} : { dueDate: dueDate === null ? null : new Date(dueDate) }),
    ...((patch.type ?? stored.type) === 'story' ? { category: 'product' as const } : {}),
    updatedAt: deps.clock.now(),
  }));
  if (!row) throw notFound('Task');
  return toTask(row);
}

/** A drag on the board; answers the whole board so the client can show what the server holds. */
export async function moveTask(deps: Deps, id: number, move: MoveTask): Promise<Task[]> {
  const rows = await repo.moveTask(deps.database.db, id, move.status, move.index, deps.clock.now());
  if (!rows) throw notFound('Task');
  return rows.map(toTask);
}

export async function deleteTask(deps: Deps, actor: Actor, id: number): Promise<void> {
  if (!(await repo.deleteTask(deps.database.db, id))) throw notFound('Task');
  deps.log.info({ taskId: id, userId: actor.id }, 'task deleted');
}

/** Same shape as a schema failure on the field, so the form shows it in the same place. */
async function ensureAssignable(deps: Deps, userId: number) {
  if (await repo.isStaff(deps.database.db, userId, deps.config.adminEmails)) return;
  throw new AppError('validation_failed', `assignedTo: ${ASSIGNEE_MESSAGE}`, {
    issues: [{ path: 'assignedTo', message: ASSIGNEE_MESSAGE }],
  });
}

function toTask(row: repo.TaskRow): Task {
  return {
    ...row,
    dueDate: row.dueDate?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
