/**
 * A one-line text field's editing, shared by the forms that take text (the
 * position form, the alert form): the cursor keys, erasing, and what typed
 * or pasted text goes in as.
 */
export interface TextField {
  text: string;
  cursor: number;
  /** The value the form opened with, not yet touched: text typed or pasted replaces it whole. */
  prefilled?: boolean;
}

/** A field the form opens with `text` in it, the cursor at its end; text typed or pasted first replaces it. */
export function prefilledField(text: string): Required<TextField> {
  return { text, cursor: text.length, prefilled: text !== "" };
}

export type TextEdit = "left" | "right" | "home" | "end" | "backspace" | "delete" | "eraseBefore";

/** The field after a cursor or erase key: the same field when an erase has nothing to erase. */
export function editText(f: TextField, edit: TextEdit): TextField {
  switch (edit) {
    case "left":
      return { ...f, cursor: Math.max(0, f.cursor - 1) };
    case "right":
      return { ...f, cursor: Math.min(f.text.length, f.cursor + 1) };
    case "home":
      return { ...f, cursor: 0 };
    case "end":
      return { ...f, cursor: f.text.length };
    case "backspace":
      return f.cursor === 0 ? f : { text: f.text.slice(0, f.cursor - 1) + f.text.slice(f.cursor), cursor: f.cursor - 1 };
    case "delete":
      return f.cursor === f.text.length ? f : { text: f.text.slice(0, f.cursor) + f.text.slice(f.cursor + 1), cursor: f.cursor };
    // Ctrl+U, as a shell's line editor has it: what a paste or typing left before the cursor goes in one key.
    case "eraseBefore":
      return f.cursor === 0 ? f : { text: f.text.slice(f.cursor), cursor: 0 };
  }
}

/**
 * Typed or pasted text into the field at its cursor (in place of a
 * prefilled value), as it is (a typo is for validation to name):
 * full-width digits as ASCII ones, less escape sequences a paste carried
 * and control characters, which would be invisible; any run of spaces as
 * one, and none at the field's start or beside a space, where it separates
 * nothing (so a stray space leaves a prefilled value in place). At most
 * `max` characters in all. Commas, spaces and underscores stay where they
 * were typed: the check reads "67,100" and "67 100" as 67100 and refuses
 * "0,5" and "0 5" (parseDecimal), where dropping them would show "05", a
 * stake ten times the one meant. `cut`: some of it (or of the paste,
 * `dropped`) was left out.
 */
export function insertText(f: TextField, input: string, max: number, dropped = 0): { field: TextField; cut: boolean } {
  // Full-width digits and signs as their ASCII (NFKC: "６７１００" from an East Asian input method; a no-break or
  // narrow no-break space, as a European locale groups thousands, as a space), then escape sequences, whole,
  // then the other control characters (a tab, a pasted newline).
  const text = input
    .normalize("NFKC")
    .replace(/\p{Cc}\[[0-9;]*[A-Za-z~]/gu, "")
    .replace(/\p{Cc}/gu, "")
    .replace(/\s+/gu, " ");
  // Over a prefilled value, in its place: a price pasted over the prefilled one is not glued to it.
  const base = f.prefilled ? { text: "", cursor: 0 } : f;
  const separates = base.cursor > 0 && base.text[base.cursor - 1] !== " ";
  const beforeSpace = base.text[base.cursor] === " ";
  const trimmed = separates ? text : text.trimStart();
  const clean = Array.from(beforeSpace ? trimmed.trimEnd() : trimmed);
  const room = Math.max(0, max - Array.from(base.text).length);
  const typed = clean.slice(0, room).join("");
  const cut = clean.length > room || dropped > 0;
  if (typed === "") return { field: f, cut };
  return {
    field: { text: base.text.slice(0, base.cursor) + typed + base.text.slice(base.cursor), cursor: base.cursor + typed.length },
    cut,
  };
}
