// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The tree index file is outside input ($KBUG_INDEX may name any file,
 * and the installed one may be damaged): parse it, and when accepted
 * look up every name it holds and some it does not; never a crash, a
 * leak, a read past the buffer or a lookup answering a file not listed.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/index.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = malloc(size + 1), *copy = malloc(size + 1), err[512];
	const char *files[8], *dir;
	struct kb_index *ix;
	size_t i, n;

	if (!buf || !copy)
		goto out;
	memcpy(buf, data, size);
	buf[size] = '\0';
	memcpy(copy, data, size);
	copy[size] = '\0';
	ix = kb_index_parse(buf, size, "fuzz", err, sizeof(err));
	if (!ix) {
		if (!strstr(err, "fuzz"))
			abort();	/* the message names the input */
		free(buf);
		goto out;
	}
	(void)kb_index_header(ix);
	/* every word of the input as a function, module, file and directory */
	for (i = 0; i < size; i += n + 1) {
		char word[64];
		int k;

		n = strcspn(copy + i, "\n, ");
		if (!n || n >= sizeof(word))
			continue;
		memcpy(word, copy + i, n);
		word[n] = '\0';
		if (kb_index_func(ix, word, files, 8) > 8)
			abort();
		k = kb_index_module(ix, word, 0, &dir, files, 8);
		if (k > 8 || (k >= 0 && !dir))
			abort();
		(void)kb_index_has_file(ix, word);
		(void)kb_index_has_dir(ix, word, n);
	}
	/* every line of the input as a message, anywhere and under its own tail */
	for (i = 0; i < size; i += n + 1) {
		const char *f;

		n = strcspn(copy + i, "\n");
		f = kb_index_message(ix, copy + i, n, NULL);
		if (f && !kb_index_has_file(ix, f))
			abort();
		copy[i + n] = '\0';
		(void)kb_index_message(ix, copy + i, n, copy + i + strcspn(copy + i, " "));
		if (i + n < size)
			copy[i + n] = '\n';
	}
	kb_index_free(ix);
out:
	free(copy);
	return 0;
}
