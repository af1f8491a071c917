// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Log lines: take off whatever the transport put before the kernel's own
 * text. dmesg "[   12.345678]" stamps and "[T123]"/"[C1]" caller ids,
 * "dmesg -T" dates, "dmesg -x" facility:level, "<6>" levels, syslog
 * (RFC 3164 "Mon DD HH:MM:SS host kernel: ", RFC 5424 "<4>1 TIMESTAMP
 * host kernel - - - "), journalctl's short, short-precise, short-iso and
 * short-monotonic forms (other daemons' lines are marked to skip),
 * /dev/kmsg "6,123,456789,-;" records and their " KEY=value" dictionary
 * lines, CRLF; and what a paste adds before all that: mail quote
 * markers "> ", a pastebin's or an editor's line numbers, a markdown
 * backtick, the leading blanks of an indented paste, a terminal's clock,
 * a stamp blanked out ("[xxxxxx]") or without its brackets.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/internal.h"
#include "util/macro.h"

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool input_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (unsigned char)c >= 0x80;
}

/* "[  12.345678]" or "[12.345678]" (or "[ 1.2@3]"): the length taken, 0 if none. */
static size_t input_stamp(const char *s, size_t len)
{
	size_t i = 1;

	if (len < 4 || s[0] != '[')
		return 0;
	/* dmesg -H: "[Apr25 06:33]" where the minute changes */
	if (len > 13 && input_alpha(s[1]) && input_alpha(s[2]) && input_alpha(s[3]) &&
	    is_digit(s[4])) {
		i = is_digit(s[5]) ? 6 : 5;
		return i + 7 < len && s[i] == ' ' && is_digit(s[i + 1]) && is_digit(s[i + 2]) &&
		       s[i + 3] == ':' && is_digit(s[i + 4]) && is_digit(s[i + 5]) &&
		       s[i + 6] == ']' ? i + 7 : 0;
	}
	while (i < len && s[i] == ' ')
		i++;
	/* a stamp the poster blanked out: "[xxxxxx]" */
	if (i + 3 < len && (s[i] == 'x' || s[i] == 'X')) {
		size_t x = i;

		while (i < len && (s[i] == 'x' || s[i] == 'X' || s[i] == '.'))
			i++;
		return i - x >= 3 && i < len && s[i] == ']' ? i + 1 : 0;
	}
	/* dmesg -H and --reltime: "[  +0.000013]", the time since the line before */
	if (i < len && s[i] == '+')
		i++;
	if (i >= len || !is_digit(s[i]))
		return 0;
	while (i < len && is_digit(s[i]))
		i++;
	/* dmesg -H in a locale with a decimal comma: "[  +0,007594]" */
	if (i >= len || (s[i] != '.' && (s[i] != ',' || s[1] == ',')))
		return 0;
	i++;
	while (i < len && is_digit(s[i]))
		i++;
	/*
	 * vendor kernels add the CPU: Amlogic's "[   34.356517@3]",
	 * Qualcomm's msm trees "[86735.021206,1]"
	 */
	if (i + 1 < len && (s[i] == '@' || s[i] == ',') && is_digit(s[i + 1]))
		for (i++; i < len && is_digit(s[i]); i++)
			;
	if (i >= len || s[i] != ']')
		return 0;
	return i + 1;
}

/*
 * "[T123]" / "[ C1]": copies "T123" into ctx. Vendor trees print their
 * own: a CPU number ("[0]", AVM's), HiSilicon's "[pid:10974,cpu1,grep]"
 * (its pid is the thread's: "T10974").
 */
static size_t input_caller(const char *s, size_t len, char *ctx)
{
	size_t i = 1, n = 0;

	if (len < 4 || s[0] != '[')
		return 0;
	if (len > 8 && !memcmp(s, "[pid:", 5) && is_digit(s[5])) {
		const char *e = memchr(s, ']', len < 64 ? len : 64);

		if (!e || memchr(s, ' ', e - s))
			return 0;
		for (ctx[n++] = 'T', i = 5; is_digit(s[i]) && n < KB_CTX_MAX - 1; i++)
			ctx[n++] = s[i];
		ctx[n] = '\0';
		return e + 1 - s;
	}
	if (is_digit(s[1])) {
		for (i = 1; i < len && i < 4 && is_digit(s[i]); i++)
			;
		if (i >= len || s[i] != ']')
			return 0;
		snprintf(ctx, KB_CTX_MAX, "C%.*s", (int)(i - 1), s + 1);
		return i + 1;
	}
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

/* "HH:MM:SS" and a fraction ".123456": the index after it, 0 if none. */
static size_t input_clock(const char *s, size_t len, size_t i)
{
	if (i + 8 > len || !is_digit(s[i]) || !is_digit(s[i + 1]) || s[i + 2] != ':' ||
	    !is_digit(s[i + 3]) || s[i + 5] != ':' || !is_digit(s[i + 6]) || !is_digit(s[i + 7]))
		return 0;
	i += 8;
	if (i + 1 < len && (s[i] == '.' || s[i] == ',') && is_digit(s[i + 1]))
		for (i++; i < len && is_digit(s[i]); i++)
			;
	return i;
}

/* ISO 8601's zone after a clock ("Z", "+01:00", "-0400"): where it ends */
static size_t input_zone(const char *s, size_t len, size_t i)
{
	if (i < len && s[i] == 'Z')
		return i + 1;
	if (i + 2 < len && (s[i] == '+' || s[i] == '-') && is_digit(s[i + 1]))
		for (i++; i < len && (is_digit(s[i]) || s[i] == ':'); i++)
			;
	return i;
}

/*
 * The date a log daemon writes: RFC 3164's "Dec  3 06:35:17" (the month
 * in the user's locale: "juin 09", "déc. 03"), after a weekday and
 * before a year as logread and dmesg -T have it ("Tue May  7 20:47:55
 * 2024"), a CJK month ("12月 03 06:35:17"), or ISO 8601
 * "2026-12-03T06:35:17.123+01:00" (journalctl -o
 * short-iso, RFC 5424, rsyslog): its length, 0 if the line starts with
 * none.
 */
static size_t input_date(const char *s, size_t len)
{
	size_t i = 0, w, words;

	if (is_digit(s[0]) && (len < 20 || s[4] != '-')) {
		/* a CJK locale's month: "12月 05 06:35:17" (ja, zh), "12월" (ko) */
		i = is_digit(s[1]) ? 2 : 1;
		for (w = 0; i + w < len && w < 6 && (unsigned char)s[i + w] >= 0x80; w++)
			;
		if (w < 2 || i + w >= len || s[i + w] != ' ')
			return 0;
		i += w + 1;
		if (i < len && s[i] == ' ')
			i++;
	} else if (is_digit(s[0])) {
		if (s[7] != '-' || (s[10] != 'T' && s[10] != ' '))
			return 0;
		i = input_clock(s, len, 11);
		return i ? input_zone(s, len, i) : 0;
	}
	for (words = i ? 2 : 0; words < 2; words++) {
		w = 0;
		while (i + w < len && w < 10 && (input_alpha(s[i + w]) || s[i + w] == '.'))
			w++;
		/* a weekday may have two letters ("Fr", "Mo" in German); a month three */
		if (w < 2 || w >= 10 || i + w >= len || s[i + w] != ' ' ||
		    (w == 2 && (words || !input_alpha(s[i + w + 1]))))
			return 0;
		i += w + 1;
		if (i < len && s[i] == ' ')
			i++;
		if (i < len && is_digit(s[i]))
			break;
	}
	if (i + 2 >= len || !is_digit(s[i]))
		return 0;
	i += is_digit(s[i + 1]) ? 2 : 1;
	if (s[i] != ' ')
		return 0;
	i = input_clock(s, len, i + 1);
	if (i && i + 5 < len && s[i] == ' ' && is_digit(s[i + 1]) && is_digit(s[i + 4]) &&
	    (s[i + 5] == ' ' || s[i + 5] == ']'))
		i += 5;	/* the year */
	return i;
}

static bool input_hostch(char c)
{
	return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' ||
		c == '_' || c == '.';
}

/*
 * After a date, the syslog header's "host kernel: " (or "kern.warn
 * kernel: " of logread, "kernel[0]: "): the length to take, or (size_t)-1
 * when "host program[pid]: " names another program.
 */
static size_t input_tag(const char *s, size_t len)
{
	const char *end = s + (len < 120 ? len : 120), *k;
	size_t i = 0, w;

	/*
	 * "kernel: " or "kernel[0]: " as one of the first words: after the
	 * host ("host kernel: "), the facility ("kern.warn kernel: "), both,
	 * a collector's level ("host  !ERR | kernel: ", blanks aligning it)
	 */
	for (w = 0, k = s; w < 4 && k + 8 <= end; w++) {
		/*
		 * some daemons write the printk stamp right after the colon,
		 * Python's logging its record ("00:00:48,559 ERR kernel:BUG: ",
		 * anaconda's "%(levelname)s %(name)s:%(message)s")
		 */
		if (!memcmp(k, "kernel:", 7) && k[7] != '\n')
			return k + 7 + (k[7] == ' ') - s;
		if (!memcmp(k, "kernel[", 7)) {
			k = memchr(k, ':', end - k);
			if (k && k + 1 < end && k[1] == ' ')
				return k + 2 - s;
			break;
		}
		/* a word: a host name, even one a paste redacted ("<redacted>") */
		while (k < end && *k != ' ' && *k != ':') {
			/* the redaction glued to the tag: "[REDACTED]kernel: " */
			if ((*k == ']' || *k == '>') && k + 9 <= end &&
			    !memcmp(k + 1, "kernel: ", 8))
				return k + 9 - s;
			k++;
		}
		if (k >= end || *k != ' ')
			break;
		while (k < end && *k == ' ')
			k++;
	}
	/* svlogd/socklog and logread without a host: "kern.err: " (facility.level) */
	if (len > 7 && !memcmp(s, "kern.", 5)) {
		for (i = 5; i < len && i < 12 && s[i] >= 'a' && s[i] <= 'z'; i++)
			;
		if (i > 5 && i + 1 < len && s[i] == ':' && s[i + 1] == ' ')
			return i + 2;
		i = 0;
	}
	/* "host prog[12]: " / "host prog: ": a line of some other program */
	while (i < len && i < 64 && input_hostch(s[i]))
		i++;
	if (!i || i >= len || s[i] != ' ')
		return 0;
	for (i++; i < len && i < 128 && (input_hostch(s[i]) || s[i] == '/'); i++)
		;
	if (i < len && s[i] == '[')
		for (; i < len && i < 128 && s[i] != ']'; i++)
			;
	if (i < len && s[i] == ']')
		i++;
	return i + 1 < len && s[i] == ':' && s[i + 1] == ' ' ? (size_t)-1 : 0;
}

/*
 * A syslog or journal line: the length of "DATE host kernel: " to take,
 * (size_t)-1 for a line of some other program, 0 when the line starts
 * with no date. A bare date (a paste tool's stamp) is taken alone.
 */
static size_t input_syslog(const char *s, size_t len)
{
	size_t d = input_date(s, len), t;
	bool clock_only = false;

	if (!d) {
		/*
		 * a clock alone ("22:39:31 kernel: "), or ISO 8601's time half
		 * whose date a paste cut ("T21:14:05.544-04:00 host kernel: "),
		 * taken only before the kernel's tag
		 */
		d = input_clock(s, len, s[0] == 'T');
		if (d && s[0] == 'T')
			d = input_zone(s, len, d);
		clock_only = true;
	}
	if (!d || d >= len || s[d] != ' ')
		return 0;
	d++;
	t = input_tag(s + d, len - d);
	if (clock_only && (!t || t == (size_t)-1))
		return 0;
	if (!t && !is_digit(s[0])) {
		/*
		 * RFC 3164's "Mmm dd hh:mm:ss HOST MSG" always names the host:
		 * a daemon that wrote the kernel's lines without a tag left it
		 */
		while (d + t < len && t < 64 && input_hostch(s[d + t]))
			t++;
		if (!t || d + t + 1 >= len || s[d + t] != ' ')
			t = 0;
		else
			t++;
	}
	if (t == (size_t)-1)
		return t;
	return d + t;
}

/*
 * RFC 5424 after its "<PRI>": "1 TIMESTAMP HOST APP PROCID MSGID SD MSG",
 * the structured data "-" or "[id k="v"]..."; the length to take, or
 * (size_t)-1 when APP is not the kernel.
 */
static size_t input_rfc5424(const char *s, size_t len)
{
	size_t i = 2, f, app = 0, applen = 0;

	if (len < 12 || s[0] != '1' || s[1] != ' ' || !is_digit(s[2]))
		return 0;
	for (f = 0; f < 5; f++) {	/* TIMESTAMP HOST APP PROCID MSGID */
		size_t b = i;

		while (i < len && s[i] != ' ')
			i++;
		if (i >= len)
			return 0;
		if (f == 2) {
			app = b;
			applen = i - b;
		}
		i++;
	}
	if (s[i] == '-') {
		i++;
	} else {
		while (i < len && s[i] == '[') {
			while (i < len && s[i] != ']')
				i += s[i] == '\\' ? 2 : 1;
			i++;
		}
	}
	if (i < len && s[i] == ' ')
		i++;
	if (i > len)
		return 0;
	if (applen != 6 || memcmp(s + app, "kernel", 6))
		return (size_t)-1;
	return i;
}

/* dmesg -x's level names (util-linux), in printk's order: KERN_EMERG is 0. */
static int input_level_name(const char *s, size_t n)
{
	static const char *const names[] = {
		"emerg", "alert", "crit", "err", "warn", "notice", "info", "debug",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (strlen(names[i]) == n && !memcmp(s, names[i], n))
			return (int)i;
	return -1;
}

/* "kern  :warn  : " from dmesg -x, or its level alone: "err: " */
static size_t input_facility(const char *s, size_t len, struct kb_line *out)
{
	size_t i = 0, fields = 0, first = 0;
	int level = -1, first_level = -1;

	while (fields < 2) {
		size_t start = i;

		while (i < len && s[i] >= 'a' && s[i] <= 'z')
			i++;
		if (i == start || i - start > 6)
			break;
		level = input_level_name(s + start, i - start);
		while (i < len && s[i] == ' ')
			i++;
		if (i >= len || s[i] != ':')
			break;
		i++;
		if (!fields++) {
			first = i;
			first_level = level;
		}
	}
	/* a level first is no facility: the level alone, then the message */
	if (first_level >= 0) {
		if (first >= len || s[first] != ' ')
			return 0;
		i = first;
		level = first_level;
	} else if (fields < 2) {
		return 0;
	}
	if (i < len && s[i] == ' ')
		i++;
	out->level = level;
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
	out->level = (int)(strtoul(s, NULL, 10) & 7);	/* the record's facility * 8 + level */
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

	/* or a log viewer's "05/09/2024 11:14:19 " (day and month first, either order) */
	if (len > 20 && is_digit(s[0]) &&
	    ((s[4] == '/' && s[7] == '/') || (s[2] == '/' && s[5] == '/')) && s[10] == ' ' &&
	    s[13] == ':' && s[16] == ':' && s[19] == ' ')
		n = 20;
	if (len - n > 8 && s[n] >= 'a' && s[n] <= 'z') {
		lg = memmem(s + n, len - n < 64 ? len - n : 64, "login: ", 7);
		if (lg)
			n = lg + 7 - s;
	}
	return n;
}

/*
 * "[   1.2]", or a date in brackets: "dmesg -T" ("[Mon Dec  4 10:11:12
 * 2023]"), a paste tool's "[2022-02-17 20:07:24]"; then a "[T1]" caller
 * (or that caller alone, without time stamps) and a space; then, for
 * journalctl -o short-monotonic ("[ 1.2] host kernel: "), the syslog tag.
 */
static size_t input_stamps(const char *s, size_t len, struct kb_line *out)
{
	size_t n = input_stamp(s, len), t;

	if (!n && len > 20 && (input_alpha(s[1]) || is_digit(s[1]))) {
		n = input_date(s + 1, len - 1);
		n = n && n + 1 < len && s[n + 1] == ']' ? n + 2 : 0;
	}
	if (!n && len > 20 && (unsigned char)s[1] >= 0x80) {
		/* dmesg -T in a CJK locale: the weekday ("[三 9月  6 11:00:27 2017]") */
		size_t k = 1, d;

		while (k < len && k < 8 && (unsigned char)s[k] >= 0x80)
			k++;
		while (k < len && s[k] == ' ')
			k++;
		d = k < len ? input_date(s + k, len - k) : 0;
		n = d && k + d < len && s[k + d] == ']' ? k + d + 1 : 0;
	}
	if (!n) {
		/* printk.time=0 with CONFIG_PRINTK_CALLER: the caller id alone */
		n = input_caller(s, len, out->ctx);
		if (!n)
			return 0;
	} else {
		if (!out->ctx[0])
			strcpy(out->ctx, "console");
		n += input_caller(s + n, len - n, out->ctx);
	}
	if (n < len && s[n] == ' ')
		n++;
	if (n + 9 < len && input_hostch(s[n])) {
		t = input_tag(s + n, len - n);
		if (t && t != (size_t)-1 && t < 72)
			n += t;
	}
	return n;
}

/*
 * "%5lu.%06lu] " (printk's stamp) without its "[", or without both
 * brackets ("  76.571730 ", a console tool's): the length, or 0
 */
static size_t input_cut_stamp(const char *s, size_t len)
{
	size_t i = 0, d;

	while (i < len && i < 10 && is_digit(s[i]))
		i++;
	if (!i || i >= len || s[i] != '.')
		return 0;
	for (d = ++i; i < len && is_digit(s[i]); i++)
		;
	if (i - d != 6 || i + 1 >= len)
		return 0;
	if (s[i] == ' ' && s[i + 1] != ' ')
		return i + 1;
	return s[i] == ']' && s[i + 1] == ' ' ? i + 2 : 0;
}

/*
 * "CLOCK ", "HOST: " or an editor's line number ("2663 ") right before a
 * printk stamp: its length, or 0
 */
static size_t input_before_stamp(const char *s, size_t len)
{
	size_t n = input_clock(s, len, 0), d = 0;

	if (!n) {
		while (d < len && d < 8 && is_digit(s[d]))
			d++;
		if (d && d + 1 < len && s[d] == ' ' && input_stamp(s + d + 1, len - d - 1))
			return d + 1;
	}
	if (!n) {
		while (n < len && n < 32 && input_hostch(s[n]))
			n++;
		if (!n || n + 1 >= len || s[n] != ':')
			return 0;
		n++;
	}
	if (n >= len || s[n] != ' ')
		return 0;
	n++;
	return input_stamp(s + n, len - n) ? n : 0;
}

/*
 * talosctl dmesg, a node's kernel log as Talos Linux serves it: "NODE:
 * kern: LEVEL: [ISO 8601 time]: " ("172.16.1.110: kern: warning:
 * [2024-07-16T19:11:47.88Z]: "), the level padded to the right. The
 * length, or 0.
 */
static size_t input_node_kmsg(const char *s, size_t len, struct kb_line *out)
{
	size_t n = 0, w, d;
	int level;

	while (n < len && n < 64 && input_hostch(s[n]))
		n++;
	if (!n || n + 8 > len || memcmp(s + n, ": kern:", 7))
		return 0;
	n += 7;
	while (n < len && s[n] == ' ')
		n++;
	for (w = 0; n + w < len && w < 8 && s[n + w] >= 'a' && s[n + w] <= 'z'; w++)
		;
	level = w == 7 && !memcmp(s + n, "warning", 7) ? 4 : input_level_name(s + n, w);
	if (level < 0 || n + w + 3 >= len || memcmp(s + n + w, ": [", 3))
		return 0;
	n += w + 3;
	d = input_date(s + n, len - n);
	if (!d || n + d + 1 >= len || s[n + d] != ']' || s[n + d + 1] != ':')
		return 0;
	n += d + 2;
	if (n < len && s[n] == ' ')
		n++;
	out->level = level;
	return n;
}

/* "<4>": the syslog priority, 0 if none. */
static size_t input_level(const char *s, size_t len);

#define INPUT_TOOL_MAX 40	/* a tool's numbers before printk's stamp, at most */

/*
 * What a capture tool writes before each line it took from a console: its
 * line number and clock ("2709 07:17:30.649153  " from LAVA, a serial
 * terminal's "[22:22:59:896] "), digits and clock marks only, then the
 * kernel's own "<6>[    3.85]" or "[    3.85]". printk's stamp after it
 * is what makes it a prefix: the length, or 0.
 */
static size_t input_tool_clock(const char *s, size_t len)
{
	size_t i = 0, d = 0, n;

	while (i < len && i < INPUT_TOOL_MAX && (is_digit(s[i]) || strchr(":.,-/[]|T ", s[i]))) {
		d += is_digit(s[i]);
		if (i && s[i - 1] == ' ' && (s[i] == '<' || s[i] == '['))
			break;
		i++;
	}
	if (d < 4 || !i || i >= len || s[i - 1] != ' ')
		return 0;
	while (i > 1 && s[i - 2] == ' ')
		i--;	/* the blanks are the prefix's, found again below */
	n = i;
	while (n < len && s[n] == ' ')
		n++;
	if (n < len && s[n] == '<')
		n += input_level(s + n, len - n);
	return n < len && s[n] == '[' && input_stamp(s + n, len - n) ? i : 0;
}

/*
 * A console collector's clock in brackets and its fields, no printk
 * stamp: Docker Desktop's "[16:39:53.644][Moby           ][Info   ] ", a
 * Cray node's "[16:21:28][c0-0c0s15n2]". The length, or 0.
 */
static size_t input_clock_fields(const char *s, size_t len)
{
	size_t n = input_clock(s, len, 1), f;

	if (!n || n + 1 >= len || s[n] != ']' || s[n + 1] != '[')
		return 0;
	for (n++, f = 0; f < 3 && n < len && s[n] == '[' && !input_stamp(s + n, len - n); f++) {
		const char *e = memchr(s + n, ']', len - n < 40 ? len - n : 40);

		if (!e || memchr(s + n + 1, '[', e - s - n - 1))
			break;
		n = e + 1 - s;
	}
	if (!f)
		return 0;
	return n < len && s[n] == ' ' ? n + 1 : n;
}

/* "<4>": the syslog priority, 0 if none. */
static size_t input_level(const char *s, size_t len)
{
	size_t n = 1;

	while (n < len && n < 5 && is_digit(s[n]))
		n++;
	return n > 1 && n < len && s[n] == '>' ? n + 1 : 0;
}

/*
 * One prefix of those that may repeat ("<6>[   1.2] [T1] "): the length
 * to take, 0 when the line starts with none, (size_t)-1 for another
 * program's syslog line. dmesg -x's facility, a syslog date and the
 * tools' stamps come only first (round 0) or, for the date, right after
 * the "<PRI>" of a syslog message.
 */
static size_t input_prefix(const char *s, size_t len, int round, bool after_pri,
			   struct kb_line *out)
{
	size_t n;

	switch (s[0]) {
	case '<':
		n = len > 3 ? input_level(s, len) : 0;
		if (n)	/* "<PRI>": facility * 8 + level, the kernel's facility is 0 */
			out->level = (int)(strtoul(s + 1, NULL, 10) & 7);
		return n;
	case '[':
		n = input_stamps(s, len, out);
		if (!n && !round)
			n = input_clock_fields(s, len);
		return n || round ? n : input_tool_clock(s, len);
	case '*':
		if (len > 3 && s[1] == '*' && s[2] == ' ') {
			const char *e = memmem(s + 3, len - 3, " ** ", 4);

			if (e)
				return e + 4 - s;
		}
		return 0;
	}
	if (after_pri) {
		n = input_rfc5424(s, len);
		if (n)
			return n;
	}
	if (round && !after_pri)
		return 0;
	if (len >= 16 && (is_digit(s[0]) || input_alpha(s[0]))) {
		n = input_syslog(s, len);
		if (n)
			return n;
	}
	if (round)
		return 0;
	if (len > 8 && !memcmp(s, "kernel: ", 8))
		return 8;	/* a syslog line pasted from its tag on */
	/* syslogd's broadcast of an emergency: " kernel:thermal thermal_zone0: ..." */
	if (len > 7 && !memcmp(s, "kernel:", 7) && s[7] != ' ')
		return 7;
	/* a paste cut before the host's tag: "vmhost kernel: " (never another program's) */
	n = input_alpha(s[0]) || is_digit(s[0]) ? input_tag(s, len) : 0;
	if (n && n != (size_t)-1)
		return n;
	/* printk's stamp whose "[" a paste cut: "0.277424] " */
	n = input_cut_stamp(s, len);
	if (n)
		return n;
	n = input_node_kmsg(s, len, out);
	if (n)
		return n;
	/*
	 * what a tool put before printk's stamp: a clock of the terminal
	 * ("16:56:35 [ 82.64] "), a parallel shell's host ("b1360: [14280.44] ")
	 */
	n = input_before_stamp(s, len);
	if (n)
		return n;
	/* a terminal's clock without printk's stamp: "16:35:12  PM: suspend entry" */
	n = input_clock(s, len, 0);
	if (n && n + 1 < len && s[n] == ' ') {
		while (n < len && s[n] == ' ')
			n++;
		return n;
	}
	n = input_tool(s, len);
	if (n)
		return n;
	n = input_tool_clock(s, len);
	if (n)
		return n;
	if (s[0] >= 'a' && s[0] <= 'z' && len > 10)
		return input_facility(s, len, out);
	return 0;
}

/*
 * What a paste puts first: mail quote markers ("> ", "> > "), a markdown
 * backtick, a pastebin's line number ("  12 | ", "12\t"). The length.
 */
/* A mail's quote markers, "> " or "> > ": the length. */
static size_t input_quote(const char *s, size_t len)
{
	size_t i = 0;

	while (i < len && i < 16 && s[i] == '>') {
		i++;
		if (i < len && s[i] == ' ')
			i++;
	}
	return i;
}

/*
 * A file's line number that a tool put before a kernel line: grep -n's
 * "1261929:" (and "1262024-" for its context lines), cat -n's or an
 * editor's "  2663 ", before what a kernel line starts with (printk's
 * stamp, a syslog date). The length to take after the number, 0 if none.
 */
static size_t input_line_number(const char *s, size_t len)
{
	size_t i = 1;

	if (len < 8 || (s[0] != ':' && s[0] != '-' && s[0] != ' '))
		return 0;
	while (s[0] == ' ' && i < len && i < 8 && s[i] == ' ')
		i++;
	if (input_stamp(s + i, len - i) ||
	    (len - i >= 16 && input_date(s + i, len - i) && input_syslog(s + i, len - i) &&
	     input_syslog(s + i, len - i) != (size_t)-1))
		return i;
	return 0;
}

static size_t input_paste(const char *s, size_t len)
{
	size_t i = input_quote(s, len), d;

	while (i < len && i < 20 && s[i] == '`')
		i++;
	/* a unified diff's mark before printk's stamp: two boots' logs compared */
	if (i + 4 < len && (s[i] == '-' || s[i] == '+') && s[i + 1] == '[' &&
	    input_stamp(s + i + 1, len - i - 1))
		return i + 1;
	d = i;
	while (d < len && d < i + 6 && s[d] == ' ')
		d++;
	if (d < len && is_digit(s[d])) {
		size_t e = d, n;

		while (e < len && e < d + 8 && is_digit(s[e]))
			e++;
		if (e < len && s[e] == '\t')
			return e + 1;
		if (e + 2 < len && s[e] == ' ' && s[e + 1] == '|' && s[e + 2] == ' ')
			return e + 3;
		if (e + 1 < len && s[e] == '|' && s[e + 1] == ' ')
			return e + 2;
		n = input_line_number(s + e, len - e);
		if (n)
			return e + n;
	}
	return i;
}

#define INPUT_INDENT_MIN 4	/* the kernel indents by 1 or 2 ("  ? func"); markdown by 4 */
#define INPUT_INDENT_MAX 16

/* the column after blank c at column col: a tab runs to the next stop of 8 */
static size_t input_column(size_t col, char c)
{
	return c == '\t' ? (col | 7) + 1 : col + 1;
}

/*
 * A paste indented as a whole (markdown's code block, a mail's or a
 * forum's quote, a mail archive's tab): blanks before every line, the
 * first included, are the paste's, and the least of them from the first
 * line on is its indent (a line with less lowers it). Indents are columns,
 * so one tab is as deep as 8 blanks. Less than 4 is the kernel's own (a
 * frame's " func+0x1/0x2", kmsg's " KEY=val"). The bytes to drop.
 */
static size_t input_indent(struct kb_input *in, const char *s, size_t len)
{
	size_t b = 0, col = 0;

	while (b < len && col < INPUT_INDENT_MAX && (s[b] == ' ' || s[b] == '\t'))
		col = input_column(col, s[b++]);
	if (b == len)
		return 0;	/* a blank line says nothing */
	if (!in->indent_seen || col < in->indent)
		in->indent = col >= INPUT_INDENT_MIN ? col : 0;
	in->indent_seen = true;
	for (b = 0, col = 0; col < in->indent; b++)
		col = input_column(col, s[b]);
	return b;
}

#define INPUT_INNER_MAX 96	/* how far into a line a wrapper's prefix may reach */

/*
 * printk's own stamp, "[%5lu.%06lu]" (kernel/printk/printk.c
 * print_time()), with the "<N>" of a record's level before it, inside a
 * line that no prefix rule took: a log collector's wrapper before the
 * kernel's record, numbers and clocks only (a test farm's "2714
 * 07:17:30.679197  <4>[    3.879243] "), or right after another program's
 * "prog[pid]: " (Docker Desktop relaying its VM's console: "HOST
 * com.docker.backend[1]: [  956.812853] "). Its offset, or 0.
 */
static bool input_wrapper(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!is_digit(s[i]) && !strchr(" \t:.,-+/|T", s[i]))
			return false;
	return true;
}

static size_t input_inner_stamp(const char *s, size_t len, bool program)
{
	size_t p, i, d;

	for (p = 1; p < len && p < INPUT_INNER_MAX; p++) {
		if (s[p] != '[' || (s[p - 1] != ' ' && s[p - 1] != ':' && s[p - 1] != '>'))
			continue;
		for (i = p + 1; i < len && s[i] == ' '; i++)
			;
		for (d = i; i < len && is_digit(s[i]); i++)
			;
		if (i == d || i >= len || s[i] != '.')
			continue;
		for (d = ++i; i < len && is_digit(s[i]); i++)
			;
		if (i - d != 6 || i >= len || s[i] != ']')
			continue;
		if (p >= 3 && s[p - 3] == '<' && is_digit(s[p - 2]) && s[p - 1] == '>')
			p -= 3;
		if (program)
			return p >= 2 && s[p - 2] == ':' && s[p - 1] == ' ' ? p : 0;
		return input_wrapper(s, p) ? p : 0;
	}
	return 0;
}

/*
 * Prefixes repeat: "<4>Dec  3 06:35:17 host kernel: [   1.2] [T1] ".
 * Blanks before one (an indented paste, "<4> [1.2]") go with it; blanks
 * before the message are the message's own (a frame's indent). The
 * length taken, (size_t)-1 for another program's line.
 */
static size_t input_prefixes(const char *s, size_t len, struct kb_line *out, int *rounds)
{
	size_t n, b, taken = 0;
	int round;
	bool pri = false;

	for (round = 0; round < 5 && len; round++) {
		for (b = 0; b < len && b < 16 && (s[b] == ' ' || s[b] == '\t'); b++)
			;
		if (b >= len)
			break;
		n = input_prefix(s + b, len - b, round, pri, out);
		if (n == (size_t)-1)
			return n;
		if (!n)
			break;
		pri = s[b] == '<';
		s += b + n;
		len -= b + n;
		taken += b + n;
	}
	*rounds = round;
	return taken;
}

void kb_input_clean(struct kb_input *in, const char *s, size_t len, struct kb_line *out)
{
	size_t n;
	int round = 0;

	out->ctx[0] = '\0';
	out->skip = false;
	out->level = -1;
	if (len && s[len - 1] == '\r')
		len--;
	/* a serial terminal's pictures of CR and LF (U+240D, U+240A) */
	while (len >= 3 && (unsigned char)s[len - 3] == 0xe2 && (unsigned char)s[len - 2] == 0x90 &&
	       ((unsigned char)s[len - 1] == 0x8a || (unsigned char)s[len - 1] == 0x8d))
		len -= 3;
	if (len > KB_LINE_MAX)
		len = KB_LINE_MAX;
	/* a quoted paste may be indented or kmsg records within the quote */
	if (len && s[0] == '>') {
		n = input_quote(s, len);
		s += n;
		len -= n;
	}
	n = input_indent(in, s, len);
	s += n;
	len -= n;
	n = input_record(in, s, len, out);
	s += n;
	len -= n;
	if (len && (strchr(">` -+", s[0]) || is_digit(s[0]))) {
		n = input_paste(s, len);
		s += n;
		len -= n;
	}
	n = input_prefixes(s, len, out, &round);
	if (n != (size_t)-1) {
		s += n;
		len -= n;
	}
	/* no rule took the wrapper before the kernel's record: its stamp ends it */
	if (n == (size_t)-1 || !out->ctx[0]) {
		size_t at = input_inner_stamp(s, len, n == (size_t)-1), m;
		int more;

		if (at) {
			m = input_prefixes(s + at, len - at, out, &more);
			if (m && m != (size_t)-1) {
				s += at + m;
				len -= at + m;
				round += more;
				n = 0;
			}
		}
	}
	if (n == (size_t)-1)
		out->skip = true;
	/* a syslog daemon's empty field after the tag: "host kernel: : mpt2sas0: ..." */
	if (round && len > 2 && s[0] == ':' && s[1] == ' ')
		s += 2, len -= 2;
	out->text = s;
	out->len = len;
}
