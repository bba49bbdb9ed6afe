import { describe, expect, it } from 'vitest';
import { camtToDocument, parseCamt053 } from './camt.ts';
import { parseDetails } from './mt940-details.ts';
import { mt940ToDocument, parseMt940 } from './mt940.ts';
import { ibanFromAccountId, italianCin } from './national-iban.ts';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('IBAN from national account parts', () => {
  it('computes the Italian CIN and the IBAN check digits', () => {
    expect(italianCin('05428', '11101', '000000123456')).toBe('X');
    expect(ibanFromAccountId('0542811101/123456')).toBe('IT60X0542811101000000123456');
  });
  it('BLZ/Konto (8-digit bank code) is German, a 5-digit one Austrian, or Swiss in CHF', () => {
    expect(ibanFromAccountId('37040044/532013000')).toBe('DE89370400440532013000');
    expect(ibanFromAccountId('17977/118870233')).toBe('AT021797700118870233');
    expect(ibanFromAccountId('00762/11623852957', 'CHF')).toBe('CH9300762011623852957');
    expect(ibanFromAccountId('12/34')).toBeNull();
  });
  it('an MT940 :25: with BLZ/Konto gives the account IBAN', () => {
    const sta = [':20:REF', ':25:37040044/532013000', ':28C:1/1', ':60F:C240101EUR100,00', ':61:2401020102D10,00NTRFNONREF', ':86:166?00SEPA?20Test', ':62F:C240102EUR90,00', '-'].join('\r\n');
    expect(mt940ToDocument(parseMt940(utf8(sta))).iban).toBe('DE89370400440532013000');
  });
});

describe('MT940 structured :86:', () => {
  it('the description is the SVWZ+ purpose; posting text and name stay apart', () => {
    const d = parseDetails('166?00BONIFICO ISTANTANEO A VOSTR?105331?20EREF+123?21SVWZ+REGALO COMPLEANNO?22 ABWA+ZIO?32ORD: LOMBARDI DAVIDE');
    expect(d).toMatchObject({ description: 'REGALO COMPLEANNO', counterparty: 'ORD: LOMBARDI DAVIDE', gvc: '166' });
  });
  it('a return quoting EREF+ keeps it in the purpose; without SVWZ+ the ?20-?29 text is the purpose', () => {
    expect(parseDetails('109?00Retoure SEPA-Lastschrift?20SVWZ+Konto erloschen EREF?21+ NOTPROVIDED').description).toBe('Konto erloschen EREF+ NOTPROVIDED');
    expect(parseDetails('166?00GUTSCHRIFT?20RECHNUNG 4711?21VOM 01.02.').description).toBe('RECHNUNG 4711VOM 01.02.');
    expect(parseDetails('835?00ENTGELT').description).toBe('ENTGELT');
  });
});

const camt = (entries: string): Uint8Array =>
  utf8(`<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>M</MsgId></GrpHdr>
<Stmt><Id>S1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy><Ownr><Nm>M&#252;ller GmbH &amp; Co. KG</Nm></Ownr></Acct>
<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-01-01</Dt></Dt></Bal>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">70.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-01-31</Dt></Dt></Bal>
${entries}</Stmt></BkToCstmrStmt></Document>`);

describe('camt.053 entries', () => {
  it('a batch entry is one transaction described by its AddtlNtryInf; entities are decoded', () => {
    const tx = (amt: string, ustrd: string): string =>
      `<TxDtls><AmtDtls><TxAmt><Amt Ccy="EUR">${amt}</Amt></TxAmt></AmtDtls><RltdPties><Cdtr><Nm>X</Nm></Cdtr></RltdPties><RmtInf><Ustrd>${ustrd}</Ustrd></RmtInf></TxDtls>`;
    const doc = camtToDocument(parseCamt053(camt(
      `<Ntry><Amt Ccy="EUR">30.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2024-01-10</Dt></BookgDt><ValDt><Dt>2024-01-10</Dt></ValDt>
<NtryDtls><Btch><NbOfTxs>2</NbOfTxs></Btch>${tx('10.00', 'RENT A')}${tx('20.00', 'RENT B')}</NtryDtls><AddtlNtryInf>SAMMEL-UEBERWEISUNG 2</AddtlNtryInf></Ntry>`,
    )));
    expect(doc.holder).toBe('Müller GmbH & Co. KG');
    expect(doc.parts[0]?.transactions.map((t) => [t.amountCents, t.description])).toEqual([[-3000, 'SAMMEL-UEBERWEISUNG 2']]);
  });
  it('a structured creditor reference describes an entry without Ustrd', () => {
    const doc = camtToDocument(parseCamt053(camt(
      `<Ntry><Amt Ccy="EUR">30.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2024-01-10</Dt></BookgDt>
<NtryDtls><TxDtls><RmtInf><Strd><CdtrRefInf><Ref>RF18539007547034</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls><AddtlNtryInf>SEPA</AddtlNtryInf></Ntry>`,
    )));
    expect(doc.parts[0]?.transactions[0]?.description).toBe('RF18539007547034');
  });
});
