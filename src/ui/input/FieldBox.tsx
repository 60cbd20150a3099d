/**
 * A one-line text field as the forms draw it: `[text  ]`, `width` columns
 * between the brackets, the cursor in inverse while it is the field being
 * edited. Padded by the columns drawn, not the characters: a letter from an
 * East Asian input method takes two, and the row after it stays in line.
 */
import { Text } from "ink";
import { spaces, textWidth } from "../spans.js";
import { tone, useTheme } from "../theme.js";
import type { TextField } from "./text-field.js";

export function FieldBox(p: {
  field: TextField;
  active: boolean;
  width: number;
  /** The prefilled value is drawn selected (where any erase or text replaces it whole, as in the alert form). */
  selectPrefilled?: boolean;
}) {
  const theme = useTheme();
  const { text, cursor } = p.field;
  const pad = (...drawn: string[]) => spaces(Math.max(0, p.width - drawn.reduce((w, t) => w + textWidth(t), 0)));
  if (!p.active) return <Text>[{text + pad(text)}]</Text>;
  if (p.selectPrefilled && p.field.prefilled) {
    return (
      <Text color={tone(theme, "accent")}>
        [<Text inverse>{text}</Text>
        {pad(text)}]
      </Text>
    );
  }
  const before = text.slice(0, cursor);
  const at = text.slice(cursor, cursor + 1) || " ";
  const after = text.slice(cursor + 1);
  return (
    <Text color={tone(theme, "accent")}>
      [{before}
      <Text inverse>{at}</Text>
      {after + pad(before, at, after)}]
    </Text>
  );
}
