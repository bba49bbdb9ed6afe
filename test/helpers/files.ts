/** Files API steps shared by the HTTP tests: a multipart upload and waiting for the background parse. */
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app.ts';
import { multipart } from './multipart.ts';

export function uploadFile(
  t: TestApp,
  processId: string,
  fields: Record<string, string>,
  file?: { content: Buffer | string | Uint8Array; filename?: string; contentType?: string },
): Promise<LightMyRequestResponse> {
  const content = file && (typeof file.content === 'string' || Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
  const m = multipart(fields, file && content !== undefined ? { ...file, content } : undefined);
  return t.request({ method: 'POST', url: `/document-engine/v1/processes/${processId}/files`, payload: m.payload, headers: m.headers });
}

/** The file once its parsing_status has left 'processing' (polled every 50 ms; throws after `ms`). */
export async function waitParsed(t: TestApp, processId: string, fileId: string, ms = 60_000) {
  const until = Date.now() + ms;
  for (;;) {
    const f = (await t.request({ method: 'GET', url: `/document-engine/v1/processes/${processId}/files/${fileId}` })).json();
    if (f.parsing_status !== 'processing') return f;
    if (Date.now() > until) throw new Error(`parse of ${fileId} did not finish within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
