import type { Market } from '../types.ts';

/** Statement wording per market for simulated transactions: [description template, counterparty]. */
type Line = readonly [string, string | null];

export const VOCAB: Record<Market, Record<string, readonly Line[]>> = {
  it: {
    salary: [['BONIFICO A VOSTRO FAVORE STIPENDIO', 'ALFA SISTEMI SRL'], ['ACCREDITO EMOLUMENTI', 'COMUNE DI MILANO'], ['BONIFICO A VOSTRO FAVORE', 'BETA LOGISTICA SPA']],
    pension: [['ACCREDITO PENSIONE INPS', 'INPS']],
    freelance: [['BONIFICO A VOSTRO FAVORE SALDO FATTURA', null], ['BONIFICO DA CLIENTE SALDO FT. N.', null]],
    rent: [['BONIFICO AFFITTO MENSILE', 'IMMOBILIARE SOLE SRL'], ['CANONE LOCAZIONE', 'GIORGI PAOLO']],
    mortgage: [['ADDEBITO RATA MUTUO', 'BANCA POPOLARE']],
    utilities: [['ADDEBITO SDD ENEL ENERGIA SPA', 'ENEL ENERGIA'], ['ADDEBITO SDD A2A ENERGIA', 'A2A ENERGIA'], ['ADDEBITO SDD HERA COMM', 'HERA COMM']],
    telecom: [['ADDEBITO SDD TIM SPA', 'TIM'], ['ADDEBITO SDD ILIAD ITALIA', 'ILIAD ITALIA'], ['ADDEBITO SDD FASTWEB SPA', 'FASTWEB']],
    insurance: [['ADDEBITO SDD UNIPOLSAI ASSICURAZIONI', 'UNIPOLSAI']],
    loan: [['ADDEBITO SDD FINDOMESTIC RATA', 'FINDOMESTIC BANCA'], ['RATA FINANZIAMENTO', 'AGOS DUCATO'], ['ADDEBITO SDD COMPASS RATA', 'COMPASS BANCA']],
    card: [['ADDEBITO ESTRATTO CONTO CARTA DI CREDITO', 'NEXI PAYMENTS']],
    groceries: [['PAGAMENTO POS ESSELUNGA', null], ['PAGAMENTO POS COOP', null], ['PAGAMENTO POS CONAD', null], ['PAGAMENTO POS LIDL ITALIA', null], ['PAGAMENTO POS CARREFOUR', null]],
    dining: [['PAGAMENTO POS RISTORANTE DA LUCA', null], ['PAGAMENTO POS BAR SPORT', null], ['DELIVEROO ITALY', null]],
    shopping: [['AMAZON MKTPLACE AMZN.IT', null], ['PAGAMENTO POS ZARA', null], ['PAGAMENTO POS DECATHLON', null]],
    fuel: [['PAGAMENTO POS ENI STATION', null], ['PAGAMENTO POS Q8', null], ['TRENITALIA BIGLIETTO', null]],
    cash: [['PRELIEVO BANCOMAT ATM', null]],
    gambling: [['PAGAMENTO ONLINE SISAL', null], ['SNAI SPA RICARICA', null], ['LOTTOMATICA GRATTA E VINCI', null], ['BETFLAG SPA', null]],
    subscriptions: [['NETFLIX.COM', null], ['SPOTIFY AB', null]],
    fees: [['CANONE MENSILE CONTO', null]],
    returned: [['STORNO ADDEBITO SDD INSOLUTO', null]],
    returned_fee: [['COMMISSIONI INSOLUTO SDD', null]],
    overdraft: [['INTERESSI PASSIVI', null]],
    taxes: [['PAGAMENTO DELEGA F24', 'AGENZIA ENTRATE']],
    payroll: [['BONIFICO STIPENDI DIPENDENTI', null]],
    supplier: [['BONIFICO A FAVORE FORNITORE FT', null]],
    customer: [['BONIFICO A VOSTRO FAVORE SALDO FATTURA', null]],
    savings: [['GIROCONTO A CONTO DEPOSITO', null]],
  },
  de: {
    salary: [['LOHN/GEHALT', 'Muster Maschinenbau GmbH'], ['GEHALT', 'Stadtwerke Köln GmbH'], ['SEPA-GUTSCHRIFT', 'Nordlicht Logistik AG']],
    pension: [['RENTE', 'Deutsche Rentenversicherung']],
    freelance: [['SEPA-GUTSCHRIFT Rechnung', null], ['Ausgleich Rechnung', null]],
    rent: [['DAUERAUFTRAG MIETE', 'Hausverwaltung Schulz'], ['Miete', 'Vonovia SE']],
    mortgage: [['Rate Baufinanzierung', 'Sparkasse']],
    utilities: [['Abschlag Strom', 'Stadtwerke München GmbH'], ['Abschlag Gas', 'Vattenfall Europe Sales GmbH'], ['E.ON Energie Abschlag', 'E.ON Energie Deutschland GmbH']],
    telecom: [['Telekom Deutschland Rechnung', 'Telekom Deutschland GmbH'], ['Vodafone GmbH', 'Vodafone GmbH'], ['O2 Rechnung', 'Telefonica Germany']],
    insurance: [['HUK-COBURG Versicherung', 'HUK-COBURG']],
    loan: [['Kreditrate', 'Targobank AG'], ['DARLEHEN TILGUNG', 'Consors Finanz'], ['Ratenkredit', 'auxmoney GmbH']],
    card: [['KREDITKARTENABRECHNUNG', 'Barclays Bank']],
    groceries: [['KARTENZAHLUNG REWE', null], ['girocard EDEKA', null], ['ALDI SAGT DANKE', null], ['Kartenzahlung LIDL', null], ['KAUFLAND', null]],
    dining: [['Restaurant Zum Ochsen', null], ['Lieferando.de', null], ["MCDONALD'S", null]],
    shopping: [['AMAZON EU S.A R.L.', null], ['ZALANDO SE', null], ['dm-drogerie markt', null]],
    fuel: [['ARAL Station', null], ['SHELL', null], ['DB Vertrieb GmbH', null]],
    cash: [['BARGELDAUSZAHLUNG GA', null], ['GELDAUTOMAT', null]],
    gambling: [['TIPICO CO. LTD', null], ['PAYPAL *BWIN', null], ['Lotto24 AG', null], ['MERKUR SPIELOTHEK', null]],
    subscriptions: [['NETFLIX INTERNATIONAL B.V.', null], ['Spotify AB', null]],
    fees: [['Entgelt Kontoführung', null]],
    returned: [['RUECKLASTSCHRIFT', null]],
    returned_fee: [['Gebühr Rücklastschrift', null]],
    overdraft: [['Sollzinsen', null]],
    taxes: [['FINANZAMT Umsatzsteuer', 'Finanzamt']],
    payroll: [['Löhne und Gehälter', null]],
    supplier: [['Überweisung Lieferant Rechnung', null]],
    customer: [['SEPA-GUTSCHRIFT Rechnung', null]],
    savings: [['Umbuchung auf Tagesgeldkonto', null]],
  },
};

export const PERSON_NAMES: Record<Market, readonly string[]> = {
  it: ['Mario Rossi', 'Giulia Bianchi', 'Luca Ferrari', 'Anna Russo', 'Marco Esposito', 'Sara Romano'],
  de: ['Jürgen Müller', 'Anna Schmidt', 'Lukas Weber', 'Sabine Groß', 'Thomas Becker', 'Julia Schäfer'],
};

export const COMPANY_NAMES: Record<Market, readonly string[]> = {
  it: ['Rossi Costruzioni SRL', 'Bianchi Impianti SNC', 'Verdi Trasporti SPA', 'Gialli Design SAS', 'Neri Alimentari SRL', 'Blu Servizi SRLS', 'Marino Elettrica SRL', 'Conti Legno SNC'],
  de: ['Weber Elektro GmbH', 'Schulz Bau GmbH & Co. KG', 'Fischer Logistik AG', 'Wagner Design UG', 'Hoffmann Metall KG', 'Koch Software GmbH', 'Richter Holz e.K.', 'Klein Medien GmbH'],
};
