/**
 * The key tables as the trader bound them, for the views whose words name a
 * key ("rows 3–5 of 9 (j/k)", "p places one"): the App provides them, so a
 * rebound key is named as bound everywhere.
 */
import { createContext, useContext } from "react";
import type { DashboardAction } from "./dashboard/keys.js";
import { DEFAULT_KEYS, type KeyTables } from "./key-tables.js";
import { keyName } from "./keymap.js";

export const KeysContext = createContext<KeyTables>(DEFAULT_KEYS);

export function useKeyTables(): KeyTables {
  return useContext(KeysContext);
}

/** The name of a dashboard action's key, as bound. */
export function useDashboardKey(action: DashboardAction): string {
  return keyName(useKeyTables().dashboard, action);
}
