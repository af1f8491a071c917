// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The request format (docs/request-format.md): the line a triager's kbug
 * writes and a reporter's kbug reads. The parser takes outside input
 * (anyone can comment on a bug), so it is strict and bounded: printable
 * ASCII only, a fixed number of short fields, built-in probe names and
 * the log choices only; a value that looks like a path or a command
 * refuses the whole request.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>

#include "deliver/request.h"
#include "probes/probe.h"
#include "util/macro.h"
#include "util/strbuf.h"

#define PREFIX "kbug-request:"

static const char *const log_names[] = { "this", "previous", "pstore" };
static const char *const log_words[] = {
	"the kernel log of this boot",
	"the kernel log of the previous boot (from the systemd journal)",
	"what pstore kept of a crashed boot",
};

/* Keys that would make a request read a file or run something: never. */
static const char *const refused_keys[] = {
	"file", "files", "path", "paths", "cmd", "command", "run", "exec", "script",
	"shell", "url", "glob", "pattern", "regex", "attach", "read",
};

static int fail(int err, char *msg, size_t msgsz, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int fail(int err, char *msg, size_t msgsz, const char *fmt, ...)
{
	va_list ap;

	if (msg && msgsz) {
		va_start(ap, fmt);
		vsnprintf(msg, msgsz, fmt, ap);
		va_end(ap);
	}
	return err;
}

static bool in_set(const char *s, size_t n, const char *set)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strchr(set, s[i]))
			return false;
	return true;
}

#define LOWER_DIGITS "abcdefghijklmnopqrstuvwxyz0123456789"
#define ALNUM LOWER_DIGITS "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

int kbug_request_add_log(struct kbug_request *r, const char *name, char *msg, size_t msgsz)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(log_names); i++) {
		if (strcmp(name, log_names[i]))
			continue;
		if (r->logs & (1u << i))
			return fail(-EINVAL, msg, msgsz, "the log '%s' is asked twice", name);
		r->logs |= 1u << i;
		return 0;
	}
	return fail(-EPERM, msg, msgsz,
		    "unknown log '%.64s': a request can ask for this, previous or pstore", name);
}

int kbug_request_add_probe(struct kbug_request *r, const char *name, char *msg, size_t msgsz)
{
	const struct kbug_probe *p;
	size_t i;

	if (!strcmp(name, "dmesg"))
		return kbug_request_add_log(r, "this", msg, msgsz);
	if (!strcmp(name, "config")) {
		if (r->config)
			return fail(-EINVAL, msg, msgsz, "the config is asked twice");
		r->config = true;
		return 0;
	}
	p = kbug_probe_find(name);
	if (!p)
		return fail(-EPERM, msg, msgsz,
			    "unknown probe '%.64s': a request can name only the built-in probes (kbug probes lists them)",
			    name);
	for (i = 0; i < r->nprobes; i++)
		if (!strcmp(r->probes[i], p->name))
			return fail(-EINVAL, msg, msgsz, "the probe '%s' is asked twice", name);
	if (r->nprobes >= KBUG_REQ_MAX_PROBES)
		return fail(-EPERM, msg, msgsz, "more than %d probes", KBUG_REQ_MAX_PROBES);
	r->probes[r->nprobes++] = p->name;	/* the table's string, not the input's */
	r->probes[r->nprobes] = NULL;
	return 0;
}

/* Each comma-separated item of v (n bytes) through add(). */
static int each_item(struct kbug_request *r, const char *key, const char *v, size_t n,
		     int (*add)(struct kbug_request *, const char *, char *, size_t), char *msg,
		     size_t msgsz)
{
	char item[KBUG_REQ_MAX_VALUE + 1];
	size_t i = 0, j;
	int ret;

	while (i <= n) {
		j = i;
		while (j < n && v[j] != ',')
			j++;
		if (j == i)
			return fail(-EINVAL, msg, msgsz, "an empty item in %s", key);
		if (j - i > KBUG_REQ_MAX_VALUE)
			return fail(-EPERM, msg, msgsz, "an item of %s is longer than %d bytes",
				    key, KBUG_REQ_MAX_VALUE);
		memcpy(item, v + i, j - i);
		item[j - i] = '\0';
		ret = add(r, item, msg, msgsz);
		if (ret)
			return ret;
		i = j + 1;
	}
	return 0;
}

/* One key=value; seen[] marks the known keys met (id, probes, logs, config). */
static int field(struct kbug_request *r, const char *k, size_t kn, const char *v, size_t vn,
		 bool seen[4], char *msg, size_t msgsz)
{
	static const char *const known[] = { "id", "probes", "logs", "config" };
	size_t i;

	if (!kn || kn > 16 || !in_set(k, kn, LOWER_DIGITS "-"))
		return fail(-EINVAL, msg, msgsz, "a malformed key '%.*s'", (int)(kn > 32 ? 32 : kn),
			    k);
	if (!vn)
		return fail(-EINVAL, msg, msgsz, "%.*s= has no value", (int)kn, k);
	if (vn > KBUG_REQ_MAX_VALUE)
		return fail(-EPERM, msg, msgsz, "the value of %.*s= is longer than %d bytes",
			    (int)kn, k, KBUG_REQ_MAX_VALUE);
	for (i = 0; i < ARRAY_SIZE(refused_keys); i++)
		if (strlen(refused_keys[i]) == kn && !memcmp(refused_keys[i], k, kn))
			return fail(-EPERM, msg, msgsz,
				    "it asks for %.*s=: a request can name only built-in probes and log choices; kbug reads no file and runs nothing a request names",
				    (int)kn, k);
	/* the values any version may carry: names, lists, numbers; no path, no command */
	if (!in_set(v, vn, ALNUM "._,:+-"))
		return fail(-EPERM, msg, msgsz,
			    "%.*s=%.*s looks like a path or a command: a request can name only built-in probes and log choices",
			    (int)kn, k, (int)(vn > 64 ? 64 : vn), v);
	for (i = 0; i < ARRAY_SIZE(known); i++)
		if (strlen(known[i]) == kn && !memcmp(known[i], k, kn))
			break;
	if (i == ARRAY_SIZE(known)) {
		/* the version rule: unknown keys of this version are ignored, named */
		size_t have = strlen(r->ignored);

		if (have + kn + 2 < sizeof(r->ignored)) {
			if (have)
				r->ignored[have++] = ' ';
			memcpy(r->ignored + have, k, kn);
			r->ignored[have + kn] = '\0';
		}
		return 0;
	}
	if (seen[i])
		return fail(-EINVAL, msg, msgsz, "%s= is given twice", known[i]);
	seen[i] = true;
	switch (i) {
	case 0:
		if (vn < KBUG_REQ_ID_MIN || vn > KBUG_REQ_ID_MAX || !in_set(v, vn, ALNUM))
			return fail(-EINVAL, msg, msgsz, "id= must be %d to %d letters and digits",
				    KBUG_REQ_ID_MIN, KBUG_REQ_ID_MAX);
		memcpy(r->id, v, vn);
		r->id[vn] = '\0';
		return 0;
	case 1:
		return each_item(r, "probes=", v, vn, kbug_request_add_probe, msg, msgsz);
	case 2:
		return each_item(r, "logs=", v, vn, kbug_request_add_log, msg, msgsz);
	default:
		if (vn == 3 && !memcmp(v, "yes", 3)) {
			if (r->config)
				return fail(-EINVAL, msg, msgsz, "the config is asked twice");
			r->config = true;
		} else if (!(vn == 2 && !memcmp(v, "no", 2))) {
			return fail(-EINVAL, msg, msgsz, "config= must be yes or no");
		}
		return 0;
	}
}

int kbug_request_parse(const char *line, size_t len, struct kbug_request *r, char *msg,
		       size_t msgsz)
{
	bool seen[4] = { false };
	size_t i, nfields = 0, plen = strlen(PREFIX);
	unsigned int v = 0;
	int ret;

	memset(r, 0, sizeof(*r));
	if (msg && msgsz)
		msg[0] = '\0';
	while (len && (line[len - 1] == '\r' || line[len - 1] == ' ' || line[len - 1] == '\t'))
		len--;
	if (len < plen || memcmp(line, PREFIX, plen))
		return fail(-EINVAL, msg, msgsz, "not a request line (kbug-request: ...)");
	if (len > KBUG_REQ_MAX_LINE)
		return fail(-EPERM, msg, msgsz, "the request line is longer than %d bytes",
			    KBUG_REQ_MAX_LINE);
	for (i = plen; i < len; i++) {
		unsigned char c = (unsigned char)line[i];

		if ((c < 0x20 && c != '\t') || c > 0x7e)
			return fail(-EINVAL, msg, msgsz,
				    "a byte that is not printable ASCII in the request line (column %zu)",
				    i + 1);
	}
	i = plen;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	if (i >= len || line[i] != 'v')
		return fail(-EINVAL, msg, msgsz, "no version (v1) after kbug-request:");
	for (i++; i < len && line[i] >= '0' && line[i] <= '9'; i++) {
		v = v * 10 + (unsigned int)(line[i] - '0');
		if (v > 999)
			return fail(-EINVAL, msg, msgsz, "a version number out of range");
	}
	if (!v || (i < len && line[i] != ' ' && line[i] != '\t'))
		return fail(-EINVAL, msg, msgsz, "no version (v1) after kbug-request:");
	if (v > KBUG_REQ_VERSION)
		return fail(-EPROTO, msg, msgsz,
			    "the request is format v%u; this kbug reads v%d: update kbug, or answer with --probes",
			    v, KBUG_REQ_VERSION);
	r->version = v;
	while (i < len) {
		size_t k, eq, e;

		while (i < len && (line[i] == ' ' || line[i] == '\t'))
			i++;
		if (i >= len)
			break;
		k = i;
		while (i < len && line[i] != ' ' && line[i] != '\t')
			i++;
		e = i;
		eq = k;
		while (eq < e && line[eq] != '=')
			eq++;
		if (eq == e)
			return fail(-EINVAL, msg, msgsz, "'%.*s' is not key=value",
				    (int)(e - k > 64 ? 64 : e - k), line + k);
		if (++nfields > KBUG_REQ_MAX_FIELDS)
			return fail(-EPERM, msg, msgsz, "more than %d fields", KBUG_REQ_MAX_FIELDS);
		ret = field(r, line + k, eq - k, line + eq + 1, e - eq - 1, seen, msg, msgsz);
		if (ret)
			return ret;
	}
	if (!r->id[0])
		return fail(-EINVAL, msg, msgsz, "the request has no id=");
	if (!r->nprobes && !r->logs && !r->config)
		return fail(-EINVAL, msg, msgsz, "the request asks for nothing");
	return 0;
}

int kbug_request_find(const char *text, size_t len, struct kbug_request *r, char *msg,
		      size_t msgsz)
{
	const char *last = NULL, *p = text, *end = text + len, *nl;
	size_t plen = strlen(PREFIX), lastlen = 0;

	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		if ((size_t)(nl - p) >= plen && !memcmp(p, PREFIX, plen)) {
			last = p;
			lastlen = (size_t)(nl - p);
		}
		p = nl + 1;
	}
	if (!last) {
		memset(r, 0, sizeof(*r));
		return fail(-ENOENT, msg, msgsz, "no kbug-request: line");
	}
	return kbug_request_parse(last, lastlen, r, msg, msgsz);
}

int kbug_request_from_options(struct kbug_request *r, const char *const *probes, size_t np,
			      const char *const *logs, size_t nl, bool config, char *msg,
			      size_t msgsz)
{
	size_t i;
	int ret = 0;

	memset(r, 0, sizeof(*r));
	r->version = KBUG_REQ_VERSION;
	for (i = 0; i < np && !ret; i++)
		ret = each_item(r, "--probe", probes[i], strlen(probes[i]),
				kbug_request_add_probe, msg, msgsz);
	for (i = 0; i < nl && !ret; i++)
		ret = each_item(r, "--log", logs[i], strlen(logs[i]), kbug_request_add_log, msg,
				msgsz);
	if (!ret && config && !r->config)
		r->config = true;
	if (!ret && !r->nprobes && !r->logs && !r->config)
		ret = fail(-EINVAL, msg, msgsz, "ask for something: --probe, --log or --config");
	return ret;
}

int kbug_request_new_id(struct kbug_request *r)
{
	unsigned char rnd[6];
	size_t i;

	if (getrandom(rnd, sizeof(rnd), 0) != sizeof(rnd))
		return -errno;
	for (i = 0; i < sizeof(rnd); i++)
		snprintf(r->id + 2 * i, 3, "%02x", rnd[i]);
	return 0;
}

void kbug_request_line(const struct kbug_request *r, struct strbuf *out)
{
	size_t i;
	bool first = true;

	strbuf_addf(out, PREFIX " v%d id=%s", KBUG_REQ_VERSION, r->id);
	for (i = 0; i < r->nprobes; i++)
		strbuf_addf(out, "%s%s", i ? "," : " probes=", r->probes[i]);
	for (i = 0; i < ARRAY_SIZE(log_names); i++) {
		if (!(r->logs & (1u << i)))
			continue;
		strbuf_addf(out, "%s%s", first ? " logs=" : ",", log_names[i]);
		first = false;
	}
	if (r->config)
		strbuf_addstr(out, " config=yes");
}

int kbug_request_check_note(const char *note, char *msg, size_t msgsz)
{
	size_t n = strlen(note), lines = 1, i;

	if (n > KBUG_REQ_MAX_NOTE)
		return fail(-EPERM, msg, msgsz, "the note is %zu bytes; at most %d", n,
			    KBUG_REQ_MAX_NOTE);
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)note[i];

		if (c == '\n')
			lines++;
		else if ((c < 0x20 && c != '\t') || c == 0x7f)
			return fail(-EPERM, msg, msgsz,
				    "the note has a control character (byte %zu)", i + 1);
	}
	if (lines > KBUG_REQ_MAX_NOTE_LINES)
		return fail(-EPERM, msg, msgsz, "the note has %zu lines; at most %d", lines,
			    KBUG_REQ_MAX_NOTE_LINES);
	return 0;
}

void kbug_request_text(const struct kbug_request *r, const char *note, const char *answer,
		       struct strbuf *out)
{
	const char *p, *nl;
	size_t i;

	strbuf_addf(out, "Request for more information (kbug request %s)\n\n", r->id);
	strbuf_addstr(out, "Please send these facts about the machine that shows the bug:\n");
	for (i = 0; i < r->nprobes; i++) {
		const struct kbug_probe *pr = kbug_probe_find(r->probes[i]);

		strbuf_addf(out, "  - %s: %s\n", r->probes[i], pr ? pr->help : "");
	}
	for (i = 0; i < ARRAY_SIZE(log_names); i++)
		if (r->logs & (1u << i))
			strbuf_addf(out, "  - %s\n", log_words[i]);
	if (r->config)
		strbuf_addstr(out, "  - the kernel configuration\n");
	if (note && *note) {
		strbuf_addstr(out, "\nNote from the triager:\n");
		for (p = note; *p; p = nl + 1) {
			nl = strchr(p, '\n');
			if (!nl)
				nl = p + strlen(p);
			strbuf_addf(out, "> %.*s\n", (int)(nl - p), p);
			if (!*nl)
				break;
		}
	}
	strbuf_addstr(out, "\nWith kbug, ");
	if (answer)
		strbuf_addf(out, "`%s`", answer);
	else
		strbuf_addstr(out, "`kbug followup BUG-URL`");
	strbuf_addstr(out, " collects exactly these (and nothing more),\n"
			   "redacted as every report is, shows them, and sends them when you agree.\n"
			   "Without kbug, please attach the same by hand.\n\n");
	kbug_request_line(r, out);
	strbuf_addch(out, '\n');
}
