// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * F: and X: patterns as globs, below both the parser (which classifies
 * each pattern as it reads it) and the matcher: which form a pattern has,
 * a small backtracking matcher for the glob form (no compilation), and
 * the conversion to the regex get_maintainer.pl builds
 * (. -> \., * -> .*, ? -> .) for the other.
 */
#include <stdbool.h>
#include <stddef.h>

#include "route/internal.h"
#include "util/strbuf.h"

/* what makes a converted F: pattern more than a glob: "\\()|+{}^$]" */
static const bool regex_special[256] = {
	['\\'] = true, ['('] = true, [')'] = true, ['|'] = true, ['+'] = true,
	['{'] = true, ['}'] = true, ['^'] = true, ['$'] = true, [']'] = true,
};

/* Length of a simple class "[...]" at p, or 0 if it is not one we handle. */
static size_t class_len(const char *p)
{
	const char *q = p + 1;

	if (*q == '^')
		q++;
	if (*q == ']' || maint_eos(*q))
		return 0;
	for (; !maint_eos(*q) && *q != ']'; q++) {
		unsigned char c = (unsigned char)*q;

		if (c == '\\' || c == '[' || c == '.' || c == '*' || c == '?')
			return 0;
		if (c == '-' && q[1] != ']' && q[-1] != '[' && q[-1] != '^') {
			unsigned char lo = (unsigned char)q[-1], hi = (unsigned char)q[1];

			if (hi < lo)
				return 0;
		}
	}
	return *q == ']' ? (size_t)(q - p) + 1 : 0;
}

static bool class_has(const char *p, size_t len, unsigned char c)
{
	const char *q = p + 1, *end = p + len - 1;
	bool neg = false, in = false;

	if (*q == '^') {
		neg = true;
		q++;
	}
	for (; q < end; q++) {
		if (q + 2 < end && q[1] == '-') {
			if (c >= (unsigned char)q[0] && c <= (unsigned char)q[2])
				in = true;
			q += 2;
		} else if ((unsigned char)*q == c) {
			in = true;
		}
	}
	return in != neg;
}

/* raw: a pattern ending at a NUL or a newline (maint_eos) */
int kbug_glob_form(const char *raw)
{
	const char *p;

	for (p = raw; !maint_eos(*p); p++) {
		if (*p == '[') {
			size_t n = class_len(p);

			if (!n)
				return PAT_REGEX;
			p += n - 1;
		} else if (regex_special[(unsigned char)*p]) {
			return PAT_REGEX;
		}
	}
	return PAT_GLOB;
}

/*
 * Does the glob pat (ending at a NUL or a newline) match a prefix of the
 * string s? ('*' never crosses a newline: paths have none)
 */
bool kbug_glob_prefix_match(const char *pat, const char *s)
{
	const char *star_p = NULL, *star_s = NULL;

	for (;;) {
		if (maint_eos(*pat))
			return true;
		if (*pat == '*') {
			star_p = ++pat;
			star_s = s;
			continue;
		}
		if (*s) {
			size_t cl = *pat == '[' ? class_len(pat) : 0;

			if (cl) {
				if (class_has(pat, cl, (unsigned char)*s)) {
					pat += cl;
					s++;
					continue;
				}
			} else if (*pat == '?' || *pat == *s) {
				pat++;
				s++;
				continue;
			}
		}
		if (star_p && *star_s) {
			s = ++star_s;
			pat = star_p;
			continue;
		}
		return false;
	}
}

void kbug_glob_convert(const char *raw, struct strbuf *out)
{
	strbuf_reset(out);
	for (; !maint_eos(*raw); raw++) {
		if (*raw == '.')
			strbuf_addstr(out, "\\.");
		else if (*raw == '*')
			strbuf_addstr(out, ".*");
		else if (*raw == '?')
			strbuf_addch(out, '.');
		else
			strbuf_addch(out, *raw);
	}
}

bool kbug_glob_special(unsigned char c)
{
	return regex_special[c];
}
