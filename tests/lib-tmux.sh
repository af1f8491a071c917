# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers for the suites that drive kbug in a real terminal (tmux), as a
# user would: start a command in a window, wait for a text, type, read
# the exit code. Sourced after tests/lib.sh (require tmux first).
#   tmux_run TAG CMD...    run CMD in a fresh 200x50 window; its exit code lands in $TRASH/TAG.rc
#   wait_for TAG TEXT      until the pane shows TEXT (20 s at most); the screen in $TRASH/TAG.screen
#   wait_rc TAG            the exit code (30 s at most), else "timeout"
#   keys TAG KEYS...       tmux send-keys
#   screen_save TAG FILE   the pane as the user sees it, trailing blanks cut
#   save TAG NAME          screen_save into $KBUG_SCREENS/NAME.txt when KBUG_SCREENS names
#                          a directory (the screens of docs/screens.md), else nothing

TMUX_SOCK=kbug-$(basename "$0" .sh)-$$
test_at_exit "tmux -L $TMUX_SOCK kill-server 2>/dev/null"

tmux_run() {
	local tag=$1
	shift
	rm -f "$TRASH/$tag.rc"
	tmux -L "$TMUX_SOCK" new-session -d -s "$tag" -x 200 -y 50 \
		"cd '$TRASH' && $* ; echo \$? > '$TRASH/$tag.rc'; sleep 60"
}

wait_for() {
	local _
	for _ in $(seq 1 200); do
		tmux -L "$TMUX_SOCK" capture-pane -p -t "$1" -S -300 > "$TRASH/$1.screen" 2>/dev/null
		grep -qF -- "$2" "$TRASH/$1.screen" && return 0
		sleep 0.1
	done
	echo "the terminal never showed '$2':"; cat "$TRASH/$1.screen"
	return 1
}

wait_rc() {
	local _
	for _ in $(seq 1 300); do
		[ -s "$TRASH/$1.rc" ] && { cat "$TRASH/$1.rc"; return 0; }
		sleep 0.1
	done
	echo timeout
}

keys() {
	local tag=$1
	shift
	tmux -L "$TMUX_SOCK" send-keys -t "$tag" "$@"
}

screen_save() {
	tmux -L "$TMUX_SOCK" capture-pane -p -t "$1" -S -300 | sed -e 's/[[:space:]]*$//' | \
		cat -s > "$2"
}

save() {
	[ -z "${KBUG_SCREENS:-}" ] || screen_save "$1" "$KBUG_SCREENS/$2.txt"
}
