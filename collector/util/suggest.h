/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stddef.h>

/*
 * Edits from a to b: insertions, deletions, substitutions and swaps of
 * two neighbours (the optimal string alignment distance), as git's "did
 * you mean" counts a typo. SIZE_MAX for words over 63 characters.
 */
size_t kbug_edit_distance(const char *a, const char *b);

/*
 * The candidate a typo of word most likely meant: the only one nearest
 * to it, within one edit for words of up to four characters and two
 * edits for longer ones. NULL when none is that near, or two are.
 */
const char *kbug_suggest(const char *word, const char *const *cands, size_t n);
