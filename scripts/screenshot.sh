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
sleep 20
for _ in 1 2; do
  tmux send-keys -t "$session" p
  sleep 1
  tmux send-keys -t "$session" Enter
  sleep 1
  tmux send-keys -t "$session" Enter
  sleep 3
  tmux send-keys -t "$session" Enter
  sleep 1
done
sleep 15

tmux capture-pane -e -p -t "$session" | aha --black --title spotdash > "$work/shot.html"
# Every glyph the dashboard draws is one cell wide; a font without braille would draw it from a
# proportional fallback, so each character beyond ASCII is boxed to one cell.
perl -CSD -pi -e 's/([^\x00-\x7f])/<span class="c">$1<\/span>/g; s#<pre>#<style>.c{display:inline-block;width:1ch}</style><pre style="font-family:DejaVu Sans Mono,monospace;font-size:14px;line-height:1.2;margin:6px">#' "$work/shot.html"
chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update \
  --disable-sync --user-data-dir="$work/chrome" --hide-scrollbars \
  --window-size=$((cols * 17 / 2 + 12)),$((rows * 17 + 12)) --screenshot="$out" "file://$work/shot.html" >/dev/null 2>&1
echo "$out"
