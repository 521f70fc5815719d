/**
 * Every table of docs/product.md §3 plus what the rules in docs/architecture.md need (sessions, versions,
 * rate-limit counters). One schema serves PGlite and PostgreSQL; migrations are generated
 * from it with `npm run db:generate` and committed.
 */
import { isNull, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
// Relative, not '@common': drizzle-kit loads this file without the app's path aliases.
import { CANVAS_ELEMENTS } from '../../common/schemas/business-model';
import { VERSION_KINDS, type VersionSummary } from '../../common/schemas/versions';
import type { Finding, StyleRules } from '../../common/schemas/review';
import { TASK_CATEGORIES, TASK_PRIORITIES, TASK_STATUSES, TASK_TYPES } from '../../common/schemas/tasks';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull(),
  role: text('role', { enum: ['staff', 'user'] }).notNull().default('user'),
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [index('users_demo_created_idx').on(t.isDemo, t.createdAt)]);

/** The cookie carries a random token; only its SHA-256 is stored, so a leaked table opens no session. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /**
     * For the idle timeout. Moved forward at most once every few minutes per session, so resolving
     * a session stays a read on almost every request.
     */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Fixed-window counters, in the database so that several app instances share them. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    filename: text('filename').notNull(),
    originalName: text('original_name').notNull(),
    fileSize: integer('file_size').notNull(),
    mimeType: text('mime_type').notNull(),
    status: text('status').notNull().default('uploaded'),
    statusReason: text('status_reason'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true, mode: 'date' }),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    wordCount: integer('word_count'),
    plainText: text('plain_text'),
    currentVersion: integer('current_version').notNull().default(1),
  },
  (t) => [index('documents_user_idx').on(t.userId, t.uploadedAt)],
);

/** Every save is a new row; the file a row names is never overwritten. */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id').notNull().references(() => documents.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The version's bytes, whole; null once it is stored as a delta (below). The current version is always whole. */
    blobKey: text('blob_key').unique(),
    /**
     * The copy the editor opens: the same package with paragraph ids added, so a save can be
     * merged paragraph by paragraph. Null when the version itself is that copy (every save).
     */
    editableBlobKey: text('editable_blob_key').unique(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** How the version came to be (common/schemas/versions.ts VERSION_KINDS). */
    kind: text('kind', { enum: VERSION_KINDS }).notNull().default('save'),
    /** For a restore: the version whose bytes it carries. */
    restoredFrom: integer('restored_from'),
    /**
     * A save that collided with another on the same paragraphs: kept in the history so nothing the
     * user typed is lost, but never the document's current version (documents.current_version).
     */
    conflict: boolean('conflict').notNull().default(false),
    /** What changed against the version before it, computed when it was stored; null when unknown. */
    summary: jsonb('summary').$type<VersionSummary>(),
    /**
     * For a merge: the saver's own document before it was merged onto the newer version (their save
     * merged into its base). The same editor's next save is merged from it, so what they typed
     * while the merge ran is not taken for a change to the paragraphs they had just saved.
     */
    saverBlobKey: text('saver_blob_key').unique(),
    /**
     * An older version stored as what it does not share with a newer one (docs/decisions/027):
     * the delta's blob, and the version (row id) whose bytes it applies to. Both null while whole.
     */
    deltaBlobKey: text('delta_blob_key').unique(),
    deltaSource: integer('delta_source'),
    /** For a whole version: how many deltas are rebuilt through it, which bounds the chain a read may follow. */
    chainLength: integer('chain_length').notNull().default(0),
  },
  (t) => [
    uniqueIndex('document_versions_doc_version_idx').on(t.documentId, t.version),
    check('document_versions_bytes_check', sql`(${t.blobKey} is null) = (${t.deltaBlobKey} is not null) and (${t.deltaBlobKey} is null) = (${t.deltaSource} is null)`),
  ],
);

/**
 * The keys a Document Server knows a document version by (docs/decisions/013). One key is open per
 * document at a time, shared by everyone editing it; it is closed when the Document Server
 * finishes with it (callback status 2 or 3) and is never issued again.
 */
export const editorKeys = pgTable(
  'editor_keys',
  {
    key: text('key').primaryKey(),
    documentId: integer('document_id').notNull().references(() => documents.id, { onDelete: 'cascade' }),
    /** The version the key's content is at: the version it was issued for, moved on by each force-save. */
    version: integer('version').notNull(),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    /** The last verified callback under the key: none a while after the editor opened means the Document Server cannot reach us. */
    lastCallbackAt: timestamp('last_callback_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('editor_keys_document_idx').on(t.documentId),
    uniqueIndex('editor_keys_open_idx').on(t.documentId).where(isNull(t.closedAt)),
  ],
);

/** Each file a Document Server saved under a key, by its hash: a callback sent twice stores one version. */
export const editorSaves = pgTable(
  'editor_saves',
  {
    key: text('key').notNull().references(() => editorKeys.key, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    version: integer('version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.key, t.sha256] })],
);

export const templates = pgTable('templates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  category: text('category').notNull(),
  filename: text('filename').notNull().unique(),
  usageCount: integer('usage_count').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id').notNull().references(() => documents.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('conversations_doc_user_idx').on(t.documentId, t.userId)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    /** What the model was shown and how the answer ended (coverage, error); null for user messages. */
    meta: jsonb('meta'),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.id)],
);

export const waitlistUsers = pgTable('waitlist_users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  company: text('company'),
  useCase: text('use_case'),
  source: text('source').notNull().default('homepage'),
  status: text('status').notNull().default('pending'),
  emailVerified: boolean('email_verified').notNull().default(false),
  optInMarketing: boolean('opt_in_marketing').notNull().default(true),
  notes: text('notes'),
  priority: integer('priority').notNull().default(0),
  createdAt: createdAt(),
  verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
  invitedAt: timestamp('invited_at', { withTimezone: true, mode: 'date' }),
  activatedAt: timestamp('activated_at', { withTimezone: true, mode: 'date' }),
});

export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    type: text('type', { enum: TASK_TYPES }).notNull().default('todo'),
    category: text('category', { enum: TASK_CATEGORIES }).notNull().default('product'),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('backlog'),
    priority: text('priority', { enum: TASK_PRIORITIES }).notNull().default('medium'),
    createdBy: integer('created_by').notNull().references(() => users.id, { onDelete: 'cascade' }),
    assignedTo: integer('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    dueDate: timestamp('due_date', { withTimezone: true, mode: 'date' }),
    orderIndex: integer('order_index').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('tasks_status_idx').on(t.status, t.orderIndex)],
);

export const businessModelItems = pgTable(
  'business_model_items',
  {
    id: serial('id').primaryKey(),
    element: text('element', { enum: CANVAS_ELEMENTS }).notNull(),
    title: text('title').notNull(),
    description: text('description'),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    orderIndex: integer('order_index').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('business_model_items_element_idx').on(t.element, t.orderIndex)],
);


/** One person's house style for reviews (common/schemas/review.ts StyleRulesSchema), validated on the way in. */
export const styleRules = pgTable('style_rules', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  rules: jsonb('rules').$type<StyleRules>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A whole-document review, kept with the version it was made on (issue 16). Findings are a
 * list read and written whole: a review has at most a few thousand, and each apply or dismiss
 * changes one status.
 */
export const documentReviews = pgTable(
  'document_reviews',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    status: text('status', { enum: ['running', 'complete', 'failed', 'cancelled'] }).notNull(),
    reviewed: integer('reviewed').notNull().default(0),
    total: integer('total').notNull().default(0),
    findings: jsonb('findings').$type<Finding[]>().notNull().default([]),
    dropped: integer('dropped').notNull().default(0),
    failures: jsonb('failures').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('document_reviews_doc_idx').on(t.documentId, t.userId, t.id)],
);

/**
 * Durable background work (server/jobs, docs/decisions/031): claimed by one instance at a time
 * with FOR UPDATE SKIP LOCKED and a lease that the runner renews while it works, so a job whose
 * instance died is taken up by another once the lease runs out. A finished job's row is deleted;
 * a periodic one is moved to its next run. `key` keeps one live job per thing (a document's
 * processing, each periodic sweep).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull().unique(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    /** Set when the job gave up after its last attempt; kept for the operator, never claimed again. */
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('jobs_due_idx').on(t.runAt)],
);

/**
 * "One at a time per person" for costly work (a review, a comparison), shared by every instance
 * (server/features/rate-limit/one-at-a-time.ts). A holder that dies frees its key when
 * `expires_at` passes, longer than the work may run.
 */
export const leases = pgTable('leases', {
  key: text('key').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});
