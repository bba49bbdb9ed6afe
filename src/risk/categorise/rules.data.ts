import type { Category } from './taxonomy.data.ts';

/**
 * Categorisation rules, versioned data. Text patterns are regular expressions
 * matched against the folded text (upper case, umlauts → AE/OE/UE, ß → SS,
 * accents removed) of `description | counterparty`.
 * Every rule is read in every market (an account's words are its bank's, not the
 * applicant's market's). The highest priority match wins; among equal priorities,
 * the report's market's rules come first, then common ones, then the other
 * market's, then rule order. Priorities:
 *   100 reversals (a returned debit is a reversal whatever it reverses)
 *    95 gambling (a risk signal must not be hidden behind a card/POS cue)
 *    90 definitive structured codes (SEPA purpose, camt subfamily, GVC 109/053)
 *    80 specific text cues;  60 broad text cues (merchants, generic words)
 *    10 generic structured codes (GVC 005/051, camt RDDT/ICDT);  0 sign fallback
 */
export type RuleMarket = 'common' | 'it' | 'de';
export type Sign = 'credit' | 'debit';

export interface TextRule {
  id: string;
  market: RuleMarket;
  category: Category;
  priority: number;
  sign?: Sign;
  pattern: string;
}

export interface CodeRule {
  id: string;
  category: Category;
  priority: number;
  sign?: Sign;
  gvc?: readonly string[];
  /** Regex on `DOMAIN/FAMILY/SUBFAMILY` (camt BkTxCd). */
  bkTxCd?: string;
  purpose?: readonly string[];
}

export const RULES_VERSION = 'rules-2026.11.5';

type T = readonly [string, RuleMarket, Category, number, Sign | '', string];

const TEXT: readonly T[] = [
  // reversals and their fees
  ['common.returned_fee', 'common', 'fees', 105, 'debit', '(COMMISSION|SPESE|GEBUEHR|GEBUHR|ENTGELT).*(INSOLUT|STORNO|R(UE|U)CKLASTSCHRIFT)|(INSOLUT|R(UE|U)CKLASTSCHRIFT).*(COMMISSION|SPESE|GEBUEHR|GEBUHR|ENTGELT)'],
  ['it.returned', 'it', 'returned_debit', 100, '', '\\b(STORNO|INSOLUT[OI]|RICHIAMAT[OA]|SDD RESPINT[OA]|ADDEBITO RESPINTO|RIMBORSO SDD|MANCANZA FONDI|FONDI INSUFFICIENTI)\\b'],
  ['de.returned', 'de', 'returned_debit', 100, '', 'R(UE|U)CKLASTSCHRIFT|R(UE|U)CKBUCHUNG|R(UE|U)CKGABE LASTSCHRIFT|LASTSCHRIFTR(UE|U)CKGABE|\\bRETOURE\\b.*LASTSCHRIFT|\\bWIDERSPRUCH\\b'],
  ['common.returned', 'common', 'returned_debit', 99, '', '\\b(RETURNED DEBIT|UNPAID DIRECT DEBIT|CHARGEBACK)\\b'],
  // gambling
  ['it.gambling', 'it', 'gambling', 95, '', '\\b(SNAI|SISAL|LOTTOMATICA|BETFLAG|EUROBET|STARCASINO|GOLDBET|BETTER|PLANETWIN|BETSSON|GRATTA E VINCI|SUPERENALOTTO|SCOMMESS)'],
  ['de.gambling', 'de', 'gambling', 95, '', '\\b(TIPICO|BWIN|LOTTO|MERKUR SPIELOTHEK|SPIELOTHEK|SPIELBANK|SPORTWETTEN|ODDSET|INTERWETTEN|BET3000|LOTTOLAND|GLUECKSSPIRALE|GLUCKSSPIRALE)'],
  ['common.gambling', 'common', 'gambling', 94, '', '\\b(POKERSTARS|BET365|WILLIAM HILL|UNIBET|888 ?CASINO|\\w*VEGAS|CASINO|BETWAY|SLOT|SLOTS)\\b'],
  // income
  ['it.salary', 'it', 'salary', 80, 'credit', '\\b(STIPENDI?O?|SALARIO|EMOLUMENTI|RETRIBUZIONE|CEDOLINO|MENSILITA|TREDICESIMA)\\b'],
  ['de.salary', 'de', 'salary', 80, 'credit', '\\b(LOHN|GEHALT|BEZUEGE|BEZUGE|ENTGELTABRECHNUNG|LOHN ?/ ?GEHALT|GEHALTSZAHLUNG|VERG(UE|U)TUNG)\\b'],
  ['it.pension', 'it', 'pension', 82, 'credit', '\\b(PENSIONE|RATEO PENSIONE|INPS PENS)'],
  ['de.pension', 'de', 'pension', 82, 'credit', '\\bRENTE\\b|RENTENVERSICHERUNG|RENTENZAHLUNG|RENTENSERVICE|VERSORGUNGSBEZ'],
  ['it.benefits', 'it', 'benefits', 81, 'credit', '\\b(ASSEGNO UNICO|NASPI|REDDITO DI CITTADINANZA|ASSEGNO DI INCLUSIONE|BONUS|INPS|CASSA INTEGRAZIONE|DIS-COLL)\\b'],
  ['de.benefits', 'de', 'benefits', 81, 'credit', '\\b(KINDERGELD|FAMILIENKASSE|ARBEITSAGENTUR|BUNDESAGENTUR F(UE|U)R ARBEIT|JOBCENTER|BUERGERGELD|BURGERGELD|ELTERNGELD|WOHNGELD|ALG)\\b'],
  // a card-sales settlement is the merchant's turnover whatever purpose word rides along ("Erstattung", "GIROCONTO"): above refunds and own transfers
  ['it.card_settlement', 'it', 'business_revenue', 90, 'credit', '\\b(ACCREDITO INCASSI POS|INCASSI POS|ACCREDITO POS|ACCREDITO TRANSATO POS|REGOLAMENTO POS)\\b'],
  ['de.card_settlement', 'de', 'business_revenue', 90, 'credit', '\\b(KARTENUMS(AE|A)TZE|H(AE|A)NDLERABRECHNUNG|KARTENABRECHNUNG|TERMINALABRECHNUNG)\\b'],
  ['it.revenue', 'it', 'business_revenue', 70, 'credit', '\\b(FATTURA|FATT\\.?|FT\\.? ?N|SALDO FT|ACCREDITO POS|INCASSO|CORRISPETTIV|RIBA)'],
  ['de.revenue', 'de', 'business_revenue', 70, 'credit', '\\b(RECHNUNG|RE-NR|RG\\.? ?NR|RECHNUNGSNR|AUSGLEICH RE|KARTENUMS(AE|A)TZE|H(AE|A)NDLERABRECHNUNG)'],
  ['common.revenue', 'common', 'business_revenue', 69, 'credit', '\\b(INVOICE|SUMUP|STRIPE PAYOUT|PAYPAL PAYOUT|ZETTLE|NEXI PAYOUT|SATISPAY PAYOUT)\\b'],
  ['it.refund', 'it', 'refund', 75, 'credit', '\\b(RIMBORSO|RIMB\\.|RESO|STORNO PAGAMENTO POS|ACCREDITO RIMBORSO)\\b'],
  ['de.refund', 'de', 'refund', 75, 'credit', '\\b(ERSTATTUNG|R(UE|U)CKERSTATTUNG|GUTSCHRIFT RETOURE|R(UE|U)CKZAHLUNG)\\b'],
  ['common.refund', 'common', 'refund', 74, 'credit', '\\b(REFUND|RETURN)\\b'],
  // payroll paid out (commercial)
  ['it.payroll', 'it', 'payroll', 80, 'debit', '\\b(STIPENDI?O?|EMOLUMENTI|RETRIBUZION[EI]|CEDOLIN[OI])\\b'],
  ['de.payroll', 'de', 'payroll', 80, 'debit', '\\b(LOHN|GEHALT|L(OE|O)HNE|GEH(AE|A)LTER|LOHNZAHLUNG)\\b'],
  // housing and debt
  ['it.condo', 'it', 'rent', 87, 'debit', '\\b(SPESE CONDOMINIALI|CONDOMINIO|RATA CONDOMINIALE)\\b'],
  ['it.rent', 'it', 'rent', 80, 'debit', '\\b(AFFITTO|CANONE (DI )?LOCAZIONE|LOCAZIONE|PIGIONE|CANONE AFFITTO)\\b'],
  ['de.rent', 'de', 'rent', 80, 'debit', '\\b(MIETE|KALTMIETE|WARMMIETE|MIETZAHLUNG|WOHNUNGSBAU|HAUSVERWALTUNG|NEBENKOSTEN)\\b'],
  ['it.mortgage', 'it', 'mortgage', 83, 'debit', '\\b(RATA MUTUO|MUTUO)\\b'],
  ['de.mortgage', 'de', 'mortgage', 83, 'debit', '\\b(BAUFINANZIERUNG|HYPOTHEK|IMMOBILIENDARLEHEN|BAUSPAR)'],
  ['it.loan', 'it', 'loan_installment', 82, 'debit', '\\b(RATA FINANZIAMENTO|FINANZIAMENTO|RATA PRESTITO|PRESTITO|RATA N\\.?|RATA|RATE|CESSIONE DEL QUINTO|PAGODIL|SCALAPAY|KLARNA)\\b'],
  ['de.loan', 'de', 'loan_installment', 82, 'debit', '\\b(DARLEHEN\\w*|TILGUNG\\w*|KREDIT|KREDITRATE|KREDITVERTRAG|RATENKREDIT|KONSUMENTENKREDIT|AUTOKREDIT|RATE|RATE \\d|RATENZAHLUNG|FINANZIERUNG|KLARNA|RATENKAUF)\\b'],
  // consumer-credit lenders of Italy and Germany (and their captive car banks): a debit to them is debt service
  ['common.lender', 'common', 'loan_installment', 82, 'debit', '\\b(FINDOMESTIC|AGOS( DUCATO)?|COMPASS( BANCA)?|SANTANDER( CONSUMER)?|COFIDIS|YOUNITED|FIDITALIA|DEUTSCHE BANK EASY|CONSEL|IBL BANCA|PRESTITALIA|SELLA PERSONAL CREDIT|BNL FINANCE|CREDITIS|PITAGORA|DYNAMICA RETAIL|FCA BANK|STELLANTIS FINANCIAL|CREDITPLUS|TARGOBANK|CONSORS ?FINANZ|BANK ?11|AUXMONEY|SMAVA|SWK BANK|OYAK ANKER|RCI BANQUE|MOBILIZE FINANCIAL|VOLKSWAGEN BANK|VW BANK|BMW BANK|MERCEDES-BENZ BANK|TOYOTA KREDITBANK|HYUNDAI CAPITAL|FORD BANK|ONEY)\\b'],
  ['en.loan', 'common', 'loan_installment', 81, 'debit', '\\b(LOAN INSTAL?LMENTS?|LOAN REPAYMENTS?|LOAN PAYMENTS?|PERSONAL LOAN|CAR FINANCE|INSTAL?LMENTS?|LOAN)\\b'],
  ['it.card', 'it', 'credit_card', 81, 'debit', '\\b(ESTRATTO CONTO CARTA|ADDEBITO CARTA DI CREDITO|CARTA DI CREDITO|SALDO CARTA|NEXI|CARTASI|AMERICAN EXPRESS|AMEX)\\b'],
  ['de.card', 'de', 'credit_card', 81, 'debit', '\\b(KREDITKARTE|KREDITKARTENABRECHNUNG|KK-ABRECHNUNG|AMEX|AMERICAN EXPRESS|BARCLAYCARD|ADVANZIA|MASTERCARD ABRECHNUNG|VISA ABRECHNUNG)\\b'],
  ['it.taxes', 'it', 'taxes', 85, 'debit', '\\b(F24|AGENZIA (DELLE )?ENTRATE|IMU|TARI|TASI|BOLLO AUTO|IMPOSTA|TRIBUTI|PAGOPA)\\b'],
  ['de.taxes', 'de', 'taxes', 85, 'debit', '\\b(FINANZAMT|STEUER(?!KANZLEI|BERAT|B(UE|U)RO)|KFZ-STEUER|GEWERBESTEUER|UMSATZSTEUER|EINKOMMENSTEUER|GRUNDSTEUER|STEUERKASSE)'],
  // social contributions a self-employed person or an employer pays: compulsory like taxes (a debit to INPS is never a pension)
  ['it.contributions', 'it', 'taxes', 85, 'debit', '\\b(INPS|INAIL|CONTRIBUTI PREVIDENZIALI|CONTRIBUTI INPS|CASSA FORENSE|INARCASSA|ENPAM|ENPAP|CASSA GEOMETRI|GESTIONE SEPARATA)\\b'],
  ['de.contributions', 'de', 'taxes', 85, 'debit', '\\b(SOZIALVERSICHERUNG\\w*|DEUTSCHE RENTENVERSICHERUNG|RENTENVERSICHERUNG|BERUFSGENOSSENSCHAFT|K(UE|U)NSTLERSOZIALKASSE|SOZIALVERSICHERUNGSBEITR(AE|A)GE)\\b'],
  ['it.overdraft', 'it', 'overdraft_interest', 86, 'debit', '\\b(INTERESSI PASSIVI|INTERESSI DEBITORI|COMPETENZE DI CHIUSURA|COMMISSIONE (DI )?MESSA A DISPOSIZIONE FONDI|CMDF|SCONFINAMENTO)\\b'],
  ['de.overdraft', 'de', 'overdraft_interest', 86, 'debit', '\\b(SOLLZINS(EN)?|(UE|U)BERZIEHUNGSZINS(EN)?|DISPOZINS(EN)?|ZINSEN F(UE|U)R DISPO|GEDULDETE (UE|U)BERZIEHUNG)'],
  ['it.fees', 'it', 'fees', 86, 'debit', '\\b(COMMISSION[EI]|SPESE|CANONE (MENSILE )?CONTO|CANONE CARTA|IMPOSTA DI BOLLO|BOLLO E/C|BOLLO ESTRATTO)\\b'],
  ['de.fees', 'de', 'fees', 86, 'debit', 'KONTOF(UE|U)HRUNG|\\b(ENTGELTE?|GEB(UE|U)HR|GEB(UE|U)HREN|PREIS F(UE|U)R|GRUNDPREIS|KONTOPAKET|KONTOMODELL|ABSCHLUSS)\\b'],
  // ATM is also Milan's transport company: a card payment to it is not a withdrawal
  ['it.atm_transport', 'it', 'fuel_transport', 86, 'debit', '\\b(POS ATM|ATM MILANO|ATM SPA)\\b'],
  ['it.cash', 'it', 'cash_withdrawal', 85, 'debit', '\\b(PRELIEVO|PRELEVAMENTO|BANCOMAT|ATM|PREL\\.)\\b'],
  ['de.cash', 'de', 'cash_withdrawal', 85, 'debit', '\\b(BARGELDAUSZAHLUNG|BARGELDABHEBUNG|GELDAUTOMAT|GAA|BARAUSZAHLUNG|AUSZAHLUNG GA|ATM)\\b'],
  // own money
  ['it.internal', 'it', 'internal', 88, '', '\\b(GIROCONTO|GIRO CONTO|GIROFONDI|TRASFERIMENTO TRA CONTI|BONIFICO A ME STESSO)\\b'],
  ['de.internal', 'de', 'internal', 88, '', '\\b(UMBUCHUNG|(UE|U)BERTRAG|EIGENES KONTO|KONTO(UE|U)BERTRAG)\\b'],
  ['it.savings', 'it', 'savings', 78, '', '\\b(CONTO DEPOSITO|RISPARMIO|SALVADANAIO|PIANO DI ACCUMULO|PAC|FONDO PENSIONE|INVESTIMENTO)\\b'],
  ['de.savings', 'de', 'savings', 78, '', '\\b(SPARPLAN|SPARKONTO|TAGESGELD|FESTGELD|SPAREN|DEPOT|WERTPAPIER|TRADE REPUBLIC|SCALABLE)\\b'],
  // living costs
  ['it.utilities', 'it', 'utilities', 60, 'debit', '\\b(ENEL|A2A|HERA|IREN|EDISON|ENI PLENITUDE|ENI GAS|ACEA|SORGENIA|ILLUMIA|ACQUEDOTTO|BOLLETTA|SERVIZIO IDRICO|GAS NATURALE)\\b'],
  ['de.utilities', 'de', 'utilities', 60, 'debit', '\\b(STADTWERKE|VATTENFALL|E\\.ON|EON|ENBW|RWE|EWE|STROM|GASAG|WASSERWERKE?|ABSCHLAG|YELLO|NATURSTROM|LICHTBLICK)\\b'],
  ['it.telecom', 'it', 'telecom', 60, 'debit', '\\b(TIM|TELECOM ITALIA|VODAFONE|WINDTRE|WIND TRE|ILIAD|FASTWEB|KENA|HO\\. MOBILE|HO MOBILE|VERY MOBILE|TISCALI|POSTEMOBILE)\\b'],
  ['de.telecom', 'de', 'telecom', 60, 'debit', '\\b(TELEKOM|DEUTSCHE TELEKOM|VODAFONE|O2|TELEFONICA|1&1|1UND1|CONGSTAR|KABEL DEUTSCHLAND|UNITYMEDIA|ALDI TALK|FREENET)\\b'],
  ['it.groceries', 'it', 'groceries', 60, 'debit', '\\b(ESSELUNGA|COOP|CONAD|LIDL|CARREFOUR|EUROSPIN|PAM|PENNY|MD SPA|IPERCOOP|TIGRE|SIMPLY|DESPAR|SPAR|FAMILA|BENNET|IPER|TODIS|SUPERMERCATO|ALIMENTARI|U2|ARD DISCOUNT|IN.S)\\b'],
  ['de.groceries', 'de', 'groceries', 60, 'debit', '\\b(REWE|EDEKA|ALDI|LIDL|KAUFLAND|NETTO|PENNY|NORMA|REAL|TEGUT|GLOBUS|MARKTKAUF|DENNS|ALNATURA|BAECKEREI|BAKERY|B(AE|A)CKEREI|SUPERMARKT)\\b'],
  ['it.fuel', 'it', 'fuel_transport', 60, 'debit', '\\b(ENI STATION|ENILIVE|Q8|ESSO|TAMOIL|IP STATION|API-IP|CARBURANT[EI]|DISTRIBUTORE|AUTOSTRADE|TELEPASS|TRENITALIA|ITALO|ATM MILANO|ATAC|GTT|TPER|FRECCIAROSSA|PARCHEGGIO|FREE NOW|UBER)\\b'],
  ['de.fuel', 'de', 'fuel_transport', 60, 'debit', '\\b(ARAL|SHELL|ESSO|TOTAL|JET|AVIA|TANKSTELLE|DB VERTRIEB|DEUTSCHE BAHN|BAHN|BVG|MVG|HVV|KVB|RMV|VBB|DEUTSCHLANDTICKET|FLIXBUS|PARKHAUS|PARKEN|SIXT|UBER)\\b'],
  ['it.insurance', 'it', 'insurance', 60, 'debit', '\\b(ASSICURAZION[EI]|POLIZZA|UNIPOL|UNIPOLSAI|GENERALI|ALLIANZ|AXA|REALE MUTUA|ZURICH|CATTOLICA|GENERTEL|LINEAR|VERTI|PRIMA ASSICURAZIONI|RCA)\\b'],
  ['de.insurance', 'de', 'insurance', 60, 'debit', '\\b(VERSICHERUNG|HUK|HUK-COBURG|ALLIANZ|AXA|ERGO|DEBEKA|R\\+V|SIGNAL IDUNA|DEVK|GOTHAER|KRANKENKASSE|TECHNIKER|AOK|BARMER|DAK|HANSEMERKUR)'],
  ['common.subscriptions', 'common', 'subscriptions', 61, 'debit', '\\b(NETFLIX|SPOTIFY|AMAZON PRIME|PRIME VIDEO|DAZN|SKY|DISNEY|APPLE\\.COM|ITUNES|GOOGLE STORAGE|YOUTUBE PREMIUM|MICROSOFT|ADOBE|AUDIBLE|PALESTRA|MCFIT|FITNESS|RUNDFUNK|BEITRAGSSERVICE|GEZ)'],
  ['it.health', 'it', 'health', 60, 'debit', '\\b(FARMACIA|PARAFARMACIA|OSPEDALE|ASL|ATS|TICKET SANITARIO|DENTISTA|STUDIO MEDICO|POLIAMBULATORIO|OTTICA|LABORATORIO ANALISI)\\b'],
  ['de.health', 'de', 'health', 60, 'debit', '\\b(APOTHEKE|ARZT|ZAHNARZT|PRAXIS|KLINIK|KRANKENHAUS|OPTIKER|FIELMANN|PHYSIOTHERAPIE)'],
  ['it.education', 'it', 'education', 60, 'debit', '\\b(SCUOLA|UNIVERSITA|ISTITUTO|ASILO|MENSA SCOLASTICA|RETTA|LIBRERIA|TASSE UNIVERSITARIE|CORSO)\\b'],
  ['de.education', 'de', 'education', 60, 'debit', '\\b(SCHULE|KITA|KINDERGARTEN|UNIVERSIT(AE|A)T|HOCHSCHULE|STUDIENGEB(UE|U)HR|SEMESTERBEITRAG|NACHHILFE|VOLKSHOCHSCHULE|VHS)\\b'],
  ['common.travel', 'common', 'travel', 60, 'debit', '\\b(RYANAIR|EASYJET|LUFTHANSA|ITA AIRWAYS|EUROWINGS|CONDOR|BOOKING\\.COM|BOOKING|AIRBNB|EXPEDIA|HOTEL|TUI|TRIVAGO|HRS|ALITALIA|WIZZ)\\b'],
  ['common.dining', 'common', 'dining', 59, 'debit', '\\b(RISTORANTE|PIZZERIA|TRATTORIA|OSTERIA|BAR|CAFFE|GELATERIA|RESTAURANT|GASTSTAETTE|IMBISS|CAFE|MCDONALD\'?S?|BURGER KING|STARBUCKS|LIEFERANDO|JUST EAT|DELIVEROO|GLOVO|WOLT|KFC|AUTOGRILL|DOENER|PIZZA)\\b'],
  ['common.shopping', 'common', 'shopping', 58, 'debit', '\\b(AMAZON|AMZN|ZALANDO|IKEA|MEDIAMARKT|MEDIA MARKT|MEDIAWORLD|SATURN|UNIEURO|EURONICS|DM DROGERIE|DM-DROGERIE|ROSSMANN|MUELLER|H&M|ZARA|PRIMARK|DECATHLON|EBAY|OTTO|OBI|BAUHAUS|LEROY MERLIN|TEDI|ACTION|SHEIN|TEMU|ALIEXPRESS|DOUGLAS|OVS|TIGOTA|ACQUA E SAPONE|C&A|DEICHMANN)\\b'],
  // English wording (UK/IE banks, English statements of Italian banks, the Berka data's descriptions); markets it and de both see it
  ['en.returned', 'common', 'returned_debit', 99, '', '\\b(RETURNED (DIRECT )?DEBIT|DIRECT DEBIT RETURN(ED)?|UNPAID (DIRECT )?DEBIT|REVERSAL OF DIRECT DEBIT|RETURNED PAYMENT|DD RETURN(ED)?)\\b'],
  ['en.gambling', 'common', 'gambling', 94, '', '\\b(BETTING|BOOKMAKERS?|LOTTERY|NATIONAL LOTTERY|PADDY ?POWER|BETFAIR|SKY ?BET|LADBROKES|CORAL|BETVICTOR|GAMBLING|POKER)\\b'],
  ['en.salary', 'common', 'salary', 79, 'credit', '\\b(SALARY|WAGES?|PAYROLL|NET PAY)\\b'],
  ['en.pension', 'common', 'pension', 82, 'credit', '\\b(PENSIONS?|STATE PENSION|OLD AGE BENEFIT)\\b'],
  ['en.benefits', 'common', 'benefits', 80, 'credit', '\\b(CHILD BENEFIT|UNIVERSAL CREDIT|DWP|JOBSEEKERS?|HOUSING BENEFIT|TAX CREDITS?|SOCIAL SECURITY|UNEMPLOYMENT BENEFIT|SICKNESS BENEFIT)\\b'],
  ['en.mortgage', 'common', 'mortgage', 83, 'debit', '\\bMORTGAGE\\b'],
  ['en.rent', 'common', 'rent', 79, 'debit', '\\b(RENT|RENTAL|LANDLORD|LETTING AGENT|HOUSEHOLD PAYMENT)\\b'],
  ['en.card', 'common', 'credit_card', 80, 'debit', '\\b(CREDIT CARD (PAYMENT|REPAYMENT|BILL)|CARD REPAYMENT|BARCLAYCARD|CAPITAL ONE)\\b'],
  ['en.overdraft', 'common', 'overdraft_interest', 86, 'debit', '\\b(PENALTY INTEREST|OVERDRAFT INTEREST|OVERDRAFT (FEE|CHARGE)|DEBIT INTEREST|INTEREST CHARGED|UNARRANGED OVERDRAFT|NEGATIVE BALANCE)\\b'],
  ['en.fees', 'common', 'fees', 85, 'debit', '\\b(ACCOUNT (STATEMENT )?FEES?|STATEMENT FEE|MONTHLY (ACCOUNT )?FEE|SERVICE CHARGES?|BANK CHARGES?|ACCOUNT CHARGES?|MAINTENANCE FEE|FEES?|CHARGES?)\\b'],
  ['en.cash', 'common', 'cash_withdrawal', 85, 'debit', '\\b(CASH WITHDRAWALS?|CASH MACHINE|CASHPOINT|ATM WITHDRAWAL|WITHDRAWAL)\\b|^CASH\\b'],
  ['en.insurance', 'common', 'insurance', 60, 'debit', '\\b(INSURANCE|PREMIUM|ASSURANCE)\\b'],
  ['en.taxes', 'common', 'taxes', 84, 'debit', '\\b(HMRC|TAX PAYMENT|INCOME TAX|COUNCIL TAX|VAT PAYMENT)\\b'],
  ['en.utilities', 'common', 'utilities', 59, 'debit', '\\b(ELECTRICITY|GAS BILL|WATER BILL|ENERGY)\\b'],
  ['en.internal', 'common', 'internal', 87, '', '\\b(OWN ACCOUNT|INTERNAL TRANSFER|BETWEEN ACCOUNTS|TO SAVINGS)\\b'],
  // cash paid in: money received, but not evidence of an employer (never taken for salary by recurrence)
  ['it.cash_in', 'it', 'cash_deposit', 85, 'credit', '\\b(VERSAMENTO (DI )?CONTANTI|VERSAMENTO CONTANTE|VERS\\. CONTANTI|VERSAMENTO ATM|VERSAMENTO)\\b'],
  ['de.cash_in', 'de', 'cash_deposit', 85, 'credit', '\\b(BAREINZAHLUNG|EINZAHLUNG|BARGELDEINZAHLUNG|EINZAHLUNG GAA)\\b'],
  ['en.cash_in', 'common', 'cash_deposit', 84, 'credit', '\\b(CASH DEPOSIT|CASH IN|CASH LODGEMENT|LODGEMENT|PAID IN|COUNTER CREDIT)\\b'],
  // interest earned on the balance: a credit, not income from work
  ['it.interest_in', 'it', 'other_income', 76, 'credit', '\\b(INTERESSI ATTIVI|INTERESSI CREDITORI|COMPETENZE A CREDITO|COMPETENZE DI CHIUSURA|COMPETENZE)\\b'],
  ['de.interest_in', 'de', 'other_income', 76, 'credit', '\\b(HABENZINS(EN)?|ZINSGUTSCHRIFT|GUTSCHRIFT ZINSEN|ZINSEN|RECHNUNGSABSCHLUSS)\\b'],
  // interest charged at the account closing (Rechnungsabschluss) on a debit: the cost of an overdrawn balance
  ['de.interest_out', 'de', 'overdraft_interest', 84, 'debit', '\\bZINSEN\\b'],
  ['en.interest_in', 'common', 'other_income', 75, 'credit', '\\b(INTEREST CREDITED|CREDIT INTEREST|INTEREST PAID|GROSS INTEREST)\\b'],
  // paying a supplier's invoice: a business expense without a finer category
  ['it.supplier', 'it', 'other_expense', 55, 'debit', '\\b(FATTURA|FATT\\.?|FT\\.? ?N|FORNITORE|FORNITURA)'],
  ['de.supplier', 'de', 'other_expense', 55, 'debit', '\\b(RECHNUNG|RE-NR|RG\\.? ?NR|RECHNUNGSNR|LIEFERANT)'],
  // generic transfers
  ['it.transfer', 'it', 'other_transfer', 20, '', '\\b(BONIFICO|BON\\.|SCT|GIROCONTO|RICARICA|POSTEPAY|SATISPAY|PAYPAL)\\b'],
  ['de.transfer', 'de', 'other_transfer', 20, '', '(UE|U)BERWEISUNG|\\b(DAUERAUFTRAG|ECHTZEIT|PAYPAL|SEPA-GUTSCHRIFT|GUTSCHRIFT|GUTSCHR)\\b'],
  ['en.transfer', 'common', 'other_transfer', 19, '', '\\b(TRANSFER|STANDING ORDER|FASTER PAYMENT|BANK GIRO CREDIT|BGC|SEPA CREDIT)\\b'],
];

export const TEXT_RULES: readonly TextRule[] = TEXT.map(([id, market, category, priority, sign, pattern]) => ({
  id,
  market,
  category,
  priority,
  ...(sign === '' ? {} : { sign }),
  pattern,
}));

export const CODE_RULES: readonly CodeRule[] = [
  { id: 'code.purpose.sala', category: 'salary', priority: 90, sign: 'credit', purpose: ['SALA', 'PAYR', 'BONU'] },
  { id: 'code.purpose.sala_out', category: 'payroll', priority: 90, sign: 'debit', purpose: ['SALA', 'PAYR', 'BONU'] },
  { id: 'code.purpose.pens', category: 'pension', priority: 90, sign: 'credit', purpose: ['PENS'] },
  { id: 'code.purpose.bene', category: 'benefits', priority: 90, sign: 'credit', purpose: ['BENE', 'SSBE', 'GOVT', 'ALMY'] },
  { id: 'code.purpose.rent', category: 'rent', priority: 90, sign: 'debit', purpose: ['RENT'] },
  { id: 'code.purpose.loan', category: 'loan_installment', priority: 90, sign: 'debit', purpose: ['LOAN', 'LOAR'] },
  { id: 'code.purpose.mortgage', category: 'mortgage', priority: 90, sign: 'debit', purpose: ['MTGE'] },
  { id: 'code.purpose.taxs', category: 'taxes', priority: 90, sign: 'debit', purpose: ['TAXS', 'VATX', 'WHLD', 'NWCH', 'ESTX'] },
  { id: 'code.purpose.insu', category: 'insurance', priority: 90, sign: 'debit', purpose: ['INSU', 'LIFI', 'HLTI', 'PPTI'] },
  { id: 'code.purpose.elec', category: 'utilities', priority: 90, sign: 'debit', purpose: ['ELEC', 'GASB', 'WTER', 'ENRG'] },
  { id: 'code.purpose.phon', category: 'telecom', priority: 90, sign: 'debit', purpose: ['PHON', 'NWCM', 'CBTV'] },
  { id: 'code.purpose.ccrd', category: 'credit_card', priority: 90, sign: 'debit', purpose: ['CCRD', 'CDBL'] },
  { id: 'code.purpose.cash', category: 'cash_withdrawal', priority: 90, sign: 'debit', purpose: ['CASH'] },
  { id: 'code.gvc.returned', category: 'returned_debit', priority: 100, gvc: ['109', '108', '059'] },
  { id: 'code.gvc.salary', category: 'salary', priority: 79, sign: 'credit', gvc: ['053'] },
  { id: 'code.gvc.cash', category: 'cash_withdrawal', priority: 90, sign: 'debit', gvc: ['083', '010'] },
  { id: 'code.gvc.overdraft', category: 'overdraft_interest', priority: 50, sign: 'debit', gvc: ['805'] },
  { id: 'code.bk.returned', category: 'returned_debit', priority: 100, bkTxCd: '^PMNT/(RDDT|IDDT)/(UPDD|RRTN|PRDD|ARET|RCDD)$|/(ICDT|RCDT)/RRTN$' },
  { id: 'code.bk.salary', category: 'salary', priority: 90, sign: 'credit', bkTxCd: '^PMNT/RCDT/SALA$' },
  { id: 'code.bk.cash', category: 'cash_withdrawal', priority: 90, sign: 'debit', bkTxCd: '^PMNT/(CCRD|DCRD|CNTR)/CWDL$' },
  { id: 'code.bk.fees', category: 'fees', priority: 50, sign: 'debit', bkTxCd: '^ACMT/MDOP/(CHRG|FEES|COMM)$|/CHRG$' },
  { id: 'code.bk.interest', category: 'overdraft_interest', priority: 50, sign: 'debit', bkTxCd: '^ACMT/MDOP/INTR$|/INTR$' },
  { id: 'code.bk.internal', category: 'internal', priority: 50, bkTxCd: '^PMNT/(ICDT|RCDT)/BOOK$' },
  { id: 'code.gvc.transfer', category: 'other_transfer', priority: 10, gvc: ['051', '052', '054', '116', '117', '118', '159', '166', '152', '153'] },
  { id: 'code.gvc.debit', category: 'other_expense', priority: 10, sign: 'debit', gvc: ['004', '005', '104', '105', '106', '107'] },
  { id: 'code.bk.transfer', category: 'other_transfer', priority: 10, bkTxCd: '^PMNT/(ICDT|RCDT)/' },
  { id: 'code.bk.debit', category: 'other_expense', priority: 10, sign: 'debit', bkTxCd: '^PMNT/(RDDT|IDDT)/' },
];
