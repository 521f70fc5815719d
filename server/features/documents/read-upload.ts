/**
 * Reads the one file of a multipart upload into memory (at most MAX_UPLOAD_BYTES), checking the
 * name and type from the part headers before any content is read.
 */
import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '@common/limits';
import { tooLarge } from '@common/upload-rules';
import { AppError } from '../../http/app-error';
import { checkIncomingName, type IncomingFile } from './documents.service';

export async function readUpload(request: FastifyRequest): Promise<IncomingFile> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', "Send the document as multipart/form-data in a field named 'document'.");
  }
  const part = await request.file();
  if (!part || part.fieldname !== 'document') {
    throw new AppError('validation_failed', "The upload must contain one file in a field named 'document'.");
  }
  checkIncomingName(part.filename, part.mimetype);
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', tooLarge.description);
    throw err;
  }
  // The plugin throws on most truncations, but not all (a limit reached as the stream ends, or a
  // registration without throwFileSizeLimit): a cut-off file must never be processed, where it
  // would be answered as "not a Word document" instead of "too large".
  if (part.file.truncated || bytes.length > MAX_UPLOAD_BYTES) throw new AppError('payload_too_large', tooLarge.description);
  if (bytes.length === 0) throw new AppError('validation_failed', 'The file is empty.');
  return { name: part.filename, mimeType: part.mimetype, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
}
