/**
 * pdf.js's worker side on a PlainPort delivers what its own fake worker (LoopbackPort, a
 * structuredClone per message) delivers: the same copies, in the same order, each on a later
 * microtask, and the same text content.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { generateStatement, LAYOUT_IDS } from '../../../../test/fixtures/generator/index.ts';
import { loadPdf } from './load.ts';
import { copyPlain, PlainPort, plainWorker } from './port.ts';

const received = async (msg: unknown, transfer?: Transferable[]): Promise<unknown> => {
  const port = new PlainPort();
  const got = new Promise<unknown>((resolve) => port.addEventListener('message', (e) => resolve(e.data)));
  port.postMessage(msg, transfer);
  return got;
};

describe('copyPlain', () => {
  it('copies plain data as structuredClone does', () => {
    const styles = Object.assign(Object.create(null) as Record<string, unknown>, { f1: { fontFamily: 'sans-serif', ascent: 0.9, vertical: false } });
    const items = [{ str: 'Saldo', dir: 'ltr', width: 23.5, height: 9, transform: [9, 0, 0, 9, 100, -0], fontName: 'f1', hasEOL: false }];
    const msg = { sourceName: 'd0_worker', targetName: 'd0', stream: 4, streamId: 3, chunk: { items, styles, lang: null, nothing: undefined }, n: NaN };
    const copy = copyPlain(msg) as typeof msg;
    expect(copy).toStrictEqual(structuredClone(msg));
    expect(Object.is((copy.chunk.items[0]!.transform as number[])[5], -0)).toBe(true);
    expect(Object.getPrototypeOf(copy.chunk.styles)).toBe(Object.prototype);
    expect(copy.chunk.items).not.toBe(items);
    expect(copy.chunk.items[0]).not.toBe(items[0]);
    expect(Object.keys(copy.chunk)).toEqual(['items', 'styles', 'lang', 'nothing']);
  });

  it('keeps shared and cyclic references, as structuredClone does', () => {
    const shared = { a: 1 };
    const cyclic: Record<string, unknown> = { shared, again: shared };
    cyclic['self'] = cyclic;
    const copy = copyPlain(cyclic) as typeof cyclic;
    expect(copy['self']).toBe(copy);
    expect(copy['shared']).toBe(copy['again']);
    expect(copy['shared']).not.toBe(shared);
  });
});

describe('PlainPort', () => {
  it('hands each listener a copy taken when the message was posted, on a later microtask, in order', async () => {
    const port = new PlainPort();
    const got: unknown[] = [];
    port.addEventListener('message', (e) => got.push(e.data));
    const chunk = { items: [{ str: 'a' }] };
    port.postMessage({ chunk });
    // pdf.js's text stream replaces the chunk's items right after enqueueing it.
    chunk.items = [];
    port.postMessage({ n: 2 });
    expect(got).toEqual([]);
    await Promise.resolve();
    await Promise.resolve();
    expect(got).toEqual([{ chunk: { items: [{ str: 'a' }] } }, { n: 2 }]);
  });

  it('sends what is not plain data through structuredClone: errors, class instances, typed arrays, transfers', async () => {
    class Ref {
      num: number;
      constructor(num: number) {
        this.num = num;
      }
    }
    const err = await received({ reason: new Error('Unable to load font data') });
    expect(err).toStrictEqual(structuredClone({ reason: new Error('Unable to load font data') }));
    expect(await received({ data: { ref: new Ref(7) } })).toStrictEqual({ data: { ref: { num: 7 } } });
    const view = new Uint8Array([1, 2, 3]).subarray(1);
    expect(await received({ data: view })).toStrictEqual(structuredClone({ data: view }));
    const buf = new Uint8Array([1, 2, 3]);
    expect(await received({ data: buf }, [buf.buffer])).toEqual({ data: new Uint8Array([1, 2, 3]) });
    expect(buf.byteLength).toBe(0);
    await expect(received({ f: () => 1 })).rejects.toThrow();
  });

  it('drops a listener when its signal aborts', async () => {
    const port = new PlainPort();
    const ac = new AbortController();
    const got: unknown[] = [];
    port.addEventListener('message', (e) => got.push(e.data), { signal: ac.signal });
    ac.abort();
    port.postMessage(1);
    await Promise.resolve();
    expect(got).toEqual([]);
  });
});

describe('pdf.js on a PlainPort', () => {
  const pkg = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const textOf = async (bytes: Uint8Array, plain: boolean): Promise<unknown[]> => {
    const worker = plain ? await plainWorker(VerbosityLevel.ERRORS) : undefined;
    const task = getDocument({
      data: new Uint8Array(bytes),
      verbosity: VerbosityLevel.ERRORS,
      disableFontFace: true,
      standardFontDataUrl: `file://${pkg}/standard_fonts/`,
      ...(worker ? { worker } : {}),
    });
    try {
      const doc = await task.promise;
      const out: unknown[] = [await doc.getMetadata().then((m) => m.info)];
      for (let n = 1; n <= doc.numPages; n++) {
        const page = await doc.getPage(n);
        // (font names carry the loading task's document number, which counts up across documents)
        const items = (await page.getTextContent()).items.map((it) => ('fontName' in it ? { ...it, fontName: it.fontName.replace(/^g_d\d+_/, 'g_') } : it));
        out.push(items);
      }
      return out;
    } finally {
      await task.destroy();
      worker?.destroy();
    }
  };

  it("reads the same text content as pdf.js's own fake worker", async () => {
    const samples = [
      (await generateStatement({ layout: LAYOUT_IDS[0]!, seed: 7001, transactions: 60 })).pdf,
      (await generateStatement({ layout: LAYOUT_IDS[LAYOUT_IDS.length - 1]!, seed: 7002, transactions: 30 })).pdf,
      new Uint8Array(readFileSync(path.join(import.meta.dirname, '../../../../test/fixtures/samples/stan-postbank/PB_KAZ_KtoNr_9999999999_06-04-2017_1200.pdf'))),
    ];
    for (const bytes of samples) {
      const plain = await textOf(bytes, true);
      expect(plain.length).toBeGreaterThan(1);
      expect(plain).toStrictEqual(await textOf(bytes, false));
    }
  });

  it('loadPdf still fails typed on a broken file, and reads one after it', async () => {
    const broken = await loadPdf(new TextEncoder().encode('%PDF-1.4\nnot a pdf'));
    expect(broken).toMatchObject({ ok: false, code: 'corrupt_file' });
    const ok = await loadPdf((await generateStatement({ layout: LAYOUT_IDS[0]!, seed: 7003, transactions: 10 })).pdf);
    expect(ok.ok).toBe(true);
  });
});
