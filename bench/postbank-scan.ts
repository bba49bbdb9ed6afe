/**
 * The real Postbank specimen (../shared/corpus/stan-postbank, Apache-2.0) as a scan: each page rendered
 * with pdftoppm at each dpi (gray), wrapped as an image-only PDF (PIL), parsed the offline way, and its
 * bookings compared with stan's expected JSON by booking date and amount.
 *   node bench/postbank-scan.ts [150,200,300]
 * Needs poppler-utils (pdftoppm) and python3 with PIL; skips with a message when either or the corpus is absent.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { shutdownOcr } from '../src/documents/index.ts';
import { parseOffline } from '../src/modules/files/files.offline.ts';

const dir = path.resolve(import.meta.dirname, '../../shared/corpus/stan-postbank');
const stem = 'PB_KAZ_KtoNr_9999999999_06-04-2017_1200';
const pdf = path.join(dir, `${stem}.pdf`);
if (!existsSync(pdf)) {
  console.error('bench/postbank-scan: ../shared/corpus/stan-postbank is not beside this checkout');
  process.exit(0);
}
const tool = (cmd: string, args: string[]): boolean => {
  try {
    execFileSync(cmd, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
// (the Debian python3 where PIL is installed, as docgen.py does, else the one on PATH)
const py = ['/usr/bin/python3', 'python3'].find((p) => tool(p, ['-c', 'import PIL']));
if (!tool('pdftoppm', ['-v']) || !py) {
  console.error('bench/postbank-scan: needs pdftoppm and python3 with PIL');
  process.exit(0);
}
const expected = JSON.parse(readFileSync(path.join(dir, `${stem}-expected.json`), 'utf8')) as {
  balanceOld: number;
  balanceNew: number;
  bookings: { postDate: string; amount: number }[];
};
const tmp = mkdtempSync(path.join(os.tmpdir(), 'postbank-scan-'));
const wrap = `import sys
from PIL import Image
out, dpi, *pngs = sys.argv[1:]
ims = [Image.open(p).convert('L') for p in pngs]
ims[0].save(out, save_all=True, append_images=ims[1:], resolution=float(dpi))`;
for (const dpi of (process.argv[2] ?? '150,200,300').split(',').map(Number)) {
  const prefix = path.join(tmp, `pb${dpi}`);
  execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-png', pdf, prefix]);
  const pngs = readdirSync(tmp)
    .filter((f) => f.startsWith(`pb${dpi}-`) && f.endsWith('.png'))
    .sort()
    .map((f) => path.join(tmp, f));
  const scan = `${prefix}.pdf`;
  execFileSync(py, ['-c', wrap, scan, String(dpi), ...pngs]);
  const t0 = Date.now();
  const out = (await parseOffline(path.basename(scan), new Uint8Array(readFileSync(scan)), { assertedType: 'bank_statement' })) as {
    parsing_result?: Record<string, { value: unknown } | undefined>;
  };
  const r = out.parsing_result ?? {};
  const txs = (r['transactions']?.value ?? []) as { date: string; amount: number }[];
  const used = new Set<number>();
  let matched = 0;
  for (const b of expected.bookings) {
    const i = txs.findIndex((t, k) => !used.has(k) && t.date === b.postDate && Math.abs(t.amount - b.amount) < 0.005);
    if (i >= 0) {
      used.add(i);
      matched++;
    }
  }
  console.log(
    `${dpi} dpi: ${matched}/${expected.bookings.length} bookings (date+amount), ${txs.length} rows; opening ${String(r['opening_balance']?.value)} (${expected.balanceOld}), closing ${String(r['closing_balance']?.value)} (${expected.balanceNew}); iban ${String(r['iban']?.value)}; holder ${String(r['account_holder']?.value)}; conformed ${String(r['document_conformed']?.value)}; ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
}
await shutdownOcr();
