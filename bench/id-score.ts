/**
 * Identity documents of a testkit corpus scored per field (score.py's own field_match, imported from
 * ../shared/testkit/score.py) for residence permits and identity cards alike (score.py itself scores
 * permits only), and per axis value: card design, label language (that of the design), output
 * (scan_sheet, pdf_pages, photo, photocopy), completeness, label style; MRZ fields apart on clean renders
 * (pdf_pages: neither photographed nor photocopied). Used by bench/testkit.ts and bench/id-replay.ts.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const kit = path.resolve(import.meta.dirname, '../../shared/testkit');

interface Entry {
  id: string;
  category?: string;
  axes?: Record<string, unknown>;
  truth?: string | null;
}

export function idReport(corpus: string, outDir: string, verbose: boolean): void {
  const manifest = JSON.parse(readFileSync(path.join(corpus, 'manifest.json'), 'utf8')) as {
    entries: Entry[];
  };
  const idEntries = manifest.entries.filter((e) => e.category === 'D' && e.truth);
  if (idEntries.length === 0) return;

  const py = String.raw`
import json, sys, os
sys.path.insert(0, sys.argv[1])
import score
corpus, out = sys.argv[2], sys.argv[3]
res = {}
for e in json.load(open(os.path.join(corpus, 'manifest.json')))['entries']:
    if e.get('category') != 'D' or not e.get('truth'): continue
    t = json.load(open(os.path.join(corpus, e['truth'])))
    try: o = json.load(open(os.path.join(out, e['id'] + '.json')))
    except Exception: o = {}
    vr = o.get('validation_result') or {}
    pre = score.unwrap(vr.get('pre_result')) if isinstance(vr, dict) else None
    pre = pre if isinstance(pre, dict) else {}
    pr = o.get('parsing_result') or {}
    vis = t['_meta']['visible_fields']
    if e['expected_validation_status'] != 'success': vis = [f for f in vis if f in score.PRE_FIELDS]
    f = {}
    for k in score.ID_FIELDS:
        if k not in vis: continue
        v = score.unwrap(pr.get(k))
        if v is None: v = score.unwrap(pre.get(k))
        f[k] = bool(score.field_match(k, v, t[k], t.get('_alternatives', {}).get(k, [])))
    comp = score.unwrap(pre.get('completeness')) or score.unwrap(pr.get('completeness'))
    f['completeness'] = comp is not None and score.norm_loose(comp).replace(' ', '_') == t['completeness']
    f['status'] = vr.get('status') == e['expected_validation_status']
    res[e['id']] = f
print(json.dumps(res))
`;
  const fieldsOf = JSON.parse(
    execFileSync('python3', ['-c', py, kit, corpus, outDir], { encoding: 'utf8' }),
  ) as Record<string, Record<string, boolean>>;
  const lang = (design: string): string =>
    design.startsWith('it_') ? 'it' : design.startsWith('ie_') ? 'en' : 'de';
  const MRZ_FIELDS = ['full_name', 'document_number', 'date_of_birth', 'expiration_date', 'citizenship'];
  const tally = new Map<string, [number, number]>();
  const add = (key: string, ok: boolean): void => {
    const t = tally.get(key) ?? [0, 0];
    t[0] += ok ? 1 : 0;
    t[1]++;
    tally.set(key, t);
  };
  const misses: string[] = [];
  for (const e of idEntries) {
    const f = fieldsOf[e.id];
    if (!f) continue;
    const ax = e.axes ?? {};
    const design = String(ax['design']);
    const groups = [
      `design=${design}`,
      `lang=${lang(design)}`,
      `output=${String(ax['output'])}`,
      `completeness=${String(ax['completeness'])}`,
      `label_style=${String(ax['label_style'])}`,
    ];
    for (const [k, ok] of Object.entries(f)) {
      add(`field ${k}`, ok);
      if (k === 'status' || k === 'completeness') continue;
      for (const g of groups) add(g, ok);
      if (ax['output'] === 'pdf_pages' && MRZ_FIELDS.includes(k)) add(`clean-render MRZ field ${k}`, ok);
    }
    const bad = Object.entries(f)
      .filter(([, ok]) => !ok)
      .map(([k]) => k);
    if (bad.length)
      misses.push(
        `  ${e.id} ${design}/${String(ax['output'])}/${String(ax['completeness'])}: ${bad.join(', ')}`,
      );
  }
  const pct = ([ok, n]: [number, number]): string => `${((100 * ok) / n).toFixed(1)} % (${ok}/${n})`;
  const all = [...tally].filter(
    ([k]) => k.startsWith('field ') && k !== 'field status' && k !== 'field completeness',
  );
  const sum = all.reduce<[number, number]>((s, [, t]) => [s[0] + t[0], s[1] + t[1]], [0, 0]);
  console.log(`identity documents (${idEntries.length}, permits and ID cards): ID fields ${pct(sum)}`);
  for (const [k, t] of [...tally].sort(([a], [b]) => a.localeCompare(b)))
    console.log(`  ${k.padEnd(40)} ${pct(t)}`);
  if (verbose) console.log(misses.join('\n'));
}
