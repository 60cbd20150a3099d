/**
 * The alert form (A), where the position form goes (FormSlot): the kind,
 * the value and the option on one line, and under it the one line that
 * says exactly when the rule will fire, or what keeps it from being saved.
 */
import { Box, Text } from "ink";
import { FieldBox } from "../../input/FieldBox.js";
import { keyName } from "../../keymap.js";
import { useKeyTables } from "../../keys-context.js";
import { cutAtWord } from "../../spans.js";
import { glyphs, tone, useTheme } from "../../theme.js";
import type { AlertFormCheck } from "./alert-form-check.js";
import { type AlertFormState, KIND_LABELS, optionLabel, valueField } from "./alert-form-state.js";

export interface AlertFormProps {
  form: AlertFormState;
  check: AlertFormCheck;
  width: number;
  height: number;
  /** In a border (boxed), or bare lines where rows are short. */
  framed: boolean;
}

/** The value field's width inside its brackets. */
const VALUE_WIDTH = 10;

export function AlertForm(p: AlertFormProps) {
  const theme = useTheme();
  const { form } = p;
  const lines = Math.max(1, p.height - (p.framed ? 3 : 1));
  const [open, close] = theme.ascii ? ["<", ">"] : ["‹", "›"];
  return (
    <Box
      flexDirection="column"
      width={p.width}
      height={p.height}
      flexShrink={0}
      borderStyle={p.framed ? glyphs(theme).border : undefined}
      borderColor={tone(theme, "accent")}
      paddingX={p.framed ? 1 : 0}
      overflowY="hidden"
    >
      <Text wrap="truncate-end">
        <Text bold>NEW ALERT </Text>
        <Choice text={`${open}${KIND_LABELS[form.kind]}${close}`} active={form.focus === "kind"} />{" "}
        <FieldBox field={valueField(form)} active={form.focus === "value"} width={VALUE_WIDTH} selectPrefilled />
        {form.kind === "closing" ? " s" : ""} <Choice text={`${open}${optionLabel(form)}${close}`} active={form.focus === "option"} />
      </Text>
      <Status form={form} check={p.check} width={p.width - (p.framed ? 4 : 0)} />
      {lines > 1 ? <KeysLine /> : null}
    </Box>
  );
}

function Choice(p: { text: string; active: boolean }) {
  const theme = useTheme();
  return p.active ? (
    <Text color={tone(theme, "accent")} inverse>
      {p.text}
    </Text>
  ) : (
    <Text>{p.text}</Text>
  );
}

/** A note of the last key, else the problem, else the preview: whole words in the `width` the line has. */
function Status(p: { form: AlertFormState; check: AlertFormCheck; width: number }) {
  const theme = useTheme();
  if (p.form.note) {
    return (
      <Text wrap="truncate-end" color={tone(theme, p.form.note.tone)}>
        {cutAtWord(p.form.note.text, p.width)}
      </Text>
    );
  }
  if (!p.check.ok) {
    return (
      <Text wrap="truncate-end" color={tone(theme, "bad")}>
        {cutAtWord(`${theme.ascii ? "x" : "✗"} ${p.check.problem}`, p.width)}
      </Text>
    );
  }
  return (
    <Text wrap="truncate-end" color={tone(theme, p.check.tone)}>
      {cutAtWord(p.check.preview, p.width)}
    </Text>
  );
}

/** Where the layout gives the form a second line: what saves and cancels, and where the rules are listed once it is closed (L in the form is text). */
function KeysLine() {
  const theme = useTheme();
  const k = useKeyTables();
  return (
    <Text wrap="truncate-end" color={tone(theme, "dim")}>
      {keyName(k.alert, "save")} saves {glyphs(theme).sep} {keyName(k.alert, "cancel")} cancels {glyphs(theme).sep} then{" "}
      {keyName(k.dashboard, "alerts")} lists the alerts, to mute or delete
    </Text>
  );
}
