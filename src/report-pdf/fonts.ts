/**
 * The report's embedded Unicode font. pdfkit's built-in Helvetica is WinAnsi only (Ł, Ş, ễ come out as
 * mojibake), so a TrueType font is embedded (subset). DejaVu Sans (Debian fonts-dejavu-core, installed by
 * scripts/setup-system.sh) covers Latin, Greek, Cyrillic and Vietnamese; Liberation Sans from the
 * pdfjs-dist package is the fallback (no Vietnamese stacked accents). Loaded once.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface FontFiles {
  name: string;
  regular: Buffer;
  bold: Buffer;
}

function candidates(): { name: string; regular: string; bold: string }[] {
  const list = [{ name: 'DejaVu Sans', regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf' }];
  try {
    const dir = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts');
    list.push({ name: 'Liberation Sans', regular: join(dir, 'LiberationSans-Regular.ttf'), bold: join(dir, 'LiberationSans-Bold.ttf') });
  } catch {
    // pdfjs-dist not installed: DejaVu only
  }
  return list;
}

let cached: FontFiles | null | undefined;

/** The first font family whose files exist; null when none does (the caller then uses Helvetica). */
export function reportFont(): FontFiles | null {
  if (cached !== undefined) return cached;
  const c = candidates().find((f) => existsSync(f.regular) && existsSync(f.bold));
  cached = c ? { name: c.name, regular: readFileSync(c.regular), bold: readFileSync(c.bold) } : null;
  return cached;
}

/**
 * pdfkit parses a TrueType font from its bytes in every document it is registered with (fontkit table
 * decoding was most of the render time). It also accepts an already parsed font object, so the parsed
 * fonts of the first document are kept and handed to the next ones. The objects are pdfkit's own
 * (its `_fontFamilies`); if a pdfkit version stores them differently, nothing is kept and every
 * document parses the bytes again, as before.
 */
const parsed = new Map<string, unknown>();

interface PdfkitInternals {
  _fontFamilies?: Record<string, { name?: string; font?: { layout?: unknown } } | undefined>;
}

export function fontSource(name: string, bytes: Buffer): unknown {
  const f = parsed.get(name) as { _glyphs?: unknown } | undefined;
  if (!f) return bytes;
  // fontkit caches glyph objects with the characters they were first looked up for. Writing a subset
  // looks up the components of composite glyphs with none (Ż is Z + dot above), so a document after one
  // that printed "Żółć" got Z back without its character: no ToUnicode entry, and pdf.js read
  // "Zusammenfassung" as "%usammenfassung". The decoded tables are kept; the glyph objects are not.
  if (f._glyphs && typeof f._glyphs === 'object') f._glyphs = {};
  return f;
}

export function keepParsedFonts(doc: unknown, names: readonly string[]): void {
  const fam = (doc as PdfkitInternals)._fontFamilies ?? {};
  for (const n of names) {
    const f = fam[n]?.font;
    if (!parsed.has(n) && f && typeof f.layout === 'function') parsed.set(n, f);
  }
}
