# SPDX-License-Identifier: GPL-2.0-or-later
# Redaction recall and precision (issue 18): tests/redact/redact-score scores
# collector/core/redact.c on tests/redact/corpus.txt, per class, on its dev
# and check halves; tests/t1009-redact-corpus.sh fails below 100%.
REDACT_SCORE := build/tests/redact/redact-score build-asan/tests/redact/redact-score

build/tests/redact/redact-score: tests/redact/redact-score.c build/libkbug.a
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(OPT_CFLAGS) $(PKG_CFLAGS) -o $@ $< build/libkbug.a $(LDLIBS_ALL)

build-asan/tests/redact/redact-score: tests/redact/redact-score.c build-asan/libkbug.a
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(SAN_CFLAGS) $(PKG_CFLAGS) -o $@ $< build-asan/libkbug.a $(LDLIBS_ALL)

CHECK_PREREQS += $(REDACT_SCORE)
CHECK_QUICK_PREREQS += build/tests/redact/redact-score

# The table: per class and half, recall and precision (-v: every miss).
redact-score: build/tests/redact/redact-score
	@build/tests/redact/redact-score tests/redact/corpus.txt

.PHONY: redact-score
