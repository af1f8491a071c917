# SPDX-License-Identifier: GPL-2.0-or-later
# The test suites (tests/README.md): every tests/tNNNN-NAME.sh, found by
# this one pattern, the number giving the stage (0xxx CLI and docs, 1xxx
# collect, 2xxx analyze, 3xxx route, 4xxx kernel and QEMU, 5xxx report and
# email, 6xxx Bugzilla, 7xxx checkpatch, fuzzing and the tests' own checks).
# A line "# kbug-test: once" in a suite runs it once, in the normal build
# (not under ASan); "# kbug-test: heavy" does so too and keeps it out of
# `make check-quick` (checkpatch, fuzzing, kernel builds, QEMU, gm-diff).
# tests/t7003-suites.sh fails when a file under tests/ looks like a suite
# that none of this runs.
TEST_SUITES := $(sort $(wildcard tests/t[0-9][0-9][0-9][0-9]-*.sh))
tests_mark = $(if $(TEST_SUITES),$(shell grep -l '^$(hash) kbug-test: $(1)$$' $(TEST_SUITES)))
hash := \#
TEST_SUITES_HEAVY := $(call tests_mark,heavy)
TEST_SUITES_ONCE := $(filter $(call tests_mark,once) $(TEST_SUITES_HEAVY),$(TEST_SUITES))
CHECK_SUITES += $(filter-out $(TEST_SUITES_ONCE),$(TEST_SUITES))
CHECK_SUITES_ONCE += $(TEST_SUITES_ONCE)
CHECK_SUITES_QUICK += $(filter-out $(TEST_SUITES_HEAVY),$(TEST_SUITES))

# What make runs, for tests/t7003-suites.sh: "SET FILE" lines.
print-suites:
	@for s in $(CHECK_SUITES); do echo "both $$s"; done
	@for s in $(CHECK_SUITES_ONCE); do echo "once $$s"; done
	@for s in $(CHECK_SUITES_QUICK); do echo "quick $$s"; done
	@for s in $(UNIT_SRCS); do echo "unit $$s"; done

# The file call graph from nm (issue 17, item 4); a cycle between directories
# fails (CALLGRAPH_STRICT=0 only reports it). Also run by make check (t7004).
callgraph: kbug
	@$(PYTHON) tests/callgraph.py build

.PHONY: print-suites callgraph
