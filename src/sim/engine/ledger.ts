/**
 * Exact balances for every account × currency × network. Money only enters by
 * deposit and otherwise only moves between accounts, so at every instant
 *   Σ users + Σ crowd + house + Σ pools (stakes in play) = Σ deposits
 * per currency × network. Each method checks everything before it changes
 * anything, so a refused operation leaves no trace.
 */
import { Decimal, sum } from "../../domain/money.js";
import { MONEY_DECIMALS } from "../../domain/rules.js";

/** "user:1", "crowd:900001", "house", "pool:<gid>:<network>". */
export type Account = `user:${number}` | `crowd:${number}` | "house" | `pool:${string}`;

export interface LedgerTotals {
  deposited: Decimal;
  users: Decimal;
  crowd: Decimal;
  house: Decimal;
  /** Stakes in games not yet settled. */
  inPlay: Decimal;
}

export class InsufficientFunds extends Error {
  constructor(
    readonly account: Account,
    readonly available: Decimal,
    readonly needed: Decimal,
  ) {
    super(`${account} holds ${available.toFixed()} but ${needed.toFixed()} is needed`);
    this.name = "InsufficientFunds";
  }
}

const ZERO = new Decimal(0);

export class Ledger {
  private readonly balances = new Map<string, Decimal>();
  private readonly deposits = new Map<string, Decimal>();

  balance(account: Account, currency: string, network: string): Decimal {
    return this.balances.get(slot(account, currency, network)) ?? ZERO;
  }

  deposit(account: Account, currency: string, network: string, amount: Decimal): void {
    checkAmount(amount);
    const key = `${currency}|${network}`;
    this.deposits.set(key, (this.deposits.get(key) ?? ZERO).plus(amount));
    this.add(slot(account, currency, network), amount);
  }

  transfer(from: Account, to: Account, currency: string, network: string, amount: Decimal): void {
    checkAmount(amount);
    const available = this.balance(from, currency, network);
    if (available.lt(amount)) throw new InsufficientFunds(from, available, amount);
    this.add(slot(from, currency, network), amount.neg());
    this.add(slot(to, currency, network), amount);
  }

  /** Empties `from` into the payees; their amounts must add up to its balance exactly. */
  distribute(from: Account, currency: string, network: string, payees: ReadonlyArray<readonly [Account, Decimal]>): void {
    for (const [, amount] of payees) checkAmount(amount);
    const held = this.balance(from, currency, network);
    const total = sum(payees.map(([, amount]) => amount));
    if (!total.eq(held)) throw new Error(`distribution of ${from} pays ${total.toFixed()} but it holds ${held.toFixed()}`);
    this.balances.delete(slot(from, currency, network));
    for (const [to, amount] of payees) this.add(slot(to, currency, network), amount);
  }

  totals(currency: string, network: string): LedgerTotals {
    const t = { deposited: this.deposits.get(`${currency}|${network}`) ?? ZERO, users: ZERO, crowd: ZERO, house: ZERO, inPlay: ZERO };
    for (const [key, amount] of this.balances) {
      const [account, cur, net] = key.split("|");
      if (cur !== currency || net !== network) continue;
      if (account!.startsWith("user:")) t.users = t.users.plus(amount);
      else if (account!.startsWith("crowd:")) t.crowd = t.crowd.plus(amount);
      else if (account === "house") t.house = t.house.plus(amount);
      else t.inPlay = t.inPlay.plus(amount);
    }
    return t;
  }

  /** Every currency × network that has seen a deposit. */
  funded(): Array<{ currency: string; network: string }> {
    return [...this.deposits.keys()].map((k) => {
      const [currency, network] = k.split("|");
      return { currency: currency!, network: network! };
    });
  }

  private add(key: string, amount: Decimal): void {
    const next = (this.balances.get(key) ?? ZERO).plus(amount);
    if (next.isZero()) this.balances.delete(key);
    else this.balances.set(key, next);
  }
}

function slot(account: Account, currency: string, network: string): string {
  return `${account}|${currency}|${network}`;
}

/** Throws unless amount is a non-negative money amount with at most MONEY_DECIMALS decimals. */
export function checkAmount(amount: Decimal): void {
  if (!amount.isFinite() || amount.isNeg() || amount.decimalPlaces() > MONEY_DECIMALS) {
    throw new RangeError(`ledger amounts are non-negative with at most ${MONEY_DECIMALS} decimals, got ${amount.toString()}`);
  }
}
