#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# kbug-test: heavy
# Run the kernel's checkpatch.pl over kbug's C sources, as TAP: one test
# per file. The rules listed in IGNORE cannot apply to userspace code.
set -u
src=$(cd "$(dirname "$0")/.." && pwd)
tree=$("$src/kernel/source.sh") || { echo "not ok 1 - no kernel tree for checkpatch"; exit 1; }
IGNORE=SPDX_LICENSE_TAG,PREFER_KERNEL_TYPES,NEW_TYPEDEFS,STRCPY,STRLCPY,STRNCPY,SSCANF_TO_KSTRTO,PREFER_PR_LEVEL,PRINTK_WITHOUT_KERN_LEVEL,EMBEDDED_FUNCTION_NAME,FILE_PATH_CHANGES,COMMIT_MESSAGE,MACRO_ARG_REUSE,PREFER_DEFINED_ATTRIBUTE_MACRO,PREFER_FALLTHROUGH,AVOID_EXTERNS,UNNECESSARY_ELSE,CAMELCASE,VOLATILE,ENOSYS,USE_NEGATIVE_ERRNO,BIT_MACRO,LINE_SPACING,CONST_STRUCT,SPLIT_STRING,LONG_LINE_STRING,PREFER_SEQ_PUTS,NAKED_SSCANF,DEEP_INDENTATION,FUNCTION_ARGUMENTS
n=0 fail=0
while IFS= read -r f; do
	n=$((n + 1))
	out=$(perl "$tree/scripts/checkpatch.pl" --no-tree --strict --terse --show-types \
		--ignore "$IGNORE" --max-line-length=100 \
		--typedefsfile "$src/tests/checkpatch-typedefs" -f "$src/$f" 2>&1)
	if echo "$out" | grep -qE '(ERROR|WARNING|CHECK):'; then
		fail=$((fail + 1))
		echo "not ok $n - checkpatch $f"
		echo "$out" | grep -E '(ERROR|WARNING|CHECK):' | head -n 15 | sed 's/^/#   /'
	else
		echo "ok $n - checkpatch $f"
	fi
done < <(cd "$src" && git ls-files '*.c' '*.h' | grep -v '^tests/fuzz/')
echo "1..$n"
[ "$fail" = 0 ]
