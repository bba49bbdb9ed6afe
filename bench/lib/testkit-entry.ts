/**
 * One testkit manifest entry parsed offline the way the service parses an upload: the document type the
 * client asserted (normalised) and the completeness check the entry asks for. Errors come back as
 * `{ _error }` so that a scorer sees a failed document rather than a stopped run.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { normaliseDocumentType } from '../../src/documents/index.ts';
import { parseOffline } from '../../src/modules/files/files.offline.ts';

export interface TestkitEntry {
  id: string;
  path: string;
  asserted_document_type: string | null;
  flags?: string[];
}

export async function parseTestkitEntry(corpus: string, e: TestkitEntry): Promise<unknown> {
  const bytes = new Uint8Array(readFileSync(path.join(corpus, e.path)));
  const asserted = e.asserted_document_type ? normaliseDocumentType(e.asserted_document_type) : null;
  try {
    const checkIdCompleteness = e.flags?.includes('check_id_completeness') === true;
    return await parseOffline(path.basename(e.path), bytes, {
      ...(asserted ? { assertedType: asserted } : {}),
      ...(checkIdCompleteness ? { checkIdCompleteness } : {}),
    });
  } catch (err) {
    return { _error: err instanceof Error ? err.message : String(err) };
  }
}
