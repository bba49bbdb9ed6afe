import type { Group } from '../types.ts';

/**
 * Two-level transaction taxonomy (group → category). Versioned data: bump the
 * version when a category is added, removed or renamed, because stored
 * report results name categories by these keys.
 * `payroll` (salaries paid out) is an addition for commercial accounts; `cash_deposit` (cash paid in)
 * is money received that is not evidence of an employer.
 */
export const TAXONOMY = {
  version: 'taxonomy-2026.11.2',
  groups: {
    income: ['salary', 'pension', 'benefits', 'business_revenue', 'cash_deposit', 'refund', 'other_income'],
    expenses: [
      'rent', 'mortgage', 'utilities', 'telecom', 'groceries', 'fuel_transport', 'insurance',
      'loan_installment', 'credit_card', 'gambling', 'cash_withdrawal', 'taxes', 'fees',
      'overdraft_interest', 'subscriptions', 'health', 'education', 'shopping', 'dining', 'travel',
      'payroll', 'other_expense',
    ],
    transfers: ['internal', 'savings', 'returned_debit', 'other_transfer'],
  },
} as const satisfies { version: string; groups: Record<Group, readonly string[]> };

export type IncomeCategory = (typeof TAXONOMY.groups.income)[number];
export type ExpenseCategory = (typeof TAXONOMY.groups.expenses)[number];
export type TransferCategory = (typeof TAXONOMY.groups.transfers)[number];
export type Category = IncomeCategory | ExpenseCategory | TransferCategory;

const GROUP_OF = new Map<string, Group>();
for (const g of ['income', 'expenses', 'transfers'] as const) {
  for (const c of TAXONOMY.groups[g]) GROUP_OF.set(c, g);
}

export function groupOf(category: string): Group | undefined {
  return GROUP_OF.get(category);
}

export const ALL_CATEGORIES: readonly Category[] = [
  ...TAXONOMY.groups.income,
  ...TAXONOMY.groups.expenses,
  ...TAXONOMY.groups.transfers,
];
