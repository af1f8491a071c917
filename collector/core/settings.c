// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The configuration: a few INI files merged into one list of
 * (section, key, value), and the secrets some of them point at. A secret
 * is fetched only when it is needed, into a strbuf the caller wipes.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/settings.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/http.h"
#include "util/path.h"
#include "util/strbuf.h"

#define CONFIG_MAX_FILE (256 * 1024)
#define CONFIG_MAX_LINE 4096
#define SECRET_MAX 4096
#define SECRET_TIMEOUT_MS 30000

struct config_entry {
	char *section;
	char *key;
	char *value;
	const char *unsafe;	/* NULL, or why its file may not run commands (cfg_why) */
};

static struct config_entry *cfg;
static size_t cfg_nr, cfg_alloc;
static bool cfg_loaded;
static const char *cfg_unsafe;	/* why the file being parsed is not trusted */
static char **cfg_why;		/* those reasons, freed by kbug_config_reset */
static size_t cfg_why_nr;

void kbug_config_reset(void)
{
	size_t i;

	for (i = 0; i < cfg_nr; i++) {
		free(cfg[i].section);
		free(cfg[i].key);
		if (cfg[i].value) {
			explicit_bzero(cfg[i].value, strlen(cfg[i].value));
			free(cfg[i].value);
		}
	}
	free(cfg);
	cfg = NULL;
	cfg_nr = 0;
	for (i = 0; i < cfg_why_nr; i++)
		free(cfg_why[i]);
	free(cfg_why);
	cfg_why = NULL;
	cfg_why_nr = 0;
	cfg_alloc = 0;
	cfg_loaded = false;
}

static struct config_entry *config_find(const char *section, const char *key)
{
	size_t i;

	for (i = cfg_nr; i-- > 0;)
		if (!strcasecmp(cfg[i].section, section) && !strcasecmp(cfg[i].key, key))
			return &cfg[i];
	return NULL;
}

static void config_set(const char *section, const char *key, const char *value)
{
	struct config_entry *e = config_find(section, key);

	if (e) {
		explicit_bzero(e->value, strlen(e->value));
		free(e->value);
		e->value = strdup(value);
		if (!e->value)
			abort();
		e->unsafe = cfg_unsafe;
		return;
	}
	if (cfg_nr == cfg_alloc) {
		cfg_alloc = cfg_alloc ? cfg_alloc * 2 : 16;
		cfg = realloc(cfg, cfg_alloc * sizeof(*cfg));
		if (!cfg)
			abort();
	}
	e = &cfg[cfg_nr++];
	e->section = strdup(section);
	e->key = strdup(key);
	e->value = strdup(value);
	e->unsafe = cfg_unsafe;
	if (!e->section || !e->key || !e->value)
		abort();
}

const char *kbug_config_get_trusted(const char *section, const char *key)
{
	struct config_entry *e = config_find(section, key);

	if (e && e->unsafe) {
		ERR("refusing [%s] %s from %s: run 'chmod go-w' on it (or own it)", section, key,
		    e->unsafe);
		return NULL;
	}
	return e ? e->value : NULL;
}

const char *kbug_config_get(const char *section, const char *key)
{
	struct config_entry *e = config_find(section, key);

	return e ? e->value : NULL;
}

bool kbug_config_get_bool(const char *section, const char *key, bool def)
{
	const char *v = kbug_config_get(section, key);

	if (!v)
		return def;
	if (!strcasecmp(v, "true") || !strcasecmp(v, "yes") || !strcasecmp(v, "on") ||
	    !strcmp(v, "1"))
		return true;
	if (!strcasecmp(v, "false") || !strcasecmp(v, "no") || !strcasecmp(v, "off") ||
	    !strcmp(v, "0"))
		return false;
	return def;
}

static bool config_key_is_secret(const char *key)
{
	static const char *const secret[] = { "password", "api-key", "apikey", "token",
					      "secret" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(secret); i++)
		if (!strcasecmp(key, secret[i]))
			return true;
	return false;
}

static bool config_name_ok(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '-' || *s == '_' || *s == '.'))
			return false;
	return true;
}

/* Unquote a "..." value in place; 0 or -EINVAL. */
static int config_unquote(struct strbuf *v)
{
	size_t i, o = 0;

	if (v->len < 1 || v->buf[0] != '"')
		return 0;
	for (i = 1; i < v->len; i++) {
		char c = v->buf[i];

		if (c == '"') {
			if (i + 1 != v->len)
				return -EINVAL;
			strbuf_setlen(v, o);
			return 0;
		}
		if (c == '\\') {
			if (i + 1 >= v->len || (v->buf[i + 1] != '"' && v->buf[i + 1] != '\\'))
				return -EINVAL;
			c = v->buf[++i];
		}
		v->buf[o++] = c;
	}
	return -EINVAL;
}

/* Where kbug_ini_parse() is in a file: its name, the line, what it holds */
struct config_parser {
	const char *name;
	unsigned int lineno;
	struct strbuf section, key, val;
	kbug_ini_set_fn set;
	void *data;
};

/* "key = value" (p->key holds the trimmed line): 0 or -EINVAL after a message */
static int config_parse_key(struct config_parser *p)
{
	const char *eq = memchr(p->key.buf, '=', p->key.len);

	if (!eq) {
		ERR("config '%s' line %u: expected 'key = value' or '[section]'", p->name,
		    p->lineno);
		return -EINVAL;
	}
	strbuf_reset(&p->val);
	strbuf_addstr(&p->val, eq + 1);
	strbuf_trim(&p->val);
	strbuf_setlen(&p->key, (size_t)(eq - p->key.buf));
	strbuf_trim(&p->key);
	if (!config_name_ok(p->key.buf)) {
		ERR("config '%s' line %u: bad key name", p->name, p->lineno);
		return -EINVAL;
	}
	if (!p->section.len) {
		ERR("config '%s' line %u: key '%s' is outside any [section]", p->name,
		    p->lineno, p->key.buf);
		return -EINVAL;
	}
	if (config_unquote(&p->val)) {
		ERR("config '%s' line %u: badly quoted value for '%s'", p->name, p->lineno,
		    p->key.buf);
		return -EINVAL;
	}
	return p->set(p->data, p->section.buf, p->key.buf, p->val.buf);
}

/*
 * [name "sub"]: the section becomes `name "sub"`, a URL sub reduced to
 * its origin (kbug_url_origin). 1, 0 for a plain name, or -EINVAL.
 */
static int config_subsection(struct strbuf *sec)
{
	struct strbuf name = STRBUF_INIT, sub = STRBUF_INIT;
	char *sp = memchr(sec->buf, ' ', sec->len);
	int ret = 0;

	if (!sp)
		return 0;
	strbuf_add(&name, sec->buf, (size_t)(sp - sec->buf));
	strbuf_addstr(&sub, sp + 1);
	strbuf_trim(&sub);
	if (!config_name_ok(name.buf) || sub.len < 3 || sub.buf[0] != '"' ||
	    config_unquote(&sub) || !sub.len || memchr(sub.buf, '"', sub.len)) {
		ret = -EINVAL;
		goto out;
	}
	if (strstr(sub.buf, "://")) {
		struct strbuf o = STRBUF_INIT;

		if (kbug_url_origin(sub.buf, &o)) {
			strbuf_release(&o);
			ret = -EINVAL;
			goto out;
		}
		strbuf_swap(&sub, &o);
		strbuf_release(&o);
	}
	strbuf_reset(sec);
	strbuf_addf(sec, "%s \"%s\"", name.buf, sub.buf);
	ret = 1;
out:
	strbuf_release(&name);
	strbuf_release(&sub);
	return ret;
}

/* One line of n bytes: 0 or -EINVAL after a message */
static int config_parse_line(struct config_parser *p, const char *line, size_t n)
{
	struct strbuf *k = &p->key;
	int sub;

	if (n > CONFIG_MAX_LINE) {
		ERR("config '%s' line %u: longer than %d bytes", p->name, p->lineno,
		    CONFIG_MAX_LINE);
		return -EINVAL;
	}
	if (memchr(line, '\0', n)) {
		ERR("config '%s' line %u: holds a NUL byte", p->name, p->lineno);
		return -EINVAL;
	}
	strbuf_reset(k);
	strbuf_add(k, line, n);
	strbuf_trim(k);
	if (!k->len || k->buf[0] == '#' || k->buf[0] == ';')
		return 0;
	if (k->buf[0] != '[')
		return config_parse_key(p);
	if (k->buf[k->len - 1] != ']') {
		ERR("config '%s' line %u: a section header needs a closing ']'", p->name,
		    p->lineno);
		return -EINVAL;
	}
	strbuf_reset(&p->section);
	strbuf_add(&p->section, k->buf + 1, k->len - 2);
	strbuf_trim(&p->section);
	sub = config_subsection(&p->section);
	if (sub < 0) {
		ERR("config '%s' line %u: bad section name '%s' (a subsection is [name \"URL\"])",
		    p->name, p->lineno, p->section.buf);
		return -EINVAL;
	}
	if (!sub && !config_name_ok(p->section.buf)) {
		ERR("config '%s' line %u: bad section name '%s'", p->name, p->lineno,
		    p->section.buf);
		return -EINVAL;
	}
	return 0;
}

int kbug_ini_parse(const char *text, size_t len, const char *name, kbug_ini_set_fn set,
		   void *data)
{
	struct config_parser p = { .name = name, .section = STRBUF_INIT, .key = STRBUF_INIT,
				   .val = STRBUF_INIT, .set = set, .data = data };
	size_t pos = 0;
	int ret = 0;

	if (len > CONFIG_MAX_FILE) {
		ERR("config '%s' is larger than %d bytes", name, CONFIG_MAX_FILE);
		return -EINVAL;
	}
	while (pos < len && !ret) {
		const char *line = text + pos, *nl = memchr(line, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - line) : len - pos;

		pos += n + (nl ? 1 : 0);
		p.lineno++;
		ret = config_parse_line(&p, line, n);
	}
	if (p.val.len)
		explicit_bzero(p.val.buf, p.val.len);
	if (p.key.len)
		explicit_bzero(p.key.buf, p.key.len);
	strbuf_release(&p.section);
	strbuf_release(&p.key);
	strbuf_release(&p.val);
	return ret;
}

/* The configuration's kbug_ini_set_fn: data is a bool, set when a secret-named key appears */
static int config_store(void *data, const char *section, const char *key, const char *value)
{
	if (config_key_is_secret(key))
		*(bool *)data = true;
	config_set(section, key, value);
	return 0;
}

int kbug_config_parse(const char *text, size_t len, const char *name)
{
	bool secrets = false;

	return kbug_ini_parse(text, len, name, config_store, &secrets);
}

/*
 * Why a config file (its fstat) may not run commands or name secret
 * files, as ssh and git judge it: NULL when group and others cannot write
 * it and it belongs to us or to root.
 */
const char *kbug_config_untrusted(const struct stat *st)
{
	if (st->st_mode & 022)
		return "group or others can write";
	if (st->st_uid != geteuid() && st->st_uid != 0)
		return "another user owns";
	return NULL;
}

static const char *config_unsafe(const struct stat *st, const char *path)
{
	const char *why = kbug_config_untrusted(st);
	char *s;

	if (!why)
		return NULL;
	if (asprintf(&s, "config '%s', which %s", path, why) < 0)
		abort();
	cfg_why = realloc(cfg_why, (cfg_why_nr + 1) * sizeof(*cfg_why));
	if (!cfg_why)
		abort();
	cfg_why[cfg_why_nr++] = s;
	return s;
}

/* Load one file if it exists; missing is fine unless `must` (named by the user). */
static int config_load_file(const char *path, bool must)
{
	struct strbuf text = STRBUF_INIT;
	struct stat st;
	bool secrets = false;
	long n;
	int fd, ret;

	/* non-blocking: a FIFO must not hang the open; checked before reading */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0) {
		if (errno == ENOENT && !must)
			return 0;
		ret = -errno;
		ERR("cannot read config '%s': %s", path, strerror(errno));
		return ret;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		ERR("config '%s' is not a regular file", path);
		close(fd);
		return -EINVAL;
	}
	if (!must && geteuid() == 0 && st.st_uid != 0) {
		WARN("ignoring config '%s': root reads only root's configs (or give $KBUG_CONFIG)",
		     path);
		close(fd);
		return 0;
	}
	n = strbuf_read_fd(&text, fd, CONFIG_MAX_FILE);
	close(fd);
	if (n < 0) {
		ERR("cannot read config '%s': %s", path,
		    n == -EFBIG ? "file too large" : strerror((int)-n));
		strbuf_release(&text);
		return n == -EFBIG ? -EINVAL : (int)n;
	}
	cfg_unsafe = config_unsafe(&st, path);
	ret = kbug_ini_parse(text.buf, text.len, path, config_store, &secrets);
	cfg_unsafe = NULL;
	if (!ret && secrets && (st.st_mode & 077)) {
		ERR("config '%s' holds a secret but is readable by group or others (mode %04o): run 'chmod 600 %s'",
		    path, (unsigned int)(st.st_mode & 07777), path);
		ret = -EACCES;
	}
	if (text.len)
		explicit_bzero(text.buf, text.len);
	strbuf_release(&text);
	return ret;
}

int kbug_config_load(void)
{
	struct strbuf p = STRBUF_INIT;
	const char *env = getenv("KBUG_CONFIG");
	const char *xdg = getenv("XDG_CONFIG_HOME");
	const char *home = getenv("HOME");
	int ret;

	if (cfg_loaded)
		return 0;
	cfg_loaded = true;
	if (env && *env)
		return config_load_file(env, true);
	ret = config_load_file(kbug_path_resolve(&p, "/etc/kbug/config"), false);
	if (!ret) {
		strbuf_reset(&p);
		if (xdg && *xdg == '/')
			strbuf_addf(&p, "%s/kbug/config", xdg);
		else if (home && *home)
			strbuf_addf(&p, "%s/.config/kbug/config", home);
		if (p.len)
			ret = config_load_file(p.buf, false);
	}
	strbuf_release(&p);
	return ret;
}

void kbug_secret_wipe(struct strbuf *sb)
{
	if (sb->alloc)
		explicit_bzero(sb->buf, sb->alloc);
	strbuf_release(sb);
}

/*
 * A secret is one line: a command's first line (pass prints notes after
 * it), then no control character at all, or it is refused naming `what`.
 */
static int secret_check(struct strbuf *out, bool first_line, const char *what)
{
	char *nl = first_line ? memchr(out->buf, '\n', out->len) : NULL;
	size_t i;

	if (nl) {
		explicit_bzero(nl, out->len - (size_t)(nl - out->buf));
		strbuf_setlen(out, (size_t)(nl - out->buf));
	}
	while (out->len && (out->buf[out->len - 1] == '\n' || out->buf[out->len - 1] == '\r'))
		out->buf[--out->len] = '\0';
	for (i = 0; i < out->len; i++) {
		unsigned char c = (unsigned char)out->buf[i];

		if (c < 0x20 || c == 0x7f) {
			kbug_secret_wipe(out);
			ERR("the secret from %s holds a control character (0x%02x): refusing it",
			    what, c);
			return -EINVAL;
		}
	}
	/* no core dump, no ptrace by our user, while a secret is in memory */
	prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
	return 0;
}

static int secret_from_file(struct strbuf *out, const char *file)
{
	struct strbuf what = STRBUF_INIT;
	struct stat st;
	long n;
	int ret, fd = open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);

	if (fd < 0) {
		int e = errno;

		ERR("cannot read secret file '%s': %s", file, strerror(e));
		return -e;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		ERR("secret file '%s' is not a regular file", file);
		close(fd);
		return -EINVAL;
	}
	if (st.st_mode & 077) {
		ERR("secret file '%s' is readable by group or others (mode %04o): run 'chmod 600 %s'",
		    file, (unsigned int)(st.st_mode & 07777), file);
		close(fd);
		return -EACCES;
	}
	if (st.st_uid != geteuid()) {
		ERR("secret file '%s' belongs to another user (uid %u)", file,
		    (unsigned int)st.st_uid);
		close(fd);
		return -EACCES;
	}
	n = strbuf_read_fd(out, fd, SECRET_MAX);
	close(fd);
	if (n < 0) {
		kbug_secret_wipe(out);
		ERR("cannot read secret file '%s': %s", file,
		    n == -EFBIG ? "too large" : strerror((int)-n));
		return n == -EFBIG ? -EINVAL : (int)n;
	}
	strbuf_addf(&what, "the file '%s'", file);
	ret = secret_check(out, false, what.buf);
	strbuf_release(&what);
	return ret;
}

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

/* Start argv with stdin from /dev/null and stdout into *fd: 0 or -errno */
static int secret_spawn(char **argv, int *fd, pid_t *pid)
{
	int pfd[2], ret;

	if (pipe2(pfd, O_CLOEXEC))
		return -errno;
	*pid = fork();
	if (*pid < 0) {
		ret = -errno;
		close(pfd[0]);
		close(pfd[1]);
		return ret;
	}
	if (!*pid) {
		int null = open("/dev/null", O_RDONLY);

		if (null >= 0)
			dup2(null, 0);
		dup2(pfd[1], 1);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(pfd[1]);
	*fd = pfd[0];
	return 0;
}

/* What the command `name` prints on fd, into out, within the time and size limits */
static int secret_read(int fd, pid_t pid, const char *name, struct strbuf *out)
{
	long deadline = now_ms() + SECRET_TIMEOUT_MS;
	char buf[512];
	int ret = 0;

	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		long left = deadline - now_ms();
		ssize_t n;

		if (left <= 0) {
			ERR("the secret command '%s' did not finish within %d s", name,
			    SECRET_TIMEOUT_MS / 1000);
			kill(pid, SIGKILL);
			ret = -ETIMEDOUT;
			break;
		}
		if (poll(&p, 1, (int)left) < 0) {
			if (errno == EINTR)
				continue;
			ret = -errno;
			break;
		}
		if (!p.revents)
			continue;
		n = read(fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		if (out->len + (size_t)n > SECRET_MAX) {
			ERR("the secret command '%s' printed more than %d bytes", name, SECRET_MAX);
			kill(pid, SIGKILL);
			ret = -EFBIG;
			break;
		}
		strbuf_add(out, buf, (size_t)n);
	}
	explicit_bzero(buf, sizeof(buf));
	return ret;
}

static int secret_from_command(struct strbuf *out, const char *command)
{
	struct strbuf k = STRBUF_INIT;
	char **argv = NULL;
	int fd = -1, status, ret;
	pid_t pid = 0;

	if (kbug_split_argv(command, &argv) <= 0) {
		ERR("cannot parse the secret command in the config (unbalanced quotes or empty)");
		kbug_argv_free(argv);
		return -EINVAL;
	}
	ret = secret_spawn(argv, &fd, &pid);
	if (ret) {
		kbug_argv_free(argv);
		return ret;
	}
	ret = secret_read(fd, pid, argv[0], out);
	close(fd);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!ret && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
		if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
			ERR("cannot run the secret command '%s'", argv[0]);
		else
			ERR("the secret command '%s' failed (status %d)", argv[0],
			    WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
		ret = -EIO;
	}
	if (ret) {
		kbug_argv_free(argv);
		kbug_secret_wipe(out);
		return ret;
	}
	strbuf_reset(&k);
	strbuf_addf(&k, "the command '%s'", argv[0]);
	kbug_argv_free(argv);
	ret = secret_check(out, true, k.buf);
	strbuf_release(&k);
	return ret;
}

int kbug_secret_get(struct strbuf *out, const char *file, const char *command,
		    const char *env)
{
	const char *v;

	strbuf_reset(out);
	if (file && *file)
		return secret_from_file(out, file);
	if (command && *command)
		return secret_from_command(out, command);
	if (env && *env) {
		v = getenv(env);
		if (v && *v) {
			struct strbuf what = STRBUF_INIT;
			int ret;

			strbuf_addstr(out, v);
			strbuf_addf(&what, "$%s", env);
			ret = secret_check(out, false, what.buf);
			strbuf_release(&what);
			return ret;
		}
	}
	return -ENOENT;
}

/* The value of section's base+suffix, NULL when absent; *bad when its file is unsafe */
static const char *secret_source(const char *section, const char *base, const char *suffix,
				 bool *bad)
{
	struct strbuf k = STRBUF_INIT;
	const char *v;

	strbuf_addf(&k, "%s%s", base, suffix);
	v = kbug_config_get(section, k.buf);
	if (v && *v && !kbug_config_get_trusted(section, k.buf))
		*bad = true;
	strbuf_release(&k);
	return v && *v ? v : NULL;
}

int kbug_config_secret(struct strbuf *out, const char *section, const char *base,
		       const char *env)
{
	const char *inl = kbug_config_get(section, base), *file, *cmd;
	bool bad = false;

	strbuf_reset(out);
	if (inl && *inl) {
		struct strbuf what = STRBUF_INIT;
		int ret;

		strbuf_addstr(out, inl);
		strbuf_addf(&what, "[%s] %s in the config", section, base);
		ret = secret_check(out, false, what.buf);
		strbuf_release(&what);
		return ret;
	}
	file = secret_source(section, base, "-file", &bad);
	cmd = file ? NULL : secret_source(section, base, "-command", &bad);
	if (bad)
		return -EACCES;
	return kbug_secret_get(out, file, cmd, env);
}
