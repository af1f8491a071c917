# SPDX-License-Identifier: GPL-2.0
# Helpers shared by kernel/*.sh and qemu-images/*.sh (sourced, POSIX sh).
#
# The pristine Debian tree from kernel/source.sh is never written to. Its
# contents are committed once into a git repository kept beside it in the
# cache ($KBUG_CACHE/work/git-VERSION.git, using the tree only as the work
# tree for `git add`), and every patched tree is a fresh `git worktree` of
# that commit with the series applied by `git am`.

KBUG_CACHE=${KBUG_CACHE:-/var/cache/kbug}
kb_here=$(cd "$(dirname "$0")" && pwd)
KB_REPO=${KB_REPO:-$(cd "$kb_here/.." && pwd)}
KB_PATCHES=${KB_PATCHES:-$KB_REPO/kernel/patches}
KB_IDENT_NAME="kbug developers"
KB_IDENT_EMAIL="kbug@example.org"
export KBUG_CACHE

kb_log() {
	echo "$(date +%H:%M:%S) ${0##*/}: $*" >&2
}

kb_die() {
	kb_log "error: $*"
	exit 1
}

kb_git() {
	git -c user.name="$KB_IDENT_NAME" -c user.email="$KB_IDENT_EMAIL" \
		-c advice.detachedHead=false -c gc.auto=0 "$@"
}

# Path of the pristine tree and its Debian version.
kb_src() {
	sh "$KB_REPO/kernel/source.sh"
}

kb_version() {
	dpkg-query -W -f '${Version}' linux-source-6.12
}

# Serialise users of the cache (one kernel build at a time): run "$@"
# holding $KBUG_CACHE/.lock, waiting at most $KB_LOCK_WAIT seconds.
kb_locked() {
	mkdir -p "$KBUG_CACHE"
	flock -w "${KB_LOCK_WAIT:-3000}" "$KBUG_CACHE/.lock" "$@"
}

# Print the git dir holding the pristine tree as commit tag "pristine".
kb_pristine_git() {
	src=$(kb_src) || return 1
	ver=$(kb_version)
	g=$KBUG_CACHE/work/git-$ver.git
	if ! git --git-dir="$g" rev-parse -q --verify pristine >/dev/null 2>&1; then
		kb_log "committing the pristine tree into $g (once)"
		rm -rf "$g.tmp"
		mkdir -p "$KBUG_CACHE/work"
		git init -q --bare "$g.tmp" >&2
		# Take every file as shipped, ignored or not, but not our marker.
		(cd "$src" && kb_git --git-dir="$g.tmp" --work-tree=. \
			add -A -f -- . ':!.kbug-unpacked') >&2 || return 1
		kb_git --git-dir="$g.tmp" --work-tree="$src" commit -q \
			-m "linux-source-6.12 $ver (Debian), as unpacked" >&2 || return 1
		kb_git --git-dir="$g.tmp" tag pristine >&2 || return 1
		rm -rf "$g"
		mv "$g.tmp" "$g"
	fi
	echo "$g"
}

# kb_fresh_tree DIR: DIR becomes a new worktree of the pristine commit.
kb_fresh_tree() {
	g=$(kb_pristine_git) || return 1
	rm -rf "$1"
	git --git-dir="$g" worktree prune
	kb_git --git-dir="$g" worktree add -q --detach "$1" pristine >&2
}

# kb_apply_series DIR: git am every kernel/patches/0*.patch but the cover
# letter onto the worktree DIR.
kb_apply_series() {
	set -- "$1" "$(kb_series)"
	# shellcheck disable=SC2086 # the list is of paths without blanks
	(cd "$1" && kb_git am -q --whitespace=error-all $2)
}

kb_series() {
	ls "$KB_PATCHES"/[0-9][0-9][0-9][0-9]-*.patch 2>/dev/null |
		grep -v '/0000-cover-letter.patch$'
}

# A short hash of the source version and the files named.
kb_key() {
	{
		kb_version
		for f in "$@"; do
			echo "== ${f##*/}"
			cat "$f"
		done
	} | sha256sum | cut -c1-16
}
