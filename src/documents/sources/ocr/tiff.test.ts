/**
 * TIFF intake: header checks and refusals before any pixel is decoded, the
 * decode worker's limits, codecs and sample layouts, and multi-page TIFFs
 * through OCR (validate: page_count; parse: every page).
 */
import { deflateSync } from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import type { Canvas } from '@napi-rs/canvas';
import UTIF from 'utif2';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { bilevelPage, rgbPage, TIFFCP, tiffcp, writeTiff } from '../../../../test/fixtures/tiff.ts';
import type { TiffPage as PageSpec } from '../../../../test/fixtures/tiff.ts';
import { generateStatement } from '../../../../test/fixtures/generator/index.ts';
import { cardImage, cardTruth, toCanvas } from '../../../../test/fixtures/id/generator.ts';
import { parseDocument, shutdownOcr, validateDocument } from '../../index.ts';
import { decodeImage, decodeImagePages, ImageError, imagePageCount, probeImage } from './image.ts';
import { renderPdfPages } from './render.ts';
import { planDecode, tiffPages } from './tiff-format.ts';
import { TiffDecoder } from './tiff.ts';
import type { OcrImage } from './types.ts';
import { ocrImageBytes, setOcrEngine } from './index.ts';

afterAll(async () => {
  await shutdownOcr();
});

/** White page with a black block in its top-left corner and a line of text. */
function drawing(w = 1200, h = 800): Canvas {
  const c = createCanvas(w, h);
  const g = c.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, w, h);
  g.fillStyle = '#000000';
  g.fillRect(0, 0, w / 4, h / 4);
  g.font = '40px sans-serif';
  g.fillText('IBAN IT60X0542811101000000123456', 50, h / 2);
  return c;
}

const rgbaOf = (c: Canvas): Uint8ClampedArray =>
  c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
const tiff = (pages: PageSpec[], bigEndian = false): Uint8Array => writeTiff(pages, { bigEndian }).bytes;
/** Gray value at a fraction of the decoded image's width and height. */
const at = (img: OcrImage, fx: number, fy: number): number =>
  img.data[(Math.floor(fy * img.height) * img.width + Math.floor(fx * img.width)) * img.channels]!;

function meanDifference(a: OcrImage, b: OcrImage): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / a.data.length;
}

function grayPage(c: Canvas): PageSpec {
  const rgba = rgbaOf(c);
  const data = new Uint8Array(c.width * c.height);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4]!;
  return { width: c.width, height: c.height, data, photometric: 1 };
}

async function refusal(bytes: Uint8Array): Promise<ImageError> {
  const e: unknown = await decodeImagePages(bytes, 30).then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(ImageError);
  return e as ImageError;
}

describe('TIFF headers and refusals (no pixels decoded)', () => {
  it('reads page size and page count from the IFD chain, either byte order', () => {
    const c = drawing(300, 200);
    for (const bigEndian of [false, true]) {
      const f = tiff([rgbPage(rgbaOf(c), 300, 200), grayPage(c), grayPage(c)], bigEndian);
      expect(probeImage(f)).toEqual({ kind: 'tiff', width: 300, height: 200 });
      expect(imagePageCount(f)).toBe(3);
    }
  });

  it('a 30,000×30,000 TIFF is refused as too_large from its header', async () => {
    // 16 bytes of strip cannot be a decoded 30,000² page (a decode ends corrupt_file): too_large is the header's verdict.
    const big = tiff([
      { width: 30_000, height: 30_000, data: new Uint8Array(16), bitsPerSample: 1, compression: 4 },
    ]);
    const v = await validateDocument(big);
    expect(v).toMatchObject({
      format: 'tiff',
      status: 'failure',
      errors: [{ code: 'too_large' }],
      page_count: null,
    });
  });

  it('every page is checked before decoding: a huge page 2 refuses the file', async () => {
    const c = drawing(300, 200);
    const f = tiff([
      grayPage(c),
      { width: 20_000, height: 20_000, data: new Uint8Array(16), bitsPerSample: 1, compression: 4 },
    ]);
    expect((await refusal(f)).code).toBe('too_large');
  });

  it('an IFD chain that loops back is refused as corrupt, not walked forever', async () => {
    const c = drawing(300, 200);
    const { bytes, layout } = writeTiff([grayPage(c), grayPage(c)]);
    new DataView(bytes.buffer).setUint32(layout.nextPointerOffsets[1]!, layout.ifdOffsets[0]!, true);
    // Walked forever, it would never end (the test's timeout); the message names the loop.
    const v = await validateDocument(bytes);
    expect(v).toMatchObject({ format: 'tiff', status: 'unreadable', errors: [{ code: 'corrupt_file' }] });
    expect(v.errors[0]!.message).toMatch(/loops/);
    // A page pointing at itself.
    new DataView(bytes.buffer).setUint32(layout.nextPointerOffsets[0]!, layout.ifdOffsets[0]!, true);
    expect(() => imagePageCount(bytes)).toThrow(/loops/);
  });

  it('more than 1,000 pages is too_large', () => {
    const tiny: PageSpec = { width: 1, height: 1, data: new Uint8Array(1) };
    const f = tiff([grayPage(drawing(300, 200)), ...Array<PageSpec>(1000).fill(tiny)]);
    expect(() => imagePageCount(f)).toThrow(expect.objectContaining({ code: 'too_large' }));
  });

  it('a truncated file is corrupt_file (unreadable), never a crash', async () => {
    // utif2's encoder writes the IFD first and the pixels after it: cutting the file cuts the strip.
    const c = drawing(400, 300);
    const whole = new Uint8Array(UTIF.encodeImage(new Uint8Array(rgbaOf(c)), 400, 300));
    expect((await decodeImage(whole)).width).toBe(1600);
    const v = await validateDocument(whole.slice(0, whole.length / 2));
    expect(v).toMatchObject({
      format: 'tiff',
      status: 'unreadable',
      errors: [{ code: 'corrupt_file' }],
      page_count: null,
    });
    expect(v.errors[0]!.message).toMatch(/beyond the end of the file/);
    // Cut inside the IFD: the header cannot be read at all.
    expect(await validateDocument(whole.slice(0, 40))).toMatchObject({
      status: 'unreadable',
      errors: [{ code: 'corrupt_file' }],
    });
    await expect(
      parseDocument(whole.slice(0, whole.length / 2), { format: 'tiff', documentType: 'unknown' }),
    ).rejects.toMatchObject({
      code: 'corrupt_file',
    });
  });

  it('corrupt and hostile Deflate strips are refused, a zip bomb without inflating it', async () => {
    const page = { width: 1000, height: 1000, compression: 8 };
    const garbage = new Uint8Array(5000).map((_, i) => (i * 7919) & 255);
    expect((await refusal(tiff([{ ...page, data: garbage }]))).code).toBe('corrupt_file');
    const bomb = deflateSync(new Uint8Array(100 * 1024 * 1024));
    // Refused by the bounded inflate (its message), not after inflating 100 MB.
    const e = await refusal(tiff([{ ...page, data: bomb }]));
    expect(e.message).toMatch(/inflates beyond/);
  });

  it('codecs and layouts utif2 cannot decode are unsupported_format', async () => {
    const cmyk = {
      width: 200,
      height: 200,
      data: new Uint8Array(200 * 200 * 4),
      samplesPerPixel: 4,
      photometric: 5,
    };
    expect(await validateDocument(tiff([cmyk]))).toMatchObject({
      status: 'failure',
      errors: [{ code: 'unsupported_format' }],
    });
    const oldJpeg = { width: 200, height: 200, data: new Uint8Array(100), compression: 6 };
    expect((await refusal(tiff([oldJpeg]))).message).toMatch(/compression 6 is not supported/);
  });

  it('a decoder that runs past its time budget is terminated: corrupt_file', async () => {
    // Random bytes as a CCITT G4 strip: utif2 spends minutes on them.
    let s = 1;
    const noise = new Uint8Array(200_000).map(() => (s = (s * 1103515245 + 12345) >>> 0) >>> 24);
    const f = tiff([
      { width: 6000, height: 6000, data: noise, bitsPerSample: 1, compression: 4, photometric: 0 },
    ]);
    const [page] = tiffPages(f, 1);
    const decoder = new TiffDecoder(f, { msPerPage: 300, msPerFile: 1000, heapMb: 256 });
    // utif2 would spend minutes: the decode ends by the 0.3 s budget (its message) or not within the test's timeout.
    try {
      await expect(decoder.decode(planDecode(page!, f))).rejects.toMatchObject({
        code: 'corrupt_file',
        message: /longer than 0.3 s/,
      });
    } finally {
      await decoder.close();
    }
  });
});

describe('TIFF decoding', () => {
  it('1-bit pages: WhiteIsZero and BlackIsZero give the same picture; other pages gray or RGB', async () => {
    const c = drawing();
    const rgba = rgbaOf(c);
    const f = tiff([
      bilevelPage(rgba, 1200, 800, true),
      bilevelPage(rgba, 1200, 800, false),
      grayPage(c),
      rgbPage(rgba, 1200, 800),
    ]);
    const pages = await decodeImagePages(f, 30);
    expect(pages).toHaveLength(4);
    for (const p of pages) {
      expect(p).toMatchObject({ width: 1600, height: 1067, channels: 1 });
      expect(at(p, 0.05, 0.05)).toBeLessThan(30); // the black block
      expect(at(p, 0.95, 0.05)).toBeGreaterThan(225); // paper
    }
  });

  it('applies the Orientation tag (6 = rotate 90° clockwise to view)', async () => {
    const c = drawing();
    const img = await decodeImage(tiff([{ ...rgbPage(rgbaOf(c), 1200, 800), orientation: 6 }]));
    expect(img.height).toBeGreaterThan(img.width);
    expect(at(img, 0.95, 0.05)).toBeLessThan(30); // top-left block now top-right
    expect(at(img, 0.05, 0.05)).toBeGreaterThan(225);
  });

  it('decodes a palette page', async () => {
    const c = drawing();
    const gray = grayPage(c);
    // Index i is gray level i, 16 bits a channel.
    const map = [0, 1, 2].flatMap(() => Array.from({ length: 256 }, (_, i) => i * 257));
    const img = await decodeImage(tiff([{ ...gray, photometric: 3, extra: { 320: [3, map] } }]));
    expect(at(img, 0.05, 0.05)).toBeLessThan(30);
    expect(at(img, 0.95, 0.05)).toBeGreaterThan(225);
  });

  it('decodes only the pages asked for', async () => {
    const c = drawing(300, 200);
    const f = tiff([grayPage(c), grayPage(c), grayPage(c)]);
    expect(await decodeImagePages(f, 2)).toHaveLength(2);
    expect(imagePageCount(f)).toBe(3);
  });

  describe.skipIf(!TIFFCP)('codecs (files recompressed by libtiff tiffcp)', () => {
    const c = drawing();
    const rgba = rgbaOf(c);
    const cases: [string, PageSpec[]][] = [
      ['g4', [bilevelPage(rgba, 1200, 800), bilevelPage(rgba, 1200, 800, false)]],
      ['g3', [bilevelPage(rgba, 1200, 800)]],
      ['g3:2d', [bilevelPage(rgba, 1200, 800)]],
      ['lzw', [rgbPage(rgba, 1200, 800), grayPage(c)]],
      ['lzw:2', [rgbPage(rgba, 1200, 800), grayPage(c)]],
      ['zip', [rgbPage(rgba, 1200, 800), grayPage(c)]],
      ['packbits', [bilevelPage(rgba, 1200, 800), grayPage(c)]],
      ['jpeg', [rgbPage(rgba, 1200, 800), grayPage(c)]],
    ];
    const tiled = ['-t', '-w', '256', '-l', '256'];
    it.each(cases)('%s, in strips and in tiles', async (codec, pages) => {
      const reference = await decodeImagePages(tiff(pages), 30);
      for (const [bigEndian, extra] of [
        [false, []],
        [true, []],
        [false, tiled],
      ] as const) {
        const decoded = await decodeImagePages(tiffcp(tiff(pages, bigEndian), codec, extra), 30);
        expect(decoded).toHaveLength(pages.length);
        // Same picture as the uncompressed file (JPEG: nearly).
        decoded.forEach((p, i) => expect(meanDifference(p, reference[i]!)).toBeLessThan(3));
      }
    });
  });
});

describe('TIFF pages are decoded one at a time (bounded memory)', () => {
  it('a 6-page TIFF: OCR starts on page 1 before the later pages are decoded; never more than 2 decoded pages wait', async () => {
    const c = drawing(900, 600);
    const f = tiff(Array.from({ length: 6 }, () => grayPage(c)));
    let decoded = 0;
    const original = TiffDecoder.prototype.decode;
    const spy = vi.spyOn(TiffDecoder.prototype, 'decode').mockImplementation(async function (this: TiffDecoder, plan) {
      const r = await original.call(this, plan);
      decoded++;
      return r;
    });
    // A fake OCR engine: how many pages were decoded, and not yet read, each time a page is read.
    let read = 0;
    const waiting: number[] = [];
    setOcrEngine({
      recognize: async () => {
        waiting.push(decoded - read);
        await new Promise((r) => setTimeout(r, 30));
        read++;
        return { words: [], meanConfidence: 0 };
      },
      terminate: async () => undefined,
    });
    try {
      const pages = await ocrImageBytes(f, { langs: ['eng'], mrz: 'off' });
      expect(pages).toHaveLength(6);
      expect(decoded).toBe(6);
      // Before: every page was decoded before the first was read (6 waiting at the first reading).
      expect(Math.max(...waiting)).toBeLessThanOrEqual(2);
    } finally {
      spy.mockRestore();
      setOcrEngine(null);
    }
  });
});

describe('TIFF through OCR', () => {
  it('an RGB page with an IBAN: validated and parsed, the IBAN read', async () => {
    const c = createCanvas(1654, 1169);
    const g = c.getContext('2d');
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, c.width, c.height);
    g.fillStyle = '#000000';
    g.font = 'bold 44px sans-serif';
    g.fillText('ESTRATTO CONTO', 100, 150);
    g.font = '34px sans-serif';
    g.fillText('Intestatario: Mario Rossi', 100, 260);
    g.fillText('IBAN IT60 X054 2811 1010 0000 0123 456', 100, 330);
    g.fillText('Saldo iniziale 1.234,56 EUR', 100, 400);
    const f = tiff([rgbPage(rgbaOf(c), c.width, c.height)]);
    expect(await validateDocument(f)).toMatchObject({ format: 'tiff', status: 'success', page_count: 1 });
    const p = await parseDocument(f, { format: 'tiff', documentType: 'bank_statement' });
    expect(p.parsing_result['iban']!.value).toBe('IT60X0542811101000000123456');
  });

  it('a 3-page scanned statement (1-bit pages, G4 when tiffcp is there): page_count 3, transactions from every page', async () => {
    const { pdf, truth } = await generateStatement({ layout: 'it_dare_avere', seed: 12, transactions: 70 });
    expect(truth.pages).toBe(3);
    const rendered = await renderPdfPages(pdf, { maxPages: 3, dpi: 300 });
    const plain = tiff(rendered.map((r) => bilevelPage(r.image.data, r.image.width, r.image.height)));
    const f = TIFFCP ? tiffcp(plain, 'g4') : plain;
    const v = await validateDocument(f);
    expect(v).toMatchObject({
      format: 'tiff',
      status: 'success',
      document_type: 'bank_statement',
      page_count: 3,
    });
    const p = await parseDocument(f, { format: 'tiff', documentType: 'bank_statement' });
    expect(p.parsing_result['iban']!.value).toBe(truth.iban);
    const txs = p.parsing_result['transactions']!.value as { page: number }[];
    expect(txs.length).toBeGreaterThan(60);
    expect(new Set(txs.map((t) => t.page))).toEqual(new Set([1, 2, 3]));
  });

  it('an identity card scanned as two pages (front, back): both_sides', async () => {
    const t = cardTruth('de', 2);
    const sides = await Promise.all(
      (['front', 'back'] as const).map(async (s) => toCanvas(await cardImage(t, { sides: s }))),
    );
    const f = tiff(sides.map((s) => rgbPage(rgbaOf(s), s.width, s.height)));
    const v = await validateDocument(f, { checkIdCompleteness: true });
    expect(v).toMatchObject({
      format: 'tiff',
      document_type: 'residency_permit',
      status: 'success',
      page_count: 2,
    });
    expect(v.pre_result).toMatchObject({ completeness: 'both_sides', document_number: t.document_number });
    const p = await parseDocument(f, { format: 'tiff', documentType: 'residency_permit' });
    expect(p.parsing_result['front_back_completed']!.value).toBe(true);
    expect(p.parsing_result['document_number']!.value).toBe(t.document_number);
  });
});
