// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the cmd-*.c front ends share: the global options and the option
 * groups several commands take, the output stream (stdout or -o FILE),
 * and, in talking to the user about a delivery, the answers to a
 * channel's questions (util/prompt.c asks), the review before sending,
 * and what became of it.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/report.h"
#include "deliver/deliver.h"
#include "deliver/mime.h"
#include "deliver/outbox.h"
#include "front.h"
#include "kbug.h"
#include "util/json.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/options.h"
#include "util/path.h"
#include "util/prompt.h"
#include "util/strbuf.h"
#include "util/term.h"

struct kbug_opts kbug_opts;
const char kbug_version[] = KBUG_VERSION;

static int opt_quiet(const char *cmd, const struct kbug_option *o, const char *val, void *base)
{
	kbug_opts.verbose = -1;
	return 0;
}

static int opt_sysroot(const char *cmd, const struct kbug_option *o, const char *val, void *base)
{
	return kbug_path_set_root(val) ? KBUG_EXIT_ERROR : 0;
}

/* Valid anywhere on the line, before or after the command, up to "--". */
const struct kbug_option kbug_global_options[] = {
	OPT_FLAG("json", 0, struct kbug_opts, json,
		 "machine-readable output: the command's result as JSON on stdout"),
	OPT_STRING("output", 'o', "FILE", struct kbug_opts, output,
		   "write the command's output to FILE (also -oFILE, --output=FILE); for kbug "
		   "report: save the message as an mbox file and send nothing"),
	OPT_CALL("quiet", 'q', NULL, opt_quiet, "only errors on stderr"),
	{ .kind = KBUG_OPT_COUNT, .name = "verbose", .letter = 'v',
	  .off = offsetof(struct kbug_opts, verbose),
	  .help = "more detail on stderr; twice (-vv): debugging" },
	OPT_CALL("sysroot", 0, "DIR", opt_sysroot,
		 "read /proc, /sys, /etc and the other system files below DIR instead of / "
		 "(saved roots, tests)"),
	OPT_FLAG("help", 'h', struct kbug_opts, help,
		 "the commands and the global options; after a command: its options"),
	OPT_END
};

/* Before the command: the global options and --version. */
const struct kbug_option kbug_top_options[] = {
	{ .kind = KBUG_OPT_GROUP, .group = kbug_global_options },
	OPT_FLAG("version", 0, struct kbug_opts, version, "print the version of kbug and exit"),
	OPT_END
};

/* ---- the delivery options, shared by report, outbox --retry, bugzilla ---- */

#define DOPTS struct kbug_deliver_opts

static int opt_api_key(const char *cmd, const struct kbug_option *o, const char *val, void *base)
{
	return kbug_usage_error(cmd,
				"'--%s': an API key is never taken on the command line (it would show in ps); use --api-key-file",
				o->name);
}

const struct kbug_option kbug_smtp_options[] = {
	OPT_STRING("smtp-url", 0, "URL", DOPTS, smtp_url,
		   "the SMTP server: smtp://HOST:PORT (STARTTLS) or smtps://HOST:PORT, without "
		   "credentials (default: [smtp] url)"),
	OPT_FLAG("smtp-insecure", 0, DOPTS, smtp_insecure,
		 "allow plain smtp:// to a host that is not loopback"),
	OPT_FLAG("sendmail", 0, DOPTS, sendmail,
		 "hand the message to /usr/sbin/sendmail -t -oi instead of an SMTP server"),
	OPT_STRING("sendmail-path", 0, "PATH", DOPTS, sendmail_path,
		   "another sendmail program (default: [sendmail] path)"),
	OPT_END
};

const struct kbug_option kbug_bugzilla_options[] = {
	OPT_STRING("bugzilla-url", 0, "URL", DOPTS, bugzilla_url,
		   "the Bugzilla server (default: [bugzilla] url in the config); https://, or "
		   "http:// to loopback only"),
	OPT_STRING("api-key-file", 0, "FILE", DOPTS, api_key_file,
		   "the API key, in a file not readable by group or others (else [bugzilla] "
		   "api-key-file / api-key-command, else $KBUG_BUGZILLA_API_KEY); sent only in a "
		   "request header"),
	OPT_FLAG("insecure-http", 0, DOPTS, bz_insecure_http,
		 "allow plain http:// to a Bugzilla host that is not loopback"),
	{ .kind = KBUG_OPT_FLAG, .name = "new-bug", .alias = "new",
	  .off = offsetof(DOPTS, new_bug),
	  .help = "file a new bug even when a duplicate exists" },
	{ .kind = KBUG_OPT_CALL, .name = "api-key", .arg = "KEY", .call = opt_api_key,
	  .flags = KBUG_OPT_HIDDEN | KBUG_OPT_OPTIONAL },
	{ .kind = KBUG_OPT_CALL, .name = "api-key-command", .arg = "CMD", .call = opt_api_key,
	  .flags = KBUG_OPT_HIDDEN | KBUG_OPT_OPTIONAL },
	OPT_END
};

const struct kbug_option kbug_product_options[] = {
	OPT_STRING("product", 0, "P", DOPTS, product,
		   "the Bugzilla product to file into, over the MAINTAINERS B: entry and the map"),
	OPT_STRING("component", 0, "C", DOPTS, component,
		   "the Bugzilla component to file into"),
	OPT_END
};

const struct kbug_option kbug_yes_options[] = {
	OPT_FLAG("yes", 'y', DOPTS, yes,
		 "no questions (and no review in $EDITOR); with a duplicate found by title, "
		 "comment on it"),
	OPT_END
};

/* What kbug report and kbug outbox --retry both take: how to send. */
const struct kbug_option kbug_delivery_options[] = {
	{ .kind = KBUG_OPT_GROUP, .group = kbug_smtp_options },
	{ .kind = KBUG_OPT_GROUP, .group = kbug_bugzilla_options },
	OPT_INT("timeout", "SECONDS", DOPTS, timeout_s, 1, 86400, "seconds",
		"network timeout (default 60)"),
	{ .kind = KBUG_OPT_GROUP, .group = kbug_yes_options },
	OPT_END
};

#undef DOPTS

static FILE *output_file;
static bool output_failed;

static ssize_t drop_write(void *cookie, const char *buf, size_t size)
{
	return (ssize_t)size;
}

static const cookie_io_functions_t drop_io = { .write = drop_write };

FILE *kbug_output(void)
{
	if (output_file)
		return output_file;
	if (!kbug_opts.output || !strcmp(kbug_opts.output, "-"))
		return stdout;
	output_file = fopen(kbug_opts.output, "w");
	if (!output_file) {
		ERR("cannot write '%s': %s", kbug_opts.output, strerror(errno));
		output_failed = true;
		output_file = fopencookie(NULL, "w", drop_io);
		if (!output_file)
			abort();
	}
	return output_file;
}

int kbug_output_close(void)
{
	FILE *f = output_file ? output_file : stdout;
	int bad = ferror(f);

	if (output_failed) {
		bad = 1;
	} else if (fflush(f) || bad) {
		ERR("cannot write '%s': %s", output_file ? kbug_opts.output : "standard output",
		    strerror(errno ? errno : EIO));
		bad = 1;
	}
	if (output_file) {
		if (fclose(output_file) && !bad) {
			ERR("cannot write '%s': %s", kbug_opts.output, strerror(errno));
			bad = 1;
		}
		output_file = NULL;
	}
	return bad ? -1 : 0;
}

int kbug_ask_choice(struct kbug_choice *c, void *data)
{
	struct strbuf ans = STRBUF_INIT;

	(void)data;
	if (c->context[0])
		fprintf(stderr, "kbug: %s\n", c->context);
	kbug_ask(c->prompt, &ans);
	switch (c->kind) {
	case KBUG_CHOICE_PRODUCT:
		snprintf(c->product, sizeof(c->product), "%s", ans.buf);
		break;
	case KBUG_CHOICE_COMPONENT:
		snprintf(c->component, sizeof(c->component), "%s", ans.buf);
		break;
	case KBUG_CHOICE_DUPLICATE:
		c->duplicate = ans.buf[0];
		break;
	case KBUG_CHOICE_NONE:
		break;
	}
	strbuf_release(&ans);
	return 0;
}

static bool send_later;

void kbug_front_send_later(bool later)
{
	send_later = later;
}

/* ---- the review: one screen for every channel -------------------------- */

#define REVIEW_LABEL "%-13s"
#define SHOW_LINES 400

/* The report as saved in the item (report.json), NULL when unreadable. */
static struct json_object *item_report(struct kbug_outbox_item *it)
{
	struct strbuf sb = STRBUF_INIT;
	struct json_object *j = NULL;

	if (!kbug_outbox_read(it, "report.json", &sb))
		j = json_tokener_parse(sb.buf);
	strbuf_release(&sb);
	return j;
}

static size_t arr_len(struct json_object *a)
{
	return a && json_object_is_type(a, json_type_array) ? json_object_array_length(a) : 0;
}

static void human_size(struct strbuf *out, int64_t n)
{
	if (n < 1024)
		strbuf_addf(out, "%lld bytes", (long long)n);
	else if (n < 1024 * 1024)
		strbuf_addf(out, "%.1f KiB", (double)n / 1024);
	else
		strbuf_addf(out, "%.1f MiB", (double)n / (1024 * 1024));
}

/* "mac" -> "MAC addresses": the classes of core/redact.c's kind_names */
static const char *redaction_label(const char *kind)
{
	static const char *const names[][2] = {
		{ "mac", "MAC addresses" }, { "ipv4", "IPv4 addresses" },
		{ "ipv6", "IPv6 addresses" }, { "hostname", "host names" },
		{ "user", "user names" }, { "home", "home directories" },
		{ "serial", "serial numbers" }, { "uuid", "UUIDs" },
		{ "usb-serial", "USB serial numbers" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (!strcmp(kind, names[i][0]))
			return names[i][1];
	return kind;
}

/* A text that may run over lines, indented under the label */
static void review_text(const char *label, const char *text)
{
	const char *p = text;
	int lines = 0;

	fprintf(stderr, REVIEW_LABEL, label);
	while (*p && lines < 12) {
		const char *nl = strchr(p, '\n');
		int len = nl ? (int)(nl - p) : (int)strlen(p);

		kbug_tprintf(stderr, "%s%.*s\n", lines ? "             " : "", len, p);
		lines++;
		p = nl ? nl + 1 : p + len;
	}
	if (*p)
		fprintf(stderr, "             (more: 'e' shows all of it)\n");
	if (!lines)
		fputc('\n', stderr);
}

/* Where it goes: To/Cc, the Bugzilla product and component, or the tracker's page */
static void review_destination(struct kbug_outbox_item *it, const struct kbug_channel *c,
			       struct json_object *rep)
{
	struct json_object *st = kbug_outbox_state(it);
	struct strbuf sb = STRBUF_INIT, v = STRBUF_INIT;
	const char *why = kj_get_str(kj_get(rep, "draft"), "why");

	struct json_object *dist = kj_path(rep, "route.distribution");

	fprintf(stderr, REVIEW_LABEL "%s%s%s%s\n", "Goes to:", c->name, why ? " (" : "",
		why ?: "", why ? ")" : "");
	/* a distribution's kernel or a routes.d rule decided it (route/distro.c) */
	if (kj_get_str(dist, "reason") &&
	    (!strcmp(kj_get_str(dist, "kernel") ?: "", "distribution") ||
	     !strcmp(kj_get_str(dist, "goes") ?: "", "rule")))
		review_text("Because:", kj_get_str(dist, "reason"));
	if (!strcmp(c->name, "email") && !kbug_outbox_read(it, "message.eml", &sb)) {
		if (!kbug_mime_get_header(sb.buf, "To", &v))
			review_text("To:", v.buf);
		if (!kbug_mime_get_header(sb.buf, "Cc", &v))
			review_text("Cc:", v.buf);
	} else if (!strcmp(c->name, "bugzilla") && !kbug_outbox_read(it, "request.json", &sb)) {
		struct json_object *req = json_tokener_parse(sb.buf);
		struct json_object *bug = kj_get(req, "bug");

		fprintf(stderr, REVIEW_LABEL "%s\n", "Bugzilla:",
			kj_get_str(st, "url") ?: kj_get_str(req, "url") ?: "?");
		fprintf(stderr, REVIEW_LABEL "%s / %s\n", "Product:",
			kj_get_str(bug, "product") ?: "?", kj_get_str(bug, "component") ?: "?");
		json_object_put(req);
	} else if (kj_get_str(st, "destination_url")) {
		fprintf(stderr, REVIEW_LABEL "%s (you submit it there: kbug prints the filled-in link)\n",
			"File it at:", kj_get_str(st, "destination_url"));
	}
	strbuf_release(&sb);
	strbuf_release(&v);
}

static void review_screen(struct kbug_outbox_item *it, const struct kbug_channel *c,
			  struct json_object *rep)
{
	struct json_object *atts = kj_get(rep, "attachments"), *red = kj_get(rep, "redactions");
	struct json_object *st = kbug_outbox_state(it);
	const char *desc = kj_get_str(kj_get(rep, "draft"), "description");
	struct strbuf sb = STRBUF_INIT;
	size_t i, n;

	fprintf(stderr, "\n=== Review: nothing is sent until you say so ===\n");
	review_destination(it, c, rep);
	fprintf(stderr, REVIEW_LABEL "%s\n", "Subject:",
		kj_get_str(st, "subject") ?: kj_get_str(kj_get(rep, "draft"), "summary") ?:
		kj_get_str(kj_get(rep, "draft"), "title") ?: "?");
	review_text("Description:", desc && *desc ? desc : "(none)");
	n = arr_len(atts);
	for (i = 0; i < n; i++) {
		struct json_object *a = json_object_array_get_idx(atts, i);

		strbuf_addf(&sb, "%s%s (", i ? ", " : "", kj_get_str(a, "name") ?: "?");
		human_size(&sb, kj_get_int(a, "size", 0));
		strbuf_addch(&sb, ')');
	}
	fprintf(stderr, REVIEW_LABEL "%s\n", "Attachments:", n ? sb.buf : "none");
	strbuf_reset(&sb);
	n = arr_len(red);
	for (i = 0; i < n; i++) {
		struct json_object *e = json_object_array_get_idx(red, i);

		strbuf_addf(&sb, "%s%lld %s", i ? ", " : "", (long long)kj_get_int(e, "count", 0),
			    redaction_label(kj_get_str(e, "kind") ?: "?"));
	}
	fprintf(stderr, REVIEW_LABEL "%s\n", "Masked:",
		n ? sb.buf : kj_get(rep, "redactions") ? "nothing needed masking" :
		"nothing (--no-redact)");
	fprintf(stderr, REVIEW_LABEL "%s\n", "Saved in:", kbug_outbox_item_path(it));
	strbuf_release(&sb);
}

/* The item's files the user may look at: the message or body, then the attachments */
static int pick_file(struct kbug_outbox_item *it, const struct kbug_channel *c,
		     struct json_object *rep, struct strbuf *name)
{
	static const char *const main_files[] = { "message.eml", "request.json", "body.md" };
	struct json_object *atts = kj_get(rep, "attachments");
	struct strbuf ans = STRBUF_INIT, p = STRBUF_INIT;
	const char *files[40];
	size_t i, n = 0, na;
	long k;
	char *end;

	files[n++] = "text.txt";
	for (i = 0; i < ARRAY_SIZE(main_files); i++)
		if (!access(kbug_outbox_file(it, &p, main_files[i]), R_OK))
			files[n++] = main_files[i];
	na = arr_len(atts);
	for (i = 0; i < na && n < ARRAY_SIZE(files); i++)
		files[n++] = kj_get_str(json_object_array_get_idx(atts, i), "name") ?: "?";
	for (i = 0; i < n; i++)
		fprintf(stderr, "  %zu) %s%s\n", i + 1, files[i],
			i == 0 ? " (the words you can edit)" : "");
	k = 0;
	if (!kbug_ask("Which one? ", &ans)) {
		k = strtol(ans.buf, &end, 10);
		if (*end || k < 1 || (size_t)k > n)
			k = 0;
	}
	strbuf_reset(name);
	if (k > 2 && (size_t)k > n - na) {
		const char *s;

		/* deliver.c's write_item: attachment-NAME, unsafe characters as '_' */
		strbuf_addstr(name, "attachment-");
		for (s = files[k - 1]; *s; s++)
			strbuf_addch(name, isalnum((unsigned char)*s) || strchr("._-", *s) ?
				     *s : '_');
	} else if (k) {
		strbuf_addstr(name, files[k - 1]);
	}
	strbuf_release(&ans);
	strbuf_release(&p);
	(void)c;
	return k ? 0 : -ENOENT;
}

/* Print an item's file, at most SHOW_LINES lines */
static void show_file(struct kbug_outbox_item *it, const char *name)
{
	struct strbuf sb = STRBUF_INIT, p = STRBUF_INIT;
	const char *s;
	int lines = 0;

	if (kbug_outbox_read(it, name, &sb)) {
		fprintf(stderr, "cannot read %s\n", name);
		goto out;
	}
	fprintf(stderr, "----- %s -----\n", name);
	for (s = sb.buf; *s && lines < SHOW_LINES; lines++) {
		const char *nl = strchr(s, '\n');
		int len = nl ? (int)(nl - s) : (int)strlen(s);

		kbug_tprintf(stderr, "%.*s\n", len, s);
		s = nl ? nl + 1 : s + len;
	}
	if (*s)
		fprintf(stderr, "----- (cut after %d lines: all of it is in %s) -----\n",
			SHOW_LINES, kbug_outbox_file(it, &p, name));
	else
		fprintf(stderr, "----- end of %s -----\n", name);
out:
	strbuf_release(&sb);
	strbuf_release(&p);
}

static int keep_for_later(struct kbug_outbox_item *it, const char *why)
{
	fprintf(stderr, "%s: it waits in the outbox as %s; send it with: kbug outbox --retry %s\n",
		why, kbug_outbox_item_id(it), kbug_outbox_item_id(it));
	return -ECANCELED;
}

/*
 * kbug_deliver's review: the one screen for every channel, then send,
 * edit (the subject and text only: KBUG_REVIEW_REDRAFT), show a file,
 * save for later, or quit (the item is dropped, and can be restored).
 */
static int review(struct kbug_outbox_item *it, const struct kbug_channel *c, void *data)
{
	const struct kbug_deliver_opts *o = data;
	struct json_object *rep;
	struct strbuf ans = STRBUF_INIT, p = STRBUF_INIT;
	int ret = -ECANCELED, round;

	if (!kbug_interactive(o->yes)) {
		fprintf(stderr, "Saved in the outbox as %s.\n", kbug_outbox_item_path(it));
		return 0;
	}
	rep = item_report(it);
	review_screen(it, c, rep);
	if (send_later) {
		ret = keep_for_later(it, "Kept for later (no way to send mail yet: kbug setup)");
		goto out;
	}
	for (round = 0; round < 50; round++) {
		fprintf(stderr, "  s) send it   e) edit the subject and text   f) show a file   "
			"l) save for later   q) quit, do not send\n");
		if (kbug_ask("Choose [s]: ", &ans)) {
			ret = keep_for_later(it, "\nNo answer, not sent");
			break;
		}
		switch (ans.len ? ans.buf[0] : 's') {
		case 's':
			ret = 0;
			goto out;
		case 'e':
			ret = kbug_run_editor(kbug_outbox_file(it, &p, "text.txt"));
			if (!ret) {
				ret = KBUG_REVIEW_REDRAFT;
				goto out;
			}
			break;
		case 'f':
			if (!pick_file(it, c, rep, &p))
				show_file(it, p.buf);
			continue;
		case 'l':
			ret = keep_for_later(it, "Not sent");
			goto out;
		case 'q':
			if (!kbug_outbox_drop(it))
				fprintf(stderr, "Not sent, dropped: 'kbug outbox --restore %s' brings it back.\n",
					kbug_outbox_item_id(it));
			ret = -ECANCELED;
			goto out;
		default:
			fprintf(stderr, "Type s, e, f, l or q.\n");
		}
	}
out:
	json_object_put(rep);
	strbuf_release(&ans);
	strbuf_release(&p);
	return ret;
}

void kbug_front_unknown_advice(FILE *f, struct kbug_outbox_item *it)
{
	const char *id = kbug_outbox_item_id(it);
	const char *mid = kj_get_str(kbug_outbox_state(it), "message_id");

	/* a Bugzilla item: its send() first looks for the bug by its marker */
	if (strcmp(kbug_outbox_item_channel(it) ?: "", "email"))
		kbug_tprintf(f, "The outcome is unknown: the next 'kbug outbox --retry %s' looks for the bug on the server before filing again.\n",
			     id);
	else
		kbug_tprintf(f, "The outcome is unknown, it may have arrived: look for Message-ID %s in the list archive (https://lore.kernel.org/all/?q=m:%s) or your inbox; if it is there, 'kbug outbox --done %s', else 'kbug outbox --retry %s --force'.\n",
			     mid ?: "(none)", mid ?: "", id, id);
}

/* What became of a report sent (ret: the channel's), and the exit code. */
static int sent(struct kbug_outbox_item *it, const char *outbox, int ret)
{
	struct json_object *st = kbug_outbox_state(it);
	const char *url = kj_get_str(st, "url");
	enum kbug_outbox_state state = kbug_outbox_get_state(it);

	if (ret && (state == KBUG_STATE_UNKNOWN || state == KBUG_STATE_SENDING)) {
		fprintf(stderr, "Not confirmed; the report waits in the outbox as %s.\nIt is kept in %s.\n",
			kbug_outbox_item_id(it), kbug_outbox_item_path(it));
		kbug_front_unknown_advice(stderr, it);
		return KBUG_EXIT_QUEUED;
	}
	if (ret) {
		fprintf(stderr, "Not delivered; the report waits in the outbox as %s.\n"
			"It is kept in %s.\nRetry with: kbug outbox --retry %s%s%s\n",
			kbug_outbox_item_id(it), kbug_outbox_item_path(it), kbug_outbox_item_id(it),
			outbox ? " --outbox " : "", outbox ?: "");
		return KBUG_EXIT_QUEUED;
	}
	if (kbug_outbox_get_state(it) == KBUG_STATE_MANUAL) {
		/* not delivered until the user files it: the outbox's exit code (README) */
		fprintf(stderr, "kbug cannot file this report itself. Open:\n  %s\n"
			"and paste the body saved in %s/body.md\n"
			"It waits in the outbox as %s until you say: kbug outbox --done %s [--url URL]\n",
			url ?: "(no URL)", kbug_outbox_item_path(it), kbug_outbox_item_id(it),
			kbug_outbox_item_id(it));
		if (url)
			fprintf(kbug_output(), "%s\n", url);
		return KBUG_EXIT_QUEUED;
	} else {
		const char *mid = kj_get_str(st, "message_id"), *bug = kj_get_str(st, "bug_id");

		if (!kbug_opts.json && kbug_delivery_filed(it))
			fprintf(kbug_output(), "filed: %s\n", kbug_delivery_filed(it));
		fprintf(stderr, "Delivered: %s%s%s%s%s\n", mid ?: "", bug ? "bug " : "", bug ?: "",
			url && (mid || bug) ? " " : "", url ?: "");
	}
	return KBUG_EXIT_OK;
}

/* --json: the report, through the exit filter. */
static int finish_json(struct kbug_report *r)
{
	char *json;

	if (!kbug_opts.json)
		return 0;
	if (kbug_report_seal(r))
		return -EIO;
	json = kbug_report_to_json(r, true, false);
	if (!json)
		return -ENOMEM;
	fprintf(kbug_output(), "%s\n", json);
	free(json);
	return 0;
}

/* kbug_deliver in the mode the options ask for, and what the user hears of it. */
int kbug_front_deliver(struct kbug_report *r, struct kbug_deliver_opts *o, const char *outbox,
		       const struct kbug_channel *ch)
{
	struct kbug_delivery d = {
		.mode = kbug_opts.output ? KBUG_DELIVER_MBOX : o->dry_run ?
			KBUG_DELIVER_DRY_RUN : KBUG_DELIVER_SEND,
		.outbox = outbox, .channel = ch, .review = review, .data = o,
		.choose = kbug_interactive(o->yes) ? kbug_ask_choice : NULL,
		.preview = kbug_opts.json && !kbug_opts.output ? NULL : kbug_output(),
	};
	int ret = kbug_deliver(r, o, &d), code = KBUG_EXIT_ERROR;

	if (d.mode != KBUG_DELIVER_SEND) {
		if (ret)
			return KBUG_EXIT_ERROR;
		if (d.mbox_written)
			fprintf(stderr, "Saved the message to '%s': send it with 'git send-email %s' or 'mutt -H %s'.\n",
				kbug_opts.output, kbug_opts.output, kbug_opts.output);
		if (o->dry_run)
			fprintf(stderr, "Dry run: nothing was sent or saved.\n");
		return finish_json(r) ? KBUG_EXIT_ERROR : KBUG_EXIT_OK;
	}
	if (d.draft) {
		const char *id = kbug_outbox_item_id(d.item);

		fprintf(stderr, "Your report is kept as a draft in the outbox as %s.\nIt is kept in %s.\n"
			"Missing: %s\nOnce that is given: kbug outbox --retry %s%s%s\n", id,
			kbug_outbox_item_path(d.item),
			kj_get_str(kbug_outbox_state(d.item), "reason") ?: "?", id,
			outbox ? " --outbox " : "", outbox ?: "");
		code = KBUG_EXIT_QUEUED;
	} else if (d.saved && !d.attempted) {
		code = KBUG_EXIT_QUEUED;	/* the review kept it */
	} else if (d.saved) {
		code = sent(d.item, outbox, ret);
	}
	if (d.attempted && finish_json(r))
		code = KBUG_EXIT_ERROR;
	kbug_outbox_item_free(d.item);
	return code;
}
