// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kbug setup: the few answers kbug needs before it can send a report by
 * mail (who sends it, and how: an SMTP server or sendmail), asked in a
 * short guided dialogue or given as options, and written into the user's
 * config (mode 0600, in a directory of mode 0700). kbug report asks the
 * same questions when it finds them unanswered (front.h: kbug_setup_*).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/settings.h"
#include "deliver/mime.h"
#include "deliver/smtp.h"
#include "front.h"
#include "kbug.h"
#include "util/fs.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/prompt.h"
#include "util/strbuf.h"

#define CONFIG_MAX (256 * 1024)
#define SENDMAIL "/usr/sbin/sendmail"

struct setup_args {
	const char *name, *email, *smtp_url, *smtp_user, *password_command, *config;
	bool sendmail, yes;
};

static const char setup_usage[] =
	"usage: kbug setup [options]\n"
	"\n"
	"Say who sends the reports and how mail leaves this machine: asked one question\n"
	"at a time in a terminal (git's user.name and user.email offered), or given as\n"
	"options. The answers go into the config, readable by you only (mode 0600).\n";

static const char setup_details[] =
	"config: $KBUG_CONFIG, else $XDG_CONFIG_HOME/kbug/config, else ~/.config/kbug/config;\n"
	"the other settings in it are kept.\n"
	"\n"
	"exit status: 0 written, 1 error, 2 usage.\n";

static const struct kbug_option setup_options[] = {
	OPT_STRING("name", 0, "NAME", struct setup_args, name, "your name ([identity] name)"),
	OPT_STRING("email", 0, "ADDR", struct setup_args, email,
		   "your address ([identity] email)"),
	OPT_STRING("smtp-url", 0, "URL", struct setup_args, smtp_url,
		   "send through this SMTP server: smtps://HOST:465 or smtp://HOST:587 ([smtp] url)"),
	OPT_STRING("smtp-user", 0, "USER", struct setup_args, smtp_user,
		   "log in to the SMTP server as USER ([smtp] user)"),
	OPT_STRING("password-command", 0, "CMD", struct setup_args, password_command,
		   "the command that prints the SMTP password, e.g. \"pass show mail\" ([smtp] "
		   "password-command; the password itself is never stored)"),
	OPT_FLAG("sendmail", 0, struct setup_args, sendmail,
		 "send through this machine's sendmail ([sendmail] use)"),
	OPT_STRING("config", 0, "FILE", struct setup_args, config,
		   "write this config file instead of the user's"),
	OPT_FLAG("yes", 'y', struct setup_args, yes, "no questions: write what the options say"),
	OPT_END
};

const char *kbug_setup_config_path(struct strbuf *out)
{
	const char *env = getenv("KBUG_CONFIG"), *xdg = getenv("XDG_CONFIG_HOME");
	const char *home = getenv("HOME");

	strbuf_reset(out);
	if (env && *env)
		strbuf_addstr(out, env);
	else if (xdg && *xdg == '/')
		strbuf_addf(out, "%s/kbug/config", xdg);
	else if (home && *home)
		strbuf_addf(out, "%s/.config/kbug/config", home);
	return out->len ? out->buf : NULL;
}

/* Is KEY = the line at p (blanks around KEY allowed)? */
static bool line_is_key(const char *p, size_t len, const char *key)
{
	size_t k = strlen(key);

	while (len && (*p == ' ' || *p == '\t'))
		p++, len--;
	if (len < k || strncmp(p, key, k))
		return false;
	p += k;
	len -= k;
	while (len && (*p == ' ' || *p == '\t'))
		p++, len--;
	return len && *p == '=';
}

/*
 * text with "key = value" set in [section]: the line replaced when the
 * key is there, else added at the end of the section (or of a new one).
 */
static void ini_set(struct strbuf *text, const char *section, const char *key,
		    const char *value)
{
	struct strbuf out = STRBUF_INIT, hdr = STRBUF_INIT;
	const char *p = text->buf, *end = text->buf + text->len;
	bool in = false, done = false;

	strbuf_addf(&hdr, "[%s]", section);
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		const char *q = p;

		while (q < p + len && (*q == ' ' || *q == '\t'))
			q++;
		if (*q == '[' && q < p + len) {
			if (in && !done) {
				strbuf_addf(&out, "%s = %s\n", key, value);
				done = true;
			}
			in = (size_t)(p + len - q) >= hdr.len && !strncmp(q, hdr.buf, hdr.len);
		}
		if (in && !done && line_is_key(p, len, key)) {
			strbuf_addf(&out, "%s = %s\n", key, value);
			done = true;
		} else {
			strbuf_add(&out, p, len);
			strbuf_addch(&out, '\n');
		}
		p += len + 1;
	}
	if (!done) {
		if (!in)
			strbuf_addf(&out, "%s%s\n", out.len ? "\n" : "", hdr.buf);
		strbuf_addf(&out, "%s = %s\n", key, value);
	}
	strbuf_swap(&out, text);
	strbuf_release(&out);
	strbuf_release(&hdr);
}

static bool value_ok(const char *what, const char *v)
{
	const char *s;

	for (s = v; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f) {
			ERR("the %s has a control character: not written", what);
			return false;
		}
	return true;
}

int kbug_setup_write(const char *path, const struct kbug_setting *kv, size_t nkv)
{
	struct strbuf text = STRBUF_INIT, dir = STRBUF_INIT;
	const char *slash = strrchr(path, '/');
	long n;
	int ret = 0;

	n = strbuf_read_file(&text, path, CONFIG_MAX);
	if (n < 0 && n != -ENOENT) {
		ERR("cannot read the config '%s': %s", path, strerror((int)-n));
		strbuf_release(&text);
		return (int)n;
	}
	if (text.len && text.buf[text.len - 1] != '\n')
		strbuf_addch(&text, '\n');
	for (; nkv; kv++, nkv--)
		if (kv->value) {
			if (!value_ok(kv->key, kv->value)) {
				ret = -EINVAL;
				goto out;
			}
			ini_set(&text, kv->section, kv->key, kv->value);
		}
	if (slash)
		strbuf_add(&dir, path, (size_t)(slash - path));
	else
		strbuf_addstr(&dir, ".");
	ret = kbug_mkdir_p(dir.buf, 0700);
	if (!ret)
		ret = kbug_write_atomic(dir.buf, slash ? slash + 1 : path, text.buf, text.len);
	if (ret)
		ERR("cannot write the config '%s': %s", path, strerror(-ret));
out:
	strbuf_release(&text);
	strbuf_release(&dir);
	return ret;
}

/* Everything the answers or options say, into path */
static int setup_write(const char *path, const struct setup_args *a)
{
	const struct kbug_setting kv[] = {
		{ "identity", "name", a->name }, { "identity", "email", a->email },
		{ "smtp", "url", a->smtp_url }, { "smtp", "user", a->smtp_user },
		{ "smtp", "password-command", a->password_command },
		{ "sendmail", "use", a->sendmail ? "yes" : NULL },
	};

	return kbug_setup_write(path, kv, ARRAY_SIZE(kv));
}

/* One answer, git's value or `dflt` offered; false at EOF */
static bool ask_value(const char *question, const char *git_key, const char *dflt,
		      struct strbuf *out)
{
	struct strbuf g = STRBUF_INIT;
	bool ok;

	if (git_key && !kbug_git_config(git_key, &g))
		dflt = g.buf;
	ok = !kbug_ask_default(question, dflt, out);
	strbuf_release(&g);
	return ok;
}

int kbug_setup_identity(struct strbuf *from)
{
	struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT, n2 = STRBUF_INIT;
	struct strbuf a2 = STRBUF_INIT;
	int ret = -EIO, tries;

	fprintf(stderr, "Who sends the report? The maintainers answer this address.\n");
	if (!ask_value("Your name", "user.name", NULL, &name))
		goto out;
	for (tries = 0; tries < 5; tries++) {
		if (!ask_value("Your email address", "user.email", NULL, &addr))
			goto out;
		strbuf_reset(&n2);
		strbuf_reset(&a2);
		if (addr.len && !kbug_mime_parse_address(addr.buf, &n2, &a2) &&
		    strchr(a2.buf, '@'))
			break;
		fprintf(stderr, "'%s' is not an email address (you@example.org).\n", addr.buf);
	}
	if (tries == 5)
		goto out;
	strbuf_reset(from);
	kbug_mime_format_address(from, name.buf, a2.buf);
	strbuf_reset(&addr);
	strbuf_addstr(&addr, a2.buf);
	ret = 0;
	{
		struct strbuf path = STRBUF_INIT;
		const struct kbug_setting kv[] = {
			{ "identity", "name", name.len ? name.buf : NULL },
			{ "identity", "email", addr.buf },
		};

		if (kbug_setup_config_path(&path)) {
			struct strbuf q = STRBUF_INIT;

			strbuf_addf(&q, "Keep them in %s for the next report? [Y/n] ", path.buf);
			if (kbug_ask_yes(q.buf, true) &&
			    !kbug_setup_write(path.buf, kv, ARRAY_SIZE(kv)))
				fprintf(stderr, "Written to %s.\n", path.buf);
			strbuf_release(&q);
		}
		strbuf_release(&path);
	}
out:
	strbuf_release(&name);
	strbuf_release(&addr);
	strbuf_release(&n2);
	strbuf_release(&a2);
	return ret;
}

/* The SMTP answers into a: false at EOF or after five wrong URLs */
static bool ask_smtp(struct setup_args *a, struct strbuf *url, struct strbuf *user,
		     struct strbuf *cmd)
{
	int tries;

	fprintf(stderr, "Your mail provider's outgoing server, as smtps://HOST:465 or smtp://HOST:587\n"
		"(STARTTLS); e.g. smtps://smtp.gmail.com:465, smtps://smtp.fastmail.com:465.\n");
	for (tries = 0; tries < 5; tries++) {
		if (kbug_ask("SMTP server: ", url))
			return false;
		if (url->len && !kbug_smtp_url_check(url->buf))
			break;
		fprintf(stderr, "'%s' is not smtps://HOST[:PORT] or smtp://HOST[:PORT].\n", url->buf);
	}
	if (tries == 5)
		return false;
	if (!ask_value("Log in as (usually your address; empty: no login)", NULL, NULL, user))
		return false;
	if (user->len) {
		fprintf(stderr, "kbug never stores the password: it runs a command that prints it\n"
			"(e.g. pass show mail, secret-tool lookup service smtp).\n");
		if (kbug_ask("Password command: ", cmd))
			return false;
	}
	a->smtp_url = url->buf;
	a->smtp_user = user->len ? user->buf : NULL;
	a->password_command = cmd->len ? cmd->buf : NULL;
	return true;
}

/* The dialogue: identity, then how mail leaves. false at EOF. */
static bool ask_all(struct setup_args *a, struct strbuf *buf)
{
	bool sm = !access(SENDMAIL, X_OK);
	struct strbuf ans = STRBUF_INIT;
	bool ok = false;

	if (!a->name && !ask_value("Your name", "user.name",
				   kbug_config_get("identity", "name"), &buf[0]))
		goto out;
	a->name = a->name ?: buf[0].buf;
	if (!a->email && !ask_value("Your email address", "user.email",
				    kbug_config_get("identity", "email"), &buf[1]))
		goto out;
	a->email = a->email ?: buf[1].buf;
	if (!a->smtp_url && !a->sendmail) {
		fprintf(stderr, "How does mail leave this machine?\n"
			"  1) an SMTP server (your mail provider's)\n"
			"%s"
			"  3) not at all: kbug saves each report as a mail file for your mail client\n",
			sm ? "  2) this machine's sendmail (" SENDMAIL ")\n" : "");
		if (kbug_ask_default("Choose", sm ? "2" : "1", &ans))
			goto out;
		if (!strcmp(ans.buf, "2") && sm)
			a->sendmail = true;
		else if (!strcmp(ans.buf, "1") && !ask_smtp(a, &buf[2], &buf[3], &buf[4]))
			goto out;
	}
	ok = true;
out:
	strbuf_release(&ans);
	return ok;
}

int kbug_setup_run(void)
{
	struct setup_args a = { 0 };
	struct strbuf buf[5] = { STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT };
	struct strbuf path = STRBUF_INIT;
	int ret = -EIO, i;

	if (!kbug_setup_config_path(&path)) {
		ERR("no config file to write: set $HOME or $KBUG_CONFIG");
		ret = -ENOENT;
	} else if (ask_all(&a, buf)) {
		ret = setup_write(path.buf, &a);
		if (!ret) {
			fprintf(stderr, "Written to %s (readable by you only).\n", path.buf);
			kbug_config_reset();
			ret = kbug_config_load();
		}
	}
	for (i = 0; i < 5; i++)
		strbuf_release(&buf[i]);
	strbuf_release(&path);
	return ret;
}

static int cmd_setup(int argc, char **argv)
{
	struct setup_args a = { 0 };
	struct strbuf buf[5] = { STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT };
	struct strbuf path = STRBUF_INIT;
	struct strbuf n = STRBUF_INIT, addr = STRBUF_INIT;
	int i, code = KBUG_EXIT_ERROR;
	int ret = kbug_opt_parse("setup", setup_options, &a, argc, argv);

	if (ret < 0)
		return -ret;
	if (ret)
		return kbug_usage_error("setup", "unknown argument '%s'", argv[1]);
	if (a.smtp_url && a.sendmail)
		return kbug_usage_error("setup", "--smtp-url and --sendmail exclude each other");
	if (a.smtp_url && kbug_smtp_url_check(a.smtp_url))
		return kbug_usage_error("setup",
					"--smtp-url takes smtp://HOST[:PORT] or smtps://HOST[:PORT], without credentials");
	if (a.email && (kbug_mime_parse_address(a.email, &n, &addr) || !strchr(addr.buf, '@'))) {
		strbuf_release(&n);
		strbuf_release(&addr);
		return kbug_usage_error("setup", "--email '%s' is not an email address", a.email);
	}
	if (kbug_config_load())
		goto out;
	if (!a.config && !kbug_setup_config_path(&path)) {
		ERR("no config file to write: set $HOME or $KBUG_CONFIG, or give --config");
		goto out;
	}
	if (kbug_interactive(a.yes)) {
		if (!ask_all(&a, buf)) {
			fprintf(stderr, "\nNothing was written.\n");
			goto out;
		}
	} else if (!a.name && !a.email && !a.smtp_url && !a.sendmail && !a.smtp_user &&
		   !a.password_command) {
		code = kbug_usage_error("setup",
					"without a terminal, say what to write: --name, --email, --smtp-url or --sendmail");
		goto out;
	}
	{
		const char *file = a.config ?: path.buf;

		if (!setup_write(file, &a)) {
			fprintf(stderr, "Written to %s (readable by you only).\n", file);
			code = KBUG_EXIT_OK;
		}
	}
out:
	for (i = 0; i < 5; i++)
		strbuf_release(&buf[i]);
	strbuf_release(&path);
	strbuf_release(&n);
	strbuf_release(&addr);
	return code;
}

const struct kbug_cmd kbug_cmd_setup = {
	.name = "setup",
	.run = cmd_setup,
	.summary = "say who sends the reports and how mail leaves this machine",
	.usage = setup_usage,
	.options = setup_options,
	.details = setup_details,
};
