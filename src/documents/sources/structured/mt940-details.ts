/**
 * Reading of the :86: "information to account owner" field. German banks (DFÜ
 * agreement) structure it as GVC?00posting text?10primanota?20-?29 purpose
 * ?30 BIC ?31 IBAN ?32-?33 name; Dutch banks use /TRTP/…/NAME/…/REMI/…; others
 * write free text.
 */
export interface Mt940Details {
  description: string;
  counterparty: string | null;
  gvc: string | null;
  purposeCode: string | null;
}

const SEPA_KEYWORD = /^(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|IBAN|BIC|OAMT|COAM)\+/;

export function parseDetails(raw: string): Mt940Details {
  const flat = raw.replace(/\r?\n/g, '');
  const german = /^(\d{3})\s?\?(\d{2})/.exec(flat) ?? (/^\?00/.test(flat) ? ([] as string[]) : null);
  if (german) return parseGerman(flat, german[1] ?? null);
  if (/^\/[A-Z]{2,4}\//.test(flat.trim())) return parseSlashed(flat.trim());
  return { description: collapse(raw.replace(/\r?\n/g, ' ')), counterparty: null, gvc: null, purposeCode: null };
}

function parseGerman(flat: string, gvc: string | null): Mt940Details {
  const fields = new Map<string, string[]>();
  const re = /\?(\d{2})([^?]*)/g;
  for (let m = re.exec(flat); m; m = re.exec(flat)) {
    const key = m[1] ?? '';
    // Appended in place: copying the array per sub-field was quadratic in the number of ?2x lines.
    const list = fields.get(key);
    if (list) list.push(m[2] ?? '');
    else fields.set(key, [m[2] ?? '']);
  }
  const one = (k: string): string => (fields.get(k) ?? []).join('');
  let purpose = '';
  for (const k of ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29', '60', '61', '62', '63']) {
    for (const piece of fields.get(k) ?? []) {
      // Pieces are fixed-width cuts of one text, so they join without a space,
      // except where a new SEPA keyword starts a new item.
      purpose += purpose.length > 0 && SEPA_KEYWORD.test(piece) ? ` ${piece}` : piece;
    }
  }
  const postingText = collapse(one('00'));
  const name = collapse(one('32') + one('33'));
  // The purpose is the SVWZ+ item when the sub-fields carry SEPA keywords, else the
  // ?20–?29 text; the posting text (?00, often cut at 27 characters) only stands in
  // when there is no purpose at all.
  // In the DFÜ order only ABWA+/ABWE+ follow SVWZ+; a return's text may quote "EREF+".
  const svwz = /(?:^|\s)SVWZ\+\s?(.*?)(?=\s(?:ABWA|ABWE)\+|$)/.exec(purpose);
  const text = collapse(svwz ? (svwz[1] ?? '') : purpose);
  const description = text.length > 0 ? text : postingText;
  return { description, counterparty: name.length > 0 ? name : null, gvc, purposeCode: null };
}

function parseSlashed(flat: string): Mt940Details {
  const parts = new Map<string, string>();
  const re = /\/(TRTP|NAME|REMI|IBAN|BIC|EREF|CSID|MARF|ORDP|BENM|PURP|ID|ADDR|CNTP)\/((?:(?!\/(?:TRTP|NAME|REMI|IBAN|BIC|EREF|CSID|MARF|ORDP|BENM|PURP|ID|ADDR|CNTP)\/).)*)/g;
  for (let m = re.exec(flat); m; m = re.exec(flat)) parts.set(m[1] ?? '', (m[2] ?? '').trim());
  const cntp = parts.get('CNTP')?.split('/');
  const name = parts.get('NAME') ?? (cntp && cntp.length >= 3 ? cntp[2] : undefined) ?? null;
  const remi = parts.get('REMI');
  const trtp = parts.get('TRTP');
  const description = collapse(remi !== undefined ? [trtp, remi].filter(Boolean).join(' ') : flat);
  return {
    description,
    counterparty: name && name.length > 0 ? collapse(name) : null,
    gvc: null,
    purposeCode: parts.get('PURP') ?? null,
  };
}

function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
