#!/usr/bin/env bash
# What `npm test` needs beyond Node and npm: tmux for the end-to-end tests,
# zsh and fish for the completion tests. Installed here when this user may
# (root, or sudo without a password, on a machine with apt-get); otherwise
# one line names the packages and the command, and the tests do not start.
set -euo pipefail

needed=(tmux zsh fish)
missing=()
for tool in "${needed[@]}"; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
[ "${#missing[@]}" -eq 0 ] && exit 0

sudo=()
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo=(sudo -n); else sudo=(none); fi
fi
if [ "${sudo[0]:-}" = none ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "npm test needs ${missing[*]}: install them (Debian, Ubuntu: sudo apt-get install ${missing[*]}) and run it again" >&2
  exit 1
fi

echo "npm test: installing ${missing[*]} (apt-get)" >&2
# apt's chatter (debconf's notes among it) only when something fails.
if ! out=$("${sudo[@]}" apt-get update -qq 2>&1 &&
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" 2>&1); then
  printf '%s\n' "$out" >&2
  echo "npm test needs ${missing[*]}, and apt-get could not install them (above)" >&2
  exit 1
fi
