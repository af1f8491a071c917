#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The shell completion, generated from the option tables: the bash script
# loads in bash and completes a command name, an option of `report`, a
# global option after the command, a value from a fixed list and a
# subcommand; the zsh script is made (and parses when zsh is here).
. "$(dirname "$0")/lib.sh"

# complete WORD...: COMPREPLY, one per line, for "kbug WORD..." (the last
# word being the one under the cursor)
complete_words() {
	bash -c '
		. ./kbug.bash || exit 1
		COMP_WORDS=(kbug "$@")
		COMP_CWORD=$#
		COMP_LINE="kbug $*"
		COMP_POINT=${#COMP_LINE}
		_kbug kbug "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
		[ ${#COMPREPLY[@]} = 0 ] || printf "%s\n" "${COMPREPLY[@]}"
	' complete "$@"
}

test_expect_success 'kbug help --completion bash prints a script bash reads' '
	"$KBUG" help --completion bash >kbug.bash &&
	bash -n kbug.bash &&
	bash -c ". ./kbug.bash && complete -p kbug" | grep -q "_kbug"
'

test_expect_success 'a command name completes' '
	"$KBUG" help --completion bash >kbug.bash &&
	complete_words rep >out &&
	test "$(cat out)" = report &&
	complete_words "" >all &&
	for c in analyze bugzilla collect maintainers outbox probes report route; do
		grep -qx "$c" all || { echo "no $c"; exit 1; }
	done
'

test_expect_success 'an option of report completes, and a global one after the command' '
	"$KBUG" help --completion bash >kbug.bash &&
	complete_words report --last >out &&
	grep -qx -- --last-good out &&
	complete_words report --dry >out &&
	grep -qx -- --dry-run out &&
	complete_words report --sys >out &&
	test "$(cat out)" = --sysroot &&
	complete_words --js >out &&
	test "$(cat out)" = --json
'

test_expect_success 'the options of another command are not offered' '
	"$KBUG" help --completion bash >kbug.bash &&
	complete_words route --last >out &&
	test ! -s out &&
	complete_words route --for >out &&
	test "$(cat out)" = --format
'

test_expect_success 'a value from a fixed list, a subcommand, a file' '
	"$KBUG" help --completion bash >kbug.bash &&
	complete_words report --to e >out &&
	test "$(cat out)" = email &&
	complete_words bugzilla wh >out &&
	test "$(cat out)" = whoami &&
	: >saved-log.txt &&
	complete_words report --log saved- >out &&
	test "$(cat out)" = saved-log.txt
'

test_expect_success 'kbug help --completion zsh prints a zsh completion function' '
	"$KBUG" help --completion zsh >_kbug &&
	head -n 1 _kbug | grep -qx "#compdef kbug" &&
	grep -q -- "--last-good=" _kbug &&
	if command -v zsh >/dev/null; then zsh -n _kbug; fi
'

test_expect_success 'an unknown shell is a usage error' '
	test_expect_code 2 "$KBUG" help --completion fish 2>err &&
	grep -q "bash or zsh" err
'

test_done
