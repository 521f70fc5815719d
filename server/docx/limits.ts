/**
 * Guards against hostile archives, judged on the whole archive as well as on each part: a ZIP
 * bomb can be one part that unpacks a thousandfold or hundreds of small parts that each look
 * harmless. The upload itself is capped by MAX_UPLOAD_BYTES (10 MB).
 *
 * Measured on the 148 readable files of the opt-in corpus (REDRAFT_CORPUS_DIR: Apache POI and python-docx test
 * documents, real Word output among them): at most 34 parts; at most 15.3 MB unpacked
 * (poi/bug65649.docx, a 12.5 MB body packed into 475 KB); a whole-archive ratio of at most 32.3:1
 * (that same file; the next are 24.1, 22.5 and 17.4). The limits below leave about a 3x margin
 * above those figures.
 */

/** Parts in the archive. Word writes 10-40; thousands only come from generators or attacks. */
export const MAX_ZIP_ENTRIES = 5_000;

/**
 * Sum of the declared uncompressed sizes, and a hard stop while inflating. A 10 MB document needs
 * at most MAX_STORY_XML_BYTES of paragraphs, its pictures and embeddings (which do not compress,
 * so at most the 10 MB upload) and a few MB of styles, numbering and settings. The corpus peaks
 * at 15.3 MB.
 */
export const MAX_TOTAL_UNCOMPRESSED_BYTES = 64 * 1024 * 1024;

/**
 * Highest whole-archive ratio (sum of uncompressed sizes : archive size) accepted once the total
 * passes ARCHIVE_RATIO_FLOOR_BYTES. The corpus peaks at 32.3:1; the many-small-parts bomb of docs/decisions/010-request-bodies-per-route.md
 * (190 parts of 1 MB in a 219 KB file) is 870:1.
 */
export const MAX_ARCHIVE_RATIO = 100;

/**
 * Below this total the whole-archive ratio is not judged: a small document can compress very well
 * (python-docx's default.docx is 24:1, a page of empty paragraphs more), and a few MB cannot hurt.
 */
export const ARCHIVE_RATIO_FLOOR_BYTES = 8 * 1024 * 1024;

/** Highest uncompressed:compressed ratio accepted for a single part above RATIO_CHECK_MIN_BYTES. */
export const MAX_COMPRESSION_RATIO = 200;

/** Small parts may compress very well (a run of empty paragraphs); their size alone cannot hurt. */
export const RATIO_CHECK_MIN_BYTES = 1024 * 1024;

/**
 * Uncompressed XML of the parts holding paragraphs (body, headers, notes, comments), which is
 * what scanning, id insertion and recompression cost is proportional to (~40-60 ms per MB on a
 * 2-core box). 32 MB is well over a thousand pages; the largest corpus body is 12.5 MB.
 */
export const MAX_STORY_XML_BYTES = 32 * 1024 * 1024;
