ALTER TABLE "document_versions" ADD COLUMN "kind" text DEFAULT 'save' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_versions" ADD COLUMN "restored_from" integer;--> statement-breakpoint
ALTER TABLE "document_versions" ADD COLUMN "conflict" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "document_versions" ADD COLUMN "summary" jsonb;--> statement-breakpoint
-- Versions stored before kinds existed: the first is the upload (or a template's copy, which
-- cannot be told apart now), those a Document Server saved are known by editor_saves, the rest
-- are the embedded editor's saves.
UPDATE "document_versions" SET "kind" = 'upload' WHERE "version" = 1;--> statement-breakpoint
UPDATE "document_versions" v SET "kind" = 'onlyoffice' FROM "editor_saves" s JOIN "editor_keys" k ON k."key" = s."key"
  WHERE k."document_id" = v."document_id" AND s."version" = v."version";
