# SPDX-License-Identifier: GPL-2.0-or-later
# kbug analyze: the corpus score (both builds), the hand-made cases, the bench.

ANALYZE_SCORE := build/tests/analyze/corpus-score build-asan/tests/analyze/corpus-score

build/tests/analyze/corpus-score: tests/analyze/corpus-score.c build/libkbug.a
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(OPT_CFLAGS) $(PKG_CFLAGS) -o $@ $< build/libkbug.a $(LDLIBS_ALL)

build-asan/tests/analyze/corpus-score: tests/analyze/corpus-score.c build-asan/libkbug.a
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(SAN_CFLAGS) $(PKG_CFLAGS) -o $@ $< build-asan/libkbug.a $(LDLIBS_ALL)

# the score runs as tests/t2002-analyze-corpus.sh (found by mk/tests.mk)
CHECK_PREREQS += $(ANALYZE_SCORE)
CHECK_QUICK_PREREQS += build/tests/analyze/corpus-score

analyze-score: build/tests/analyze/corpus-score
	KBUG_INDEX=$${KBUG_INDEX-data/linux-6.12.index.gz} \
		build/tests/analyze/corpus-score -v tests/corpus/syzkaller
	KBUG_INDEX=$${KBUG_INDEX-data/linux-6.12.index.gz} \
		build/tests/analyze/corpus-score -d tests/corpus/syzkaller

.PHONY: analyze-score

# make bench: the scanner on generated logs (under build/bench, not committed):
# 100 MB and 10 MB without reports (MB/s; peak RSS must not grow), 1000 reports.
build/tests/bench/analyze-bench: tests/bench/analyze-bench.c build/libkbug.a
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -Wno-format-nonliteral $(OPT_CFLAGS) $(PKG_CFLAGS) -o $@ $< \
		build/libkbug.a $(LDLIBS_ALL)

analyze-bench: build/tests/bench/analyze-bench kbug
	@mkdir -p build/bench
	@test -s build/bench/quiet-100m.log || build/tests/bench/analyze-bench gen-quiet build/bench/quiet-100m.log 100
	@test -s build/bench/quiet-10m.log || build/tests/bench/analyze-bench gen-quiet build/bench/quiet-10m.log 10
	@test -s build/bench/reports-1000.log || build/tests/bench/analyze-bench gen-reports build/bench/reports-1000.log 1000
	build/tests/bench/analyze-bench run build/bench/quiet-100m.log
	build/tests/bench/analyze-bench run build/bench/quiet-10m.log
	build/tests/bench/analyze-bench run build/bench/reports-1000.log
	@s=$$(date +%s%N); ./kbug analyze --json build/bench/reports-1000.log > /dev/null; \
		e=$$(date +%s%N); echo "kbug analyze --json reports-1000.log: $$(( (e - s) / 1000000 )) ms"

BENCH_TARGETS += analyze-bench
.PHONY: analyze-bench

# the real users' logs (tests/corpus/real/): the table for both splits
analyze-real: kbug
	KBUG_INDEX=$(CURDIR)/data/linux-6.12.index.gz /usr/bin/python3 tests/analyze/real-score.py --kbug ./kbug

.PHONY: analyze-real

# make index: regenerate the tree index data/linux-6.12.index.gz (committed;
# format in docs/function-index.md) from Debian's linux-source-6.12, and
# the functions only linux-source-6.1 defines, with Universal Ctags: about
# 4 minutes on 2 cores.
DEB_PKGS += universal-ctags
index:
	tree=$$(sh kernel/source.sh) && \
	ver=$$(dpkg-query -W -f '$${Version}' linux-source-6.12) && \
	old=$$(sh kernel/source.sh 6.1) && \
	oldver=$$(dpkg-query -W -f '$${Version}' linux-source-6.1) && \
	nice /usr/bin/python3 kernel/index.py "$$tree" "$$ver" data/linux-6.12.index.gz \
		"$$old" "$$oldver"

.PHONY: index

# docs/blame-rules.md: the skip table of collector/analyze/skip.c, rendered
# (tests/t2005-analyze-explain.sh fails when the committed file is stale)
skip-doc: kbug
	./kbug analyze --explain-rules > docs/blame-rules.md.tmp && mv -f docs/blame-rules.md.tmp docs/blame-rules.md

.PHONY: skip-doc
