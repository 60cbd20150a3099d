#!/usr/bin/env bash
# Takes docs/screenshot.png: the dashboard on its embedded sim in a 120x35
# tmux pane, after a game's worth of prices and two positions placed from the
# form, rendered from the terminal's own cells (tmux capture-pane → aha →
# headless chromium). Needs the Debian packages tmux, aha, chromium and
# fonts-dejavu-core. Usage: scripts/screenshot.sh [OUT.png] [COLSxROWS]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/screenshot.png}
size=${2:-120x35}
cols=${size%x*}
rows=${size#*x}
session=spotdash-shot-$$
work=$(mktemp -d)
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"' EXIT

npm run -s build
# A state directory of its own: the picture starts from an empty price history, like a first run.
tmux new-session -d -s "$session" -x "$cols" -y "$rows" \
  "env -u METAFIDE_API_KEY SPOTDASH_STATE_DIR=$work/state TERM=xterm-256color node dist/spotdash.js --interval 60"
wait_for() { # REGEX SECONDS: until the pane shows REGEX
  for _ in $(seq $(($2 * 5))); do
    tmux capture-pane -p -t "$session" | grep -Eq "$1" && return 0
    sleep 0.2
  done
  echo "screenshot: the dashboard never showed /$1/" >&2
  exit 1
}
# Early in a game: two positions through the form, as a trader places them.
wait_for 'closes in 0:(5[0-9]|4[5-9])' 150
for _ in 1 2; do
  wait_for 'can place now' 30
  tmux send-keys -t "$session" p
  wait_for 'PLACE price' 5
  tmux send-keys -t "$session" Enter
  wait_for 'Enter submit' 5
  tmux send-keys -t "$session" Enter
  wait_for 'placed ✓' 15
  tmux send-keys -t "$session" Enter
  sleep 2
done
# Late in the game, so the chart has most of it.
wait_for 'closes in 0:1[0-5]' 90

tmux capture-pane -e -p -t "$session" | aha --black --title spotdash > "$work/shot.html"
# Every glyph the dashboard draws is one cell wide; a font without braille would draw it from a
# proportional fallback, so each character beyond ASCII is boxed to one cell.
perl -CSD -pi -e 's/([^\x00-\x7f])/<span class="c">$1<\/span>/g; s#<pre>#<style>.c{display:inline-block;width:1ch}</style><pre style="font-family:DejaVu Sans Mono,monospace;font-size:14px;line-height:1.2;margin:6px">#' "$work/shot.html"
chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update \
  --disable-sync --user-data-dir="$work/chrome" --hide-scrollbars \
  --window-size=$((cols * 17 / 2 + 12)),$((rows * 17 + 12)) --screenshot="$out" "file://$work/shot.html" >/dev/null 2>&1
echo "$out"
