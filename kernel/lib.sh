# shellcheck shell=sh
# SPDX-License-Identifier: GPL-2.0
# Helpers shared by kernel/*.sh and qemu-images/*.sh (sourced, POSIX sh).
#
# The pristine Debian tree from kernel/source.sh is never written to. Its
# contents are committed once into a git repository kept beside it in the
# cache ($KBUG_CACHE/work/git-VERSION.git, using the tree only as the work
# tree for `git add`), and every patched tree is a fresh clone of that
# commit with the series applied by `git am`.

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

# kb_fresh_tree DIR: DIR becomes a new checkout of the pristine commit
# (a clone sharing the cached repository's objects).
kb_fresh_tree() {
	g=$(kb_pristine_git) || return 1
	rm -rf "$1"
	kb_git clone -q --shared --no-checkout "$g" "$1" >&2 &&
		kb_git -C "$1" checkout -q --detach pristine >&2
}

# kb_apply_series DIR: git am every kernel/patches/0*.patch but the cover
# letter onto the checkout DIR.
kb_apply_series() {
	set -- "$1" "$(kb_series)"
	# shellcheck disable=SC2086 # the list is of paths without blanks
	(cd "$1" && kb_git am -q --whitespace=error-all $2)
}

kb_series() {
	for p in "$KB_PATCHES"/[0-9][0-9][0-9][0-9]-*.patch; do
		case $p in
		*/0000-cover-letter.patch) ;;
		*) [ -f "$p" ] && echo "$p" ;;
		esac
	done
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

# kb_verify_config CONFIG FRAGMENT...: every option a fragment sets must
# have ended up so in CONFIG (a dependency missing from the fragment makes
# Kconfig drop it silently). Prints each one that did not, fails if any.
kb_verify_config() {
	cfg=$1
	shift
	bad=0
	for frag in "$@"; do
		while IFS= read -r line; do
			case $line in
			CONFIG_*=*)
				grep -qxF "$line" "$cfg" && continue ;;
			"# CONFIG_"*" is not set")
				opt=${line#\# }
				opt=${opt%% *}
				! grep -q "^$opt=" "$cfg" && continue ;;
			*)
				continue ;;
			esac
			opt=$(echo "$line" | sed -E 's/^(# )?(CONFIG_[A-Za-z0-9_]+).*/\2/')
			have=$(grep -E "^$opt=|^# $opt is not set" "$cfg" || echo "$opt absent")
			echo "config: wanted '$line', got '$have'" >&2
			bad=1
		done < "$frag"
	done
	return "$bad"
}

# kb_configure SRC OBJ FRAGMENT...: allnoconfig with the fragments preset,
# then verified.
kb_configure() {
	src=$1 obj=$2
	shift 2
	mkdir -p "$obj"
	cat "$@" > "$obj/kbug-fragment.config"
	make -s -C "$src" O="$obj" KCONFIG_ALLCONFIG="$obj/kbug-fragment.config" \
		allnoconfig >&2 || return 1
	kb_verify_config "$obj/.config" "$@"
}

# kb_extract_marked FILE START END: the bytes between two markers in FILE
# (as IKCFG_ST/IKCFG_ED or IKMNT_ST/IKMNT_ED), on stdout.
kb_extract_marked() {
	/usr/bin/python3 - "$@" <<'PY'
import sys
data = open(sys.argv[1], "rb").read()
st, ed = sys.argv[2].encode(), sys.argv[3].encode()
a = data.find(st)
b = data.find(ed, a + len(st))
if a < 0 or b < 0:
    sys.exit("markers %s/%s not found in %s" % (sys.argv[2], sys.argv[3], sys.argv[1]))
sys.stdout.buffer.write(data[a + len(st):b])
PY
}

# kb_mini_initramfs OUT INIT [MODROOT]: a gzip-compressed cpio with
# busybox-static, INIT as /init and MODROOT's lib/modules (a modules_install
# staging directory), for a quick boot test.
kb_mini_initramfs() {
	r=$(mktemp -d "${TMPDIR:-/tmp}/kbug-mini.XXXXXX") || return 1
	mkdir -p "$r/bin" "$r/sbin" "$r/usr/bin" "$r/usr/sbin" "$r/proc" \
		"$r/sys" "$r/dev" "$r/tmp" "$r/lib/modules"
	cp /bin/busybox "$r/bin/busybox"
	/bin/busybox --list-full | while read -r a; do
		[ -e "$r/$a" ] || ln -s /bin/busybox "$r/$a"
	done
	install -m 0755 "$2" "$r/init"
	if [ -n "${3:-}" ]; then
		cp -a "$3/lib/modules/." "$r/lib/modules/"
		find "$r/lib/modules" \( -name build -o -name source \) -type l \
			-exec rm -f {} +
	fi
	(cd "$r" && find . -mindepth 1 | LC_ALL=C sort |
		cpio --quiet -o -H newc --owner=0:0 | gzip -n -1) > "$1"
	rc=$?
	rm -rf "$r"
	return "$rc"
}

# kb_boot_console BZIMAGE INITRAMFS LOG: boot once under TCG with no
# devices but the serial console, no network, at most 90 seconds; the
# guest ends by `reboot -f` (QEMU runs with -no-reboot).
kb_boot_console() {
	timeout -k 5 90 qemu-system-x86_64 -accel tcg -machine pc -m 256M \
		-nodefaults -no-user-config -nographic -serial stdio -monitor none \
		-no-reboot -nic none -kernel "$1" -initrd "$2" \
		-append "console=ttyS0 panic=-1" < /dev/null > "$3" 2>&1
}
