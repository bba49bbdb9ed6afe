/**
 * Reads a multipart upload: streams the one `file` part into the blob store (size counted in flight),
 * collects the other fields, and drops the stored blob again if the request fails part-way.
 * Shared by the files upload and the legacy bank-statement upload.
 */
import type { FastifyRequest } from 'fastify';
import type { StoredBlob } from '../../blobs/index.ts';
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
        blob = await files.storeBlob(part.file);
        filename = part.filename ?? null;
        mimetype = part.mimetype ?? null;
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (err) {
    if (blob) await files.discardBlob(blob).catch(() => undefined);
    throw err;
  }
  return { fields, blob, filename, mimetype };
}
