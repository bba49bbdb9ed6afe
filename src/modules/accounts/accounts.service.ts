/** Bank accounts and Open Banking accounts: JSON ingestion (validated, normalised, categorised), lists and reads. */
import type { Db, Executor } from '../../db/client.ts';
import type { Page } from '../../shared/pagination.ts';
import type { Clock } from '../../shared/clock.ts';
import { newId } from '../../shared/ids.ts';
import type { ProcessesService } from '../processes/index.ts';
import { accountErrors } from './accounts.errors.ts';
import { normaliseBankAccount, normaliseOpenBankingAccount, type NormalisedBankAccount, type NormalisedOpenBankingAccount } from './accounts.normalise.ts';
import { AppError } from '../../shared/errors.ts';
import { accountsRepository, type BankAccountRow, type OpenBankingAccountRow } from './accounts.repository.ts';
import type {
  AccountListQuery,
  BankAccountDetailView,
  BankAccountView,
  OpenBankingAccountDetailView,
  OpenBankingAccountView,
} from './accounts.schemas.ts';
import { minorToDecimal } from './accounts.values.ts';
import { toBankAccountDetail, toBankAccountView, toOpenBankingAccountDetail, toOpenBankingAccountView } from './accounts.view.ts';

export interface AccountsDeps {
  db: Db;
  clock: Clock;
  processes: ProcessesService;
}

export class AccountsService {
  private readonly d: AccountsDeps;

  constructor(deps: AccountsDeps) {
    this.d = deps;
  }

  /** 404 for unknown/foreign processes and 409 for archived ones come before any 400 about the body. */
  private async assertWritable(spaceId: string, processId: string): Promise<void> {
    const p = await this.d.processes.requireVisible(spaceId, processId);
    if (p.status !== 'active') await this.d.db.transaction((tx) => this.d.processes.lockActive(tx, spaceId, processId));
  }

  async createBankAccount(spaceId: string, processId: string, body: unknown): Promise<BankAccountView> {
    await this.assertWritable(spaceId, processId);
    const n = normaliseBankAccount(body);
    const row = await this.d.db.transaction(async (tx) => {
      await this.d.processes.lockActive(tx, spaceId, processId);
      const inserted = await this.insertBank(tx, spaceId, processId, n);
      await this.d.processes.touch(tx, processId);
      return inserted;
    });
    return toBankAccountView(row);
  }

  async createOpenBankingAccount(spaceId: string, processId: string, body: unknown): Promise<OpenBankingAccountView> {
    await this.assertWritable(spaceId, processId);
    const n = normaliseOpenBankingAccount(body);
    const row = await this.d.db.transaction(async (tx) => {
      await this.d.processes.lockActive(tx, spaceId, processId);
      const inserted = await this.insertOb(tx, spaceId, processId, n, body);
      await this.d.processes.touch(tx, processId);
      return inserted;
    });
    return toOpenBankingAccountView(row);
  }

  /**
   * Adds a bank account inside the caller's transaction (the caller has locked the process). An account
   * of the process with exactly the same body is reused, so a retried request adds nothing twice.
   * 400 naming the bad fields, prefixed with `field` (e.g. coreTransactions[0].iban).
   */
  async addBankAccountIn(tx: Executor, spaceId: string, processId: string, body: unknown, field: string): Promise<{ id: string; created: boolean }> {
    const n = withFieldPrefix(field, () => normaliseBankAccount(body));
    const existing = await accountsRepository.findBankIdByHash(tx, processId, n.contentHash);
    if (existing) return { id: existing, created: false };
    return { id: (await this.insertBank(tx, spaceId, processId, n)).id, created: true };
  }

  /** As addBankAccountIn, for a NextGenPSD2 account report. */
  async addOpenBankingAccountIn(tx: Executor, spaceId: string, processId: string, body: unknown, field: string): Promise<{ id: string; created: boolean }> {
    const n = withFieldPrefix(field, () => normaliseOpenBankingAccount(body));
    const existing = await accountsRepository.findObIdByHash(tx, processId, n.contentHash);
    if (existing) return { id: existing, created: false };
    return { id: (await this.insertOb(tx, spaceId, processId, n, body)).id, created: true };
  }

  private async insertBank(tx: Executor, spaceId: string, processId: string, n: NormalisedBankAccount): Promise<BankAccountRow> {
    const now = this.d.clock.now();
    return accountsRepository.insertBank(tx, {
      id: newId(),
      processId,
      spaceId,
      extBankAccountId: n.extBankAccountId,
      iban: n.iban,
      accountHolder: n.accountHolder,
      currencyCode: n.currencyCode,
      bankName: n.bankName,
      openingBalance: n.openingMinor === null ? null : minorToDecimal(n.openingMinor),
      closingBalance: n.closingMinor === null ? null : minorToDecimal(n.closingMinor),
      transactions: n.transactions,
      totalTransactions: n.transactions.length,
      dateMin: n.dateMin,
      dateMax: n.dateMax,
      contentHash: n.contentHash,
      createdAt: now,
      updatedAt: now,
    });
  }

  private async insertOb(tx: Executor, spaceId: string, processId: string, n: NormalisedOpenBankingAccount, body: unknown): Promise<OpenBankingAccountRow> {
    const now = this.d.clock.now();
    return accountsRepository.insertOb(tx, {
      id: newId(),
      processId,
      spaceId,
      extOpenBankingAccountId: n.extOpenBankingAccountId,
      provider: n.provider,
      iban: n.iban,
      accountHolder: n.accountHolder,
      currencyCode: n.currencyCode,
      balances: n.balances,
      transactions: n.transactions,
      raw: body,
      totalTransactions: n.transactions.length,
      dateMin: n.dateMin,
      dateMax: n.dateMax,
      contentHash: n.contentHash,
      createdAt: now,
      updatedAt: now,
    });
  }

  async listBankAccounts(spaceId: string, processId: string, q: AccountListQuery): Promise<Page<BankAccountView>> {
    await this.d.processes.requireVisible(spaceId, processId);
    const limit = q.limit ?? 20;
    const offset = q.offset ?? 0;
    const { items, total } = await accountsRepository.listBank(this.d.db, processId, limit, offset);
    return { items: items.map(toBankAccountView), total, limit, offset };
  }

  async listOpenBankingAccounts(spaceId: string, processId: string, q: AccountListQuery): Promise<Page<OpenBankingAccountView>> {
    await this.d.processes.requireVisible(spaceId, processId);
    const limit = q.limit ?? 20;
    const offset = q.offset ?? 0;
    const { items, total } = await accountsRepository.listOb(this.d.db, processId, limit, offset);
    return { items: items.map(toOpenBankingAccountView), total, limit, offset };
  }

  async getBankAccount(spaceId: string, processId: string, id: string): Promise<BankAccountDetailView> {
    const r = await accountsRepository.findBank(this.d.db, spaceId, processId, id);
    if (!r) {
      await this.d.processes.requireVisible(spaceId, processId);
      throw accountErrors.bankAccountNotFound();
    }
    return toBankAccountDetail(r);
  }

  async getOpenBankingAccount(spaceId: string, processId: string, id: string): Promise<OpenBankingAccountDetailView> {
    const r = await accountsRepository.findOb(this.d.db, spaceId, processId, id);
    if (!r) {
      await this.d.processes.requireVisible(spaceId, processId);
      throw accountErrors.openBankingAccountNotFound();
    }
    return toOpenBankingAccountDetail(r);
  }

  /** Every bank account of a process, with transactions, oldest first (for reports; pass the transaction when in one). */
  async bankAccountsForProcess(db: Executor, processId: string): Promise<BankAccountRow[]> {
    return accountsRepository.allBank(db, processId);
  }

  async openBankingAccountsForProcess(db: Executor, processId: string): Promise<OpenBankingAccountRow[]> {
    return accountsRepository.allOb(db, processId);
  }
}

/** Runs a normaliser and re-labels its 400 so each field names where it sits in a larger request. */
function withFieldPrefix<T>(prefix: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (!(err instanceof AppError) || err.status !== 400) throw err;
    const at = (f: string | undefined) => (f === undefined || f === '(body)' ? prefix : `${prefix}.${f}`);
    throw new AppError({
      status: 400,
      code: err.code,
      title: err.title,
      detail: `${prefix}: ${err.detail}`,
      // Problems read "<field> <message>": prefixing the field keeps them readable.
      errors: (err.errors ?? []).map((e) => ({
        ...e,
        field: at(e.field),
        message: e.field && e.field !== '(body)' && e.message.startsWith(e.field) ? `${prefix}.${e.message}` : `${prefix}: ${e.message}`,
      })),
    });
  }
}
