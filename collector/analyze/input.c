// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Log lines: take off whatever the transport put before the kernel's own
 * text. dmesg "[   12.345678]" stamps and "[T123]"/"[C1]" caller ids,
 * "dmesg -T" dates, "dmesg -x" facility:level, "<6>" levels, syslog and
 * journalctl "Mon DD HH:MM:SS host kernel: " (other daemons' lines are
 * marked to skip), /dev/kmsg "6,123,456789,-;" records and their
 * " KEY=value" dictionary lines, CRLF.
 */
#include <string.h>

#include "analyze/internal.h"

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* "[  12.345678]" or "[12.345678]": the length taken, 0 if none. */
static size_t input_stamp(const char *s, size_t len)
{
	size_t i = 1;

	if (len < 4 || s[0] != '[')
		return 0;
	while (i < len && s[i] == ' ')
		i++;
	if (i >= len || !is_digit(s[i]))
		return 0;
	while (i < len && is_digit(s[i]))
		i++;
	if (i >= len || s[i] != '.')
		return 0;
	i++;
	while (i < len && is_digit(s[i]))
		i++;
	if (i >= len || s[i] != ']')
		return 0;
	return i + 1;
}

/* "[T123]" / "[ C1]": copies "T123" into ctx. */
static size_t input_caller(const char *s, size_t len, char *ctx)
{
	size_t i = 1, n = 0;

	if (len < 4 || s[0] != '[')
		return 0;
	while (i < len && s[i] == ' ')
		i++;
	if (i >= len || (s[i] != 'T' && s[i] != 'C'))
		return 0;
	ctx[n++] = s[i++];
	if (i >= len || !is_digit(s[i]))
		return 0;
	while (i < len && is_digit(s[i])) {
		if (n < KB_CTX_MAX - 1)
			ctx[n++] = s[i];
		i++;
	}
	if (i >= len || s[i] != ']')
		return 0;
	ctx[n] = '\0';
	return i + 1;
}

/* "6,123,456789,-;": the record header of /dev/kmsg. */
static size_t input_kmsg(const char *s, size_t len)
{
	size_t i = 0;
	int commas = 0;

	if (!len || !is_digit(s[0]))
		return 0;
	for (; i < len && i < 64; i++) {
		if (s[i] == ';')
			return commas >= 3 ? i + 1 : 0;
		if (s[i] == ',')
			commas++;
		else if (!is_digit(s[i]) && commas < 3)
			return 0;
	}
	return 0;
}

static bool input_month(const char *s)
{
	static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	size_t m;

	for (m = 0; m < 36; m += 3)
		if (!memcmp(s, months + m, 3))
			return true;
	return false;
}

/*
 * "Dec  3 06:35:17 host kernel: " or "2026-12-03T06:35:17.123+00:00 host
 * kernel: ": returns the length to take, or (size_t)-1 for a syslog line
 * of some other program, 0 when the line is no syslog line.
 */
static size_t input_syslog(const char *s, size_t len)
{
	const char *k, *end;
	bool dated;

	if (len < 16)
		return 0;
	dated = (input_month(s) && s[3] == ' ' && s[6] == ' ' && s[9] == ':' && s[12] == ':') ||
		(len > 20 && is_digit(s[0]) && s[4] == '-' && s[7] == '-' && s[10] == 'T' &&
		 s[13] == ':');
	if (!dated)
		return 0;
	end = s + (len < 96 ? len : 96);
	k = memmem(s, end - s, " kernel: ", 9);
	if (k)
		return k + 9 - s;
	k = memmem(s, end - s, " kernel[", 8);
	if (k) {
		k = memchr(k, ':', end - k);
		if (k && k + 1 < end && k[1] == ' ')
			return k + 2 - s;
	}
	return (size_t)-1;
}

/* "kern  :warn  : " from dmesg -x. */
static size_t input_facility(const char *s, size_t len)
{
	size_t i = 0, fields = 0;

	while (fields < 2) {
		size_t start = i;

		while (i < len && s[i] >= 'a' && s[i] <= 'z')
			i++;
		if (i == start || i - start > 6)
			return 0;
		while (i < len && s[i] == ' ')
			i++;
		if (i >= len || s[i] != ':')
			return 0;
		i++;
		fields++;
	}
	if (i < len && s[i] == ' ')
		i++;
	return i;
}

/*
 * The /dev/kmsg record header "6,123,456789,-,caller=T42;" (its caller is
 * the context): the length to take. A dictionary line " KEY=value" after
 * such records is marked to skip.
 */
static size_t input_record(struct kb_input *in, const char *s, size_t len, struct kb_line *out)
{
	size_t n = input_kmsg(s, len), k = 0;
	const char *c;

	if (!n) {
		if (in->kmsg && len && s[0] == ' ' && memchr(s, '=', len))
			out->skip = true;
		return 0;
	}
	c = memmem(s, n, ",caller=", 8);
	if (c) {
		c += 8;
		while (c + k < s + n - 1 && k < KB_CTX_MAX - 1) {
			out->ctx[k] = c[k];
			k++;
		}
		out->ctx[k] = '\0';
	} else {
		strcpy(out->ctx, "console");
	}
	in->kmsg = true;
	return n;
}

/*
 * syzkaller's own log stamp "2018/01/09 14:28:48 BUG: memory leak", then a
 * login prompt printed before the kernel's text: the length to take.
 */
static size_t input_tool(const char *s, size_t len)
{
	size_t n = 0;
	const char *lg;

	if (len > 20 && is_digit(s[0]) && s[4] == '/' && s[7] == '/' && s[10] == ' ' &&
	    s[13] == ':' && s[16] == ':' && s[19] == ' ')
		n = 20;
	if (len - n > 8 && s[n] >= 'a' && s[n] <= 'z') {
		lg = memmem(s + n, len - n < 64 ? len - n : 64, "login: ", 7);
		if (lg)
			n = lg + 7 - s;
	}
	return n;
}

/* "[   1.2]" or a "dmesg -T" date, then a "[T1]" caller and a space. */
static size_t input_stamps(const char *s, size_t len, struct kb_line *out)
{
	size_t n = input_stamp(s, len);

	if (!n && len > 26 && s[1] >= 'A' && s[1] <= 'Z' && input_month(s + 5)) {
		const char *e = memchr(s, ']', len < 32 ? len : 32);

		n = e ? (size_t)(e - s + 1) : 0;
	}
	if (!n)
		return 0;
	if (!out->ctx[0])
		strcpy(out->ctx, "console");
	n += input_caller(s + n, len - n, out->ctx);
	if (n < len && s[n] == ' ')
		n++;
	return n;
}

/*
 * One prefix of those that may repeat ("<6>[   1.2] [T1] "): the length
 * to take, 0 when the line starts with none. dmesg -x's facility comes
 * only first (round 0), before the time stamp.
 */
static size_t input_prefix(const char *s, size_t len, int round, struct kb_line *out)
{
	size_t n;

	if (s[0] == '<' && len > 3) {
		n = 1;
		while (n < len && n < 5 && is_digit(s[n]))
			n++;
		if (n > 1 && n < len && s[n] == '>')
			return n + 1;
	}
	if (s[0] == '[') {
		n = input_stamps(s, len, out);
		if (n)
			return n;
	}
	if (!round && s[0] >= 'a' && s[0] <= 'z' && len > 10) {
		n = input_facility(s, len);
		if (n)
			return n;
	}
	if (s[0] == '*' && len > 3 && s[1] == '*' && s[2] == ' ') {
		const char *e = memmem(s + 3, len - 3, " ** ", 4);

		if (e)
			return e + 4 - s;
	}
	return 0;
}

void kb_input_clean(struct kb_input *in, const char *s, size_t len, struct kb_line *out)
{
	size_t n;
	int round;

	out->ctx[0] = '\0';
	out->skip = false;
	if (len && s[len - 1] == '\r')
		len--;
	if (len > KB_LINE_MAX)
		len = KB_LINE_MAX;
	n = input_record(in, s, len, out);
	s += n;
	len -= n;
	n = input_syslog(s, len);
	if (n == (size_t)-1) {
		out->skip = true;
	} else {
		s += n;
		len -= n;
	}
	n = input_tool(s, len);
	s += n;
	len -= n;
	/* a prefix may repeat: "<6>[   1.2] [T1] " or a login prompt before a stamp */
	for (round = 0; round < 3 && len; round++) {
		n = input_prefix(s, len, round, out);
		if (!n)
			break;
		s += n;
		len -= n;
	}
	out->text = s;
	out->len = len;
}
