import { Box, Text } from "ink";
import Spinner from "ink-spinner";
import { Decimal } from "../../domain/money.js";
import { farFromPrice, type PlacementCheck } from "../../domain/placement.js";
import type { Connection, Placement } from "../../poller/snapshot.js";
import { FieldBox } from "../input/FieldBox.js";
import { Line } from "../Line.js";
import { textWidth } from "../spans.js";
import { glyphs, tone, useTheme } from "../theme.js";
import type { FormState } from "./form-state.js";
import { previewLine } from "./preview-line.js";

export interface PositionFormProps {
  form: FormState;
  check: PlacementCheck;
  /** Why placing cannot work at all (no wallet), shown instead of posting. */
  blocked: string | undefined;
  /** Why the previewed order can no longer be sent (its game stopped taking positions: form-flow.ts previewLapsed); Enter then goes back to editing. */
  lapsed?: string | undefined;
  network: string;
  currency: string;
  /** ms until the live game closes. */
  toClose: number;
  /** The live price: a price far from it is said to be (farFromPrice), in the ready line and the preview. */
  livePrice: Decimal | undefined;
  placement: Placement | undefined;
  connection: Connection;
  localNow: number;
  width: number;
  height: number;
  /** In a border (boxed), or two bare lines where rows are short. */
  framed: boolean;
}

export function PositionForm(p: PositionFormProps) {
  const theme = useTheme();
  const g = glyphs(theme);
  const { form } = p;
  const lines = Math.max(1, p.height - (p.framed ? 3 : 1));
  const mainnet = p.network === "mainnet";
  const fit = placeRow(form, p.width - (p.framed ? 4 : 0), p.currency, mainnet);
  return (
    <Box
      flexDirection="column"
      width={p.width}
      height={p.height}
      flexShrink={0}
      borderStyle={p.framed ? g.border : undefined}
      borderColor={tone(theme, mainnet ? "mainnet" : "accent")}
      paddingX={p.framed ? 1 : 0}
      overflowY="hidden"
    >
      <Text wrap="truncate-end">
        <Text bold>PLACE{fit.gid && p.form.order ? ` #${p.form.order.gid}` : ""} </Text>
        price <FieldBox field={form.price} active={form.step === "edit" && form.focus === "price"} width={fit.price} />
        {" ".repeat(fit.gap)}stake <FieldBox field={form.stake} active={form.step === "edit" && form.focus === "stake"} width={fit.stake} />
        {fit.currency ? ` ${p.currency}` : ""}
        {mainnet ? (
          <Text color={tone(theme, "mainnet")} bold inverse>
            {" "}
            MAINNET{" "}
          </Text>
        ) : fit.testnet ? (
          <Text color={tone(theme, "dim")}> {p.network}</Text>
        ) : null}
      </Text>
      <Status {...p} lines={lines} />
    </Box>
  );
}

/** The PLACE row's parts, from the roomiest to the tightest; the first that fits is drawn. */
const PLACE_ROWS = [
  { gid: true, price: 12, stake: 10, gap: 2, currency: true, testnet: true },
  { gid: false, price: 12, stake: 10, gap: 2, currency: true, testnet: true },
  { gid: false, price: 10, stake: 8, gap: 2, currency: true, testnet: true },
  { gid: false, price: 10, stake: 8, gap: 1, currency: true, testnet: false },
  { gid: false, price: 10, stake: 8, gap: 1, currency: false, testnet: false },
] as const;

/**
 * How the PLACE row fits `width`: a narrow pane leaves out the game's id
 * (the preview and the game pane name it), narrows the fields (never below
 * what they hold, and the cursor), then "testnet" (the header names it;
 * MAINNET stays) and the currency, so the fields being edited stay in sight.
 */
function placeRow(form: FormState, width: number, currency: string, mainnet: boolean) {
  const sized = PLACE_ROWS.map((r) => ({
    ...r,
    price: Math.max(r.price, textWidth(form.price.text) + 1),
    stake: Math.max(r.stake, textWidth(form.stake.text) + 1),
  }));
  const cols = (r: (typeof sized)[number]) =>
    "PLACE ".length +
    (r.gid && form.order ? form.order.gid.length + 2 : 0) +
    "price []".length +
    r.price +
    r.gap +
    "stake []".length +
    r.stake +
    (r.currency ? currency.length + 1 : 0) +
    (mainnet ? " MAINNET ".length : r.testnet ? " testnet".length : 0);
  return sized.find((r) => cols(r) <= width) ?? sized.at(-1)!;
}

function Status(p: PositionFormProps & { lines: number }) {
  const theme = useTheme();
  const { form } = p;
  if (form.step === "sending") {
    const queued = p.placement?.state === "queued" && p.connection.state === "rate_limited";
    const reconciling = p.placement?.state === "reconciling";
    return (
      <Text wrap="truncate-end" color={tone(theme, queued ? "warn" : "accent")}>
        {theme.ascii ? "… " : <Spinner type="dots" />}{" "}
        {queued && p.connection.state === "rate_limited"
          ? `queued: rate limited, sending in ${Math.max(0, Math.ceil((p.connection.resumeAt - p.localNow) / 1000))} s`
          : reconciling
            ? "no answer from the service — checking /status whether it was placed…"
            : "sending…"}
      </Text>
    );
  }
  if (form.step === "preview" && form.order) {
    const { network, currency, toClose, lapsed, livePrice } = p;
    const line = { order: form.order, network, currency, toClose, lapsed, livePrice, ascii: theme.ascii };
    return <Line>{previewLine(line, p.width - (p.framed ? 4 : 0))}</Line>;
  }
  if (form.note && form.step === "edit") {
    return (
      <Text wrap="truncate-end" color={tone(theme, form.note.tone)}>
        {form.note.text}
      </Text>
    );
  }
  const problems = p.blocked ? [p.blocked] : p.check.ok ? [] : p.check.problems;
  if (problems.length === 0) {
    const far = p.check.ok ? farFromPrice(new Decimal(p.check.sp), p.livePrice) : undefined;
    return (
      <Text wrap="truncate-end" color={tone(theme, far ? "warn" : "good")}>
        {far ? `ready: Enter to preview · price ${far}` : "ready: Enter to preview"}
      </Text>
    );
  }
  // The mark and its space before each line.
  const shown = problemLines(problems, p.lines, p.width - (p.framed ? 4 : 0) - 2);
  return (
    <>
      {shown.map((problem) => (
        <Text key={problem} wrap="truncate-end" color={tone(theme, "bad")}>
          {theme.ascii ? "x" : "✗"} {problem}
        </Text>
      ))}
    </>
  );
}

/**
 * The problems on `lines` lines of `width` columns: one a line, the last
 * taking the rest, as many whole as fit, then how many more there are
 * ("(+1 more)"), never one cut mid-word after another. A problem too wide
 * for a line leaves out the reason in brackets at its end ("same price and
 * stake as a position you hold"), rather than be cut inside it.
 */
export function problemLines(all: readonly string[], lines: number, width: number): string[] {
  const problems = all.map((p) => (textWidth(p) > width ? p.replace(/ \([^()]*\)$/, "") : p));
  if (problems.length <= lines) return problems;
  const rest = problems.slice(lines - 1);
  const more = (n: number) => (n > 0 ? ` (+${n} more)` : "");
  let last = rest[0]!;
  let taken = 1;
  for (; taken < rest.length; taken++) {
    const next = `${last} · ${rest[taken]}`;
    if (textWidth(next + more(rest.length - taken - 1)) > width) break;
    last = next;
  }
  return [...problems.slice(0, lines - 1), last + more(rest.length - taken)];
}
