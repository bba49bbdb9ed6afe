/**
 * tesseract.js 7 adapter of the OCR port. Workers are created lazily, up to the
 * pool size, and reused; a job holds one worker exclusively so per-job parameters
 * (whitelist, segmentation) cannot leak into a concurrent job.
 *
 * Language objects are broken in tesseract.js 7.0.0: traineddata is served from a
 * directory of symlinks (langPath), with cacheMethod 'none' so nothing is written
 * into the working directory.
 *
 * Models: the LSTM-only "fast" traineddata of Debian's tesseract-ocr-{ita,deu,eng}
 * (scripts/setup-system.sh installs them) when all three are present, else the
 * best_int models of the @tesseract.js-data packages. Measured on a 200 dpi A4
 * statement page (bench/ocr.ts): fast ≈ 2.6 CPU-s, best_int ≈ 4.3 CPU-s, same
 * amounts read. DOCRISK_OCR_MODELS=best_int|fast forces a choice.
 *
 * Glyph choices (OcrOptions.choices): tesseract's JSON output carries none, so the
 * hOCR of the same recognition is rendered with lstm_choice_mode 2 and its glyphs are
 * matched to the JSON's words by box.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createWorker, OEM, PSM } from 'tesseract.js';
import type { Worker } from 'tesseract.js';
import type { OcrChoice, OcrEngine, OcrGlyph, OcrImage, OcrOptions, OcrResult, OcrWord } from './types.ts';
import { SUPPORTED_LANGS } from './types.ts';
import { toPgm } from './pixels.ts';

import { ocrModelsSetting } from './models.ts';

const require = createRequire(import.meta.url);

export type OcrModels = 'fast' | 'best_int';

/** Debian's tesseract-ocr-<lang> packages: LSTM "fast" models. */
const SYSTEM_TESSDATA = ['/usr/share/tesseract-ocr/5/tessdata', '/usr/share/tesseract-ocr/4.00/tessdata'];

function systemFastDir(): string | null {
  return SYSTEM_TESSDATA.find((d) => SUPPORTED_LANGS.every((l) => fs.existsSync(path.join(d, `${l}.traineddata`)))) ?? null;
}

/** Which models a new engine uses: the configured choice (DOCRISK_OCR_MODELS), else fast when installed. */
export function defaultModels(): OcrModels {
  if (ocrModelsSetting() === 'best_int') return 'best_int';
  return systemFastDir() ? 'fast' : 'best_int';
}

const tessdataDirs = new Map<OcrModels, string>();

/** A private directory of traineddata symlinks; created once per process and model set. */
function tessdata(models: OcrModels): { dir: string; gzip: boolean } {
  const gzip = models === 'best_int';
  const have = tessdataDirs.get(models);
  if (have && fs.existsSync(have)) return { dir: have, gzip };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `docrisk-tessdata-${models}-`));
  // Symlinks only, but one directory per process would pile up in the temp dir.
  if (tessdataDirs.size === 0) process.once('exit', () => tessdataDirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  const sys = systemFastDir();
  for (const l of SUPPORTED_LANGS) {
    if (models === 'fast' && sys) {
      fs.symlinkSync(path.join(sys, `${l}.traineddata`), path.join(dir, `${l}.traineddata`));
    } else {
      const pkg = path.dirname(require.resolve(`@tesseract.js-data/${l}/package.json`));
      fs.symlinkSync(path.join(pkg, '4.0.0_best_int', `${l}.traineddata.gz`), path.join(dir, `${l}.traineddata.gz`));
    }
  }
  tessdataDirs.set(models, dir);
  return { dir, gzip };
}

interface Slot {
  worker: Worker;
  langs: string;
  busy: boolean;
}

export interface TesseractOptions {
  /** Maximum concurrent workers (default: available cores). */
  poolSize?: number;
  /** Traineddata to use (default: defaultModels()). */
  models?: OcrModels;
}

export class TesseractEngine implements OcrEngine {
  readonly poolSize: number;
  readonly models: OcrModels;
  private readonly slots: Slot[] = [];
  private creating = 0;
  private readonly waiting: (() => void)[] = [];
  private closed = false;

  constructor(opts: TesseractOptions = {}) {
    this.poolSize = Math.max(1, opts.poolSize ?? os.availableParallelism());
    this.models = opts.models === 'fast' && !systemFastDir() ? 'best_int' : (opts.models ?? defaultModels());
  }

  /** Workers started so far (for benchmarks). */
  get workerCount(): number {
    return this.slots.length;
  }

  async recognize(image: OcrImage, opts: OcrOptions): Promise<OcrResult> {
    const langs = langKey(opts.langs);
    const slot = await this.acquire(langs);
    try {
      await slot.worker.setParameters({
        tessedit_char_whitelist: opts.charWhitelist ?? '',
        tessedit_pageseg_mode: PSM_OF[opts.segmentation ?? 'auto'],
        preserve_interword_spaces: '0',
        // Per-glyph choices come from the hOCR renderer only (the JSON output has none).
        lstm_choice_mode: opts.choices ? '2' : '0',
        // One beam search for the choices, not the default five cascading ones: the candidates
        // at each glyph are the same (the later iterations add candidates at confidence 0), the
        // recognition is cheaper.
        lstm_choice_iterations: '1',
        hocr_char_boxes: opts.choices ? '1' : '0',
      } as Parameters<Worker['setParameters']>[0]);
      const { data } = await slot.worker.recognize(Buffer.from(toPgm(image)), {}, { blocks: true, hocr: opts.choices === true, text: false });
      const choices = opts.choices && data.hocr ? hocrChoices(data.hocr) : null;
      return collectWords(data.blocks ?? [], opts.glyphs === true || opts.choices === true, choices);
    } finally {
      this.release(slot);
    }
  }

  /**
   * Starts a worker with `langs` loaded now, before the first recognition asks for one (a document
   * child warms its worker when it starts: its first upload does not wait for it).
   */
  async warm(langs: readonly string[] = ['eng']): Promise<void> {
    if (this.slots.length > 0) return;
    this.release(await this.acquire(langKey(langs)));
  }

  async terminate(): Promise<void> {
    this.closed = true;
    const all = this.slots.splice(0);
    await Promise.all(all.map((s) => s.worker.terminate().catch(() => undefined)));
  }

  private async acquire(langs: string): Promise<Slot> {
    for (;;) {
      if (this.closed) throw new Error('OCR engine terminated');
      const free = this.slots.find((s) => !s.busy && s.langs === langs) ?? this.slots.find((s) => !s.busy);
      if (free) {
        free.busy = true;
        if (free.langs !== langs) {
          await free.worker.reinitialize(langs, OEM.LSTM_ONLY);
          free.langs = langs;
        }
        return free;
      }
      if (this.slots.length + this.creating < this.poolSize) {
        this.creating++;
        try {
          const td = tessdata(this.models);
          const worker = await createWorker(langs, OEM.LSTM_ONLY, {
            langPath: td.dir,
            gzip: td.gzip,
            cacheMethod: 'none',
          });
          const slot: Slot = { worker, langs, busy: true };
          this.slots.push(slot);
          return slot;
        } finally {
          this.creating--;
        }
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private release(slot: Slot): void {
    slot.busy = false;
    this.waiting.shift()?.();
  }
}

const PSM_OF: Record<NonNullable<OcrOptions['segmentation']>, PSM> = {
  auto: PSM.AUTO,
  block: PSM.SINGLE_BLOCK,
  line: PSM.SINGLE_LINE,
};

function langKey(langs: readonly string[]): string {
  const ok = langs.filter((l) => (SUPPORTED_LANGS as readonly string[]).includes(l));
  return (ok.length > 0 ? ok : ['eng']).join('+');
}

interface TBox {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}
interface TBlock {
  paragraphs?: { lines?: { words?: (TBox & { symbols?: TBox[] })[] }[] }[];
}

const box = (t: TBox): OcrGlyph => ({ text: t.text, x0: t.bbox.x0, y0: t.bbox.y0, x1: t.bbox.x1, y1: t.bbox.y1, confidence: t.confidence / 100 });

function collectWords(blocks: readonly TBlock[], glyphs: boolean, choices: Map<string, HocrGlyph[]> | null): OcrResult {
  const words: OcrWord[] = [];
  for (const b of blocks)
    for (const p of b.paragraphs ?? [])
      for (const l of p.lines ?? [])
        for (const w of l.words ?? []) {
          const text = w.text.trim();
          if (!text) continue;
          const symbols = (w.symbols ?? []).map(box);
          const hocr = choices?.get(bboxKey(w.bbox));
          // The two renderings walk the same result: a word's glyphs match one to one, else none are given.
          if (hocr && hocr.length === symbols.length && hocr.every((g, i) => g.text === symbols[i]!.text)) {
            for (const [i, g] of symbols.entries()) if (hocr[i]!.choices.length > 0) g.choices = hocr[i]!.choices;
          }
          words.push({ ...box(w), text, ...(glyphs ? { glyphs: symbols } : {}) });
        }
  const meanConfidence = words.length ? words.reduce((s, w) => s + w.confidence, 0) / words.length : 0;
  return { words, meanConfidence };
}

interface HocrGlyph {
  text: string;
  choices: OcrChoice[];
}

const bboxKey = (b: TBox['bbox']): string => `${b.x0} ${b.y0} ${b.x1} ${b.y1}`;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (s: string): string => s.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);

/**
 * Glyphs and their choices per word box, from tesseract's hOCR with lstm_choice_mode 2:
 * `<span class='ocrx_word' title='bbox x0 y0 x1 y1; …'>`, then per glyph
 * `<span class='ocrx_cinfo' title='x_bboxes …; x_conf C'>T</span>` followed by a span of
 * `<span class='ocrx_cinfo' id='choice_…' title='x_confs C'>T</span>` candidates.
 */
export function hocrChoices(hocr: string): Map<string, HocrGlyph[]> {
  const out = new Map<string, HocrGlyph[]>();
  const glyphRe = /<span class='ocrx_cinfo' title='x_bboxes [^']*'>([^<]*)<\/span>/g;
  const choicesRe = /\s*<span class='ocrx_cinfo' id='lstm_choices[^']*'>((?:\s*<span class='ocrx_cinfo' id='choice[^']*' title='x_confs [\d.]+'>[^<]*<\/span>)*)\s*<\/span>/y;
  const choiceRe = /title='x_confs ([\d.]+)'>([^<]*)<\/span>/g;
  for (const chunk of hocr.split("<span class='ocrx_word'").slice(1)) {
    const bbox = /^[^>]*title='bbox (\d+) (\d+) (\d+) (\d+)/.exec(chunk);
    if (!bbox) continue;
    const glyphs: HocrGlyph[] = [];
    glyphRe.lastIndex = 0;
    for (let g = glyphRe.exec(chunk); g; g = glyphRe.exec(chunk)) {
      choicesRe.lastIndex = glyphRe.lastIndex;
      const c = choicesRe.exec(chunk);
      const choices = c ? [...c[1]!.matchAll(choiceRe)].map((m) => ({ text: unescape(m[2]!), confidence: Number(m[1]) / 100 })) : [];
      if (c) glyphRe.lastIndex = choicesRe.lastIndex;
      glyphs.push({ text: unescape(g[1]!), choices: choices.sort((a, b) => b.confidence - a.confidence) });
    }
    out.set(`${bbox[1]} ${bbox[2]} ${bbox[3]} ${bbox[4]}`, glyphs);
  }
  return out;
}
