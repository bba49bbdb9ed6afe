/**
 * The legacy bank-statement upload (POST /parsing/bank-statements/sbx/v2/upload): every field required,
 * process found or created by IdPratica, the statement stored as ext_file_id = fileID with
 * bank_statement asserted; the same fileID again replaces the earlier file in one transaction.
 */
import type { StoredBlob } from '../../blobs/index.ts';
import type { Db } from '../../db/client.ts';
import type { FieldProblem } from '../../shared/errors.ts';
import type { FilesService } from '../files/index.ts';
import type { ProcessesService } from '../processes/index.ts';
import { workflowErrors } from './workflow.errors.ts';
import { findOrCreateProcess } from './workflow.process.ts';
import { LEGACY_FIELDS, type LegacyUploadView } from './workflow.schemas.ts';

export interface LegacyUploadDeps {
  db: Db;
  processes: ProcessesService;
  files: FilesService;
}

export interface LegacyUploadInput {
  fields: Record<string, string>;
  blob: StoredBlob | null;
  filename: string | null;
  mimetype: string | null;
}

const MAX_LENGTH: Record<string, number> = { IdPratica: 200, fileID: 200, account_holder: 300 };

/** Checks the fields: unknown ones, then every missing one at once, then lengths and the ABI. */
export function checkLegacyFields(input: LegacyUploadInput): { values: Record<(typeof LEGACY_FIELDS)[number], string>; abi: string } {
  const known = new Set<string>(LEGACY_FIELDS);
  const unknown = Object.keys(input.fields).filter((k) => !known.has(k));
  if (unknown.length) {
    throw workflowErrors.badFields(unknown.map((field) => ({ field, code: 'unknown_field', message: `${field} is not a field of this endpoint` })));
  }
  const missing: string[] = LEGACY_FIELDS.filter((f) => !input.fields[f]?.trim());
  if (!input.blob) missing.push('file');
  if (missing.length) throw workflowErrors.missingFields(missing);
  const values = Object.fromEntries(LEGACY_FIELDS.map((f) => [f, (input.fields[f] ?? '').trim()])) as Record<(typeof LEGACY_FIELDS)[number], string>;
  const problems: FieldProblem[] = [];
  for (const f of LEGACY_FIELDS) {
    const max = MAX_LENGTH[f] ?? 200;
    if (values[f].length > max) problems.push({ field: f, code: 'too_long', message: `${f} must be at most ${max} characters` });
  }
  if (!/^\d{1,5}$/.test(values.ABI)) problems.push({ field: 'ABI', code: 'invalid', message: 'ABI must be an Italian bank code of up to 5 digits' });
  if (problems.length) throw workflowErrors.badFields(problems);
  return { values, abi: values.ABI.padStart(5, '0') };
}

export async function legacyUpload(d: LegacyUploadDeps, spaceId: string, input: LegacyUploadInput): Promise<LegacyUploadView> {
  try {
    const { values, abi } = checkLegacyFields(input);
    const blob = input.blob as StoredBlob;
    // Validation reads the blob and the tenant settings: before the transaction (one connection on PGlite).
    const v = await d.files.validateUpload(spaceId, {
      extFileId: values.fileID,
      blob,
      filename: input.filename,
      mimetype: input.mimetype,
      assertedType: 'bank_statement',
      bankCodeHint: abi,
    });
    const attributes = {
      account_holder: values.account_holder,
      nsg_user: values.NSGUser,
      nsg_company: values.NSGCompany,
      super_nsg_user: values.SuperNSGUser,
      super_nsg_company: values.SuperNSGCompany,
    };
    const { row, replacedBlobKeys } = await d.db.transaction(async (tx) => {
      const p = await findOrCreateProcess(tx, d.processes, spaceId, values.IdPratica, attributes, {
        main_applicant_name: values.account_holder,
        source: 'legacy_upload',
      });
      return d.files.insertValidated(tx, spaceId, p.id, v, { replace: true });
    });
    await d.files.releaseBlobs(replacedBlobKeys);
    return {
      IdPratica: values.IdPratica,
      fileID: values.fileID,
      process_id: row.processId,
      file_id: row.id,
      validation_status: row.validationStatus,
      parsing_status: row.parsingStatus,
    };
  } catch (err) {
    if (input.blob) await d.files.discardBlob(input.blob).catch(() => undefined);
    throw err;
  }
}
