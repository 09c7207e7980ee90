import type { Database } from '@candlewise/db';
import {
  type AccountState,
  type GroupState,
  type Market,
  markToMarket,
  type StandingRow,
} from './account-book.ts';
import { loadAccounts, loadAccountsOfCompetitions } from './account-ledger.ts';
import { refreshStandings } from './compute-standings.ts';
import type { TickResult } from './engine-contract.ts';
import { accountVersions, loadCompetitions, recentAccountVersions } from './load-competitions.ts';

export type CompetitionMemoryOptions = {
  db: Database;
  /** The market an account is marked to when installed. */
  marketFor: (group: GroupState) => Market;
  /** A competition was (re)loaded: its replayed day, if any, is loaded too. */
  onLoaded: (group: GroupState) => Promise<void>;
  /** Whether this process holds the competition's lease (only those are loaded and kept). */
  owns: (groupId: string) => boolean;
};

/**
 * The leader's memory of the competitions under way and their accounts: loaded from the
 * database, refreshed when other processes announce a change (applied before each tick), and
 * kept newest-version-first whatever order the saved states arrive in.
 */
export class CompetitionMemory {
  readonly groups = new Map<string, GroupState>();
  /** Accounts to reload before the next tick (announced by other processes, or found stale). */
  readonly reloadQueue = new Set<string>();
  /** Competitions to reload before the next tick. */
  readonly groupReloads = new Set<string>();
  /** A follower's copy of the standings the leader last published. */
  private published = new Map<string, { rows: StandingRow[]; at: number }>();

  constructor(private readonly options: CompetitionMemoryOptions) {}

  clear(): void {
    this.groups.clear();
    this.reloadQueue.clear();
    this.groupReloads.clear();
  }

  /** Forgets a competition this process no longer holds. */
  drop(groupId: string): void {
    const group = this.groups.get(groupId);
    this.groups.delete(groupId);
    this.groupReloads.delete(groupId);
    for (const id of group?.accounts.keys() ?? []) this.reloadQueue.delete(id);
  }

  /** Loads (or refreshes) the held competitions not yet finalised, and any of their accounts that changed. */
  async loadGroups(onlyGroupId?: string): Promise<void> {
    const { db } = this.options;
    if (onlyGroupId && !this.options.owns(onlyGroupId)) return;
    for (const group of await loadCompetitions(db, this.groups, onlyGroupId)) {
      if (!this.options.owns(group.id)) continue;
      this.groups.set(group.id, group);
      await this.options.onLoaded(group);
      const stale = (await accountVersions(db, group.id))
        .filter(({ id, version }) => (group.accounts.get(id)?.version ?? -1) < version)
        .map(({ id }) => id);
      await this.reload(stale);
    }
  }

  /**
   * Competitions this process has just taken (memory holds nothing of them), read together: the
   * competitions in one statement and all their accounts in three, instead of five statements a
   * competition (a dead process's 51 competitions of 1,000 members took 6 s one by one).
   */
  async loadTaken(groupIds: string[]): Promise<void> {
    const owned = groupIds.filter((groupId) => this.options.owns(groupId));
    for (const groupId of owned) this.drop(groupId);
    if (!owned.length) return;
    const loaded = (await loadCompetitions(this.options.db, this.groups, owned)).filter((group) =>
      this.options.owns(group.id),
    );
    for (const group of loaded) {
      this.groups.set(group.id, group);
      await this.options.onLoaded(group);
    }
    const accounts = await loadAccountsOfCompetitions(
      this.options.db,
      loaded.map((group) => group.id),
    );
    for (const account of accounts.values()) this.install(account, { authoritativePeak: false });
  }

  /** Reads accounts from the database and installs the ones newer than memory. */
  async reload(accountIds: string[]): Promise<void> {
    for (let i = 0; i < accountIds.length; i += 1000) {
      const loaded = await loadAccounts(this.options.db, accountIds.slice(i, i + 1000));
      for (const account of loaded.values()) this.install(account, { authoritativePeak: false });
    }
  }

  /** Reloads what was announced: competitions first, then accounts. */
  async applyReloads(): Promise<void> {
    for (const groupId of [...this.groupReloads]) {
      this.groupReloads.delete(groupId);
      await this.loadGroups(groupId);
    }
    if (!this.reloadQueue.size) return;
    const ids = [...this.reloadQueue];
    this.reloadQueue.clear();
    await this.reload(ids);
  }

  /** Finds accounts changed recently whose version memory does not have (a message was lost). */
  async reconcile(): Promise<void> {
    if (!this.groups.size) return;
    for (const { id, version } of await recentAccountVersions(this.options.db, [...this.groups.keys()])) {
      const known = this.findAccount(id);
      if ((known?.version ?? -1) < version) this.reloadQueue.add(id);
    }
  }

  /**
   * Puts a saved account state in memory unless memory already holds a newer one (versions only
   * grow, and every save bumps them, so the newest state always wins whatever order they arrive in).
   * The peak is the engine's running maximum: a state saved by an order keeps the higher of the
   * two; a tick's save (a release resets it) is taken as is.
   */
  install(account: AccountState, options: { authoritativePeak: boolean }): boolean {
    const group = this.groups.get(account.groupId);
    if (!group) {
      if (this.options.owns(account.groupId)) this.groupReloads.add(account.groupId);
      return false;
    }
    const current = group.accounts.get(account.id);
    if (current && current.version >= account.version) return false;
    if (current && !options.authoritativePeak)
      account.peakEquity = Math.max(account.peakEquity, current.peakEquity);
    markToMarket(account, this.options.marketFor(group));
    group.accounts.set(account.id, account);
    group.standingsStale = true;
    return true;
  }

  /** A tick's saved result: its states replace memory's, its competitions are marked started or final. */
  applySaved(result: TickResult): void {
    for (const id of result.reload) this.reloadQueue.add(id);
    for (const write of result.writes) this.install(write.after, { authoritativePeak: true });
    for (const group of result.started) group.startAnnounced = true;
    for (const group of result.finalized) group.finalized = true;
  }

  findAccount(accountId: string): AccountState | undefined {
    for (const group of this.groups.values()) {
      const account = group.accounts.get(accountId);
      if (account) return account;
    }
    return undefined;
  }

  /** A competition's standings, sorted again if an account changed since (null: not in memory). */
  standings(groupId: string): StandingRow[] | null {
    const group = this.groups.get(groupId);
    if (!group) return null;
    return group.standingsStale ? refreshStandings(group) : group.standings;
  }

  /** A follower remembers the standings the leader published, for 3 s (null: ask the database). */
  rememberStandings(groupId: string, rows: StandingRow[]): void {
    this.published.set(groupId, { rows, at: Date.now() });
  }

  publishedStandings(groupId: string): StandingRow[] | null {
    const cached = this.published.get(groupId);
    return cached && Date.now() - cached.at < 3000 ? cached.rows : null;
  }

  accountOf(groupId: string, userId: string): AccountState | undefined {
    for (const account of this.groups.get(groupId)?.accounts.values() ?? [])
      if (account.userId === userId) return account;
    return undefined;
  }
}
