/**
 * Guards against hostile archives. A real Word document is a few dozen parts and rarely more
 * than 10x larger unpacked than packed; these leave a wide margin above that while keeping the
 * worst-case work per upload bounded (the upload itself is capped by MAX_UPLOAD_BYTES).
 */

/** Parts in the archive. Word writes 10-40; thousands only come from generators or attacks. */
export const MAX_ZIP_ENTRIES = 5_000;

/** Sum of the declared uncompressed sizes, and a hard stop while inflating. */
export const MAX_TOTAL_UNCOMPRESSED_BYTES = 200 * 1024 * 1024;

/** Highest uncompressed:compressed ratio accepted for a part above RATIO_CHECK_MIN_BYTES. */
export const MAX_COMPRESSION_RATIO = 200;

/** Small parts may compress very well (a run of empty paragraphs); their size cannot hurt. */
export const RATIO_CHECK_MIN_BYTES = 1024 * 1024;

/**
 * Uncompressed XML of the parts holding paragraphs (body, headers, notes, comments), which is
 * what scanning, id insertion and recompression cost is proportional to (~40-60 ms per MB on a
 * 2-core box). 32 MB is well over a thousand pages; the largest corpus body is 12.5 MB.
 */
export const MAX_STORY_XML_BYTES = 32 * 1024 * 1024;
