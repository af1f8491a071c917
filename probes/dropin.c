// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Drop-in probes (docs/dropin-probes.md): reportbug's bug scripts, run
 * safely. Three directories are read in order, a later probe replacing an
 * earlier one of the same name: the packages' ($KBUG_DATADIR/probes.d),
 * the administrator's (/etc/kbug/probes.d) and the user's
 * ($XDG_CONFIG_HOME/kbug/probes.d); $KBUG_PROBES_DIRS (DIR:DIR...)
 * replaces the three. Each directory, from / down, must be writable by
 * nobody but its owner (a sticky directory excepted), and that owner root
 * or the user kbug runs as; so must a manifest and an executable, which
 * are opened without following links and run from the descriptor checked
 * (fexecve), so that what was checked is what runs.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "probes/dropin.h"
#include "probes/probe.h"
#include "core/report.h"
#include "core/settings.h"
#include "util/fs.h"
#include "util/json.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/path.h"
#include "util/strbuf.h"
#include "util/utf8.h"

#define DROPIN_MAX_DIRS 8
#define DROPIN_MAX_ENTRIES 4096		/* directory entries looked at, a directory */
#define DROPIN_MANIFEST_MAX (64 * 1024)
#define DROPIN_STDOUT_MAX (256 * 1024)
#define DROPIN_STDERR_MAX 4096
#define DROPIN_FACTS_MAX 256
#define DROPIN_KEY_MAX 64
#define DROPIN_VALUE_MAX 4096
#define DROPIN_FILES_MAX 8		/* attachments a probe */
#define DROPIN_FILE_MAX (1024 * 1024)
#define DROPIN_FILES_TOTAL (4 * 1024 * 1024)
#define DROPIN_PATH "PATH=/usr/sbin:/usr/bin:/sbin:/bin"

/* A directory of probes, opened and judged. */
struct dropin_dir {
	char *path;
	int fd;			/* -1: absent or unreadable */
	char *untrusted;	/* why its probes may not run, or NULL */
};

/* A probe found in a directory. */
struct dropin {
	char name[DROPIN_KEY_MAX];
	const struct dropin_dir *dir;
	struct kbug_dropin_manifest m;
	char *refused;		/* why it may not run (untrusted, bad manifest), or NULL */
};

struct dropin_set {
	struct dropin_dir dirs[DROPIN_MAX_DIRS];
	size_t ndirs;
	struct dropin *p;
	size_t n;
	size_t dropped;		/* over KBUG_DROPIN_MAX */
};

/* ---- the manifest --------------------------------------------------------- */

void kbug_dropin_manifest_free(struct kbug_dropin_manifest *m)
{
	free(m->name);
	free(m->description);
	free(m->reads);
	free(m->when);
	memset(m, 0, sizeof(*m));
}

/* A probe's name: what a file name and a JSON key both take. */
static bool dropin_name_ok(const char *s, size_t len)
{
	size_t i;

	if (!len || len >= DROPIN_KEY_MAX || s[0] == '.' || s[0] == '-')
		return false;
	for (i = 0; i < len; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		      (s[i] >= '0' && s[i] <= '9') || s[i] == '-' || s[i] == '_' || s[i] == '.'))
			return false;
	return true;
}

/* The argument of a when= condition: a module, driver or kind name, a path prefix. */
static bool when_arg_ok(const char *s, size_t len)
{
	size_t i;

	if (!len || len > 128)
		return false;
	for (i = 0; i < len; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		      (s[i] >= '0' && s[i] <= '9') || strchr("-_./", s[i])))
			return false;
	return true;
}

static const char *const when_keys[] = { "module=", "driver=", "kind=", "path=" };

/* The next condition of a when= list ("a, b c"): its start and length; false at the end. */
static bool when_next(const char **pos, const char **tok, size_t *len)
{
	const char *s = *pos + strspn(*pos, ", \t");

	if (!*s)
		return false;
	*tok = s;
	*len = strcspn(s, ", \t");
	*pos = s + *len;
	return true;
}

const char *kbug_dropin_when_check(const char *when)
{
	const char *pos = when, *tok;
	size_t len, i, n = 0;

	while (when_next(&pos, &tok, &len)) {
		n++;
		if ((len == 6 && !strncmp(tok, "always", 6)) ||
		    (len == 5 && !strncmp(tok, "never", 5)))
			continue;
		for (i = 0; i < ARRAY_SIZE(when_keys); i++) {
			size_t k = strlen(when_keys[i]);

			if (len > k && !strncmp(tok, when_keys[i], k)) {
				if (!when_arg_ok(tok + k, len - k))
					return "takes letters, digits and -_./ after '='";
				break;
			}
		}
		if (i == ARRAY_SIZE(when_keys))
			return "takes always, never, module=, driver=, kind= or path=";
	}
	return n ? NULL : "is empty";
}

struct manifest_parse {
	struct kbug_dropin_manifest *m;
	const char *file;
};

static int manifest_str(char **slot, const char *value)
{
	free(*slot);
	*slot = strdup(value);
	if (!*slot)
		abort();
	return 0;
}

/* kbug_ini_set_fn of a manifest: the [probe] section's keys */
static int manifest_set(void *data, const char *section, const char *key, const char *value)
{
	struct manifest_parse *p = data;
	struct kbug_dropin_manifest *m = p->m;
	const char *why;

	if (strcasecmp(section, "probe")) {
		ERR("probe manifest '%s': unknown section [%s] (keys go in [probe])", p->file,
		    section);
		return -EINVAL;
	}
	if (!strcasecmp(key, "name")) {
		if (!dropin_name_ok(value, strlen(value))) {
			ERR("probe manifest '%s': name '%s' takes letters, digits and -_. only",
			    p->file, value);
			return -EINVAL;
		}
		return manifest_str(&m->name, value);
	}
	if (!strcasecmp(key, "description"))
		return manifest_str(&m->description, value);
	if (!strcasecmp(key, "reads"))
		return manifest_str(&m->reads, value);
	if (!strcasecmp(key, "when")) {
		why = kbug_dropin_when_check(value);
		if (why) {
			ERR("probe manifest '%s': when = '%s' %s", p->file, value, why);
			return -EINVAL;
		}
		return manifest_str(&m->when, value);
	}
	if (!strcasecmp(key, "timeout")) {
		char *end;
		long t;

		errno = 0;
		t = strtol(value, &end, 10);
		if (errno || end == value || *end || t < 1 || t > KBUG_DROPIN_TIMEOUT_MAX_S) {
			ERR("probe manifest '%s': timeout = '%s' is not 1 to %d (seconds)", p->file,
			    value, KBUG_DROPIN_TIMEOUT_MAX_S);
			return -EINVAL;
		}
		m->timeout_s = (unsigned int)t;
		return 0;
	}
	if (!strcasecmp(key, "root")) {
		if (!strcasecmp(value, "yes") || !strcasecmp(value, "true")) {
			m->root = true;
		} else if (!strcasecmp(value, "no") || !strcasecmp(value, "false")) {
			m->root = false;
		} else {
			ERR("probe manifest '%s': root = '%s' is not yes or no", p->file, value);
			return -EINVAL;
		}
		return 0;
	}
	ERR("probe manifest '%s': unknown key '%s' (name, description, reads, when, timeout, root)",
	    p->file, key);
	return -EINVAL;
}

int kbug_dropin_manifest_parse(const char *text, size_t len, const char *file,
			       struct kbug_dropin_manifest *m)
{
	struct manifest_parse p = { .m = m, .file = file };
	int ret;

	memset(m, 0, sizeof(*m));
	m->timeout_s = KBUG_DROPIN_TIMEOUT_S;
	ret = kbug_ini_parse(text, len, file, manifest_set, &p);
	if (ret) {
		kbug_dropin_manifest_free(m);
		return -EINVAL;
	}
	if (!m->when)
		manifest_str(&m->when, "always");
	return 0;
}

/* ---- trust ---------------------------------------------------------------- */

/*
 * Why a file or directory of a probe is not safe to run from (into why),
 * or false: its owner must be root or us; nobody else may write it (a
 * directory with the sticky bit, as /tmp, keeps others from replacing
 * what they do not own, so it may be writable by all).
 */
static bool untrusted(const struct stat *st, const char *path, struct strbuf *why)
{
	bool dir = S_ISDIR(st->st_mode);

	if (st->st_uid != 0 && st->st_uid != geteuid())
		strbuf_addf(why, "'%s' belongs to uid %u, neither root nor us", path,
			    (unsigned int)st->st_uid);
	else if ((st->st_mode & 022) && !(dir && (st->st_mode & S_ISVTX)))
		strbuf_addf(why, "'%s' is writable by %s", path,
			    st->st_mode & 002 ? "others" : "its group");
	else
		return false;
	return true;
}

/*
 * Open a directory of probes for reading, after checking each directory
 * from / down to it (its links resolved first, then each step taken
 * without following one). -errno when it cannot be opened; 0 or more is
 * the descriptor, and *why says when it is not safe.
 */
static int dir_open(const char *path, char **why)
{
	struct strbuf sb = STRBUF_INIT, at = STRBUF_INIT;
	char *real = realpath(path, NULL), *tok, *save = NULL;
	struct stat st;
	int fd, nfd, ret;

	*why = NULL;
	if (!real)
		return -errno;
	fd = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st)) {
		ret = -errno;
		goto fail;
	}
	untrusted(&st, "/", &sb);
	for (tok = strtok_r(real, "/", &save); tok; tok = strtok_r(NULL, "/", &save)) {
		strbuf_addf(&at, "/%s", tok);
		nfd = openat(fd, tok, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		close(fd);
		fd = nfd;
		if (fd < 0 || fstat(fd, &st)) {
			ret = -errno;
			goto fail;
		}
		if (!sb.len)
			untrusted(&st, at.buf, &sb);
	}
	nfd = openat(fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ret = nfd < 0 ? -errno : nfd;
	if (nfd >= 0 && sb.len)
		*why = strbuf_detach(&sb, NULL);
fail:
	if (fd >= 0)
		close(fd);
	free(real);
	strbuf_release(&sb);
	strbuf_release(&at);
	return ret;
}

/* ---- finding the probes --------------------------------------------------- */

static void dir_add(struct dropin_set *s, const char *path)
{
	struct dropin_dir *d;
	int fd;

	if (s->ndirs >= DROPIN_MAX_DIRS || !*path)
		return;
	d = &s->dirs[s->ndirs++];
	d->path = strdup(path);
	if (!d->path)
		abort();
	fd = dir_open(path, &d->untrusted);
	d->fd = fd < 0 ? -1 : fd;
	if (fd < 0 && fd != -ENOENT && fd != -ENOTDIR)
		WARN("cannot read probes directory '%s': %s", path, strerror(-fd));
}

/* The directories, in order: a later one's probe replaces an earlier one's of its name. */
static void dirs_find(struct dropin_set *s)
{
	struct strbuf sb = STRBUF_INIT;
	const char *env = getenv("KBUG_PROBES_DIRS"), *v;

	if (env) {
		char *copy = strdup(env), *tok, *save = NULL;

		if (!copy)
			abort();
		for (tok = strtok_r(copy, ":", &save); tok; tok = strtok_r(NULL, ":", &save))
			dir_add(s, tok);
		free(copy);
		return;
	}
	v = getenv("KBUG_DATADIR");
	strbuf_addf(&sb, "%s/probes.d", v && *v == '/' ? v : KBUG_DATADIR);
	dir_add(s, sb.buf);
	dir_add(s, "/etc/kbug/probes.d");
	strbuf_reset(&sb);
	v = getenv("XDG_CONFIG_HOME");
	if (v && *v == '/') {
		strbuf_addf(&sb, "%s/kbug/probes.d", v);
	} else {
		v = getenv("HOME");
		if (v && *v == '/')
			strbuf_addf(&sb, "%s/.config/kbug/probes.d", v);
	}
	dir_add(s, sb.buf);
	strbuf_release(&sb);
}

/* A DIR stream over a descriptor we keep, from its first entry; NULL on failure */
static DIR *dir_reopen(int dfd)
{
	int fd = dup(dfd);
	DIR *dp = fd < 0 ? NULL : fdopendir(fd);

	if (!dp) {
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	rewinddir(dp);	/* a dup() shares the offset of the reads before */
	return dp;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The names in a directory we keep open, sorted, "." and ".." left out
 * (at most DROPIN_MAX_ENTRIES looked at); with a suffix, only the files
 * NAME+suffix whose NAME is a probe's name, given as NAME. Returns how
 * many names (malloc'd) it put in names.
 */
static size_t dir_names(int dfd, const char *suffix, char **names)
{
	size_t nn = 0, looked = 0, sl = suffix ? strlen(suffix) : 0;
	struct dirent *e;
	DIR *dp = dir_reopen(dfd);

	if (!dp)
		return 0;
	while (looked++ < DROPIN_MAX_ENTRIES && (e = readdir(dp))) {
		size_t len = strlen(e->d_name);

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (suffix && (len <= sl || strcmp(e->d_name + len - sl, suffix) ||
			       !dropin_name_ok(e->d_name, len - sl)))
			continue;
		names[nn] = strndup(e->d_name, len - sl);
		if (!names[nn])
			abort();
		nn++;
	}
	closedir(dp);
	qsort(names, nn, sizeof(*names), name_cmp);
	return nn;
}

/* Read a manifest below a directory, checked as the executable will be. */
static void manifest_load(struct dropin *p, const struct dropin_dir *d)
{
	struct strbuf text = STRBUF_INIT, why = STRBUF_INIT, file = STRBUF_INIT;
	struct stat st;
	long n;
	int fd;

	strbuf_addf(&file, "%s/%s.conf", d->path, p->name);
	fd = kbug_fd_regular(openat(d->fd, file.buf + strlen(d->path) + 1,
				    O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
	if (fd < 0) {
		strbuf_addf(&why, "cannot read '%s': %s", file.buf,
			    fd == -ENODEV ? "not a regular file" : strerror(-fd));
		goto out;
	}
	if (fstat(fd, &st) || untrusted(&st, file.buf, &why)) {
		close(fd);
		goto out;
	}
	n = strbuf_read_fd(&text, fd, DROPIN_MANIFEST_MAX);
	close(fd);
	if (n < 0)
		strbuf_addf(&why, "cannot read '%s': %s", file.buf,
			    n == -EFBIG ? "larger than 64 KiB" : strerror((int)-n));
	else if (kbug_dropin_manifest_parse(text.buf, text.len, file.buf, &p->m))
		strbuf_addf(&why, "its manifest '%s' is not valid", file.buf);
	else if (p->m.name && strcmp(p->m.name, p->name))
		strbuf_addf(&why, "its manifest '%s' says name = %s, not %s", file.buf,
			    p->m.name, p->name);
out:
	if (why.len)
		p->refused = strbuf_detach(&why, NULL);
	strbuf_release(&why);
	strbuf_release(&text);
	strbuf_release(&file);
}

static struct dropin *set_find(struct dropin_set *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (!strcmp(s->p[i].name, name))
			return &s->p[i];
	return NULL;
}

static void dropin_clear(struct dropin *p)
{
	kbug_dropin_manifest_free(&p->m);
	free(p->refused);
	p->refused = NULL;
}

/* The manifests NAME.conf of one directory, in name order. */
static void dir_scan(struct dropin_set *s, const struct dropin_dir *d)
{
	char *names[DROPIN_MAX_ENTRIES];
	size_t nn = dir_names(d->fd, ".conf", names), i;

	for (i = 0; i < nn; i++) {
		struct dropin *p = set_find(s, names[i]);

		if (p) {
			dropin_clear(p);
		} else if (s->n >= KBUG_DROPIN_MAX) {
			s->dropped++;
			free(names[i]);
			continue;
		} else {
			p = &s->p[s->n++];
			memset(p, 0, sizeof(*p));
			snprintf(p->name, sizeof(p->name), "%s", names[i]);
		}
		p->dir = d;
		if (d->untrusted) {
			p->refused = strdup(d->untrusted);
			if (!p->refused)
				abort();
		} else {
			manifest_load(p, d);
		}
		free(names[i]);
	}
}

static void set_load(struct dropin_set *s)
{
	size_t i;

	memset(s, 0, sizeof(*s));
	s->p = calloc(KBUG_DROPIN_MAX, sizeof(*s->p));
	if (!s->p)
		abort();
	dirs_find(s);
	for (i = 0; i < s->ndirs; i++)
		if (s->dirs[i].fd >= 0)
			dir_scan(s, &s->dirs[i]);
}

static void set_free(struct dropin_set *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		dropin_clear(&s->p[i]);
	for (i = 0; i < s->ndirs; i++) {
		if (s->dirs[i].fd >= 0)
			close(s->dirs[i].fd);
		free(s->dirs[i].path);
		free(s->dirs[i].untrusted);
	}
	free(s->p);
}

/* ---- when a probe applies ------------------------------------------------- */

/* a module's name as the kernel keeps it: '-' is '_' (kernel/params.c's dash2underscore) */
static bool modname_eq(const char *a, const char *b, size_t blen)
{
	size_t i;

	for (i = 0; i < blen; i++, a++) {
		char x = *a == '-' ? '_' : *a, y = b[i] == '-' ? '_' : b[i];

		if (!*a || x != y)
			return false;
	}
	return !*a;
}

/* The report's suspects: route's "suspect" once routed, else every analysis report's. */
static bool suspect_is(struct kbug_report *r, const char *key, const char *rkey,
		       const char *v, size_t len, bool prefix)
{
	struct json_object *reps = kj_path(kbug_report_get(r, "analysis"), "reports");
	struct json_object *sus = kj_path(kbug_report_get(r, "route"), "suspect");
	const char *s = kj_get_str(sus, key);
	size_t i, n;

	if (s)
		return prefix ? !strncmp(s, v, len) : modname_eq(s, v, len);
	n = reps && json_object_is_type(reps, json_type_array) ? json_object_array_length(reps) : 0;
	for (i = 0; i < n; i++) {
		s = kj_get_str(json_object_array_get_idx(reps, i), rkey);
		if (s && (prefix ? !strncmp(s, v, len) : modname_eq(s, v, len)))
			return true;
	}
	return false;
}

/* Module NAME is loaded: the modules section, else /proc/modules (kernel/module/procfs.c) */
static bool module_loaded(struct kbug_report *r, const char *v, size_t len)
{
	struct json_object *names = kj_path(kbug_report_get(r, "modules"), "names");
	struct strbuf sb = STRBUF_INIT;
	bool found = false;
	size_t i;

	if (names && json_object_is_type(names, json_type_array)) {
		for (i = 0; i < json_object_array_length(names) && !found; i++) {
			const char *m = json_object_get_string(json_object_array_get_idx(names, i));

			found = m && modname_eq(m, v, len);
		}
		return found;
	}
	if (kbug_path_read(&sb, "/proc/modules", 4u << 20) > 0) {
		char *line = sb.buf, *sp;

		while (line && *line && !found) {
			sp = strchr(line, ' ');
			if (sp) {
				*sp = '\0';
				found = modname_eq(line, v, len);
				line = strchr(sp + 1, '\n');
				line = line ? line + 1 : NULL;
			} else {
				line = NULL;
			}
		}
	}
	strbuf_release(&sb);
	return found;
}

/*
 * Driver NAME is bound to a device: /sys/bus/BUS/drivers/NAME holds a link
 * per bound device (drivers/base/bus.c's driver_sysfs_add), besides
 * "module" and the bind/unbind/uevent/new_id attributes, which are files.
 */
static bool driver_bound(const char *v, size_t len)
{
	struct strbuf p = STRBUF_INIT;
	struct dirent *bus, *e;
	DIR *buses = kbug_path_opendir("/sys/bus"), *dd;
	bool found = false;
	int nb = 0, ne;

	while (buses && !found && nb++ < 256 && (bus = readdir(buses))) {
		if (bus->d_name[0] == '.')
			continue;
		strbuf_reset(&p);
		strbuf_addf(&p, "/sys/bus/%s/drivers/%.*s", bus->d_name, (int)len, v);
		dd = kbug_path_opendir(p.buf);
		for (ne = 0; dd && !found && ne++ < DROPIN_MAX_ENTRIES && (e = readdir(dd));)
			found = e->d_type == DT_LNK && strcmp(e->d_name, "module");
		if (dd)
			closedir(dd);
	}
	if (buses)
		closedir(buses);
	strbuf_release(&p);
	return found;
}

static bool kind_is(struct kbug_report *r, const char *v, size_t len)
{
	struct json_object *reps = kj_path(kbug_report_get(r, "analysis"), "reports");
	size_t i, n;

	n = reps && json_object_is_type(reps, json_type_array) ? json_object_array_length(reps) : 0;
	for (i = 0; i < n; i++) {
		const char *k = kj_get_str(json_object_array_get_idx(reps, i), "kind");

		if (k && strlen(k) == len && !strncasecmp(k, v, len))
			return true;
	}
	return false;
}

/* True when one condition of `when` holds for the report */
static bool applies(struct kbug_report *r, const char *when)
{
	const char *pos = when, *tok;
	size_t len;

	while (when_next(&pos, &tok, &len)) {
		if (len == 6 && !strncmp(tok, "always", 6))
			return true;
		if (len > 7 && !strncmp(tok, "module=", 7) &&
		    (suspect_is(r, "module", "guilty_module", tok + 7, len - 7, false) ||
		     module_loaded(r, tok + 7, len - 7)))
			return true;
		if (len > 7 && !strncmp(tok, "driver=", 7) &&
		    (suspect_is(r, "module", "guilty_module", tok + 7, len - 7, false) ||
		     driver_bound(tok + 7, len - 7)))
			return true;
		if (len > 5 && !strncmp(tok, "kind=", 5) && kind_is(r, tok + 5, len - 5))
			return true;
		if (len > 5 && !strncmp(tok, "path=", 5) &&
		    suspect_is(r, "path", "guilty_file", tok + 5, len - 5, true))
			return true;
	}
	return false;
}

/* ---- running one ---------------------------------------------------------- */

struct dropin_run {
	struct strbuf out, err;
	int status;
	bool timed_out, cut, exec_failed, reaped;
};

static uint64_t now_ms(void)
{
	return kbug_now_ns() / 1000000u;
}

/* Append "fmt..." and its NUL to buf, its offset in off[(*n)++] */
static void __attribute__((format(printf, 4, 5))) env_add(struct strbuf *buf, size_t *off,
							  size_t *n, const char *fmt, ...)
{
	va_list ap;

	off[(*n)++] = buf->len;
	va_start(ap, fmt);
	strbuf_vaddf(buf, fmt, ap);
	va_end(ap);
	strbuf_addch(buf, '\0');
}

/* The clean environment: a fixed PATH and locale, the output directory, what kbug knows */
static char **dropin_env(struct kbug_report *r, const char *outdir, struct strbuf *buf)
{
	static char *env[8];
	struct json_object *sus = kj_path(kbug_report_get(r, "route"), "suspect");
	const char *rel = kj_get_str(kbug_report_get(r, "kernel"), "release");
	size_t n = 0, off[8], i;

	strbuf_reset(buf);
	env_add(buf, off, &n, "%s", DROPIN_PATH);
	env_add(buf, off, &n, "LANG=C");
	env_add(buf, off, &n, "LC_ALL=C");
	env_add(buf, off, &n, "KBUG_PROBE_OUTDIR=%s", outdir);
	if (rel)
		env_add(buf, off, &n, "KBUG_RELEASE=%s", rel);
	if (*kbug_path_root()) {	/* absolute: the probe runs in outdir */
		char *root = realpath(kbug_path_root(), NULL);

		env_add(buf, off, &n, "KBUG_SYSROOT=%s", root ?: kbug_path_root());
		free(root);
	}
	if (kj_get_str(sus, "module"))
		env_add(buf, off, &n, "KBUG_SUSPECT_MODULE=%s", kj_get_str(sus, "module"));
	for (i = 0; i < n; i++)
		env[i] = buf->buf + off[i];
	env[n] = NULL;
	return env;
}

/* In the child: the checked executable as fd 3, nothing else open, then exec it. */
static void __attribute__((noreturn)) dropin_child(int exe, int outw, int errw,
						   const char *outdir, const char *name, char **env)
{
	char *argv[2];
	sigset_t all;
	int sig;
	int null = open("/dev/null", O_RDONLY);

	/* above the descriptors dup2() is about to fill */
	exe = fcntl(exe, F_DUPFD, 10);
	outw = fcntl(outw, F_DUPFD, 10);
	errw = fcntl(errw, F_DUPFD, 10);
	/* what kbug blocked or ignored is not the probe's to inherit (exec keeps both) */
	sigemptyset(&all);
	sigprocmask(SIG_SETMASK, &all, NULL);
	for (sig = 1; sig < NSIG; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			signal(sig, SIG_DFL);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (setsid() < 0 || null < 0 || exe < 0 || outw < 0 || errw < 0)
		_exit(126);
	if (dup2(null, 0) < 0 || dup2(outw, 1) < 0 || dup2(errw, 2) < 0 || dup2(exe, 3) < 0)
		_exit(126);
	/* a script's interpreter opens /dev/fd/3: it stays open across exec */
	close_range(4, ~0U, 0);
	umask(077);
	if (chdir(outdir))
		_exit(126);
	argv[0] = (char *)name;
	argv[1] = NULL;
	fexecve(3, argv, env);
	dprintf(2, "cannot run it: %s\n", strerror(errno));
	_exit(127);
}

/* Read what the probe writes until both pipes close or the deadline passes. */
static void dropin_read(int outr, int errr, pid_t pid, uint64_t deadline, struct dropin_run *res)
{
	struct pollfd pf[2] = { { .fd = outr, .events = POLLIN },
				{ .fd = errr, .events = POLLIN } };
	char buf[8192];
	int open_nr = 2, i, w;

	while (open_nr > 0) {
		uint64_t now = now_ms();

		if (now >= deadline) {
			res->timed_out = true;
			return;
		}
		if (poll(pf, 2, (int)(deadline - now < 1000u ? deadline - now : 1000u)) < 0) {
			if (errno == EINTR)
				continue;
			return;
		}
		for (i = 0; i < 2; i++) {
			struct strbuf *sb = i ? &res->err : &res->out;
			size_t max = i ? DROPIN_STDERR_MAX : DROPIN_STDOUT_MAX;
			ssize_t n;

			if (pf[i].fd < 0 || !pf[i].revents)
				continue;
			n = read(pf[i].fd, buf, sizeof(buf));
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0) {
				pf[i].fd = -1;
				open_nr--;
				continue;
			}
			if (sb->len + (size_t)n > max) {
				strbuf_add(sb, buf, max - sb->len);
				if (!i) {	/* stdout past its limit: the probe is stopped */
					res->cut = true;
					return;
				}
			} else {
				strbuf_add(sb, buf, (size_t)n);
			}
		}
	}
	/* both pipes closed: wait for the exit, until the deadline */
	while (waitpid(pid, &w, WNOHANG) == 0) {
		struct timespec ts = { 0, 5 * 1000 * 1000 };

		if (now_ms() >= deadline) {
			res->timed_out = true;
			return;
		}
		nanosleep(&ts, NULL);
	}
	res->status = w;
	res->reaped = true;
}

/*
 * The executable of p, opened without following a link and checked on
 * the descriptor (O_PATH: what fexecve() runs); -errno with why set.
 */
static int exe_open(const struct dropin *p, struct strbuf *why)
{
	struct strbuf path = STRBUF_INIT;
	struct stat st;
	int exe, ret;

	strbuf_addf(&path, "%s/%s", p->dir->path, p->name);
	exe = openat(p->dir->fd, p->name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	if (exe < 0 || fstat(exe, &st)) {
		ret = -errno;
		strbuf_addf(why, "cannot open '%s': %s", path.buf, strerror(errno));
	} else if (!S_ISREG(st.st_mode) || !(st.st_mode & 0100)) {
		ret = -EACCES;
		strbuf_addf(why, "'%s' is %s", path.buf, S_ISLNK(st.st_mode) ?
			    "a symbolic link (never followed)" : "not an executable regular file");
	} else if (untrusted(&st, path.buf, why)) {
		ret = -EPERM;
	} else {
		ret = exe;
		exe = -1;
	}
	if (exe >= 0)
		close(exe);
	strbuf_release(&path);
	return ret;
}

/*
 * Run the executable of p (checked on its descriptor) in outdir, its
 * stdout and stderr into res; 0, or -errno with why set (refused).
 */
static int dropin_exec(struct kbug_probe_ctx *ctx, const struct dropin *p, const char *outdir,
		       struct dropin_run *res, struct strbuf *why)
{
	struct strbuf envbuf = STRBUF_INIT;
	int exe, outp[2] = { -1, -1 }, errp[2] = { -1, -1 }, w, ret = 0;
	char **env;
	pid_t pid;

	exe = exe_open(p, why);
	if (exe < 0) {
		ret = exe;
		goto out;
	}
	if (pipe2(outp, O_CLOEXEC) || pipe2(errp, O_CLOEXEC)) {
		ret = -errno;
		strbuf_addf(why, "cannot make a pipe: %s", strerror(errno));
		goto out;
	}
	env = dropin_env(ctx->report, outdir, &envbuf);
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		ret = -errno;
		strbuf_addf(why, "cannot fork: %s", strerror(errno));
		goto out;
	}
	if (!pid)
		dropin_child(exe, outp[1], errp[1], outdir, p->name, env);
	close(outp[1]);
	close(errp[1]);
	outp[1] = -1;
	errp[1] = -1;
	dropin_read(outp[0], errp[0], pid,
		    now_ms() + (uint64_t)(p->m.timeout_s ?: KBUG_DROPIN_TIMEOUT_S) * 1000u, res);
	/* the whole group goes: the probe and whatever it started */
	kill(-pid, SIGKILL);
	if (!res->reaped) {
		while (waitpid(pid, &w, 0) < 0 && errno == EINTR)
			;
		res->status = w;
	}
	res->exec_failed = WIFEXITED(res->status) && WEXITSTATUS(res->status) == 127;
out:
	if (exe >= 0)
		close(exe);
	for (w = 0; w < 2; w++) {
		if (outp[w] >= 0)
			close(outp[w]);
		if (errp[w] >= 0)
			close(errp[w]);
	}
	strbuf_release(&envbuf);
	return ret;
}

/* ---- its output ------------------------------------------------------------ */

/* A value as a fact: valid UTF-8, no control characters but the tab ('?' instead) */
static void fact_clean(struct strbuf *sb, const char *s, size_t n)
{
	size_t i = 0, k;

	while (i < n && sb->len < DROPIN_VALUE_MAX) {
		unsigned char c = (unsigned char)s[i];

		k = kbug_utf8_len((const unsigned char *)s + i, n - i);
		if (!k || (c < 0x20 && c != '\t') || c == 0x7f) {
			strbuf_addch(sb, '?');
			i++;
			continue;
		}
		strbuf_add(sb, s + i, k);
		i += k;
	}
}

size_t kbug_dropin_facts_parse(const char *text, size_t len, bool cut, struct json_object *obj,
			       size_t *dropped)
{
	struct strbuf val = STRBUF_INIT;
	size_t pos = 0, bad = 0, nfacts = 0;

	while (pos < len) {
		const char *line = text + pos, *nl = memchr(line, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - line) : len - pos, k, v;
		char key[DROPIN_KEY_MAX];
		const char *colon;

		pos += n + !!nl;
		if (!nl && cut)		/* the line the limit cut */
			break;
		if (n && line[n - 1] == '\r')
			n--;
		while (n && (line[0] == ' ' || line[0] == '\t'))
			line++, n--;
		if (!n || line[0] == '#')
			continue;
		colon = memchr(line, ':', n);
		k = colon ? (size_t)(colon - line) : 0;
		while (k && (line[k - 1] == ' ' || line[k - 1] == '\t'))
			k--;
		if (!colon || !dropin_name_ok(line, k)) {
			bad++;
			continue;
		}
		memcpy(key, line, k);
		key[k] = '\0';
		if (nfacts >= DROPIN_FACTS_MAX && !kj_get(obj, key)) {
			(*dropped)++;
			continue;
		}
		v = (size_t)(colon - line) + 1;
		while (v < n && (line[v] == ' ' || line[v] == '\t'))
			v++;
		strbuf_reset(&val);
		fact_clean(&val, line + v, n - v);
		strbuf_rtrim(&val);
		if (!kj_get(obj, key))
			nfacts++;
		kj_set_str(obj, key, val.buf);
	}
	strbuf_release(&val);
	return bad;
}

/* An attachment's name from a file's: "dropin-PROBE-FILE", [A-Za-z0-9._-] kept */
static void attach_name(struct strbuf *sb, const char *probe, const char *file)
{
	strbuf_reset(sb);
	strbuf_addf(sb, "dropin-%s-", probe);
	for (; *file; file++)
		strbuf_addch(sb, dropin_name_ok(file, 1) || *file == '.' ? *file : '_');
}

/* Attach the regular files of outdir (bounded); others are noted and skipped. */
static void files_attach(struct kbug_report *r, const char *who, const char *probe, int dfd)
{
	struct strbuf name = STRBUF_INIT, data = STRBUF_INIT;
	char *names[DROPIN_MAX_ENTRIES];
	size_t nn = dir_names(dfd, NULL, names), i, total = 0, attached = 0, skipped = 0;
	int fd;

	for (i = 0; i < nn; i++) {
		long n;

		fd = kbug_fd_regular(openat(dfd, names[i], O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
					    O_CLOEXEC));
		if (fd < 0) {
			skipped++;
			continue;
		}
		if (attached >= DROPIN_FILES_MAX || total >= DROPIN_FILES_TOTAL) {
			kbug_report_error(r, who, "file '%s' not attached: over %d files or %d bytes",
					  names[i], DROPIN_FILES_MAX, DROPIN_FILES_TOTAL);
			close(fd);
			continue;
		}
		strbuf_reset(&data);
		n = strbuf_read_fd(&data, fd, DROPIN_FILES_TOTAL - total < DROPIN_FILE_MAX ?
					      DROPIN_FILES_TOTAL - total : DROPIN_FILE_MAX);
		close(fd);
		if (n == -EFBIG) {
			kbug_report_error(r, who, "file '%s' cut at %zu bytes", names[i], data.len);
		} else if (n < 0) {
			kbug_report_error(r, who, "cannot read file '%s': %s", names[i],
					  strerror((int)-n));
			continue;
		}
		if (memchr(data.buf, '\0', data.len)) {
			kbug_report_error(r, who, "file '%s' not attached: not text (a NUL byte)",
					  names[i]);
			continue;
		}
		total += data.len;
		attached++;
		attach_name(&name, probe, names[i]);
		kbug_report_attach(r, name.buf, "text/plain", who, data.buf, data.len);
	}
	if (skipped)
		kbug_report_error(r, who, "%zu entr%s of its output directory not attached: not regular files",
				  skipped, skipped == 1 ? "y" : "ies");
	for (i = 0; i < nn; i++)
		free(names[i]);
	strbuf_release(&name);
	strbuf_release(&data);
}

/* Empty a directory the probe filled (at most `depth` levels, a bounded count) */
static void tree_remove(int dfd, int depth)
{
	struct dirent *e;
	DIR *dp = dir_reopen(dfd);
	int n = 0;

	if (!dp)
		return;
	while (n++ < DROPIN_MAX_ENTRIES && (e = readdir(dp))) {
		int sub;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (!unlinkat(dfd, e->d_name, 0) || errno != EISDIR || depth <= 0)
			continue;
		sub = openat(dfd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (sub >= 0) {
			fchmod(sub, 0700);
			tree_remove(sub, depth - 1);
			close(sub);
		}
		unlinkat(dfd, e->d_name, AT_REMOVEDIR);
	}
	closedir(dp);
}

/* What the probe's end says for the report's errors, or nothing when it went well */
static void run_errors(struct kbug_report *r, const char *who, const struct dropin *p,
		       struct dropin_run *res)
{
	struct strbuf first = STRBUF_INIT;
	const char *nl;

	nl = memchr(res->err.buf, '\n', res->err.len);
	fact_clean(&first, res->err.buf, nl ? (size_t)(nl - res->err.buf) : res->err.len);
	if (res->timed_out)
		kbug_report_error(r, who, "killed at its %u s time limit; its output may be incomplete",
				  p->m.timeout_s);
	else if (res->cut)
		kbug_report_error(r, who, "stopped: its output passed %d bytes; the rest is lost",
				  DROPIN_STDOUT_MAX);
	else if (WIFSIGNALED(res->status))
		kbug_report_error(r, who, "killed by signal %d%s%s", WTERMSIG(res->status),
				  first.len ? ": " : "", first.buf ?: "");
	else if (WEXITSTATUS(res->status))
		kbug_report_error(r, who, "%s %d%s%s",
				  res->exec_failed ? "could not run, status" : "exited with status",
				  WEXITSTATUS(res->status), first.len ? ": " : "", first.buf ?: "");
	strbuf_release(&first);
}

/* Run one probe into the report: facts, attachments, errors. 0, or -1 when it failed */
static int dropin_run_one(struct kbug_probe_ctx *ctx, const struct dropin *p)
{
	struct kbug_report *r = ctx->report;
	struct dropin_run res = { .out = STRBUF_INIT, .err = STRBUF_INIT };
	struct strbuf who = STRBUF_INIT, why = STRBUF_INIT, dir = STRBUF_INIT;
	struct json_object *sect = kbug_report_get(r, "dropin"), *facts;
	const char *tmp = getenv("TMPDIR");
	size_t bad, dropped = 0;
	int dfd = -1, ret = -1;

	strbuf_addf(&who, "dropin:%s", p->name);
	strbuf_addf(&dir, "%s/kbug-probe-XXXXXX", tmp && *tmp == '/' ? tmp : "/tmp");
	if (!mkdtemp(dir.buf)) {
		kbug_report_error(r, who.buf, "cannot make its output directory '%s': %s",
				  dir.buf, strerror(errno));
		goto out;
	}
	dfd = open(dir.buf, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (dfd < 0 || dropin_exec(ctx, p, dir.buf, &res, &why)) {
		kbug_report_error(r, who.buf, "not run: %s", why.len ? why.buf : strerror(errno));
		goto out;
	}
	run_errors(r, who.buf, p, &res);
	facts = json_object_new_object();
	bad = kbug_dropin_facts_parse(res.out.buf, res.out.len, res.cut, facts, &dropped);
	if (bad)
		kbug_report_error(r, who.buf, "%zu line%s of its output not 'key: value', ignored",
				  bad, bad == 1 ? "" : "s");
	if (dropped)
		kbug_report_error(r, who.buf, "%zu facts over its %d dropped", dropped,
				  DROPIN_FACTS_MAX);
	if (!sect) {
		sect = json_object_new_object();
		kbug_report_set(r, "dropin", sect);
	}
	kj_set(sect, p->name, facts);
	files_attach(r, who.buf, p->name, dfd);
	ret = WIFEXITED(res.status) && !WEXITSTATUS(res.status) && !res.timed_out && !res.cut ?
	      0 : -1;
out:
	if (dfd >= 0) {
		tree_remove(dfd, 8);
		close(dfd);
		if (rmdir(dir.buf))
			WARN("cannot remove '%s': %s", dir.buf, strerror(errno));
	}
	strbuf_release(&res.out);
	strbuf_release(&res.err);
	strbuf_release(&who);
	strbuf_release(&why);
	strbuf_release(&dir);
	return ret;
}

/* Why p will not run here (into why), or false when it will */
static bool not_runnable(struct kbug_report *r, const struct dropin *p, struct strbuf *why,
			 bool *error)
{
	int fd;

	*error = true;
	if (p->refused) {
		strbuf_addstr(why, p->refused);
		return true;
	}
	fd = exe_open(p, why);
	if (fd < 0)
		return true;
	close(fd);
	if (p->m.root && geteuid() != 0) {
		strbuf_addf(why, "needs root; kbug runs as uid %u", (unsigned int)geteuid());
		return true;
	}
	if (!applies(r, p->m.when)) {
		*error = false;
		strbuf_addf(why, "does not apply (when = %s)", p->m.when);
		return true;
	}
	return false;
}

int kbug_dropins_run(struct kbug_probe_ctx *ctx)
{
	struct kbug_report *r = ctx ? ctx->report : NULL;
	struct strbuf why = STRBUF_INIT, who = STRBUF_INIT;
	struct json_object *done;
	struct dropin_set s;
	int failed = 0;
	size_t i;
	bool error;

	if (!r)
		return -EINVAL;
	set_load(&s);
	if (s.dropped)
		kbug_report_error(r, "dropin", "%zu drop-in probes over the first %d not run",
				  s.dropped, KBUG_DROPIN_MAX);
	for (i = 0; i < s.n; i++) {
		const struct dropin *p = &s.p[i];

		done = kbug_report_get(r, "dropin");
		if (done && kj_get(done, p->name))
			continue;
		strbuf_reset(&why);
		if (not_runnable(r, p, &why, &error)) {
			DBG("drop-in probe '%s': %s", p->name, why.buf);
			if (error) {
				strbuf_reset(&who);
				strbuf_addf(&who, "dropin:%s", p->name);
				kbug_report_error(r, who.buf, "not run: %s", why.buf);
				failed++;
			}
			continue;
		}
		if (dropin_run_one(ctx, p))
			failed++;
	}
	set_free(&s);
	strbuf_release(&why);
	strbuf_release(&who);
	return failed;
}

void kbug_dropins_list(FILE *out, struct json_object *arr)
{
	struct kbug_report r = { 0 };
	struct strbuf why = STRBUF_INIT;
	struct dropin_set s;
	size_t i;
	bool error;

	/* with no report, a probe "would run" by its trust and its when= on this machine */
	r.root = json_object_new_object();
	set_load(&s);
	for (i = 0; i < s.n; i++) {
		const struct dropin *p = &s.p[i];
		bool no;

		strbuf_reset(&why);
		no = not_runnable(&r, p, &why, &error);
		if (arr) {
			struct json_object *o = json_object_new_object();

			kj_set_str(o, "name", p->name);
			kj_set_str(o, "dir", p->dir->path);
			kj_set_str(o, "help", p->m.description);
			kj_set_str(o, "reads", p->m.reads);
			kj_set_str(o, "when", p->m.when);
			kj_set_int(o, "timeout", p->m.timeout_s);
			kj_set_bool(o, "root", p->m.root);
			kj_set_bool(o, "runs", !no);
			if (no)
				kj_set_str(o, "why_not", why.buf);
			kj_append(arr, o);
			continue;
		}
		fprintf(out, "%-8s %s\n%-8s from %s\n", p->name, p->m.description ?: "(drop-in)",
			"", p->dir->path);
		if (p->m.reads)
			fprintf(out, "%-8s reads %s\n", "", p->m.reads);
		if (no)
			fprintf(out, "%-8s not run: %s\n", "", why.buf);
		else
			fprintf(out, "%-8s runs (when = %s, %u s limit)\n", "", p->m.when,
				p->m.timeout_s);
	}
	if (s.dropped && out)
		fprintf(out, "(%zu more drop-in probes over the first %d are ignored)\n",
			s.dropped, KBUG_DROPIN_MAX);
	set_free(&s);
	json_object_put(r.root);
	strbuf_release(&why);
}
