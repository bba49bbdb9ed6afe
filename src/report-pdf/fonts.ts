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
