/** The position form, or the alert form, where the layout gives it rows: under the chart, or in place of the positions (lines). */
import { AlertForm } from "../alerts/form/AlertForm.js";
import type { DashboardProps } from "../dashboard-props.js";
import { PositionForm } from "../form/PositionForm.js";

export function FormSlot(p: DashboardProps) {
  const { snapshot: s, layout: l, now } = p;
  const live = s.listing?.value.liveGame ?? undefined;
  if (l.formHeight === 0) return null;
  if (!p.form) {
    return p.alertForm ? <AlertForm {...p.alertForm} width={l.paneCols} height={l.formHeight} framed={l.framed} /> : null;
  }
  return (
    <PositionForm
      form={p.form.state}
      check={p.form.check}
      blocked={p.form.blocked}
      lapsed={p.form.lapsed}
      network={s.target.network}
      currency={s.target.currency}
      toClose={live ? Math.max(0, live.closes_at - now) : 0}
      livePrice={s.price?.value.value}
      placement={s.placement}
      connection={s.connection}
      localNow={p.localNow}
      width={l.paneCols}
      height={l.formHeight}
      framed={l.framed}
    />
  );
}
