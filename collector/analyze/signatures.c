// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The table of report headers: every family's rows, most specific
 * first. The scanner calls kb_sig_match() on every line of the log, so
 * it must be cheap on lines that start no report: one look at the first
 * byte of the message rules out nearly all of them.
 */
#include <pthread.h>
#include <stdbool.h>
#include <string.h>

#include "analyze/internal.h"
#include "analyze/sig-driver.h"
#include "util/macro.h"

static const struct kb_sig *const sig_families[] = {
	kb_sigs_sanitizer, kb_sigs_bug, kb_sigs_warning, kb_sigs_info, kb_sigs_fault,
	kb_sigs_driver, NULL,
};

#define SIG_MAX_PER_BYTE 128

static struct {
	const struct kb_sig *rows[SIG_MAX_PER_BYTE];
	size_t len[SIG_MAX_PER_BYTE];
	unsigned int nr;
} sig_index[256];
static pthread_once_t sig_once = PTHREAD_ONCE_INIT;

static void sig_build(void)
{
	size_t f;
	const struct kb_sig *s;

	for (f = 0; sig_families[f]; f++)
		for (s = sig_families[f]; s->prefix; s++) {
			unsigned char c = (unsigned char)s->prefix[0];

			if (sig_index[c].nr < SIG_MAX_PER_BYTE) {
				sig_index[c].len[sig_index[c].nr] = strlen(s->prefix);
				sig_index[c].rows[sig_index[c].nr++] = s;
			}
		}
}

/* Only blanks in s[0..len): the line is not NUL-terminated, so no strspn(). */
static bool sig_blank(const char *s, size_t len)
{
	while (len && (*s == ' ' || *s == '\t')) {
		s++;
		len--;
	}
	return !len;
}

static const struct kb_sig *sig_try(const char *msg, size_t len)
{
	unsigned char c = (unsigned char)msg[0];
	unsigned int i;

	for (i = 0; i < sig_index[c].nr; i++) {
		const struct kb_sig *s = sig_index[c].rows[i];
		size_t n = sig_index[c].len[i];

		/* the second byte first: rows of one first byte are many */
		if (n > len || (n > 1 && msg[1] != s->prefix[1]) || memcmp(msg, s->prefix, n))
			continue;
		if (s->contains && !memmem(msg, len, s->contains, strlen(s->contains)))
			continue;
		if ((s->flags & KB_SIG_EXACT) && !sig_blank(msg + n, len - n))
			continue;
		if (s->match && !s->match(msg, len))
			continue;
		return s->flags & KB_SIG_IGNORE ? NULL : s;
	}
	return NULL;
}

#define SIG_COMM_MAX 16	/* TASK_COMM_LEN: a task's name and its NUL */

/*
 * "COMM invoked oom-killer: ": the first ": " after the name (which may
 * hold ':', "kworker/u8:3") ends "invoked oom-killer".
 */
static bool sig_oom(const char *msg, size_t len)
{
	static const char what[] = " invoked oom-killer";
	const size_t n = sizeof(what) - 1;
	const char *e = msg + (len < SIG_COMM_MAX + n + 2 ? len : SIG_COMM_MAX + n + 2);
	const char *c = msg;

	while ((c = memchr(c, ':', (size_t)(e - c))) && c + 1 < e && c[1] != ' ')
		c++;
	return c && c + 1 < e && c - msg > (ptrdiff_t)n && !memcmp(c - n, what, n);
}

const struct kb_sig *kb_sig_match(const char *msg, size_t len)
{
	const struct kb_sig *s;
	size_t i = 0;

	pthread_once(&sig_once, sig_build);
	while (i < len && i < 8 && (msg[i] == ' ' || msg[i] == '\t'))
		i++;
	if (i + 2 < len && msg[i] == '[' && msg[i + 1] == ' ' &&
	    msg[i + 2] >= 'A' && msg[i + 2] <= 'Z')
		i += 2;	/* old lockdep: "[ BUG: bad unlock balance detected! ]" */
	else if (len - i > 12 && msg[i] == 'w' && !memcmp(msg + i, "watchdog: ", 10))
		i += 10;
	else if (len - i > 16 && msg[i] == 'N' && !memcmp(msg + i, "NMI watchdog: ", 14))
		i += 14;
	else if (len - i > 10 && msg[i] == 't' && !memcmp(msg + i, "traps: ", 7))
		i += 7;
	else if (len - i > 40 && msg[i] == 'k' &&
		 !memcmp(msg + i, "kasan: GPF could be caused", 26)) {
		/* old KASAN's hint, printed without its newline before the fault */
		const char *g = memmem(msg + i, len - i, "general protection fault", 24);

		if (g)
			i = g - msg;
	}
	if (i >= len)
		return NULL;
	s = sig_index[(unsigned char)msg[i]].nr ? sig_try(msg + i, len - i) : NULL;
	if (!s && sig_oom(msg + i, len - i))
		return &kb_sig_oom;
	/* then the driver failures that dev_printk()'s prefix names (sig-driver.c) */
	return s ?: kb_sig_driver_match(msg + i, len - i);
}
