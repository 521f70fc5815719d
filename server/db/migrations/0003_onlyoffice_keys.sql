CREATE TABLE "editor_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"last_callback_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "editor_saves" (
	"key" text NOT NULL,
	"sha256" text NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "editor_saves_key_sha256_pk" PRIMARY KEY("key","sha256")
);
--> statement-breakpoint
ALTER TABLE "editor_keys" ADD CONSTRAINT "editor_keys_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editor_saves" ADD CONSTRAINT "editor_saves_key_editor_keys_key_fk" FOREIGN KEY ("key") REFERENCES "public"."editor_keys"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "editor_keys_document_idx" ON "editor_keys" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "editor_keys_open_idx" ON "editor_keys" USING btree ("document_id") WHERE "editor_keys"."closed_at" is null;