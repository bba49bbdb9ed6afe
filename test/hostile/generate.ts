/**
 * Hostile documents, generated on demand so nothing large is committed. Each generator is
 * deterministic and sized by its argument; `node scripts/hostile.ts DIR` writes the default set.
 * The classes follow issue 23: quadratic-parser inputs, decompression and image bombs, and
 * legitimate-but-large files.
 */
import { Readable } from 'node:stream';
import { createDeflate, deflateSync } from 'node:zlib';

const enc = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'latin1'));

/** One MT940 statement whose single :86: holds `lines` German ?21 purpose sub-fields (one key, as in the issue). */
export function mt940ManySubfields(lines: number): Uint8Array {
  const purpose = Array.from({ length: lines }, (_, i) => `?21PURPOSE TEXT ${i}`).join('\n');
  return enc(
    [
      ':20:HOSTILE',
      ':25:DE89370400440532013000',
      ':28C:1/1',
      ':60F:C240101EUR1000,00',
      ':61:2401010101D10,00NTRFNONREF',
      `:86:005?00LASTSCHRIFT\n${purpose}\n?32ACME GMBH`,
      ':62F:C240101EUR990,00',
      '-',
      '',
    ].join('\n'),
  );
}

/** A camt.053 with one entry whose <Ustrd> is one token of `chars` characters without a 3-digit run. */
export function camtLongUstrd(chars: number): Uint8Array {
  const token = 'A1'.repeat(Math.ceil(chars / 2)).slice(0, chars);
  return enc(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>H</MsgId><CreDtTm>2024-01-31T00:00:00</CreDtTm></GrpHdr>
<Stmt><Id>S1</Id><CreDtTm>2024-01-31T00:00:00</CreDtTm><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-01-01</Dt></Dt></Bal>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">990.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-01-31</Dt></Dt></Bal>
<Ntry><Amt Ccy="EUR">10.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2024-01-02</Dt></BookgDt><ValDt><Dt>2024-01-02</Dt></ValDt>
<NtryDtls><TxDtls><RmtInf><Ustrd>${token}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
</Stmt></BkToCstmrStmt></Document>
`);
}

/**
 * A legitimate large camt.053 (the issue's "20 MB camt.053 stalled 10 s"): one statement of `entries`
 * bookings with counterparties, references and remittance text, whose balances agree (opening + Σ =
 * closing). 40,000 entries ≈ 20 MB.
 */
export function camtLarge(entries: number): Uint8Array {
  const names = ['ACME GMBH', 'STADTWERKE MUENCHEN', 'REWE MARKT', 'DEUTSCHE BAHN AG', 'MAX MUSTERMANN', 'VERSICHERUNG AG'];
  const opening = 100_000_000; // cents
  let balance = opening;
  const out: string[] = [];
  for (let i = 0; i < entries; i++) {
    const credit = i % 5 === 0;
    const cents = 1_000 + ((i * 7_919) % 250_000);
    balance += credit ? cents : -cents;
    const day = `2024-${String((Math.floor(i / 1_400) % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
    const party = names[i % names.length]!;
    const amount = (cents / 100).toFixed(2);
    out.push(
      `<Ntry><NtryRef>${i + 1}</NtryRef><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd><Sts>BOOK</Sts>` +
        `<BookgDt><Dt>${day}</Dt></BookgDt><ValDt><Dt>${day}</Dt></ValDt><AcctSvcrRef>REF${String(i).padStart(10, '0')}</AcctSvcrRef>` +
        `<BkTxCd><Prtry><Cd>${credit ? 'NTRF+166' : 'NDDT+105'}</Cd><Issr>DK</Issr></Prtry></BkTxCd>` +
        `<NtryDtls><TxDtls><Refs><EndToEndId>E2E-${i}-${(i * 31) % 9973}</EndToEndId><MndtId>MANDATE-${i % 97}</MndtId></Refs>` +
        `<Amt Ccy="EUR">${amount}</Amt><RltdPties>${credit ? `<Dbtr><Nm>${party}</Nm></Dbtr>` : `<Cdtr><Nm>${party}</Nm></Cdtr>`}` +
        `<${credit ? 'DbtrAcct' : 'CdtrAcct'}><Id><IBAN>DE${String(10 + (i % 89))}370400440532${String(i % 1_000_000).padStart(6, '0')}</IBAN></Id></${credit ? 'DbtrAcct' : 'CdtrAcct'}></RltdPties>` +
        `<RmtInf><Ustrd>${credit ? 'GUTSCHRIFT' : 'LASTSCHRIFT'} ${party} RECHNUNG ${2024_000 + i} KUNDENNR ${(i * 13) % 100_000} VOM ${day} VIELEN DANK FUER IHREN EINKAUF</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
    );
  }
  const bal = (code: string, cents: number, day: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${(Math.abs(cents) / 100).toFixed(2)}</Amt><CdtDbtInd>${cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>`;
  return enc(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>LARGE</MsgId><CreDtTm>2024-12-31T00:00:00</CreDtTm></GrpHdr>
<Stmt><Id>S1</Id><CreDtTm>2024-12-31T00:00:00</CreDtTm><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy><Ownr><Nm>ERIKA MUSTERMANN</Nm></Ownr></Acct>
${bal('OPBD', opening, '2024-01-01')}
${bal('CLBD', balance, '2024-12-31')}
${out.join('\n')}
</Stmt></BkToCstmrStmt></Document>
`);
}

/** A CSV bank export with `rows` rows (the legitimate-but-large class at 199k rows). */
export function csvRows(rows: number): Uint8Array {
  const out: string[] = ['Data;Descrizione;Importo;Saldo'];
  let balance = 1_000_000;
  for (let i = 0; i < rows; i++) {
    const amount = (i % 7) - 3;
    balance += amount * 100;
    const d = `${String((i % 28) + 1).padStart(2, '0')}/01/2024`;
    out.push(`${d};PAGAMENTO POS ${i};${amount},00;${(balance / 100).toFixed(2).replace('.', ',')}`);
  }
  return enc(out.join('\n') + '\n');
}

function pdf(objects: (string | Uint8Array)[]): Uint8Array {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n', 'latin1')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const parts = [
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : Buffer.from(body),
      Buffer.from('\nendobj\n', 'latin1'),
    ];
    for (const p of parts) {
      chunks.push(p);
      length += p.length;
    }
  });
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) tail += `${String(o).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  chunks.push(Buffer.from(tail, 'latin1'));
  return new Uint8Array(Buffer.concat(chunks));
}

function streamObject(dict: string, data: Uint8Array): Uint8Array {
  return new Uint8Array(
    Buffer.concat([
      Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'),
      Buffer.from(data),
      Buffer.from('\nendstream', 'latin1'),
    ]),
  );
}

/** Deflates `total` bytes of `byte` chunk-wise, so making a bomb does not itself hold the gigabyte. */
async function deflateRepeated(byte: number, total: number): Promise<Buffer> {
  const chunk = Buffer.alloc(1 << 20, byte);
  const chunks = (function* () {
    for (let left = total; left > 0; left -= chunk.length)
      yield left >= chunk.length ? chunk : chunk.subarray(0, left);
  })();
  const out: Buffer[] = [];
  for await (const c of Readable.from(chunks).pipe(createDeflate({ level: 9 }))) out.push(c as Buffer);
  return Buffer.concat(out);
}

/** A page whose content stream is deflated `layers` times over `bytes` of spaces (827 bytes → 1 GiB at 3 layers). */
export async function pdfFlateBomb(bytes = 1024 ** 3, layers = 3): Promise<Uint8Array> {
  let data: Uint8Array = await deflateRepeated(0x20, bytes);
  for (let i = 1; i < layers; i++) data = deflateSync(data, { level: 9 });
  const filters = Array.from({ length: layers }, () => '/FlateDecode').join(' ');
  return pdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Count 1 /Kids [3 0 R] >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    streamObject(`/Filter [${filters}]`, data),
  ]);
}

/** A page drawing one image XObject of `side`×`side` RGB pixels, deflated (20,000² → 389 KB). */
export function pdfImageBomb(side = 20_000): Uint8Array {
  const rows = deflateSync(Buffer.alloc(side * 3 * Math.min(side, 64), 0xff), { level: 9 });
  // A short stream: the decoder is asked for side² pixels and gets a truncated stream, as in the wild.
  return pdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Count 1 /Kids [3 0 R] >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>',
    streamObject('', enc('q 595 0 0 842 0 0 cm /Im1 Do Q')),
    streamObject(
      `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode`,
      rows,
    ),
  ]);
}

/** A page with a MediaBox of `points`² points: rendering it at 300 dpi asks for a huge canvas. */
export function pdfHugeMediaBox(points = 14_400): Uint8Array {
  return pdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Count 1 /Kids [3 0 R] >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${points} ${points}] /Contents 4 0 R >>`,
    streamObject('', enc('0 0 m 10 10 l S')),
  ]);
}

/**
 * A raw JPEG 2000 codestream whose SIZ marker declares `side`×`side` gray pixels in one tile, with no
 * coded data (a decoder that trusts the header allocates for every declared pixel).
 */
export function j2kCodestream(side: number): Uint8Array {
  const b: number[] = [];
  const u16 = (v: number) => b.push((v >>> 8) & 0xff, v & 0xff);
  const u32 = (v: number) => b.push((v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff);
  u16(0xff4f); // SOC
  u16(0xff51); // SIZ: Lsiz, Rsiz, Xsiz, Ysiz, XOsiz, YOsiz, XTsiz, YTsiz, XTOsiz, YTOsiz, Csiz, (Ssiz XRsiz YRsiz)
  u16(41);
  u16(0);
  for (const v of [side, side, 0, 0, side, side, 0, 0]) u32(v);
  u16(1);
  b.push(7, 1, 1);
  u16(0xff52); // COD: no precincts, LRCP, 1 layer, no MCT, 5 levels, 64×64 blocks, 5-3 reversible
  u16(12);
  b.push(0, 0);
  u16(1);
  b.push(0, 5, 4, 4, 0, 1);
  u16(0xff5c); // QCD: no quantisation, 2 guard bits, 16 sub-bands
  u16(19);
  b.push(0x40);
  for (let i = 0; i < 16; i++) b.push(0x48);
  u16(0xff90); // SOT: tile 0, length to EOC, part 0 of 1
  u16(10);
  u16(0);
  u32(0);
  b.push(0, 1);
  u16(0xff93); // SOD, no data
  u16(0xffd9); // EOC
  return new Uint8Array(b);
}

/** A page drawing a JPX image whose dictionary says 100×100 while its codestream declares `side`² (794 bytes → 60,000²). */
export function pdfJpxBomb(side = 60_000): Uint8Array {
  return pdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Count 1 /Kids [3 0 R] >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>',
    streamObject('', enc('q 595 0 0 842 0 0 cm /Im1 Do Q')),
    streamObject('/Type /XObject /Subtype /Image /Width 100 /Height 100 /Filter /JPXDecode', j2kCodestream(side)),
  ]);
}

/**
 * An embedded JBIG2 stream (ITU T.88, sequential segments as a PDF holds them) whose page information
 * segment and immediate generic region declare `side`×`side` pixels, with a few bytes of coded data
 * (a decoder that trusts the segment headers allocates the page bitmap: 60,000² at 1 bit a pixel is 450 MB; 45,000², 250 MB, is the largest pdf.js's decoder here takes on).
 */
export function jbig2Stream(side: number): Uint8Array {
  const b: number[] = [];
  const u16 = (v: number) => b.push((v >>> 8) & 0xff, v & 0xff);
  const u32 = (v: number) => b.push((v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff);
  const header = (n: number, type: number, length: number) => {
    u32(n);
    b.push(type, 0x00, 0x01); // flags (type, 1-byte page association), no referred-to segments, page 1
    u32(length);
  };
  header(0, 48, 19); // page information: width, height, resolutions, flags, striping
  for (const v of [side, side, 0, 0]) u32(v);
  b.push(0);
  u16(0);
  // MMR-coded (T.6) rows, each all white against an all-white reference row: one V0 bit a row.
  const coded = new Array<number>(Math.ceil(side / 8)).fill(0xff);
  header(1, 38, 17 + 1 + coded.length); // immediate generic region: region info, flags (MMR), data
  for (const v of [side, side, 0, 0]) u32(v);
  b.push(0, 0x01);
  for (const c of coded) b.push(c);
  header(2, 49, 0); // end of page
  return new Uint8Array(b);
}

/** A page drawing a JBIG2 image whose dictionary says 100×100 while its segments declare `side`² (45,000² in 6 KB). */
export function pdfJbig2Bomb(side = 45_000): Uint8Array {
  return pdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Count 1 /Kids [3 0 R] >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>',
    streamObject('', enc('q 595 0 0 842 0 0 cm /Im1 Do Q')),
    streamObject('/Type /XObject /Subtype /Image /Width 100 /Height 100 /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /JBIG2Decode', jbig2Stream(side)),
  ]);
}

/** A page drawing a CCITT G4 image whose dictionary says 100×100 while its DecodeParms declare `side` columns and rows. */
export function pdfCcittBomb(side = 45_000): Uint8Array {
  return pdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Count 1 /Kids [3 0 R] >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>',
    streamObject('', enc('q 595 0 0 842 0 0 cm /Im1 Do Q')),
    streamObject(
      `/Type /XObject /Subtype /Image /Width 100 /Height 100 /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /CCITTFaxDecode /DecodeParms << /K -1 /Columns ${side} /Rows ${side} >>`,
      new Uint8Array(Math.ceil(side / 8)).fill(0xff), // T.6: one V0 bit a row, every row all white
    ),
  ]);
}

/** `pages` pages of `points`² points each, every one under the per-page pixel cap at 200 dpi, together far over. */
export function pdfManyLargePages(pages = 8, points = 2200): Uint8Array {
  const kids = Array.from({ length: pages }, (_, i) => `${3 + i} 0 R`).join(' ');
  return pdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Count ${pages} /Kids [${kids}] >>`,
    ...Array.from(
      { length: pages },
      () => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${points} ${points}] /Contents ${3 + pages} 0 R >>`,
    ),
    streamObject('', enc('0 0 m 10 10 l S')),
  ]);
}

export interface HostileCase {
  name: string;
  file: string;
  make: () => Uint8Array | Promise<Uint8Array>;
  /** The validation outcome it must end in (status, and the first error's code when there is one). */
  outcome: { status: string; code?: string };
}

/** The default set written by scripts/hostile.ts and run by test/hostile/suite.test.ts. */
export const HOSTILE_CASES: readonly HostileCase[] = [
  {
    name: 'MT940 :86: with 100,000 ?2x lines',
    file: 'mt940-subfields.sta',
    make: () => mt940ManySubfields(100_000),
    outcome: { status: 'success' },
  },
  {
    name: 'camt.053 with a 400,000-character <Ustrd>',
    file: 'camt-long-ustrd.xml',
    make: () => camtLongUstrd(400_000),
    outcome: { status: 'success' },
  },
  { name: 'CSV with 199,000 rows', file: 'csv-199k.csv', make: () => csvRows(199_000), outcome: { status: 'success' } },
  {
    name: 'PDF with a 3× FlateDecode content stream (1 GiB)',
    file: 'flate-bomb.pdf',
    make: () => pdfFlateBomb(),
    outcome: { status: 'unreadable', code: 'too_large' },
  },
  { name: 'PDF with a 20,000² image XObject', file: 'image-bomb.pdf', make: () => pdfImageBomb(), outcome: { status: 'unreadable' } },
  { name: 'PDF with a JPX image declaring 60,000²', file: 'jpx-bomb.pdf', make: () => pdfJpxBomb(), outcome: { status: 'unreadable', code: 'too_large' } },
  { name: 'PDF with a JBIG2 image declaring 45,000²', file: 'jbig2-bomb.pdf', make: () => pdfJbig2Bomb(), outcome: { status: 'unreadable', code: 'too_large' } },
  { name: 'PDF with a 200-inch MediaBox', file: 'huge-mediabox.pdf', make: () => pdfHugeMediaBox(), outcome: { status: 'unreadable' } },
];

/**
 * Legitimate large files beside the hostile set (written by scripts/hostile.ts, measured by bench/hostile.ts;
 * test/hostile/large-and-concurrent.test.ts tests the camt.053): they must complete, not be refused.
 */
export const LARGE_CASES: readonly HostileCase[] = [
  { name: 'camt.053 with 29,000 entries (20 MB)', file: 'camt-20mb.xml', make: () => camtLarge(29_000), outcome: { status: 'success' } },
];
