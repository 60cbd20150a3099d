/**
 * The backend as the header and the commands name it: a sim's label says it
 * is one before its address, so a narrow header can keep that word alone.
 * Pure; open-backend.ts makes the labels.
 */
const SIM_MARK = "SIM";

/** "SIM 127.0.0.1:8787". */
export function simLabel(host: string): string {
  return `${SIM_MARK} ${host}`;
}

/** What a header too narrow for the whole label keeps of it: "SIM" of a sim's; nothing of a service's host. */
export function shortBackend(label: string): string | undefined {
  return label.startsWith(`${SIM_MARK} `) ? SIM_MARK : undefined;
}
