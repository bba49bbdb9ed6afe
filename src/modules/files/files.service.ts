/**
 * Files: upload (stream to the blob store, validate synchronously), listing, reads, run-parsing,
 * and the parse job that runs the document engine and records the Doc Engine event.
 */
import type { Readable } from 'node:stream';
import type { BlobStore, StoredBlob } from '../../blobs/index.ts';
import { BlobTooLargeError } from '../../blobs/index.ts';
import type { Db, Executor } from '../../db/client.ts';
import {
  DocumentParseError,
  normaliseDocumentType,
  parseDocument,
  validateDocument,
  validateDocumentKeeping,
  type DocumentType,
  type FileFormat,
  type OcrLanguage,
  type ParsingResult,
} from '../../documents/index.ts';
import type { Page } from '../../shared/pagination.ts';
import type { Clock } from '../../shared/clock.ts';
import type { JobHandle } from '../../jobs/registry.ts';
import type { ParsePayload } from './files.jobs.ts';
import { newId } from '../../shared/ids.ts';
import { JsonBytes, stringifyWithBytes } from '../../shared/json-bytes.ts';
import type { ProcessesService } from '../processes/index.ts';
import { fileErrors } from './files.errors.ts';
import { filesRepository, type FileRow } from './files.repository.ts';
import { UPLOAD_FIELDS, type FileListQuery, type FileView } from './files.schemas.ts';
import { toFileRef, toFileView } from './files.view.ts';
import { enrichParsingResult } from './files.enrich.ts';
import { applyBankCodeHint } from './files.bank-hint.ts';


/** Content type served back for each detected format. */
const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  tiff: 'image/tiff',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  mt940: 'text/plain; charset=utf-8',
  camt053: 'application/xml',
};

export interface FileEvent {
  spaceId: string;
  eventType: 'doc_engine.file.parsed';
  resourceId: string;
  /** The File resource; with a parse result, already serialised (JSON bytes). */
  body: object | JsonBytes;
}

/** The document engine's public API, as the sandbox (src/sandbox/) also offers it. */
export interface DocumentEngine {
  validateDocument: typeof validateDocument;
  parseDocument: typeof parseDocument;
  /** True when parseDocument already filled category and counterparty (the sandbox does it in its child). */
  parsesEnriched?: boolean;
  /** The same on a local file the engine reads itself (the sandbox's children): this process never holds the bytes. */
  validateFile?: (path: string, opts: Parameters<typeof validateDocument>[1]) => ReturnType<typeof validateDocument>;
  parseFile?: (path: string, opts: Parameters<typeof parseDocument>[1], reading?: Uint8Array | null) => ReturnType<typeof parseDocument>;
  /**
   * parseFile, enriched, with the bank-code hint applied, the result as JSON bytes (the sandbox's
   * children): this process never holds the result as an object nor as a string. `reading`: as parseFile.
   */
  parseFileToJson?: (
    path: string,
    opts: Parameters<typeof parseDocument>[1],
    extra: { bankCodeHint?: string; reading?: Uint8Array | null },
  ) => Promise<{ parsing_confidence: number; resultJson: Uint8Array; bankHintErrors: { code: string; message: string }[] }>;
  /**
   * Validation that also hands back what it read of the file (opaque bytes, kept with the blob as its
   * derived artifact READING): the parse job gives it back, and the file is not read twice.
   */
  validateDocumentKeeping?: typeof validateDocumentKeeping;
  validateFileKeeping?: (path: string, opts: Parameters<typeof validateDocument>[1]) => ReturnType<typeof validateDocumentKeeping>;
}

const IN_PROCESS: DocumentEngine = { validateDocument, parseDocument, validateDocumentKeeping };

/** The blob-derived artifact holding a file's reading by its validation (documents/ sources/reading.ts). */
export const READING = 'reading';

export interface FilesDeps {
  db: Db;
  clock: Clock;
  blobs: BlobStore;
  processes: ProcessesService;
  maxUploadBytes: number;
  /** The parse job's handle (files.jobs.ts). */
  parseJob: JobHandle<ParsePayload>;
  autoParsing: (spaceId: string) => Promise<boolean>;
  /** Records the Doc Engine callback inside the transaction of the state change (transactional outbox). */
  recordEvent: (tx: Executor, ev: FileEvent) => Promise<void>;
  /** Adds category/counterparty to parsed transactions (defaults to the risk engine's categoriser). */
  enrich?: (result: ParsingResult) => ParsingResult;
  /**
   * Where document code runs: the sandbox's child processes in the service (app.ts), the engine in
   * this process when not given (offline tools, unit tests).
   */
  engine?: DocumentEngine;
}

export interface ValidatedUploadInput {
  extFileId: string;
  blob: StoredBlob;
  filename: string | null;
  mimetype: string | null;
  assertedType?: DocumentType;
  checkIdCompleteness?: boolean;
  /** Italian ABI the client says issued the statement; checked against the parsed IBAN (files.bank-hint.ts). */
  bankCodeHint?: string;
}

export interface ValidatedUpload extends ValidatedUploadInput {
  outcome: Awaited<ReturnType<typeof validateDocument>>;
  autoParse: boolean;
}

export interface UploadInput {
  fields: Record<string, string>;
  blob: StoredBlob | null;
  filename: string | null;
  mimetype: string | null;
}

export class FilesService {
  private readonly d: FilesDeps;

  constructor(deps: FilesDeps) {
    this.d = deps;
  }

  /** 404/409 before the body is consumed, so a refused upload costs nothing. */
  async assertUploadable(spaceId: string, processId: string): Promise<void> {
    const p = await this.d.processes.requireVisible(spaceId, processId);
    if (p.status !== 'active') await this.d.db.transaction((tx) => this.d.processes.lockActive(tx, spaceId, processId));
  }

  async storeBlob(stream: Readable): Promise<StoredBlob> {
    try {
      return await this.d.blobs.put(stream, { maxBytes: this.d.maxUploadBytes });
    } catch (err) {
      if (err instanceof BlobTooLargeError || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw fileErrors.tooLarge(this.d.maxUploadBytes);
      }
      throw err;
    }
  }

  async upload(spaceId: string, processId: string, input: UploadInput): Promise<FileView> {
    try {
      return await this.createFromUpload(spaceId, processId, input);
    } catch (err) {
      if (input.blob) await this.releaseBlob(input.blob.key);
      throw err;
    }
  }

  private async createFromUpload(spaceId: string, processId: string, input: UploadInput): Promise<FileView> {
    const { fields, blob } = input;
    for (const k of Object.keys(fields)) {
      if (!(UPLOAD_FIELDS as readonly string[]).includes(k)) throw fileErrors.badField(k, 'is not a known field');
    }
    if (!blob) throw fileErrors.missingField('file');
    const extFileId = fields.ext_file_id?.trim();
    if (!extFileId) throw fileErrors.missingField('ext_file_id');
    if (extFileId.length > 200) throw fileErrors.badField('ext_file_id', 'must be at most 200 characters');
    let asserted: DocumentType | undefined;
    if (fields.document_type !== undefined && fields.document_type.trim() !== '') {
      const t = normaliseDocumentType(fields.document_type.trim());
      if (!t) throw fileErrors.badField('document_type', `is not a known document type: ${JSON.stringify(fields.document_type)}`);
      asserted = t;
    }
    const cic = fields.check_id_completeness;
    if (cic !== undefined && cic !== 'true' && cic !== 'false') throw fileErrors.badField('check_id_completeness', 'must be true or false');

    const v = await this.validateUpload(spaceId, {
      extFileId,
      blob,
      filename: input.filename,
      mimetype: input.mimetype,
      ...(asserted ? { assertedType: asserted } : {}),
      checkIdCompleteness: cic === 'true',
    });
    const row = await this.d.db.transaction(async (tx) => {
      await this.d.processes.lockActive(tx, spaceId, processId);
      return (await this.insertValidated(tx, spaceId, processId, v)).row;
    });
    return toFileView(row);
  }

  /**
   * Validates a stored upload and decides whether it is parsed at once. No transaction: run it before
   * the one that inserts the row (on PGlite a query outside an open transaction waits for it forever).
   */
  async validateUpload(spaceId: string, u: ValidatedUploadInput): Promise<ValidatedUpload> {
    const opts = { ...(u.assertedType ? { assertedType: u.assertedType } : {}), checkIdCompleteness: u.checkIdCompleteness === true };
    const engine = this.d.engine ?? IN_PROCESS;
    const bytes = async () => new Uint8Array(await this.d.blobs.get(u.blob.key));
    const { outcome, reading } = engine.validateFileKeeping
      ? await this.withLocalFile(u.blob.key, (file) => engine.validateFileKeeping!(file, opts))
      : engine.validateFile
        ? { outcome: await this.withLocalFile(u.blob.key, (file) => engine.validateFile!(file, opts)), reading: null }
        : engine.validateDocumentKeeping
          ? await engine.validateDocumentKeeping(await bytes(), opts)
          : { outcome: await engine.validateDocument(await bytes(), opts), reading: null };
    // Kept before the row and its parse job exist, so the job finds it. A cache: if storing fails, the parse reads the file.
    if (reading && outcome.status === 'success') await this.d.blobs.putDerived(u.blob.key, READING, reading).catch(() => undefined);
    const autoParse = outcome.status === 'success' && (await this.d.autoParsing(spaceId));
    return { ...u, outcome, autoParse };
  }

  /**
   * Inserts a validated upload inside the caller's transaction (the caller has locked the process).
   * With `replace`, earlier files of the process with the same ext_file_id are deleted in the same
   * transaction; their blob keys are returned for `releaseBlobs` once it has committed.
   */
  async insertValidated(tx: Executor, spaceId: string, processId: string, v: ValidatedUpload, opts: { replace?: boolean } = {}): Promise<{ row: FileRow; replacedBlobKeys: string[] }> {
    const replaced = opts.replace ? await filesRepository.deleteByExtFileId(tx, processId, v.extFileId) : [];
    const now = this.d.clock.now();
    const row = await filesRepository.insert(tx, {
      id: newId(),
      processId,
      spaceId,
      extFileId: v.extFileId,
      originalName: v.filename?.slice(0, 500) ?? null,
      contentType: v.mimetype?.slice(0, 200) ?? null,
      format: v.outcome.format,
      sizeBytes: v.blob.size,
      sha256: v.blob.sha256,
      blobKey: v.blob.key,
      documentType: v.outcome.document_type,
      assertedType: v.assertedType ?? null,
      validationStatus: v.outcome.status,
      validationErrors: v.outcome.errors,
      preResult: v.outcome.pre_result,
      pageCount: v.outcome.page_count,
      ocrLang: v.outcome.ocr_lang ?? null,
      options: { check_id_completeness: v.checkIdCompleteness === true, ...(v.bankCodeHint ? { bank_code_hint: v.bankCodeHint } : {}) },
      parsingStatus: v.autoParse ? 'processing' : 'uploaded',
      createdAt: now,
      updatedAt: now,
    });
    if (v.autoParse) await this.d.parseJob.enqueue(tx, { file_id: row.id });
    await this.d.processes.touch(tx, processId);
    return { row, replacedBlobKeys: replaced.map((f) => f.blobKey).filter((k) => k !== v.blob.key) };
  }

  /** Deletes blobs that no file row references any more (after the transaction that dropped their rows). */
  async releaseBlobs(keys: readonly string[]): Promise<void> {
    for (const k of new Set(keys)) await this.releaseBlob(k);
  }

  /** The newest file of a process with this ext_file_id, or null. */
  async findByExtFileId(db: Executor, processId: string, extFileId: string): Promise<FileRow | null> {
    return filesRepository.findByExtFileId(db, processId, extFileId);
  }

  /** Files by id (any process), for callers that wait on their parsing. */
  async statusesOf(fileIds: readonly string[]): Promise<FileRow[]> {
    return filesRepository.listByIdsAnyProcess(this.d.db, [...fileIds]);
  }

  /** Drops a stored blob that no file row references (an upload that was refused after streaming). */
  async discardBlob(blob: StoredBlob): Promise<void> {
    await this.releaseBlob(blob.key);
  }

  private async releaseBlob(key: string): Promise<void> {
    if ((await filesRepository.countByBlob(this.d.db, key)) === 0) {
      await this.d.blobs.deleteDerived(key, READING).catch(() => undefined);
      await this.d.blobs.delete(key).catch(() => undefined);
    }
  }

  async get(spaceId: string, processId: string, fileId: string): Promise<FileView> {
    const f = await filesRepository.findForRead(this.d.db, spaceId, processId, fileId);
    if (!f) {
      await this.d.processes.requireVisible(spaceId, processId);
      throw fileErrors.notFound();
    }
    return toFileView(f);
  }

  /** The uploaded bytes of a file of the caller's space (404 for unknown files and other spaces). */
  async content(spaceId: string, processId: string, fileId: string): Promise<{ bytes: Buffer; contentType: string; filename: string | null }> {
    const f = await filesRepository.find(this.d.db, spaceId, processId, fileId);
    if (!f) {
      await this.d.processes.requireVisible(spaceId, processId);
      throw fileErrors.notFound();
    }
    const bytes = await this.d.blobs.get(f.blobKey);
    // The type comes from the detected format, never from the uploader's claim (no HTML served back).
    const contentType = (f.format && CONTENT_TYPES[f.format]) || 'application/octet-stream';
    return { bytes, contentType, filename: f.originalName ?? null };
  }

  async list(spaceId: string, processId: string, q: FileListQuery): Promise<Page<ReturnType<typeof toFileRef>>> {
    await this.d.processes.requireVisible(spaceId, processId);
    const limit = q.limit ?? 20;
    const offset = q.offset ?? 0;
    const { items, total } = await filesRepository.list(this.d.db, processId, limit, offset);
    return { items: items.map(toFileRef), total, limit, offset };
  }

  /** Files of a process for other modules (reports), oldest first. */
  async listForProcess(db: Executor, processId: string): Promise<FileRow[]> {
    return filesRepository.listByProcess(db, processId);
  }

  async runParsing(spaceId: string, processId: string, filter: string[] | undefined): Promise<{ process_id: string; file_ids: string[] }> {
    return this.d.db.transaction(async (tx) => {
      await this.d.processes.lockActive(tx, spaceId, processId);
      let selected: FileRow[];
      if (filter && filter.length > 0) {
        const ids = [...new Set(filter)];
        selected = await filesRepository.listByIds(tx, processId, ids);
        const found = new Set(selected.map((f) => f.id));
        const unknown = ids.filter((id) => !found.has(id));
        if (unknown.length) throw fileErrors.unknownFiles(unknown);
        const invalid = selected.filter((f) => f.validationStatus !== 'success').map((f) => f.id);
        if (invalid.length) throw fileErrors.notParsable(invalid);
        // Files already being parsed keep their running job; completed or failed ones are parsed again.
        selected = selected.filter((f) => f.parsingStatus !== 'processing');
      } else {
        selected = await filesRepository.listAwaitingParse(tx, processId);
      }
      const ids = selected.map((f) => f.id);
      await filesRepository.markProcessing(tx, ids, this.d.clock.now());
      for (const id of ids) await this.d.parseJob.enqueue(tx, { file_id: id });
      if (ids.length) await this.d.processes.touch(tx, processId);
      return { process_id: processId, file_ids: ids };
    });
  }

  /** The parse job: idempotent (a file no longer `processing` is left alone). */
  async parseFile(fileId: string): Promise<void> {
    const f = await filesRepository.findById(this.d.db, fileId);
    if (!f || f.parsingStatus !== 'processing') return;
    const opts = {
      format: (f.format ?? 'pdf') as FileFormat,
      documentType: f.documentType as DocumentType,
      ...(f.ocrLang ? { ocrLang: f.ocrLang as OcrLanguage } : {}),
    };
    const engine = this.d.engine ?? IN_PROCESS;
    const hint = (f.options as { bank_code_hint?: unknown } | null)?.bank_code_hint;
    const withHint = (found: { code: string; message: string }[]): unknown[] => [
      ...(f.validationErrors as { code?: string }[]).filter((e) => e.code !== 'bank_code_mismatch'),
      ...found,
    ];
    // What the validation read of the file: the engine takes it where it is this file's and current.
    const reading = await this.d.blobs.getDerived(f.blobKey, READING).catch(() => null);
    try {
      if (engine.parseFileToJson) {
        const out = await this.withLocalFile(f.blobKey, (file) =>
          engine.parseFileToJson!(file, opts, { ...(typeof hint === 'string' && hint ? { bankCodeHint: hint } : {}), reading }),
        );
        await this.finish(f, {
          status: 'completed',
          result: new JsonBytes(out.resultJson, { transferable: true }),
          confidence: out.parsing_confidence,
          errors: [],
          ...(typeof hint === 'string' && hint ? { validationErrors: withHint(out.bankHintErrors) } : {}),
        });
        return;
      }
      const outcome = engine.parseFile
        ? await this.withLocalFile(f.blobKey, (file) => engine.parseFile!(file, opts, reading))
        : await engine.parseDocument(new Uint8Array(await this.d.blobs.get(f.blobKey)), opts, reading);
      let result = this.d.engine?.parsesEnriched ? outcome.parsing_result : (this.d.enrich ?? enrichParsingResult)(outcome.parsing_result);
      let validationErrors: unknown[] | undefined;
      if (typeof hint === 'string' && hint) {
        const checked = applyBankCodeHint(result, hint);
        result = checked.result;
        validationErrors = withHint(checked.validationErrors);
      }
      await this.finish(f, { status: 'completed', result, confidence: outcome.parsing_confidence, errors: [], ...(validationErrors ? { validationErrors } : {}) });
    } catch (err) {
      if (!(err instanceof DocumentParseError)) throw err; // unexpected: the job is retried
      await this.finish(f, { status: 'error', result: null, confidence: null, errors: [{ code: err.code, message: err.message }] });
    }
  }

  private async withLocalFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T> {
    const local = await this.d.blobs.localFile(key);
    try {
      return await use(local.path);
    } finally {
      await local.release();
    }
  }

  /** After the last failed attempt of an unexpected error: the file ends in error, never stuck in processing. */
  async failParse(fileId: string, error: unknown): Promise<void> {
    const f = await filesRepository.findById(this.d.db, fileId);
    if (!f || f.parsingStatus !== 'processing') return;
    const message = error instanceof Error ? error.message : String(error);
    await this.finish(f, { status: 'error', result: null, confidence: null, errors: [{ code: 'parse_failed', message: `parsing failed: ${message}`.slice(0, 500) }] });
  }

  private async finish(
    f: FileRow,
    r: { status: 'completed' | 'error'; result: unknown; confidence: number | null; errors: { code: string; message: string }[]; validationErrors?: unknown[] },
  ): Promise<void> {
    // A result held as JSON bytes is not stringified again for the callback: the File's JSON is
    // written around it, before the update moves those bytes to the database (its own thread on PGlite).
    const set = {
      parsingStatus: r.status,
      parsingResult: r.result,
      parsingConfidence: r.confidence,
      errors: r.errors,
      ...(r.validationErrors ? { validationErrors: r.validationErrors } : {}),
    };
    const eventBody = r.result instanceof JsonBytes ? new JsonBytes(stringifyWithBytes(toFileView({ ...f, ...set })).bytes, { transferable: true }) : null;
    await this.d.db.transaction(async (tx) => {
      const updated = await filesRepository.finishParsing(tx, f.id, { ...set, at: this.d.clock.now() });
      if (!updated) return;
      await this.d.recordEvent(tx, { spaceId: f.spaceId, eventType: 'doc_engine.file.parsed', resourceId: f.id, body: eventBody ?? toFileView(updated) });
    });
  }
}
