// SPDX-License-Identifier: GPL-2.0-or-later
/* "Did you mean": the candidate a mistyped command or option name meant. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "util/suggest.h"

#define WORD_MAX 64

static size_t min3(size_t a, size_t b, size_t c)
{
	size_t m = a < b ? a : b;

	return m < c ? m : c;
}

size_t kbug_edit_distance(const char *a, const char *b)
{
	static size_t d[WORD_MAX][WORD_MAX];
	size_t la = strlen(a), lb = strlen(b), i, j;

	if (la >= WORD_MAX || lb >= WORD_MAX)
		return SIZE_MAX;
	for (i = 0; i <= la; i++)
		d[i][0] = i;
	for (j = 0; j <= lb; j++)
		d[0][j] = j;
	for (i = 1; i <= la; i++) {
		for (j = 1; j <= lb; j++) {
			size_t sub = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);

			d[i][j] = min3(d[i - 1][j] + 1, d[i][j - 1] + 1, sub);
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < d[i][j])
				d[i][j] = d[i - 2][j - 2] + 1;
		}
	}
	return d[la][lb];
}

const char *kbug_suggest(const char *word, const char *const *cands, size_t n)
{
	size_t best = SIZE_MAX, i, limit = strlen(word) <= 4 ? 1 : 2;
	const char *pick = NULL;
	bool tie = false;

	for (i = 0; i < n; i++) {
		size_t e;

		if (!cands[i])
			continue;
		e = kbug_edit_distance(word, cands[i]);
		if (e < best)
			best = e, pick = cands[i], tie = false;
		else if (e == best && strcmp(pick, cands[i]))
			tie = true;
	}
	return best <= limit && !tie ? pick : NULL;
}
