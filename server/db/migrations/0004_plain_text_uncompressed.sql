-- A document's text is kept out of line and uncompressed: PostgreSQL's default (pglz) compressed
-- the 23 MB text of a 10 MB upload in ~500 ms on the write, longer than the rest of storing it,
-- and every search (ILIKE) decompressed it again. See docs/decisions/023-document-text-storage.md.
ALTER TABLE "documents" ALTER COLUMN "plain_text" SET STORAGE EXTERNAL;
