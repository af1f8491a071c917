# SPDX-License-Identifier: GPL-2.0-or-later
# kbug analyze: the corpus score (both builds), the hand-made cases, the bench.
ANALYZE_SCORE := build/tests/analyze/corpus-score build-asan/tests/analyze/corpus-score

build/tests/analyze/corpus-score: tests/analyze/corpus-score.c build/libkbug.a
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(OPT_CFLAGS) $(PKG_CFLAGS) -o $@ $< build/libkbug.a $(LDLIBS_ALL)

build-asan/tests/analyze/corpus-score: tests/analyze/corpus-score.c build-asan/libkbug.a
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(SAN_CFLAGS) $(PKG_CFLAGS) -o $@ $< build-asan/libkbug.a $(LDLIBS_ALL)

CHECK_PREREQS += $(ANALYZE_SCORE)
CHECK_SUITES += tests/analyze/corpus.sh

analyze-score: build/tests/analyze/corpus-score
	build/tests/analyze/corpus-score -v $(or $(KBUG_SHARED),../shared)/corpus/syzkaller

.PHONY: analyze-score
