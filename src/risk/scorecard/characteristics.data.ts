import type { ReasonText } from './scorecard.types.ts';

/**
 * Characteristic design: ordered bin edges and the reason text shown when a
 * characteristic costs points. Points per bin live in points.data.ts (fitted
 * on the simulated population, then frozen). `missing` means the feature could
 * not be computed (e.g. no income, no balances); it gets its own bin.
 */
export interface CharacteristicDesign {
  id: string;
  better: 'higher' | 'lower';
  /** Interior edges, ascending: n edges make n+1 bins [−∞,e0), [e0,e1) … [en−1,∞). */
  edges: readonly number[];
  hasMissing: boolean;
  reason: ReasonText;
}

const r = (code: string, description: string, description_it: string, description_de: string): ReasonText => ({ code, description, description_it, description_de });

export const DESIGNS: Record<string, CharacteristicDesign> = {
  income_monthly: { id: 'income_monthly', better: 'higher', edges: [800, 1300, 1800, 2500, 3500], hasMissing: false,
    reason: r('LOW_INCOME', 'Low average monthly income', 'Reddito medio mensile basso', 'Niedriges durchschnittliches Monatseinkommen') },
  income_cv: { id: 'income_cv', better: 'lower', edges: [0.1, 0.2, 0.35, 0.6], hasMissing: true,
    reason: r('INCOME_IRREGULAR', 'Irregular income from month to month', 'Reddito irregolare da un mese all’altro', 'Unregelmäßiges Einkommen von Monat zu Monat') },
  salary_detected: { id: 'salary_detected', better: 'higher', edges: [0.5], hasMissing: false,
    reason: r('NO_REGULAR_SALARY', 'No regular salary or pension detected', 'Nessuno stipendio o pensione regolare rilevato', 'Kein regelmäßiges Gehalt und keine Rente erkannt') },
  dti: { id: 'dti', better: 'lower', edges: [0.05, 0.15, 0.3, 0.45], hasMissing: true,
    reason: r('HIGH_DEBT_SERVICE', 'High existing debt service relative to income', 'Rate di debiti esistenti elevate rispetto al reddito', 'Hohe bestehende Kreditraten im Verhältnis zum Einkommen') },
  disposable_ratio: { id: 'disposable_ratio', better: 'higher', edges: [-0.1, 0, 0.1, 0.2, 0.35], hasMissing: true,
    reason: r('LOW_DISPOSABLE_INCOME', 'Little income left after expenses', 'Reddito disponibile ridotto dopo le spese', 'Geringes frei verfügbares Einkommen nach Ausgaben') },
  neg_days_share: { id: 'neg_days_share', better: 'lower', edges: [0.0001, 0.05, 0.2, 0.5], hasMissing: true,
    reason: r('FREQUENT_NEGATIVE_BALANCE', 'Account balance frequently negative', 'Saldo del conto spesso negativo', 'Kontostand häufig im Minus') },
  avg_balance_months: { id: 'avg_balance_months', better: 'higher', edges: [0, 0.25, 0.75, 2], hasMissing: true,
    reason: r('LOW_BALANCE_BUFFER', 'Low average balance relative to income', 'Saldo medio basso rispetto al reddito', 'Niedriger Durchschnittssaldo im Verhältnis zum Einkommen') },
  gambling_share: { id: 'gambling_share', better: 'lower', edges: [0.0001, 0.02, 0.05, 0.1], hasMissing: false,
    reason: r('GAMBLING', 'Spending on gambling', 'Spese per gioco d’azzardo', 'Ausgaben für Glücksspiel') },
  returned_debits: { id: 'returned_debits', better: 'lower', edges: [1, 2, 4], hasMissing: false,
    reason: r('RETURNED_DEBITS', 'Returned direct debits', 'Addebiti diretti insoluti', 'Rücklastschriften') },
  cash_share: { id: 'cash_share', better: 'lower', edges: [0.1, 0.25, 0.45], hasMissing: false,
    reason: r('HIGH_CASH_USE', 'High share of cash withdrawals', 'Quota elevata di prelievi in contanti', 'Hoher Anteil an Bargeldabhebungen') },
  instalment_to_disposable: { id: 'instalment_to_disposable', better: 'lower', edges: [0.15, 0.3, 0.5, 1], hasMissing: true,
    reason: r('LOW_AFFORDABILITY', 'Requested instalment high relative to disposable income', 'Rata richiesta elevata rispetto al reddito disponibile', 'Gewünschte Rate hoch im Verhältnis zum verfügbaren Einkommen') },
  revenue_monthly: { id: 'revenue_monthly', better: 'higher', edges: [3000, 8000, 20000, 50000], hasMissing: false,
    reason: r('LOW_REVENUE', 'Low monthly revenue', 'Fatturato mensile basso', 'Niedriger Monatsumsatz') },
  revenue_trend: { id: 'revenue_trend', better: 'higher', edges: [-0.05, -0.01, 0.01, 0.03], hasMissing: true,
    reason: r('DECLINING_REVENUE', 'Revenue declining over the period', 'Fatturato in calo nel periodo', 'Rückläufiger Umsatz im Zeitraum') },
  top1_share: { id: 'top1_share', better: 'lower', edges: [0.2, 0.35, 0.5, 0.7], hasMissing: true,
    reason: r('CUSTOMER_CONCENTRATION', 'Revenue concentrated on few customers', 'Fatturato concentrato su pochi clienti', 'Umsatz auf wenige Kunden konzentriert') },
};

export const RETAIL_CHARACTERISTICS: readonly string[] = [
  'income_monthly', 'income_cv', 'salary_detected', 'dti', 'disposable_ratio', 'neg_days_share',
  'avg_balance_months', 'gambling_share', 'returned_debits', 'cash_share', 'instalment_to_disposable',
];

export const COMMERCIAL_CHARACTERISTICS: readonly string[] = [
  'revenue_monthly', 'revenue_trend', 'top1_share', 'income_cv', 'disposable_ratio', 'neg_days_share',
  'avg_balance_months', 'returned_debits', 'gambling_share',
];

export const INSUFFICIENT_DATA = r('INSUFFICIENT_DATA', 'Not enough transaction history for a confident decision', 'Storico movimenti insufficiente per una decisione affidabile', 'Zu wenig Umsatzhistorie für eine verlässliche Entscheidung');
export const UNAFFORDABLE = r('UNAFFORDABLE', 'Requested instalment above 40% of the income left after committed outgoings', 'Rata richiesta oltre il 40% del reddito residuo dopo gli impegni fissi', 'Gewünschte Rate über 40 % des Einkommens nach festen Verpflichtungen');

/** What is missing when a characteristic cannot be computed: the reason given instead of its adverse fact. */
const MISSING: Readonly<Record<string, ReasonText>> = {
  balance: r('DATA_MISSING_BALANCE', 'Data missing: no account balance in the data', 'Dati mancanti: nessun saldo del conto nei dati', 'Daten fehlen: kein Kontostand in den Daten'),
  income: r('DATA_MISSING_INCOME', 'Data missing: no income identified in the data', 'Dati mancanti: nessun reddito individuato nei dati', 'Daten fehlen: kein Einkommen in den Daten erkannt'),
  history: r('DATA_MISSING_HISTORY', 'Data missing: fewer than two full months of history', 'Dati mancanti: meno di due mesi completi di storico', 'Daten fehlen: weniger als zwei volle Monate Historie'),
  request: r('DATA_MISSING_REQUEST', 'Data missing: no loan amount and period requested, affordability not assessed', 'Dati mancanti: importo e durata non richiesti, sostenibilità non valutata', 'Daten fehlen: kein Betrag und keine Laufzeit angefragt, Tragbarkeit nicht geprüft'),
  revenue: r('DATA_MISSING_REVENUE', 'Data missing: revenue by customer or over time not available', 'Dati mancanti: fatturato per cliente o nel tempo non disponibile', 'Daten fehlen: Umsatz nach Kunde oder im Zeitverlauf nicht verfügbar'),
};
const MISSING_BY_CHARACTERISTIC: Readonly<Record<string, ReasonText>> = {
  neg_days_share: MISSING.balance as ReasonText,
  avg_balance_months: MISSING.balance as ReasonText,
  min_balance_months: MISSING.balance as ReasonText,
  dti: MISSING.income as ReasonText,
  disposable_ratio: MISSING.income as ReasonText,
  instalment_to_disposable: MISSING.request as ReasonText,
  income_cv: MISSING.history as ReasonText,
  revenue_trend: MISSING.revenue as ReasonText,
  top1_share: MISSING.revenue as ReasonText,
};
export function missingReason(characteristic: string): ReasonText {
  return MISSING_BY_CHARACTERISTIC[characteristic] ?? r('DATA_MISSING', 'Data missing', 'Dati mancanti', 'Daten fehlen');
}

/** All reason texts by code (for translating reason codes outside the engine, e.g. the PDF). */
export const REASON_CODE_TEXTS: Readonly<Record<string, ReasonText>> = Object.fromEntries(
  [...Object.values(DESIGNS).map((d) => d.reason), ...Object.values(MISSING), missingReason(''), INSUFFICIENT_DATA, UNAFFORDABLE].map((r) => [r.code, r]),
);
