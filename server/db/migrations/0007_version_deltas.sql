ALTER TABLE "document_versions" ALTER COLUMN "blob_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "document_versions" ADD COLUMN "delta_blob_key" text;--> statement-breakpoint
ALTER TABLE "document_versions" ADD COLUMN "delta_source" integer;--> statement-breakpoint
ALTER TABLE "document_versions" ADD COLUMN "chain_length" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_delta_blob_key_unique" UNIQUE("delta_blob_key");--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_bytes_check" CHECK (("document_versions"."blob_key" is null) = ("document_versions"."delta_blob_key" is not null) and ("document_versions"."delta_blob_key" is null) = ("document_versions"."delta_source" is null));