/**
 * Reads a multipart upload: streams the one `file` part into the blob store (size counted in flight),
 * collects the other fields, and drops the stored blob again if the request fails part-way.
 * Shared by the files upload and the legacy bank-statement upload.
 */
import type { FastifyRequest } from 'fastify';
import type { StoredBlob } from '../../blobs/index.ts';
import { controlCharError, hasControlChar } from '../../http/control-chars.ts';
import { fileErrors } from './files.errors.ts';
import type { FilesService, UploadInput } from './files.service.ts';

export async function readMultipartUpload(req: FastifyRequest, files: FilesService): Promise<UploadInput> {
  if (!req.isMultipart()) throw fileErrors.notMultipart();
  const fields: Record<string, string> = {};
  let blob: StoredBlob | null = null;
  let filename: string | null = null;
  let mimetype: string | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || blob) {
          part.file.resume();
          throw fileErrors.badField(part.fieldname, 'unexpected file part (send exactly one part named file)');
        }
        if (part.filename && hasControlChar(part.filename)) {
          part.file.resume();
          throw controlCharError('file (filename)');
        }
        blob = await files.storeBlob(part.file);
        filename = part.filename ?? null;
        mimetype = part.mimetype ?? null;
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        if (hasControlChar(part.fieldname)) throw controlCharError('(multipart field name)');
        if (hasControlChar(value)) throw controlCharError(part.fieldname);
        fields[part.fieldname] = value;
      }
    }
  } catch (err) {
    if (blob) await files.discardBlob(blob).catch(() => undefined);
    throw isBusboyFormatError(err) ? fileErrors.malformedMultipart((err as Error).message) : err;
  }
  return { fields, blob, filename, mimetype };
}

/**
 * The multipart parser throws plain Errors for a missing boundary ("Multipart: Boundary not found",
 * "Boundary required") and a body cut short ("Unexpected end of multipart data", "… terminated early
 * due to unexpected end of multipart data"): client mistakes, not server faults.
 */
function isBusboyFormatError(err: unknown): boolean {
  if (!(err instanceof Error) || 'statusCode' in err) return false;
  return /boundary (not found|required)|unexpected end of multipart data/i.test(err.message);
}
