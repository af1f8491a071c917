// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kbug: turn "my kernel misbehaves" into a bug report that reaches the
 * right people. main() takes the global options wherever they stand and
 * dispatches to the command table generated from collector/cmd-*.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deliver/deliver.h"
#include "util/log.h"
#include "util/options.h"
#include "util/path.h"
#include "kbug.h"

struct kbug_opts kbug_opts;
const char kbug_version[] = KBUG_VERSION;

/* generated from collector/cmd-*.c: the declarations, and KBUG_CMD(name) rows */
#include "cmd-decls.h"

#define KBUG_CMD(n) (&kbug_cmd_##n),
const struct kbug_cmd *const kbug_commands[] = {
#include "cmd-list.h"
	NULL
};
#undef KBUG_CMD

const struct kbug_cmd *kbug_find_cmd(const char *name)
{
	size_t i;

	for (i = 0; kbug_commands[i]; i++)
		if (!strcmp(kbug_commands[i]->name, name))
			return kbug_commands[i];
	return NULL;
}

static int opt_quiet(const char *cmd, const struct kbug_option *o, const char *val, void *base)
{
	kbug_opts.verbose = -1;
	return 0;
}

static int opt_sysroot(const char *cmd, const struct kbug_option *o, const char *val, void *base)
{
	kbug_path_set_root(val);
	return 0;
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

/* argv[1..] from the command on, the global options taken out; the exit code */
static int run_command(int argc, char **argv)
{
	const struct kbug_cmd *c;
	char **rest;
	int n, ret;

	if (argv[0][0] == '-')
		return kbug_usage_error(NULL, "unknown option '%s'", argv[0]);
	c = kbug_find_cmd(argv[0]);
	if (!c)
		return kbug_usage_error(NULL, "'%s' is not a kbug command", argv[0]);
	rest = kbug_opt_split(c->name, kbug_global_options, &kbug_opts, c->options, false, argc,
			      argv, &n);
	if (!rest)
		return -n;
	kbug_log_level = kbug_opts.verbose < 0 ? KBUG_LOG_ERR :
			 KBUG_LOG_WARN + kbug_opts.verbose;
	if (kbug_opts.help)
		ret = kbug_print_usage(stdout, c);
	else
		ret = c->run(n, rest);
	kbug_opt_argv_free(rest);
	return ret;
}

int main(int argc, char **argv)
{
	char **top;
	int n, ret;

	kbug_path_set_root(getenv("KBUG_SYSROOT"));
	top = kbug_opt_split(NULL, kbug_top_options, &kbug_opts, NULL, true, argc, argv, &n);
	if (!top) {
		ret = -n;
	} else if (kbug_opts.version) {
		printf("kbug %s\n", kbug_version);
		ret = KBUG_EXIT_OK;
	} else if (n < 2) {
		kbug_print_overview(kbug_opts.help ? stdout : stderr);
		ret = kbug_opts.help ? KBUG_EXIT_OK : KBUG_EXIT_USAGE;
	} else if (!strcmp(top[1], "version")) {
		printf("kbug %s\n", kbug_version);
		ret = KBUG_EXIT_OK;
	} else {
		ret = run_command(n - 1, top + 1);
	}
	if (kbug_output_close() && ret == KBUG_EXIT_OK)
		ret = KBUG_EXIT_ERROR;
	kbug_opt_argv_free(top);
	kbug_path_set_root(NULL);
	return ret;
}
