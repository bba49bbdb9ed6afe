/** Test support for the report PDF tests: pdf.js text of a PDF, and a view of a simulated applicant. */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { buildReport, REASON_CODE_TEXTS, validateReportInputs } from '../risk/index.ts';
import { simulatePopulation } from '../risk/simulate/index.ts';
import type { ReportView } from './index.ts';

const require = createRequire(import.meta.url);
const pdfjsDir = dirname(require.resolve('pdfjs-dist/package.json'));

export async function extractText(bytes: Uint8Array): Promise<{ text: string; pages: number; creationDate: string | undefined }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: join(pdfjsDir, 'standard_fonts') + '/',
    cMapUrl: join(pdfjsDir, 'cmaps') + '/',
    wasmUrl: join(pdfjsDir, 'wasm') + '/',
  });
  const doc = await task.promise;
  const parts: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const content = await page.getTextContent();
    parts.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  const meta = await doc.getMetadata();
  const info = meta.info as { CreationDate?: string };
  await task.destroy();
  return { text: parts.join('\n'), pages: doc.numPages, creationDate: info.CreationDate };
}

export function makeView(market: 'it' | 'de'): ReportView {
  const [a] = simulatePopulation(11, 1, { dataSource: 'retail', market });
  if (!a) throw new Error('no applicant');
  const params = { ...a.params, account_holder: market === 'de' ? 'Jürgen Groß-Müller' : 'Niccolò Dell’Acqua', tax_code: market === 'it' ? 'DLLNCL80A01F205X' : null };
  return {
    report_id: 'rep_test_01', process_id: 'proc_test_01', ext_application_id: 'APP-7', created_at: '2026-11-02T10:15:00Z',
    report_params: params,
    report_result: buildReport({ sources: a.sources, params, asOf: a.asOf }),
    validation: validateReportInputs({ sources: a.sources, params }),
    used_inputs: a.sources.map((s) => ({ type: s.type, id: s.id, label: 'Überweisungen äöü ß', iban: s.iban, account_holder: s.accountHolder, period_from: s.transactions[0]?.date ?? null, period_to: s.transactions.at(-1)?.date ?? null, transactions: s.transactions.length })),
    reason_code_texts: REASON_CODE_TEXTS,
  };
}
