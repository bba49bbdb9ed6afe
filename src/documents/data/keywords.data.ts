/**
 * Multilingual (it/de/en) vocabulary, matched against fold()ed text (lower case,
 * no accents, ß → ss). Kept as data in one place so adding a language or a bank's
 * wording is a one-line change rather than a code change.
 */

export const OPENING =
  /\b(saldo (iniziale|precedente|contabile iniziale|di apertura|al \d)|anfangssaldo|alter (kontostand|saldo)|kontostand alt|saldo alt|opening balance|previous balance|starting balance|start balance)\b/;
export const CLOSING =
  /\b(saldo (finale|contabile finale|di chiusura)|endsaldo|schlusssaldo|neuer (kontostand|saldo)|kontostand neu|saldo neu|closing balance|new balance|ending balance|end balance)\b/;
/** Rows that carry a balance between pages: never transactions. */
export const CARRY =
  /\b(saldo (riportato|da riportare|a riporto)|riporto|a riportare|riportare|riportato|ubertrag|saldo ?vortrag|saldovortrag|vortrag|zwischensumme|zwischensaldo|balance (brought|carried) forward|brought forward|carried forward|brought fwd|carried fwd|b\/f|c\/f|continued (on|from) (the )?(next|previous|following|last) page)\b/;
export const TOTALS_DEBIT =
  /\b(totale? (dare|addebiti|uscite)|summe (soll|belastungen|lastschriften|zahlungsausgange|ausgange)|total (debits?|paid out|money out|withdrawals)|(money|payments?) out|uscite totali|ausgaben gesamt)\b/;
export const TOTALS_CREDIT =
  /\b(totale? (avere|accrediti|entrate)|summe (haben|gutschriften|zahlungseingange|eingange)|total (credits?|paid in|money in|deposits)|(money|payments?) in|entrate totali|einnahmen gesamt)\b/;
export const TOTALS_ANY = /\b(totale|totali|summe|total|totals)\b/;

export const STATEMENT_TITLE =
  /\b(estratto (di )?conto|rendiconto|kontoauszug|auszug|rechnungsabschluss|statement)\b/;
export const MOVEMENTS_TITLE =
  /\b(lista movimenti|elenco movimenti|ricerca movimenti|movimenti (del )?conto|ultimi movimenti|umsatzliste|kontoumsatze|umsatzubersicht|umsatzanzeige|umsatzabfrage|buchungsliste|buchungsubersicht|kontobewegungen|elenco operazioni|lista operazioni|list of transactions|transaction report|umsatze (girokonto|konto|tagesgeldkonto|kreditkarte)|transaction history|transaction list|transactions? export|account activity|recent transactions)\b/;
export const BOOK_BALANCE = /\bsaldo contabile\b/;

export const PERIOD_CUE =
  /\b(vom|bis|dal|al|periodo|zeitraum|period|from|to|du|au|statement period)\b|\d\s*[-–]\s*\d/;
/** Words that name a period outright (a bare "date – date" is weaker evidence). */
export const STRONG_PERIOD_CUE =
  /\b(periodo|zeitraum|abrechnungszeitraum|period|statement period|dal \S+ al|vom \S+ bis|from \S+ to|covers|movimenti dal)\b/;

export const HOLDER_LABEL =
  /^(intestatario|intestato a|titolare|cointestatari|kontoinhaber(in)?|inhaber|account holder|account name|customer name|name)\s*:?\s*/;
export const SALUTATION =
  /^(frau|herr|herrn|sig\.?|sig\.ra|signor|signora|gentile|mr\.?|mrs\.?|ms\.?|miss|dr\.?)$/;

export const BANK_WORD =
  /(bank|banca|banco|sparkasse|volksbank|raiffeisen|credito|cassa di risparmio|bancoposta|poste italiane|kreissparkasse|landesbank|building society|finecobank)/;

export const ID_KEYWORDS: { type: 'residency_permit' | 'identity_card' | 'passport'; re: RegExp }[] = [
  {
    type: 'residency_permit',
    re: /\b(permesso di soggiorno|aufenthaltstitel|aufenthaltserlaubnis|residence permit|titre de sejour)\b/,
  },
  {
    type: 'identity_card',
    re: /\b(carta d'? ?identita|carta di identita|personalausweis|identity card|identitatskarte|carte d'identite)\b/,
  },
  { type: 'passport', re: /\b(passaporto|reisepass|passport|passeport)\b/ },
];

export type ColumnKind = 'date' | 'value_date' | 'description' | 'debit' | 'credit' | 'amount' | 'balance';

/** Header vocabulary; phrases of up to three words are tried before single words. */
export const HEADER_VOCAB: { kind: ColumnKind; re: RegExp }[] = [
  { kind: 'value_date', re: /^(valuta|data valuta|value date|value|wert|wertstellung|valutadatum|val\.)$/ },
  {
    kind: 'date',
    re: /^(data|date|datum|data (operazione|contabile|registrazione|movimento|op\.)|booking date|posting date|transaction date|buchungstag|buchung|buchungsdatum|bu-tag|tag)$/,
  },
  {
    kind: 'description',
    re: /^(descrizione( operazioni?| movimento)?|causale|operazione|dettagli|description|details|particulars|transaction details|narrative|vorgang|verwendungszweck|buchungstext|erlauterung(en)?|text|umsatz ?art)$|buchungsinformation|^vorgang\/|^descrizione/,
  },
  {
    kind: 'debit',
    re: /^(dare|addebiti|uscite|debit|debits|paid out|money out|withdrawals?|soll|lastschrift(en)?|belastung(en)?|ausgang|ausgange)$/,
  },
  {
    kind: 'credit',
    re: /^(avere|accrediti|entrate|credit|credits|paid in|money in|deposits?|haben|gutschrift(en)?|eingang|eingange)$/,
  },
  {
    kind: 'amount',
    re: /^(importo|amount|betrag|umsatz|importo (eur|€)|betrag (eur|€)|amount (eur|€|gbp)|betrag in eur)$/,
  },
  { kind: 'balance', re: /^(saldo|balance|kontostand|running balance|saldo (eur|€))$/ },
];
