/** End to end through pdf.js: generated statements per layout, and every unhappy outcome. */
import { afterAll, describe, expect, it } from 'vitest';
import { shutdownOcr } from './sources/ocr/shutdown.ts';
import { score } from '../../test/fixtures/generator/compare.ts';
import {
  appendIncrementalUpdate,
  generateIdPage,
  generateMerged,
  generateNoText,
  generateStatement,
  generateStatementAndCardScan,
  LAYOUT_IDS,
  truncate,
} from '../../test/fixtures/generator/index.ts';
import { createCanvas } from '@napi-rs/canvas';
import { cardImage, cardTruth, toCanvas } from '../../test/fixtures/id/generator.ts';
import { deeplyNested, hugePageCount } from '../../test/fixtures/generator/hostile.ts';
import { DocumentParseError } from './types.ts';
import type { ParsedTransaction } from './types.ts';
import { parsePdf, validatePdf } from './pipeline.ts';

afterAll(async () => {
  await shutdownOcr();
});

describe('generated layouts: extraction equals generator truth', () => {
  for (const layout of LAYOUT_IDS) {
    it(layout, async () => {
      // 55 rows spill onto a second page: carry rows, repeated headers and footers are exercised.
      const { pdf, truth } = await generateStatement({ layout, seed: 42, transactions: 55 });
      expect(truth.pages).toBeGreaterThanOrEqual(2);
      const v = await validatePdf(pdf, { assertedType: truth.document_type });
      expect(v).toMatchObject({
        format: 'pdf',
        status: 'success',
        document_type: truth.document_type,
        page_count: truth.pages,
        errors: [],
      });
      const out = await parsePdf(pdf, { format: 'pdf', documentType: truth.document_type });
      const s = score(truth, out);
      expect(s.header).toEqual(Object.fromEntries(Object.keys(s.header).map((k) => [k, true])));
      expect(out.parsing_result['transactions']?.value).toHaveLength(truth.transactions.length);
      const got = out.parsing_result['transactions']?.value as ParsedTransaction[];
      expect(got.map((t) => [t.date, t.value_date, t.amount, t.description, t.balance])).toEqual(
        truth.transactions.map((t) => [t.date, t.value_date, t.amount, t.description, t.balance]),
      );
      for (const t of got) {
        // Labelled parties ("Ordinante: ACME SRL") become the counterparty; nothing else does.
        const labelled = /(Ordinante|Beneficiario|Auftraggeber|Empfänger|Payee): (.+)$/.exec(t.description);
        if (!labelled) expect(t.counterparty).toBeNull();
        else expect(labelled[2]!.startsWith(t.counterparty ?? '\u0000')).toBe(true);
        expect(t.page).toBeGreaterThanOrEqual(1);
        expect(t.bbox?.[2]).toBeGreaterThan(t.bbox?.[0] ?? Infinity);
        expect(t.currency).toBe(truth.currency_code);
      }
      // Nothing fails on an untouched statement; how sure depends on what printed confirmed the transactions.
      const evidence = truth.opening_balance !== null || truth.transactions.some((t) => t.balance !== null);
      expect(out.parsing_result['document_conformed']?.value).toBe(true);
      if (evidence) expect(out.parsing_result['document_conformed']?.confidence).toBeGreaterThanOrEqual(0.85);
      else expect(out.parsing_result['document_conformed']?.confidence).toBeLessThanOrEqual(0.5);
      expect(out.parsing_confidence).toBeGreaterThanOrEqual(truth.opening_balance === null ? 0.7 : 0.95);
    });
  }
});

describe('conformity', () => {
  it('a printed amount that breaks the chain is reported at its row', async () => {
    const { pdf, truth } = await generateStatement({
      layout: 'en_paid_in_out',
      seed: 3,
      transactions: 20,
      brokenChain: true,
    });
    const out = await parsePdf(pdf, { format: 'pdf', documentType: 'bank_statement' });
    expect(out.parsing_result['document_conformed']?.value).toBe(false);
    const checks = out.parsing_result['conformity_checks']?.value as {
      check: string;
      passed: boolean;
      row?: number;
    }[];
    expect(checks.find((c) => c.check === 'balance_chain')?.passed).toBe(false);
    expect(checks.find((c) => c.check === 'running_balance')).toMatchObject({
      passed: false,
      row: truth.broken_row,
    });
    expect(out.parsing_confidence).toBeLessThanOrEqual(0.6);
  });

  it('flags incremental updates appended after the original save', async () => {
    const { pdf } = await generateStatement({ layout: 'it_dare_avere', seed: 4, transactions: 6 });
    const clean = await parsePdf(pdf, { format: 'pdf', documentType: 'bank_statement' });
    expect(clean.parsing_result['document_conformed']?.value).toBe(true);
    const out = await parsePdf(appendIncrementalUpdate(pdf), {
      format: 'pdf',
      documentType: 'bank_statement',
    });
    const checks = out.parsing_result['conformity_checks']?.value as { check: string; passed: boolean }[];
    expect(checks.find((c) => c.check === 'pdf_incremental_updates')?.passed).toBe(false);
    expect(checks.find((c) => c.check === 'pdf_producer')?.passed).toBe(false);
    expect(checks.find((c) => c.check === 'pdf_modified_after_creation')?.passed).toBe(false);
    expect(out.parsing_result['document_conformed']?.value).toBe(false);
  });
});

describe('inputs and fallbacks', () => {
  it('accepts a Node Buffer and leaves it usable', async () => {
    const { pdf } = await generateStatement({ layout: 'en_paid_in_out', seed: 12, transactions: 4 });
    const buf = Buffer.from(pdf);
    expect((await validatePdf(buf, {})).status).toBe('success');
    await parsePdf(buf, { format: 'pdf', documentType: 'bank_statement' });
    expect(buf.byteLength).toBe(pdf.byteLength);
  });

  it('bank_name falls back to the IBAN bank code when the letterhead has none', async () => {
    const iban = 'IT66A0306909606100000012345';
    const { pdf } = await generateStatement({
      layout: 'it_dare_avere',
      seed: 13,
      transactions: 4,
      iban,
      hideBankName: true,
    });
    const out = await parsePdf(pdf, { format: 'pdf', documentType: 'bank_statement' });
    expect(out.parsing_result['iban']?.value).toBe(iban);
    // The bank tables belong to another module; expect whatever it answers (null while absent).
    const banks = (await import('./banks/lookup.ts').catch(() => null)) as {
      bankNameForIban?: (i: string) => string | null;
    } | null;
    expect(out.parsing_result['bank_name']?.value ?? null).toBe(banks?.bankNameForIban?.(iban) ?? null);
  });
});

/** One side of a card as a scanner sees it: cropped to the card, its print on tinted security paper at half contrast. */
async function scannedSide(png: Uint8Array): Promise<Uint8Array> {
  const src = await toCanvas(png);
  const gap = 40; // cardImage's margin around the side
  const c = createCanvas(src.width - 2 * gap, src.height - 2 * gap);
  const ctx = c.getContext('2d');
  ctx.drawImage(src, -gap, -gap);
  const img = ctx.getImageData(0, 0, c.width, c.height);
  const ground = [236, 214, 224];
  for (let i = 0; i < img.data.length; i += 4) {
    for (let k = 0; k < 3; k++) img.data[i + k] = Math.round(ground[k]! - (255 - img.data[i + k]!) * 0.5);
  }
  ctx.putImageData(img, 0, 0);
  return new Uint8Array(await c.encode('jpeg', 80));
}

describe('validation outcomes', () => {
  it('two statements of different accounts are merged, with page ranges', async () => {
    const { pdf, truth } = await generateMerged(7, 'two_statements');
    const v = await validatePdf(pdf, {});
    expect(v.status).toBe('merged');
    expect(v.errors[0]).toMatchObject({ code: 'multiple_documents', page: truth.documents[1]!.from });
    expect(v.errors[0]!.message).toContain(`pages ${truth.documents[0]!.from}-${truth.documents[0]!.to}`);
  });

  it('a statement followed by a residence permit is merged', async () => {
    const { pdf, truth } = await generateMerged(8, 'statement_and_id');
    const v = await validatePdf(pdf, {});
    expect(v.status).toBe('merged');
    expect(v.errors[0]!.message).toContain('residency_permit');
    expect(v.errors[0]!.page).toBe(truth.documents[1]!.from);
  });

  it('a statement followed by a scanned sheet with an identity card on it is merged (the card is read alone)', async () => {
    // The card at its real size on an A4 scan: the low-resolution look at the whole page reads nothing
    // legible there, so only the identity read of that page (cards found and read alone) tells it.
    const t = cardTruth('de', 5);
    const sides = [await scannedSide(await cardImage(t, { sides: 'front', dpi: 150 })), await scannedSide(await cardImage(t, { sides: 'back', dpi: 150 }))];
    const { pdf, truth } = await generateStatementAndCardScan(9, sides);
    const v = await validatePdf(pdf, {});
    expect(v.status).toBe('merged');
    expect(v.errors[0]).toMatchObject({ code: 'multiple_documents', page: truth.documents[1]!.from });
    expect(v.errors[0]!.message).toMatch(/pages 1-\d+: bank_\w+; pages \d+-\d+: (residency_permit|identity_card)/);
  }, 180_000);

  it('asserted type differing from the detected one is a mismatch naming both', async () => {
    const v = await validatePdf(await generateIdPage(), { assertedType: 'bank_statement' });
    expect(v.status).toBe('failure');
    expect(v.document_type).toBe('residency_permit');
    expect(v.errors[0]!.code).toBe('document_type_mismatch');
    expect(v.errors[0]!.message).toMatch(/bank_statement.*residency_permit/);
  });

  it('password-protected', async () => {
    const { pdf } = await generateStatement({
      layout: 'en_signed_amount',
      seed: 1,
      transactions: 5,
      userPassword: 'secret',
    });
    const v = await validatePdf(pdf, {});
    expect(v).toMatchObject({ status: 'unreadable', errors: [{ code: 'password_protected' }] });
    await expect(parsePdf(pdf, { format: 'pdf', documentType: 'bank_statement' })).rejects.toMatchObject({
      code: 'password_protected',
    });
  });

  it('truncated and garbage bytes are corrupt', async () => {
    const { pdf } = await generateStatement({ layout: 'de_sparkasse', seed: 2, transactions: 10 });
    for (const bytes of [truncate(pdf), new TextEncoder().encode('%PDF-1.7\nnot really a pdf')]) {
      const v = await validatePdf(bytes, {});
      expect(v).toMatchObject({ format: 'pdf', status: 'unreadable', errors: [{ code: 'corrupt_file' }] });
    }
    // The caller's buffer is untouched (pdf.js detaches what it is given).
    expect(pdf.byteLength).toBeGreaterThan(0);
  });

  it('no text layer and nothing legible for OCR is unreadable/low_quality', async () => {
    const v = await validatePdf(await generateNoText(2), {});
    expect(v).toMatchObject({
      status: 'unreadable',
      page_count: 2,
      errors: [
        {
          code: 'low_quality',
          message: expect.stringContaining('no text layer, and OCR found no legible text') as unknown as string,
        },
      ],
    });
    await expect(
      parsePdf(await generateNoText(1), { format: 'pdf', documentType: 'bank_statement' }),
    ).rejects.toBeInstanceOf(DocumentParseError);
  });

  it('empty input', async () => {
    expect(await validatePdf(new Uint8Array(0), {})).toMatchObject({
      status: 'unreadable',
      errors: [{ code: 'empty_file' }],
    });
  });
});

describe('hostile PDFs end bounded', () => {
  // Bounded by what ends them, not by a stopwatch: the nesting ends as a caught stack overflow (corrupt_file),
  // the lying /Count as the one page the tree holds; neither runs into the PDF time budget (too_large).
  it('deep nesting and a lying page count', async () => {
    for (const bytes of [deeplyNested(), deeplyNested(2_000_000)]) {
      const v = await validatePdf(bytes, {});
      expect(v).toMatchObject({ status: 'unreadable', page_count: null, errors: [{ code: 'corrupt_file' }] });
    }
    const lying = await validatePdf(hugePageCount(), {});
    expect(lying.status).not.toBe('success');
    expect(lying.page_count).toBe(1);
    expect(lying.errors.map((e) => e.code)).not.toContain('too_large');
  });

  it('more pages than the limit is refused before reading them', async () => {
    const { pdf } = await generateStatement({ layout: 'it_lista_movimenti', seed: 9, transactions: 60 });
    const v = await validatePdf(pdf, {}, { maxPages: 1, timeBudgetMs: 10_000 });
    expect(v).toMatchObject({ status: 'failure', errors: [{ code: 'too_large' }] });
  });

  it('an exhausted time budget fails cleanly', async () => {
    const { pdf } = await generateStatement({ layout: 'it_lista_movimenti', seed: 9, transactions: 60 });
    const v = await validatePdf(pdf, {}, { maxPages: 200, timeBudgetMs: 1 });
    expect(v.errors[0]?.code).toBe('too_large');
  });
});
