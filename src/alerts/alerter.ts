/**
 * The alerts at work: reads each snapshot the poller makes (and ticks once
 * a second for the countdowns), has the detector find the events, delivers
 * them, and keeps the state the screen reads and the file that outlives a
 * launch. It never sends a request: every event comes from data the poller
 * fetched for the screen anyway.
 */
import type { Snapshot } from "../poller/snapshot.js";
import { Store } from "../poller/store.js";
import { type KeptAlerts, NOTHING_KEPT } from "./alert-file.js";
import {
  ALERT_LINE_MS,
  type AlertsController,
  type AlertsState,
  EMPTY_ALERTS,
  FIRED_KEPT,
  type FiredAlert,
  type RuleAdded,
  type RuleEntry,
} from "./alerts-state.js";
import { Detector } from "./detect/detector.js";
import type { AlertEvent } from "./events.js";
import {
  type AlertRule,
  type AlertSettings,
  type Channel,
  makeRule,
  type RuleSpec,
  rulesInForce,
  SIMPLE_DEFAULTS,
  SIMPLE_KINDS,
  type SimpleKind,
} from "./rules.js";

/** Where events go: the terminal and notify_command (deliver/delivery.ts); returns the channels used. */
export interface AlertDelivery {
  deliver(event: AlertEvent, channels: readonly Channel[]): readonly Channel[];
  setFocused(focused: boolean): void;
}

/** Where the rules made on the screen, the mutes and the history are kept; none for a launch that keeps nothing. */
export interface AlertKeeping {
  read(): KeptAlerts;
  write(kept: KeptAlerts): void;
}

export interface AlerterOptions {
  source: Pick<Store<Snapshot>, "getSnapshot" | "subscribe">;
  serverNow(): number;
  settings: AlertSettings;
  delivery: AlertDelivery;
  keeping?: AlertKeeping;
  /** The assets whose price the active rules read (Poller.watchPrices), told again whenever the rules change. */
  watchPrices?(assets: readonly string[]): void;
  /** Each event as it fires (spotdash watch --events). */
  onEvent?(event: AlertEvent, channels: readonly Channel[]): void;
  /** Local ms; Date.now unless a test gives its own. */
  localNow?(): number;
}

/** The countdowns and the "unreachable for 30 s" need a clock besides the snapshots (which come about every second). */
const TICK_MS = 1_000;

export class Alerter implements AlertsController {
  readonly store = new Store<AlertsState>(EMPTY_ALERTS);
  private readonly detector: Detector;
  private kept: KeptAlerts;
  private timer: ReturnType<typeof setInterval> | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly o: AlerterOptions) {
    let problem: string | undefined;
    try {
      this.kept = o.keeping?.read() ?? NOTHING_KEPT;
    } catch (e) {
      this.kept = NOTHING_KEPT;
      problem = (e as Error).message;
    }
    // Mutes and spent marks of rules no longer in force (deleted from the config file) are let go.
    const inForce = new Set(rulesInForce(o.settings, this.kept.made).map((r) => r.id));
    this.kept = {
      ...this.kept,
      muted: this.kept.muted.filter((id) => inForce.has(id)),
      spent: this.kept.spent.filter((id) => inForce.has(id)),
    };
    this.detector = new Detector({ cooldownMs: o.settings.cooldownMs, spent: this.kept.spent });
    this.store.update(() => ({ rules: this.entries(), fired: this.kept.fired, ...(problem ? { problem } : {}) }));
    this.watchPrices();
  }

  start(): void {
    this.unsubscribe = this.o.source.subscribe(() => this.check());
    this.timer = setInterval(() => this.check(), TICK_MS);
    this.timer.unref?.();
    this.check();
  }

  stop(): void {
    this.unsubscribe?.();
    clearInterval(this.timer);
  }

  /** Steps the detector with the snapshot now; the tests call it with their own clock. */
  check(): void {
    // The entries as the last change of the rules left them: not made again at every snapshot.
    const active = this.store.getSnapshot().rules.filter((e) => !e.muted && !e.spent);
    const events = this.detector.step(
      this.o.source.getSnapshot(),
      this.o.serverNow(),
      active.map((e) => e.rule),
    );
    if (events.length > 0) this.fired(events, active);
  }

  addRule(spec: RuleSpec): RuleAdded {
    const rule = makeRule(spec);
    const known = this.entries().find((e) => e.rule.id === rule.id);
    if (known !== undefined) {
      if (!known.spent && !known.muted) return "exists";
      this.rearm(rule.id);
      this.check();
      return "rearmed";
    }
    this.keep({ ...this.kept, made: [...this.kept.made, rule] });
    this.check();
    return "added";
  }

  deleteRule(id: string): void {
    if (!this.kept.made.some((r) => r.id === id)) return;
    this.detector.forget(id);
    this.keep({ ...this.kept, made: this.kept.made.filter((r) => r.id !== id), muted: without(this.kept.muted, id) });
  }

  /** Mutes or unmutes a rule; a spent once-only rule is armed again. */
  toggleMute(id: string): void {
    if (this.kept.spent.includes(id)) this.rearm(id);
    else this.keep({ ...this.kept, muted: this.kept.muted.includes(id) ? without(this.kept.muted, id) : [...this.kept.muted, id] });
    this.check();
  }

  /**
   * A spent or muted rule in force again, waiting for its next crossing. Its callers, as addRule's, step the
   * detector at once (check): a rule made or armed again takes its side from the price on screen now, the one the
   * form's preview compared it with; left to the next read, a price that crossed in between was its first, and the
   * rule waited for another.
   */
  private rearm(id: string): void {
    this.detector.forget(id);
    this.keep({ ...this.kept, muted: without(this.kept.muted, id) });
  }

  setFocused(focused: boolean): void {
    this.o.delivery.setFocused(focused);
  }

  /** Said on the screen (a notify_command failing): once, until another problem. */
  sayProblem(problem: string): void {
    this.store.update((s) => (s.problem === problem ? s : { ...s, problem }));
  }

  private fired(events: readonly AlertEvent[], active: readonly RuleEntry[]): void {
    const fired: FiredAlert[] = events.map((event) => {
      const rule = active.find((e) => e.rule.id === event.rule)?.rule;
      const channels = this.o.delivery.deliver(event, rule?.deliver ?? this.o.settings.deliver);
      this.o.onEvent?.(event, channels);
      return { event, channels };
    });
    // A settlement has the footer's toast (its result, and the key to the results): the line would say it twice.
    const shown = events.filter((e) => e.event !== "settled").at(-1);
    const line = shown && { alert: shown, until: (this.o.localNow ?? Date.now)() + ALERT_LINE_MS };
    this.keep({ ...this.kept, fired: [...this.kept.fired, ...fired].slice(-FIRED_KEPT) }, line);
  }

  private watchPrices(): void {
    const assets = this.entries().flatMap((e) => (e.rule.kind === "price" && !e.muted && !e.spent ? [e.rule.asset] : []));
    this.o.watchPrices?.([...new Set(assets)]);
  }

  private rules(): AlertRule[] {
    return rulesInForce(this.o.settings, this.kept.made);
  }

  private entries(): RuleEntry[] {
    const made = new Set(this.kept.made.map((r) => r.id));
    const written = new Set(this.o.settings.rules.map((r) => r.id));
    return this.rules().map((rule) => ({
      rule,
      origin: made.has(rule.id) ? "dashboard" : written.has(rule.id) || !isDefault(rule) ? "config" : "default",
      muted: this.kept.muted.includes(rule.id),
      spent: rule.kind === "price" && !rule.repeat && this.kept.spent.includes(rule.id),
    }));
  }

  private keep(next: KeptAlerts, line?: AlertsState["line"]): void {
    // Which once-only rules are spent is the detector's to say.
    const kept = { ...next, spent: [...this.detector.spent] };
    this.kept = kept;
    this.watchPrices();
    let problem: string | undefined;
    try {
      this.o.keeping?.write(kept);
    } catch (e) {
      problem = `alerts are not kept for the next launch: ${(e as Error).message}`;
    }
    this.store.update((s) => ({
      ...s,
      rules: this.entries(),
      fired: kept.fired,
      ...(line ? { line } : {}),
      ...(problem ? { problem } : {}),
    }));
  }
}

/** A simple event on by default and left so; one the config file turned on is the file's. */
const without = (ids: readonly string[], id: string) => ids.filter((x) => x !== id);

const isDefault = (r: AlertRule) => (SIMPLE_KINDS as readonly string[]).includes(r.kind) && SIMPLE_DEFAULTS[r.kind as SimpleKind];
