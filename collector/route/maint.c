// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Where MAINTAINERS comes from, in order: --maintainers FILE, the running
 * kernel's /sys/kernel/maintainers.gz, the running release's tree
 * (/lib/modules/R/build, /usr/src/linux-*), a cached copy under
 * $XDG_CACHE_HOME/kbug/, and the copy built into kbug.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "util/fs.h"
#include "util/pcre2.h"

#include "route/internal.h"
#include "util/json.h"
#include "util/gz.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/path.h"
#include "util/strbuf.h"


static const char *const kind_names[] = {
	[MAINT_FILE] = "file", [MAINT_SYSFS] = "sysfs", [MAINT_TREE] = "tree",
	[MAINT_CACHE] = "cache", [MAINT_EMBEDDED] = "embedded", [MAINT_MEMORY] = "file",
};

/* gunzip in[0..n) into a NUL-terminated malloc'd buffer */
static int gunzip(const unsigned char *in, size_t n, char **out, size_t *outlen)
{
	struct strbuf sb = STRBUF_INIT;
	int ret = kbug_gunzip(in, n, &sb, MAINT_MAX_SIZE);

	if (ret) {
		strbuf_release(&sb);
		return ret == -ENOMEM ? ret : -EBADMSG;
	}
	*out = strbuf_detach(&sb, outlen);
	return 0;
}

/* The bytes of a source as read: mapped, or in a malloc'd buffer. */
struct raw {
	const unsigned char *p;
	size_t n;
	size_t map;		/* length of the mapping, or 0 */
	char *own;		/* the malloc'd buffer, or NULL */
};

static bool raw_gz(const struct raw *r)
{
	return r->n >= 2 && r->p[0] == 0x1f && r->p[1] == 0x8b;
}

static void raw_release(struct raw *r)
{
	if (r->map)
		munmap((void *)r->p, r->map);
	free(r->own);
	memset(r, 0, sizeof(*r));
}

/*
 * The bytes of a MAINTAINERS file, gzip'd or not. A regular file is mapped
 * read-only, not copied (the parser never writes): its pages come from the
 * page cache, and the zeroes mmap() puts after the end of the last page
 * are the NUL the parser needs; a file whose size is a multiple of the
 * page size has none, and is read as sysfs files are. A buffer read has
 * a NUL after its end. Anything but a regular file is -ENODEV.
 */
static int read_raw(const char *path, bool via_root, struct stat *id, struct raw *r)
{
	struct strbuf sb = STRBUF_INIT;
	struct stat st;
	long n, page = sysconf(_SC_PAGESIZE);
	int fd;

	memset(r, 0, sizeof(*r));
	/* non-blocking: a FIFO or a device is refused, not waited on */
	fd = kbug_fd_regular(via_root ? kbug_path_open(path, O_RDONLY | O_NONBLOCK) :
			     open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC));
	if (fd < 0)
		return fd;
	if (fstat(fd, id))
		memset(id, 0, sizeof(*id));
	if (!fstat(fd, &st) && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    st.st_size < (off_t)MAINT_MAX_SIZE && page > 0 && st.st_size % page) {
		void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);

		if (p != MAP_FAILED) {
			close(fd);
			r->p = p;
			r->n = (size_t)st.st_size;
			r->map = r->n;
			return 0;
		}
	}
	/* one allocation of the right size: no copying while it grows */
	if (!fstat(fd, &st) && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    st.st_size < (off_t)MAINT_MAX_SIZE)
		strbuf_grow(&sb, (size_t)st.st_size + 65537);	/* + the last read() chunk */
	n = strbuf_read_fd(&sb, fd, MAINT_MAX_SIZE);
	close(fd);
	if (n < 0) {
		strbuf_release(&sb);
		return (int)n;
	}
	r->own = strbuf_detach(&sb, &r->n);
	r->p = (const unsigned char *)r->own;
	return 0;
}

/* Give m the text of a source that is not gzip'd: the bytes read, as they are. */
static void raw_text(struct kbug_maint *m, struct raw *r)
{
	m->text = (const char *)r->p;
	m->len = r->n;
	m->text_map = r->map;
	m->text_own = r->own;
	memset(r, 0, sizeof(*r));
}

/* Drop the text of a source that was read but not parsed. */
static void text_release(struct kbug_maint *m)
{
	if (m->text_map)
		munmap((void *)m->text, m->text_map);
	free(m->text_own);
	m->text = NULL;
	m->len = 0;
	m->text_own = NULL;
	m->text_map = 0;
}

/* top_of_kernel_tree() */
static bool kernel_tree(const char *dir)
{
	static const char *const files[] = { "COPYING", "CREDITS", "Kbuild", "Makefile",
					     "README" };
	static const char *const dirs[] = { "Documentation", "arch", "include", "drivers", "fs",
					    "init", "ipc", "kernel", "lib", "scripts" };
	struct strbuf p = STRBUF_INIT;
	struct stat st;
	size_t i;
	bool ok = true;

	for (i = 0; ok && i < ARRAY_SIZE(files); i++) {
		strbuf_reset(&p);
		strbuf_addf(&p, "%s/%s", dir, files[i]);
		ok = !stat(p.buf, &st) && S_ISREG(st.st_mode);
	}
	for (i = 0; ok && i < ARRAY_SIZE(dirs); i++) {
		strbuf_reset(&p);
		strbuf_addf(&p, "%s/%s", dir, dirs[i]);
		ok = !stat(p.buf, &st) && S_ISDIR(st.st_mode);
	}
	strbuf_release(&p);
	return ok;
}

/* VERSION.PATCHLEVEL.SUBLEVEL of a tree's Makefile, or NULL */
static char *tree_version(const char *dir)
{
	struct strbuf p = STRBUF_INIT, line = STRBUF_INIT;
	long v[3] = { -1, -1, -1 };
	static const char *const keys[] = { "VERSION", "PATCHLEVEL", "SUBLEVEL" };
	char *res = NULL;
	FILE *f;
	int n = 0;

	strbuf_addf(&p, "%s/Makefile", dir);
	f = fopen(p.buf, "r");
	strbuf_release(&p);
	if (!f)
		return NULL;
	while (n++ < 20 && strbuf_getline(&line, f) != EOF) {
		size_t k;

		for (k = 0; k < 3; k++) {
			size_t kl = strlen(keys[k]);
			const char *s = line.buf;

			if (strncmp(s, keys[k], kl))
				continue;
			s += kl;
			while (*s == ' ' || *s == '\t')
				s++;
			if (*s++ != '=')
				continue;
			v[k] = strtol(s, NULL, 10);
		}
	}
	fclose(f);
	strbuf_release(&line);
	if (v[0] >= 0 && v[1] >= 0 && asprintf(&res, "%ld.%ld.%ld", v[0], v[1],
					       v[2] < 0 ? 0 : v[2]) < 0)
		res = NULL;
	return res;
}

static void version_parse(const char *s, long v[3])
{
	int i;

	v[0] = 0;
	v[1] = 0;
	v[2] = 0;
	for (i = 0; i < 3 && s && *s >= '0' && *s <= '9'; i++) {
		char *end;

		v[i] = strtol(s, &end, 10);
		s = *end == '.' ? end + 1 : NULL;
	}
}

/* Is version a older than b (numeric major.minor.sublevel)? */
static bool version_older(const char *a, const char *b)
{
	long x[3], y[3];
	int i;

	version_parse(a, x);
	version_parse(b, y);
	for (i = 0; i < 3; i++)
		if (x[i] != y[i])
			return x[i] < y[i];
	return false;
}

static char *dirname_dup(const char *path)
{
	const char *s = strrchr(path, '/');

	if (!s)
		return strdup(".");
	if (s == path)
		return strdup("/");
	return strndup(path, (size_t)(s - path));
}

/* Forget the tables of a source. */
static void tables_release(struct kbug_maint *m)
{
	uint32_t i;

	for (i = 0; i < m->naux; i++)
		pcre2_code_free((pcre2_code *)m->aux[i].re);
	free(m->aux);
	m->aux = NULL;
	m->naux = 0;
	m->aaux = 0;
	maint_index_free(m);
	free(m->e);
	free(m->s);
	free(m->nidx);
	m->e = NULL;
	m->s = NULL;
	m->nidx = NULL;
	m->ne = 0;
	m->ns = 0;
	m->nn = 0;
}

static int finish(struct kbug_maint *m, const char *name)
{
	int ret = maint_parse_buffer(m, m->text, m->len, name);

	if (ret) {
		tables_release(m);
		text_release(m);
		return ret;
	}
	if (m->version && m->running)
		DBG("MAINTAINERS from %s '%s' (%s), running %s", kind_names[m->kind], m->path,
		    m->version, m->running);
	return 0;
}

int kbug_maint_parse(const char *text, size_t len, const char *name, struct kbug_maint **out)
{
	struct kbug_maint *m = calloc(1, sizeof(*m));
	char *copy = malloc(len + 1);
	int ret;

	*out = NULL;
	if (!m || !copy) {
		free(m);
		free(copy);
		return -ENOMEM;
	}
	memcpy(copy, text, len);
	copy[len] = '\0';
	m->kind = MAINT_MEMORY;
	m->path = strdup(name ? name : "MAINTAINERS");
	m->text = copy;
	m->len = len;
	m->text_own = copy;
	ret = finish(m, m->path);
	if (ret) {
		kbug_maint_free(m);
		return ret;
	}
	*out = m;
	return 0;
}

/* A gzip'd source: inflated, then parsed. */
static int finish_gz(struct kbug_maint *m, const char *name, struct raw *r)
{
	char *out;
	size_t len;
	int ret = gunzip(r->p, r->n, &out, &len);

	raw_release(r);
	if (ret) {
		DBG("no MAINTAINERS in '%s': %s", name, strerror(-ret));
		return ret;
	}
	m->text = out;
	m->len = len;
	m->text_own = out;
	return finish(m, name);
}

static int try_file(struct kbug_maint *m, const char *path, int kind, bool via_root)
{
	struct stat st;
	struct raw r;
	int ret = read_raw(path, via_root, &st, &r);

	if (ret) {
		DBG("no MAINTAINERS at '%s': %s", path, strerror(-ret));
		return ret;
	}
	m->kind = kind;
	free(m->path);
	m->path = strdup(path);
	if (raw_gz(&r))
		return finish_gz(m, path, &r);
	raw_text(m, &r);
	return finish(m, path);
}

static int open_tree(struct kbug_maint *m, const char *dir_real, const char *shown)
{
	struct strbuf p = STRBUF_INIT;
	int ret;

	strbuf_addf(&p, "%s/MAINTAINERS", dir_real);
	ret = try_file(m, p.buf, MAINT_TREE, false);
	if (!ret) {
		free(m->path);
		m->path = strdup(shown);
		m->tree = strdup(dir_real);
		m->version = tree_version(dir_real);
	}
	strbuf_release(&p);
	return ret;
}

static void cache_dir(const struct kbug_maint_opts *o, struct strbuf *out)
{
	strbuf_reset(out);
	if (o && o->cache_dir)
		strbuf_addstr(out, o->cache_dir);
	else
		kbug_cache_dir(out);
}

/* --maintainers FILE: that file, and its tree (--tree or its directory) when a kernel tree. */
static int open_given_file(struct kbug_maint *m, const struct kbug_maint_opts *o)
{
	char *d;
	int ret = try_file(m, o->file, MAINT_FILE, false);

	if (ret) {
		ERR("cannot read MAINTAINERS file '%s': %s", o->file,
		    ret == -EINVAL ? "not a MAINTAINERS file" :
		    ret == -ENODEV ? "not a regular file" : strerror(-ret));
		return ret;
	}
	d = o->tree ? strdup(o->tree) : dirname_dup(o->file);
	if (d && kernel_tree(d)) {
		m->tree = d;
		m->version = tree_version(d);
	} else {
		free(d);
	}
	return 0;
}

/* The running kernel's own list; true when read. */
static bool open_sysfs(struct kbug_maint *m)
{
	struct strbuf p = STRBUF_INIT, shown = STRBUF_INIT;

	if (try_file(m, "/sys/kernel/maintainers.gz", MAINT_SYSFS, true))
		return false;
	m->version = m->running ? strdup(m->running) : NULL;
	/* borrow the running kernel's tree for -d and .mailmap */
	if (m->running) {
		strbuf_addf(&shown, "/lib/modules/%s/build", m->running);
		kbug_path(&p, shown.buf);
		if (kernel_tree(p.buf))
			m->tree = strdup(p.buf);
	}
	strbuf_release(&p);
	strbuf_release(&shown);
	return true;
}

/* A /usr/src/linux-* tree of exactly the running release; true when read. */
static bool open_usr_src(struct kbug_maint *m)
{
	struct strbuf p = STRBUF_INIT;
	bool found = false;
	glob_t g;
	size_t i;

	kbug_path(&p, "/usr/src/linux-*/MAINTAINERS");
	if (!glob(p.buf, 0, NULL, &g)) {
		for (i = 0; i < g.gl_pathc && !found; i++) {
			char *d = dirname_dup(g.gl_pathv[i]);
			char *v = d ? tree_version(d) : NULL;
			long a[3], b[3];

			if (v) {
				version_parse(v, a);
				version_parse(m->running, b);
			}
			if (v && a[0] == b[0] && a[1] == b[1] && a[2] == b[2] &&
			    !open_tree(m, d, d))
				found = true;
			free(v);
			free(d);
		}
		globfree(&g);
	}
	strbuf_release(&p);
	return found;
}

/* The running release's tree: /lib/modules/R/build, then /usr/src; true when read. */
static bool open_running_tree(struct kbug_maint *m)
{
	struct strbuf p = STRBUF_INIT, shown = STRBUF_INIT;
	bool found;

	strbuf_addf(&shown, "/lib/modules/%s/build", m->running);
	kbug_path(&p, shown.buf);
	found = kernel_tree(p.buf) && !open_tree(m, p.buf, shown.buf);
	strbuf_release(&p);
	strbuf_release(&shown);
	return found || open_usr_src(m);
}

/* kbug's cached copy (plain, then .gz) and its MAINTAINERS.version; true when read. */
static bool open_cache(struct kbug_maint *m, const struct kbug_maint_opts *o)
{
	struct strbuf p = STRBUF_INIT, v = STRBUF_INIT;
	bool found = false;
	size_t base;

	cache_dir(o, &p);
	if (p.len) {
		base = p.len;
		strbuf_addstr(&p, "/MAINTAINERS");
		if (!try_file(m, p.buf, MAINT_CACHE, false) ||
		    (strbuf_addstr(&p, ".gz"), !try_file(m, p.buf, MAINT_CACHE, false))) {
			strbuf_setlen(&p, base);
			strbuf_addstr(&p, "/MAINTAINERS.version");
			if (strbuf_read_file(&v, p.buf, 256) > 0) {
				strbuf_trim(&v);
				m->version = strbuf_detach(&v, NULL);
			}
			found = true;
		}
	}
	strbuf_release(&v);
	strbuf_release(&p);
	return found;
}

/* The copy built into kbug; false when there is none, else *ret is the parse result. */
static bool open_embedded(struct kbug_maint *m, int *ret)
{
	char *own = NULL;

	if (kbug_embedded_get("maintainers", &m->text, &m->len, &own) || !m->text)
		return false;
	m->text_own = own;
	m->kind = MAINT_EMBEDDED;
	free(m->path);
	if (asprintf(&m->path, "(built in: %s)", kbug_embedded_origin()) < 0)
		m->path = NULL;
	m->version = *kbug_embedded_version() ?
		     strdup(kbug_embedded_version()) : NULL;
	*ret = finish(m, "built-in MAINTAINERS");
	return true;
}

static int open_sources(struct kbug_maint *m, const struct kbug_maint_opts *o)
{
	int ret;

	if (o && o->file)
		return open_given_file(m, o);
	if ((!o || !o->no_sysfs) && open_sysfs(m))
		return 0;
	if ((!o || !o->no_tree) && m->running && open_running_tree(m))
		return 0;
	if ((!o || !o->no_cache) && open_cache(m, o))
		return 0;
	if ((!o || !o->no_embedded) && open_embedded(m, &ret))
		return ret;
	ERR("no MAINTAINERS found: give one with --maintainers FILE");
	return -ENOENT;
}

int kbug_maint_open(const struct kbug_maint_opts *o, struct kbug_maint **out)
{
	struct kbug_maint *m;
	const char *err = NULL;
	struct utsname u;
	int ret;

	*out = NULL;
	if (kbug_pcre2_load(&err)) {
		ERR("routing needs PCRE2: %s", err);
		return -ENOSYS;
	}
	m = calloc(1, sizeof(*m));
	if (!m)
		return -ENOMEM;
	if (o && o->release)
		m->running = strdup(o->release);
	else if (!uname(&u))
		m->running = strdup(u.release);
	ret = open_sources(m, o);
	if (ret) {
		kbug_maint_free(m);
		return ret;
	}
	if (o && o->strict)
		maint_compile_n(m);
	if (m->warnings && o && o->strict) {
		ERR("'%s': %u problems in MAINTAINERS", m->path, m->warnings);
		kbug_maint_free(m);
		return -EINVAL;
	}
	if (m->version && m->running && version_older(m->version, m->running))
		INFO("MAINTAINERS from %s (%s) is older than the running kernel %s: 'kbug maintainers --update' fetches its own",
		     m->path, m->version, m->running);
	*out = m;
	return 0;
}

struct mailmap *maint_mailmap(struct kbug_maint *m)
{
	if (m->mm_loaded)
		return m->mm;
	m->mm_loaded = true;
	if (m->tree) {
		struct strbuf p = STRBUF_INIT, t = STRBUF_INIT;

		strbuf_addf(&p, "%s/.mailmap", m->tree);
		if (strbuf_read_file(&t, p.buf, 16 << 20) >= 0) {
			size_t len;
			char *text = strbuf_detach(&t, &len);

			m->mm = kbug_mailmap_parse(text, len, text);
		}
		strbuf_release(&p);
		return m->mm;
	}
	if (m->kind == MAINT_MEMORY)
		return NULL;
	{
		const char *text;
		size_t len;
		char *own = NULL;

		if (!kbug_embedded_get("mailmap", &text, &len, &own) && text)
			m->mm = kbug_mailmap_parse(text, len, own);
	}
	return m->mm;
}

struct json_object *kbug_maint_source(const struct kbug_maint *m)
{
	struct json_object *o = json_object_new_object();

	kj_set_str(o, "kind", kind_names[m->kind]);
	kj_set_str(o, "path", m->path);
	if (m->version)
		kj_set_str(o, "version", m->version);
	else
		kj_set(o, "version", NULL);
	kj_set_str(o, "running", m->running);
	kj_set_bool(o, "older_than_running", m->version && m->running &&
		    version_older(m->version, m->running));
	if (m->tree)
		kj_set_str(o, "tree", m->tree);
	kj_set_int(o, "sections", m->ns);
	kj_set_int(o, "warnings", m->warnings);
	return o;
}

unsigned int kbug_maint_nr_sections(const struct kbug_maint *m)
{
	return m->ns;
}

unsigned int kbug_maint_nr_warnings(const struct kbug_maint *m)
{
	return m->warnings;
}

void kbug_maint_free(struct kbug_maint *m)
{
	if (!m)
		return;
	tables_release(m);
	kbug_mailmap_free(m->mm);
	text_release(m);
	free(m->path);
	free(m->version);
	free(m->running);
	free(m->tree);
	free(m);
}
