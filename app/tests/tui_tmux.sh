#!/usr/bin/env bash
# `dama tui` at a real terminal: tmux runs it in an 80×24 pane, mouse clicks go in as SGR
# escape sequences (`ESC [ < 0 ; column ; row M` press, `... m` release, 1-based cells), keys
# as keys; capture-pane reads the screen. Each session checks afterwards that the terminal was
# left as it was: the same `stty -g` settings as before (no raw mode), the alternate screen and
# the mouse modes off.
#
# Usage: tests/tui_tmux.sh [path/to/dama]   (default: target/release/dama, built if missing)
# Needs tmux; takes a few seconds. Not part of `cargo test`.
set -uo pipefail

cd "$(dirname "$0")/.."
DAMA=${1:-target/release/dama}
if [[ ! -x $DAMA ]]; then cargo build --release --quiet; fi
DAMA=$(realpath "$DAMA")
command -v tmux >/dev/null || { echo "tmux is not installed"; exit 2; }

WORK=$(mktemp -d)
SESSION="dama-tui-$$"
FAILED=0
trap 'tmux kill-session -t "$SESSION" 2>/dev/null || true; rm -rf "$WORK"' EXIT

fail() { echo "FAIL: $*"; FAILED=1; }
screen() { tmux capture-pane -p -t "$SESSION"; }

# Waits up to five seconds for the screen to contain $1.
wait_for() {
    for _ in $(seq 50); do
        if screen | grep -qF -- "$1"; then return 0; fi
        sleep 0.1
    done
    fail "the screen never showed '$1'"
    screen
    return 1
}

# A left click on the square named $1 (e.g. c3), the board seen from white.
click() {
    local file=$(( $(printf '%d' "'${1:0:1}") - 97 )) rank=$(( ${1:1:1} - 1 ))
    local col=$(( 6 + 5 * file )) row=$(( 17 - 2 * rank ))
    tmux send-keys -t "$SESSION" -l $'\e[<0;'"$col;$row"'M'
    tmux send-keys -t "$SESSION" -l $'\e[<0;'"$col;$row"'m'
    sleep 0.1
}

right_click() {
    tmux send-keys -t "$SESSION" -l $'\e[<2;40;10M'
    tmux send-keys -t "$SESSION" -l $'\e[<2;40;10m'
    sleep 0.1
}

# A move by mouse: the piece, each square of the path, the last square again.
mouse_move() {
    local IFS='-x:'
    local squares=($1)
    for s in "${squares[@]}"; do click "$s"; done
    click "${squares[-1]}"
}

# A move typed after `t`, then Enter.
typed_move() {
    tmux send-keys -t "$SESSION" t
    tmux send-keys -t "$SESSION" -l "$1"
    tmux send-keys -t "$SESSION" Enter
    sleep 0.1
}

# Starts `dama tui $*` in a fresh pane; the pane records the terminal settings before and
# after, and the exit status.
start() {
    tmux kill-session -t "$SESSION" 2>/dev/null || true
    rm -f "$WORK"/before "$WORK"/after "$WORK"/rc "$WORK"/pid
    tmux new-session -d -s "$SESSION" -x 80 -y 24 \
        "NO_COLOR=${NO_COLOR:-} stty -g > $WORK/before; sh -c 'echo \$\$ > $WORK/pid; exec $DAMA tui $*'; echo \$? > $WORK/rc; stty -g > $WORK/after; sleep 60"
    wait_for "${START_TEXT:-White to move}"
}

# Checks that the program ended with status $1 and left the terminal as it found it.
check_restored() {
    for _ in $(seq 50); do [[ -f $WORK/after ]] && break; sleep 0.1; done
    [[ -f $WORK/after ]] || { fail "the program did not end"; return; }
    [[ $(cat "$WORK/rc") == "$1" ]] || fail "exit status $(cat "$WORK/rc"), expected $1"
    cmp -s "$WORK/before" "$WORK/after" || fail "stty settings changed: $(cat "$WORK/before") -> $(cat "$WORK/after")"
    local modes
    modes=$(tmux display -p -t "$SESSION" '#{alternate_on} #{mouse_any_flag} #{cursor_flag}')
    [[ $modes == "0 0 1" ]] || fail "alternate screen / mouse / cursor: '$modes', expected '0 0 1'"
    echo "  exit status $(cat "$WORK/rc"); stty unchanged; alternate screen, mouse, cursor: $modes"
}

echo "1. Two people, moves by mouse and typed, a refused path, a cancel, quit."
start --rules czech
mouse_move c3-d4
typed_move f6-g5
wait_for "1. c3-d4        f6-g5"
mouse_move b2-c5
wait_for "The piece on b2 cannot move like that."
click a3; click b4; right_click
wait_for "Path cancelled."
mouse_move b2-c3
typed_move g7-f6
wait_for "2. b2-c3        g7-f6"
screen | sed 's/^/  | /'
tmux send-keys -t "$SESSION" q
wait_for "The game is not saved. Leave it anyway?"
tmux send-keys -t "$SESSION" y
check_restored 0

echo "2. Against the engine: it answers, undo takes back the pair."
start --rules spanish --black engine --depth 2
mouse_move c3-d4
wait_for "depth 2"
screen | grep -F "1. 63.54" | sed 's/^/  | /'
tmux send-keys -t "$SESSION" u
wait_for "Taken back:"
screen | grep -qF "1. 63.54" && fail "undo left the move list"
tmux send-keys -t "$SESSION" q
wait_for "Leave it anyway?"
tmux send-keys -t "$SESSION" y
check_restored 0

echo "3. The engine searching 40 plies deep: keys answered, Space makes it move now."
start --rules czech --black engine --depth 40
mouse_move c3-d4
wait_for "thinking"
tmux send-keys -t "$SESSION" f
wait_for "     h    g    f    e    d    c    b    a"
tmux send-keys -t "$SESSION" Space
wait_for "White to move"
screen | grep -F "1. c3-d4" | sed 's/^/  | /'
tmux send-keys -t "$SESSION" C-c
check_restored 0

echo "4. SIGTERM while the engine thinks: the terminal is restored."
start --rules czech --black engine --depth 40
mouse_move c3-d4
wait_for "thinking"
kill -TERM "$(cat "$WORK/pid")"
check_restored 0

echo "5. NO_COLOR, a too-small terminal, back, and Ctrl-C."
start --rules czech
screen | grep -qF "░ x ░" && fail "letters without NO_COLOR"
tmux send-keys -t "$SESSION" C-c
check_restored 0
NO_COLOR=1 start --rules czech
wait_for "░ x ░"
# Any colour set (not the resets 39/49) would show as 3x/4x/9x or 38;5/48;5 in the escapes.
tmux capture-pane -p -e -t "$SESSION" | grep -qE $'\e\\[([0-9;]*;)?([34][0-7]|9[0-7]|[34]8;5;[0-9]+)(;|m)' \
    && fail "colour with NO_COLOR"
tmux resize-window -t "$SESSION" -x 60 -y 20
wait_for "Enlarge the terminal to 80×24"
tmux resize-window -t "$SESSION" -x 80 -y 24
wait_for "White to move"
tmux send-keys -t "$SESSION" C-c
check_restored 0

echo "6. Russian rules: the screen in Russian by default, a capture by mouse written d4:f6."
START_TEXT="Ход белых (человек)" start --rules russian
mouse_move c3-d4
mouse_move f6-e5
mouse_move d4:f6
wait_for "2. d4:f6"
screen | grep -F "2. d4:f6" | sed 's/^/  | /'
tmux send-keys -t "$SESSION" C-c
check_restored 0

if [[ $FAILED == 0 ]]; then echo "tui_tmux: all passed"; else echo "tui_tmux: FAILED"; exit 1; fi
