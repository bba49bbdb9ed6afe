/** Bank accounts and Open Banking accounts: JSON ingestion (validated, normalised, categorised), lists and reads. */
import type { Db, Executor } from '../../db/client.ts';
import type { Page } from '../../http/common.ts';
import type { Clock } from '../../shared/clock.ts';
import { newId } from '../../shared/ids.ts';
import type { ProcessesService } from '../processes/index.ts';
import { accountErrors } from './accounts.errors.ts';
import { normaliseBankAccount, normaliseOpenBankingAccount } from './accounts.normalise.ts';
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
      const now = this.d.clock.now();
      const inserted = await accountsRepository.insertBank(tx, {
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
      const now = this.d.clock.now();
      const inserted = await accountsRepository.insertOb(tx, {
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
      await this.d.processes.touch(tx, processId);
      return inserted;
    });
    return toOpenBankingAccountView(row);
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
