/**
 * Words the table reader uses as hints, version 1 (it/de/en, folded: lower case, no accents, ß → ss).
 * They only break ties: column roles are decided by the balance chain first.
 */

/** Column headings, matched anywhere in the heading text stacked above a column. */
export const HEADING_ROLE: { role: 'debit' | 'credit' | 'amount' | 'balance' | 'value_date' | 'booking_date'; re: RegExp }[] = [
  { role: 'balance', re: /\b(saldo|balance|kontostand|stand)\b/ },
  { role: 'debit', re: /\b(dare|addebit[oi]|uscite|debit[oi]?s?|paid out|money out|withdrawals?|soll|belastung(en)?|lastschrift(en)?|ausgang|ausgange|ausgaben|payments|pagamenti)\b/ },
  { role: 'credit', re: /\b(avere|accredit[oi]|entrate|credits?|paid in|money in|deposits?|haben|gutschrift(en)?|eingang|eingange|einnahmen|receipts|incassi)\b/ },
  { role: 'amount', re: /\b(importo|amount|betrag|umsatz|importe)\b/ },
  { role: 'value_date', re: /\b(valuta|value|wert|wertstellung|valutadatum|val|effective|eff)\b/ },
  { role: 'booking_date', re: /\b(contabile|operazione|registrazione|buchung|buchungstag|buchungsdatum|booking|posting|transaction|data|datum|date|tag)\b/ },
];

/** A row whose label starts like this prints a balance (of the day, of a page, of the account), never a booking. */
export const BALANCE_ROW =
  /^(saldo|balance|kontostand|tagessaldo|stand|end of day|closing|opening|neuer|alter|new balance|previous balance)\b|^(\S+ ){0,2}(saldo|balance|kontostand)( \S+){0,2}$/;

/** Description words that tell the direction of money, for tie-breaking only. */
export const CREDIT_CUE =
  /\b(stipendio|emolumenti|pensione|accredito|a vostro favore|a tuo favore|versamento|gehalt|lohn|rente|gutschrift|eingang|salary|wages|pension|received|credit from|transfer from|refund|rimborso|erstattung|interest credited|interessi creditori)\b/;
export const DEBIT_CUE =
  /\b(pagamento|prelievo|addebito|commissioni|canone|imposta|bollo|pos|atm|lastschrift|abhebung|kartenzahlung|entgelt|gebuhr|card payment|withdrawal|direct debit|standing order|charge|fee|purchase|payment to|transfer to|bonifico a favore di)\b/;

/** A line that names a month (and year) alone is a section heading inside a table, not a description. */
export const MONTH_HEADING = /^(gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre|januar|februar|marz|april|mai|juni|juli|august|september|oktober|november|dezember|january|february|march|may|june|july|october|december)( \d{4})?$/;

/** A section heading naming the month inside a table ("Movimenti del mese di febbraio 2026", "Umsätze Dezember 2025"). */
export const MONTH_SECTION =
  /^(movimenti|operazioni|umsatze|buchungen|bewegungen|transactions|movements|activity)( \S+){0,3} (gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre|januar|februar|marz|april|mai|juni|juli|august|september|oktober|november|dezember|january|february|march|may|june|july|october|december)( \d{4})?$/;

/** The whole label of an undated summary row under a table: the sum of money in or out, not a booking. */
export const SUMMARY_ROW =
  /^(total |totale |summe )?(money|payments?|paid|funds|deposits|withdrawals|debits|credits) (in|out)( total)?$|^(entrate|uscite|einnahmen|ausgaben|eingange|ausgange|zahlungseingange|zahlungsausgange)( totali| totale| gesamt)?$/;

/** A page number printed in the page's margin ("Pagina 1 di 3", "Seite 2 von 4", "Page 3 of 5", "Blatt 1"). */
export const PAGE_NUMBER = /^(pagina|pag\.?|foglio|seite|blatt|page|sheet|p\.)\s*\d+(\s*(di|von|of|\/)\s*\d+)?$/;

/**
 * Words a booking's description opens with (folded, at the start of its first line). Used only
 * where geometry cannot tell which line opens a description.
 */
export const BOOKING_START =
  /^(pagamento|bonifico|prelievo|prelevamento|bollo|addebito|accredito|versamento|giroconto|giro|commissioni?|canone|imposta|stipendio|emolumenti|pensione|sdd|pos|atm|operazione|disposizione|storno|rimborso|interessi|competenze|spese|acquisto|ricarica|sepa|lastschrift|folgelastschrift|basislastschrift|erstlastschrift|uberweisung|echtzeituberweisung|dauerauftrag|gutschrift|gutschr|kartenzahlung|debitkarte|kreditkarte|barauszahlung|bargeldauszahlung|bareinzahlung|einzahlung|auszahlung|entgelt|entgelte|gebuhr|gebuhren|preis|kontofuhrung|zinsen|abschluss|rechnungsabschluss|girocard|visa|mastercard|maestro|gehalt|lohn|rente|miete|card|contactless|direct debit|dd|standing order|so|transfer|faster payment|bill payment|bank giro|bgc|cash|salary|interest|service charge|monthly|account fee|counter credit|overdraft|charges?|fees?|online|debit|credit|refund|returned|unpaid|paid|payment|purchase|withdrawal|deposit|cheque|chq|tfr|fpi|fpo|deb|chg)\b/;
