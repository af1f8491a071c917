// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel tree index (index.h; format in docs/function-index.md):
 * loaded once, on first need, into one buffer that the tables point
 * into. Every table is sorted in the file and checked so while read, so
 * that lookups are binary searches and a damaged file is refused whole.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analyze/index.h"
#include "analyze/internal.h"
#include "util/gz.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/path.h"
#include "util/strbuf.h"

#define IX_FILE "data/linux-6.12.index.gz"
#define IX_MAGIC "# kbug-index 6 "
#define IX_MAX_GZ (64u << 20)		/* the shipped one is about 4 MB */
#define IX_MAX_TEXT (256u << 20)	/* and 20 MB inflated */

struct ix_func {
	const char *name, *ids;
	bool exported;		/* "x": EXPORT_SYMBOL*() names it */
};

struct ix_mod {
	const char *name, *dir, *ids;
};

struct ix_drv {
	const char *name, *ids;
};

struct ix_msg {
	const char *text, *ids;
	char level;		/* the most severe of its calls': 'e' error, 'w' warning, 'i' */
};

/* a function only the older tree defines: its files there, NUL-separated */
struct ix_old {
	const char *name, *paths;
	size_t paths_nr;
};

struct kb_index {
	char *buf;
	const char *header;
	const char **files;
	struct ix_func *funcs;
	struct ix_mod *mods;
	struct ix_drv *drvs;
	struct ix_msg *msgs;
	struct ix_old *olds;
	struct ix_mod *old_mods;	/* built by the older tree only: no files */
	size_t files_nr, funcs_nr, mods_nr, drvs_nr, msgs_nr, olds_nr, old_mods_nr;
};

static struct kb_index *ix_global;
static bool ix_tried;

void kb_index_free(struct kb_index *ix)
{
	if (!ix)
		return;
	free(ix->buf);
	free(ix->files);
	free(ix->funcs);
	free(ix->mods);
	free(ix->drvs);
	free(ix->msgs);
	free(ix->olds);
	free(ix->old_mods);
	free(ix);
}

/* "12,40,41" with every number below nr, or "-" (none) when dash_ok. */
static bool ix_ids_ok(const char *s, size_t nr, bool dash_ok)
{
	if (dash_ok && !strcmp(s, "-"))
		return true;
	for (;;) {
		char *end;
		unsigned long v;

		if (*s < '0' || *s > '9')
			return false;
		errno = 0;
		v = strtoul(s, &end, 10);
		if (errno || v >= nr)
			return false;
		if (!*end)
			return true;
		if (*end != ',')
			return false;
		s = end + 1;
	}
}

/* Split line (NUL-terminated) at spaces into want fields; false on another count. */
static bool ix_fields(char *line, char **f, size_t want)
{
	size_t n = 0;
	char *p = line;

	while (n < want) {
		f[n++] = p;
		p = strchr(p, ' ');
		if (!p)
			break;
		*p++ = '\0';
	}
	if (p || n != want)
		return false;
	for (n = 0; n < want; n++)
		if (!*f[n])
			return false;
	return true;
}

static int ix_line(struct kb_index *ix, char *line, int *section, char *err, size_t errsize)
{
	char *f[4], *x;

	if (line[0] && line[1] != ' ')
		line[0] = '?';	/* "F", "f", "m", "d", "M" are whole words */
	switch (line[0]) {
	case 'M':
		/* "M IDS LEVEL TEXT": the text runs to the end of the line, blanks and all */
		x = strchr(line + 2, ' ');
		if (*section > 4 || !x || x == line + 2 || !strchr("ewi", x[1]) || !x[1] ||
		    x[2] != ' ' || strlen(x + 3) < IX_MSG_KEY)
			break;
		*x = '\0';
		if (!ix_ids_ok(line + 2, ix->files_nr, false))
			break;
		*section = 4;
		if (ix->msgs_nr && strcmp(ix->msgs[ix->msgs_nr - 1].text, x + 3) >= 0) {
			snprintf(err, errsize, "messages out of order");
			return -1;
		}
		ix->msgs[ix->msgs_nr].ids = line + 2;
		ix->msgs[ix->msgs_nr].level = x[1];
		ix->msgs[ix->msgs_nr++].text = x + 3;
		return 0;
	case 'F':
		if (*section > 0 || !ix_fields(line, f, 2))
			break;
		if (ix->files_nr && strcmp(ix->files[ix->files_nr - 1], f[1]) >= 0) {
			snprintf(err, errsize, "files out of order");
			return -1;
		}
		ix->files[ix->files_nr++] = f[1];
		return 0;
	case 'f':
		x = strchr(line, ' ');
		x = x ? strchr(x + 1, ' ') : NULL;
		x = x ? strchr(x + 1, ' ') : NULL;	/* a fourth field: "x" */
		if (*section > 1 || !ix_fields(line, f, x ? 4 : 3) ||
		    !ix_ids_ok(f[2], ix->files_nr, false) || (x && strcmp(f[3], "x")))
			break;
		*section = 1;
		if (ix->funcs_nr && strcmp(ix->funcs[ix->funcs_nr - 1].name, f[1]) >= 0) {
			snprintf(err, errsize, "functions out of order");
			return -1;
		}
		ix->funcs[ix->funcs_nr].name = f[1];
		ix->funcs[ix->funcs_nr].exported = x;
		ix->funcs[ix->funcs_nr++].ids = f[2];
		return 0;
	case 'm':
		if (*section > 2 || !ix_fields(line, f, 4) || !ix_ids_ok(f[3], ix->files_nr, true))
			break;
		*section = 2;
		if (ix->mods_nr && strcmp(ix->mods[ix->mods_nr - 1].name, f[1]) > 0) {
			snprintf(err, errsize, "modules out of order");
			return -1;
		}
		ix->mods[ix->mods_nr].name = f[1];
		ix->mods[ix->mods_nr].dir = f[2];
		ix->mods[ix->mods_nr++].ids = f[3];
		return 0;
	case 'd':
		if (*section > 3 || !ix_fields(line, f, 3) || !ix_ids_ok(f[2], ix->files_nr, false))
			break;
		*section = 3;
		if (ix->drvs_nr && strcmp(ix->drvs[ix->drvs_nr - 1].name, f[1]) >= 0) {
			snprintf(err, errsize, "drivers out of order");
			return -1;
		}
		ix->drvs[ix->drvs_nr].name = f[1];
		ix->drvs[ix->drvs_nr++].ids = f[2];
		return 0;
	case 'o':
		/* "o NAME PATH [PATH...]" */
		x = strchr(line + 2, ' ');
		if (*section > 5 || !x || x == line + 2 || !x[1] || x[1] == ' ' ||
		    strstr(x, "  ") || x[strlen(x) - 1] == ' ')
			break;
		*x++ = '\0';
		*section = 5;
		if (ix->olds_nr && strcmp(ix->olds[ix->olds_nr - 1].name, line + 2) >= 0) {
			snprintf(err, errsize, "older functions out of order");
			return -1;
		}
		ix->olds[ix->olds_nr].name = line + 2;
		ix->olds[ix->olds_nr].paths = x;
		ix->olds[ix->olds_nr].paths_nr = 1;
		while ((x = strchr(x, ' '))) {
			*x++ = '\0';
			ix->olds[ix->olds_nr].paths_nr++;
		}
		ix->olds_nr++;
		return 0;
	case 'O':
		if (!ix_fields(line, f, 3))
			break;
		*section = 6;
		if (ix->old_mods_nr && strcmp(ix->old_mods[ix->old_mods_nr - 1].name, f[1]) > 0) {
			snprintf(err, errsize, "older modules out of order");
			return -1;
		}
		ix->old_mods[ix->old_mods_nr].name = f[1];
		ix->old_mods[ix->old_mods_nr].dir = f[2];
		ix->old_mods[ix->old_mods_nr++].ids = "";
		return 0;
	case '\0':
		return 0;
	}
	snprintf(err, errsize,
		 "not an index line (F PATH, f NAME IDS [x], m NAME DIR IDS, d NAME IDS, "
		 "M IDS TEXT, o NAME PATHS, O NAME DIR, in order)");
	return -1;
}

struct kb_index *kb_index_parse(char *buf, size_t len, const char *name, char *err,
				size_t errsize)
{
	struct kb_index *ix = calloc(1, sizeof(*ix));
	size_t nf = 0, nfn = 0, nm = 0, nd = 0, nmsg = 0, nold = 0, nom = 0, i, lineno = 1;
	char *p, *end = buf + len, *nl;
	int section = 0;

	if (!ix) {
		snprintf(err, errsize, "%s: out of memory", name);
		return NULL;
	}
	if (len < strlen(IX_MAGIC) || memcmp(buf, IX_MAGIC, strlen(IX_MAGIC)) ||
	    memchr(buf, '\0', len)) {
		snprintf(err, errsize, "%s: not a kbug index (no '%s' header line)", name,
			 IX_MAGIC);
		free(ix);
		return NULL;
	}
	/* count the rows to size the tables at once */
	for (i = 0; i < len; i++)
		if (!i || buf[i - 1] == '\n') {
			nf += buf[i] == 'F';
			nfn += buf[i] == 'f';
			nm += buf[i] == 'm';
			nd += buf[i] == 'd';
			nmsg += buf[i] == 'M';
			nold += buf[i] == 'o';
			nom += buf[i] == 'O';
		}
	ix->files = malloc((nf + 1) * sizeof(*ix->files));
	ix->funcs = malloc((nfn + 1) * sizeof(*ix->funcs));
	ix->mods = malloc((nm + 1) * sizeof(*ix->mods));
	ix->drvs = malloc((nd + 1) * sizeof(*ix->drvs));
	ix->msgs = malloc((nmsg + 1) * sizeof(*ix->msgs));
	ix->olds = malloc((nold + 1) * sizeof(*ix->olds));
	ix->old_mods = malloc((nom + 1) * sizeof(*ix->old_mods));
	if (!ix->files || !ix->funcs || !ix->mods || !ix->drvs || !ix->msgs || !ix->olds ||
	    !ix->old_mods) {
		snprintf(err, errsize, "%s: out of memory", name);
		goto bad;
	}
	ix->header = buf + 2;
	nl = memchr(buf, '\n', len);
	if (!nl) {
		snprintf(err, errsize, "%s: only a header", name);
		goto bad;
	}
	*nl = '\0';
	for (p = nl + 1; p < end; p = nl + 1) {
		char msg[160];

		lineno++;
		nl = memchr(p, '\n', end - p);
		if (!nl) {
			snprintf(err, errsize, "%s:%zu: the last line has no newline (cut?)", name,
				 lineno);
			goto bad;
		}
		*nl = '\0';
		if (ix_line(ix, p, &section, msg, sizeof(msg))) {
			snprintf(err, errsize, "%s:%zu: %s", name, lineno, msg);
			goto bad;
		}
	}
	ix->buf = buf;
	return ix;
bad:
	ix->buf = NULL;
	kb_index_free(ix);
	return NULL;
}

static long ix_now_us(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000L + t.tv_nsec / 1000;
}

const struct kb_index *kb_index_get(void)
{
	struct strbuf path = STRBUF_INIT, gz = STRBUF_INIT, text = STRBUF_INIT;
	const char *env = getenv("KBUG_INDEX");
	long t0 = ix_now_us();
	char err[512];
	size_t len;
	char *buf;

	if (ix_tried)
		return ix_global;
	ix_tried = true;
	if (env && !*env)
		return NULL;
	if (env) {
		strbuf_addstr(&path, env);
	} else if (!kbug_data_path(&path, IX_FILE)) {
		DBG("analyze: no %s installed: functions are not looked up", IX_FILE);
		goto out;
	}
	if (strbuf_read_file(&gz, path.buf, IX_MAX_GZ) < 0) {
		WARN("cannot read the function index %s: %s", path.buf, strerror(errno));
		goto out;
	}
	if (kbug_gunzip(gz.buf, gz.len, &text, IX_MAX_TEXT)) {
		WARN("the function index %s is not gzip data of at most %u MB", path.buf,
		     IX_MAX_TEXT >> 20);
		goto out;
	}
	buf = strbuf_detach(&text, &len);
	ix_global = kb_index_parse(buf, len, path.buf, err, sizeof(err));
	if (!ix_global) {
		free(buf);
		WARN("bad function index: %s", err);
		goto out;
	}
	DBG("analyze: function index %s: %zu files, %zu functions, %zu modules, %zu drivers, "
	    "%zu messages, %zu older functions, %zu older modules, %ld ms", path.buf,
	    ix_global->files_nr, ix_global->funcs_nr, ix_global->mods_nr, ix_global->drvs_nr,
	    ix_global->msgs_nr, ix_global->olds_nr, ix_global->old_mods_nr,
	    (ix_now_us() - t0) / 1000);
out:
	strbuf_release(&path);
	strbuf_release(&gz);
	strbuf_release(&text);
	return ix_global;
}

bool kb_index_loaded(void)
{
	return ix_tried;
}

const char *kb_index_header(const struct kb_index *ix)
{
	return ix->header;
}

/* First index in the sorted strings (each at base + i * step) not below key. */
static size_t ix_lower(const void *base, size_t nr, size_t step, const char *key)
{
	size_t lo = 0, hi = nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const char *s = *(const char *const *)((const char *)base + mid * step);

		if (strcmp(s, key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static size_t ix_ids(const struct kb_index *ix, const char *s, const char **files, size_t max)
{
	size_t n = 0;

	while (*s >= '0' && *s <= '9' && n < max) {
		char *end;

		files[n++] = ix->files[strtoul(s, &end, 10)];
		s = *end == ',' ? end + 1 : end;
	}
	return n;
}

/*
 * A system call's body, which the index holds as SYSCALL_DEFINEn()'s
 * __do_sys_NAME (include/linux/syscalls.h), under the names a trace shows
 * for it: the wrappers __se_sys_NAME and sys_NAME, the architecture's
 * entry points (__x64_sys_NAME, __arm64_sys_NAME, __ia32_compat_sys_NAME:
 * arch/ARCH/include/asm/syscall_wrapper.h), before 4.17 SyS_NAME. In key,
 * "__do_sys_NAME" or "__do_compat_sys_NAME"; false for another name.
 */
static bool ix_syscall_key(const char *func, char *key, size_t size)
{
	const char *p = func, *name;
	bool compat = false;
	int n;

	if (kb_starts(p, "SyS_")) {
		name = p + 4;
	} else {
		if (kb_starts(p, "__")) {
			p += 2 + strspn(p + 2, "abcdefghijklmnopqrstuvwxyz0123456789");
			if (*p++ != '_')
				return false;
		}
		if (kb_starts(p, "compat_")) {
			compat = true;
			p += 7;
		}
		if (!kb_starts(p, "sys_"))
			return false;
		name = p + 4;
	}
	if (!*name)
		return false;
	n = snprintf(key, size, "__do_%ssys_%s", compat ? "compat_" : "", name);
	return n > 0 && (size_t)n < size && strcmp(key, func);
}

/* The files of the older tree that defined func, a function 6.12 has not. */
static size_t ix_old(const struct kb_index *ix, const char *func, const char **files,
		     size_t max)
{
	size_t i = ix_lower(ix->olds, ix->olds_nr, sizeof(*ix->olds), func), n;
	const char *p;

	if (i == ix->olds_nr || strcmp(ix->olds[i].name, func))
		return 0;
	p = ix->olds[i].paths;
	for (n = 0; n < ix->olds[i].paths_nr && n < max; n++) {
		files[n] = p;
		p += strlen(p) + 1;
	}
	return n;
}

size_t kb_index_func(const struct kb_index *ix, const char *func, const char **files,
		     size_t max)
{
	size_t i = ix_lower(ix->funcs, ix->funcs_nr, sizeof(*ix->funcs), func);
	char key[160];
	bool sys = ix_syscall_key(func, key, sizeof(key));

	if (i < ix->funcs_nr && !strcmp(ix->funcs[i].name, func))
		return ix_ids(ix, ix->funcs[i].ids, files, max);
	if (sys) {
		i = ix_lower(ix->funcs, ix->funcs_nr, sizeof(*ix->funcs), key);
		if (i < ix->funcs_nr && !strcmp(ix->funcs[i].name, key))
			return ix_ids(ix, ix->funcs[i].ids, files, max);
	}
	/* removed or renamed since the older tree: where it was, maybe a file 6.12 has not */
	i = ix_old(ix, func, files, max);
	return i || !sys ? i : ix_old(ix, key, files, max);
}

bool kb_index_exported(const struct kb_index *ix, const char *func)
{
	size_t i = ix_lower(ix->funcs, ix->funcs_nr, sizeof(*ix->funcs), func);

	return i < ix->funcs_nr && !strcmp(ix->funcs[i].name, func) && ix->funcs[i].exported;
}

bool kb_index_has_file(const struct kb_index *ix, const char *path)
{
	size_t i = ix_lower(ix->files, ix->files_nr, sizeof(*ix->files), path);

	return i < ix->files_nr && !strcmp(ix->files[i], path);
}

size_t kb_index_files_named(const struct kb_index *ix, const char *base, const char **files,
			    size_t max)
{
	size_t i, n = 0, bl = strlen(base);

	for (i = 0; i < ix->files_nr; i++) {
		const char *f = ix->files[i], *slash = strrchr(f, '/');
		const char *b = slash ? slash + 1 : f;

		if (strlen(b) != bl || memcmp(b, base, bl))
			continue;
		if (n < max)
			files[n] = f;
		n++;
	}
	return n;
}

size_t kb_index_dir_named(const struct kb_index *ix, const char *top, const char *name, size_t n,
			  const char **dir)
{
	size_t i, tl = strlen(top), found = 0;

	*dir = NULL;
	for (i = ix_lower(ix->files, ix->files_nr, sizeof(*ix->files), top);
	     i < ix->files_nr && !strncmp(ix->files[i], top, tl); i++) {
		const char *f = ix->files[i], *c = f + tl;

		if (*c != '/')
			continue;
		/* each "/name/" component after top, the deepest first found */
		while ((c = strchr(c, '/')) && strchr(c + 1, '/')) {
			c++;
			if (!strncmp(c, name, n) && c[n] == '/') {
				size_t len = (size_t)(c + n - f);

				if (*dir && (found != len || strncmp(*dir, f, len)))
					return 0;	/* two directories of that name */
				*dir = f;
				found = len;
			}
		}
	}
	return found;
}

bool kb_index_has_dir(const struct kb_index *ix, const char *dir, size_t len)
{
	char key[256];
	size_t i;

	if (!len || len + 2 > sizeof(key))
		return false;
	memcpy(key, dir, len);
	key[len] = '/';
	key[len + 1] = '\0';
	i = ix_lower(ix->files, ix->files_nr, sizeof(*ix->files), key);
	return i < ix->files_nr && !strncmp(ix->files[i], key, len + 1);
}

int kb_index_module(const struct kb_index *ix, const char *name, size_t nth, const char **dir,
		    const char **files, size_t max)
{
	char key[64];
	size_t i;

	/* Kbuild's KBUILD_MODNAME turns '-' into '_': the index holds that form */
	for (i = 0; name[i] && i + 1 < sizeof(key); i++)
		key[i] = name[i] == '-' ? '_' : name[i];
	key[i] = '\0';
	i = ix_lower(ix->mods, ix->mods_nr, sizeof(*ix->mods), key);
	if (i < ix->mods_nr && !strcmp(ix->mods[i].name, key)) {
		i += nth;
		if (i >= ix->mods_nr || strcmp(ix->mods[i].name, key))
			return -1;
		*dir = ix->mods[i].dir;
		return (int)ix_ids(ix, ix->mods[i].ids, files, max);
	}
	/* one only the older tree builds (dropped or renamed since): its directory there */
	i = ix_lower(ix->old_mods, ix->old_mods_nr, sizeof(*ix->old_mods), key) + nth;
	if (i >= ix->old_mods_nr || strcmp(ix->old_mods[i].name, key))
		return -1;
	*dir = ix->old_mods[i].dir;
	return 0;
}

size_t kb_index_driver(const struct kb_index *ix, const char *name, const char **files,
		       size_t max)
{
	size_t i = ix_lower(ix->drvs, ix->drvs_nr, sizeof(*ix->drvs), name);

	if (i == ix->drvs_nr || strcmp(ix->drvs[i].name, name))
		return 0;
	return ix_ids(ix, ix->drvs[i].ids, files, max);
}

bool kb_index_dir_has_driver(const struct kb_index *ix, const char *dir)
{
	const char *files[16];
	size_t i, k, n, dl = strlen(dir);

	for (i = 0; i < ix->drvs_nr; i++) {
		n = ix_ids(ix, ix->drvs[i].ids, files, ARRAY_SIZE(files));
		for (k = 0; k < n; k++)
			if (!strncmp(files[k], dir, dl) && !strchr(files[k] + dl, '/'))
				return true;
	}
	return false;
}

/* ---- blame through the index ---- */

#define IX_CAND 64	/* definitions of one name considered ("probe" has 26) */
#define IX_MODS 4	/* modules of one name considered ("dummy" has 3) */
#define IX_NEAR 32	/* neighbouring frames looked up */

/* The first message whose text's first IX_MSG_KEY bytes are not below key's. */
static size_t ix_msg_lower(const struct kb_index *ix, const char *key)
{
	size_t lo = 0, hi = ix->msgs_nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strncmp(ix->msgs[mid].text, key, IX_MSG_KEY) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static bool ix_word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

/*
 * The files under `under` (NULL: all) of the longest text of the index
 * that msg holds at a word's start before byte `starts` (among those at
 * least min bytes long, logged at `level` or worse ('e', 'w'; 0: any),
 * and that keep() accepts), up to max of them in files; their number. A
 * text begins a word, or with the punctuation its format has.
 */
static size_t ix_msg_files_from(const struct kb_index *ix, const char *msg, size_t len,
				size_t starts, const char *under, size_t min, char level,
				bool (*keep)(const char *, size_t), const char **files,
				size_t max)
{
	const char *cand[IX_CAND];
	size_t p, i, k, n, best_len = 0, nr = 0, ulen = under ? strlen(under) : 0;
	char buf[512];

	/* a copy that ends in a NUL, so that strncmp() stops at the message's end */
	if (len >= sizeof(buf))
		len = sizeof(buf) - 1;
	memcpy(buf, msg, len);
	buf[len] = '\0';
	for (p = 0; p + IX_MSG_KEY <= len && p < starts; p++) {
		if (p && ix_word_char(buf[p]) && ix_word_char(buf[p - 1]))
			continue;
		for (i = ix_msg_lower(ix, buf + p);
		     i < ix->msgs_nr && !strncmp(ix->msgs[i].text, buf + p, IX_MSG_KEY); i++) {
			const struct ix_msg *m = &ix->msgs[i];
			size_t tl = strlen(m->text);

			if (tl > len - p || tl < best_len || tl < min ||
			    (level && m->level != 'e' && m->level != level) ||
			    memcmp(m->text, buf + p, tl) ||
			    (keep && !keep(m->text, tl)))
				continue;
			n = ix_ids(ix, m->ids, cand, IX_CAND);
			for (k = 0; k < n; k++) {
				if (under && strncmp(cand[k], under, ulen))
					continue;
				if (tl > best_len)
					nr = 0;
				best_len = tl;
				if (nr < max)
					files[nr++] = cand[k];
			}
		}
	}
	return nr;
}

/* The same, for texts anywhere in msg. */
static size_t ix_msg_files(const struct kb_index *ix, const char *msg, size_t len,
			   const char *under, size_t min, char level,
			   bool (*keep)(const char *, size_t), const char **files, size_t max)
{
	return ix_msg_files_from(ix, msg, len, len, under, min, level, keep, files, max);
}

const char *kb_index_message(const struct kb_index *ix, const char *msg, size_t len,
			     const char *under)
{
	const char *files[IX_CAND], *best = NULL;
	size_t n, k;

	n = ix_msg_files(ix, msg, len, under, 0, 0, NULL, files, IX_CAND);
	for (k = 0; k < n; k++) {
		if (best && files[k] != best)
			return NULL;	/* two files tie */
		best = files[k];
	}
	return best;
}

/*
 * The file of files[0..n) when all are one, else the directory they all
 * share when it is two levels deep at least, in place; false when none.
 */
static bool ix_msg_place(const char **files, size_t n, char *place, size_t size)
{
	size_t k, dir;

	if (!n)
		return false;
	/* the directory all of them share: the longest common prefix to a '/' */
	dir = strlen(files[0]);
	for (k = 1; k < n; k++) {
		size_t i = 0;

		while (i < dir && files[k][i] == files[0][i])
			i++;
		dir = i;
	}
	if (dir == strlen(files[0])) {
		snprintf(place, size, "%s", files[0]);
		return true;
	}
	while (dir && files[0][dir - 1] != '/')
		dir--;
	/* at least two levels ("drivers/bluetooth/"): "drivers/" says nothing */
	if (memchr(files[0], '/', dir) == files[0] + dir - 1 || !dir)
		return false;
	snprintf(place, size, "%.*s", (int)dir, files[0]);
	return true;
}

bool kb_index_error_place(const struct kb_index *ix, const char *msg, size_t len,
			  const char *under, size_t min, bool (*keep)(const char *, size_t),
			  char *place, size_t size)
{
	return kb_index_level_place(ix, msg, len, under, min, 'e', keep, place, size);
}

bool kb_index_level_place(const struct kb_index *ix, const char *msg, size_t len,
			  const char *under, size_t min, char level,
			  bool (*keep)(const char *, size_t), char *place, size_t size)
{
	const char *files[IX_CAND];
	size_t n;

	n = ix_msg_files(ix, msg, len, under, min > IX_ERR_MIN ? min : IX_ERR_MIN, level, keep,
			 files, IX_CAND);
	return ix_msg_place(files, n, place, size);
}

bool kb_index_start_place(const struct kb_index *ix, const char *msg, size_t len, char level,
			  char *place, size_t size)
{
	const char *files[IX_CAND];
	size_t n;

	n = ix_msg_files_from(ix, msg, len, 1, NULL, 0, level, NULL, files, IX_CAND);
	return ix_msg_place(files, n, place, size);
}

static size_t ix_dirlen(const char *file)
{
	const char *s = strrchr(file, '/');

	return s ? (size_t)(s - file) : 0;
}

static bool ix_under(const char *file, const char *dir, size_t n)
{
	return n && !strncmp(file, dir, n) && file[n] == '/';
}

static bool ix_set(struct kb_rep *r, const char *file, size_t n, const char *src,
		   const char *reason, const char *conf)
{
	snprintf(r->guilty_file, sizeof(r->guilty_file), "%.*s", (int)n, file);
	r->blame_source = src;
	r->blame_reason = reason;
	r->confidence = conf;
	return true;
}

/* Keep the candidates for which keep() holds, when some do. */
static size_t ix_filter(const char **c, size_t n, bool (*keep)(const char *, const void *),
			const void *arg)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (keep(c[i], arg))
			c[k++] = c[i];
	return k;
}

/* f is not in another architecture's arch/ than arg's */
static bool ix_in_arch(const char *f, const void *arg)
{
	const char *arch = arg;
	size_t n = strlen(arch);

	return strncmp(f, "arch/", 5) || (!strncmp(f + 5, arch, n) && f[5 + n] == '/');
}

/* f's base name is the module arg's, '-' written '_' ("nf_nat_redirect.c") */
static bool ix_named_module(const char *f, const void *arg)
{
	const char *mod = arg, *b = strrchr(f, '/');
	size_t i;

	b = b ? b + 1 : f;
	for (i = 0; mod[i]; i++)
		if (b[i] != (mod[i] == '-' ? '_' : mod[i]))
			return false;
	return !strcmp(b + i, ".c");
}

struct ix_modset {
	const char *dir[IX_MODS];
	const char *files[IX_CAND];
	size_t dirs, files_nr;
};

static bool ix_in_files(const char *f, const void *arg)
{
	const struct ix_modset *m = arg;
	size_t i;

	for (i = 0; i < m->files_nr; i++)
		if (m->files[i] == f)
			return true;
	return false;
}

static bool ix_in_dirs(const char *f, const void *arg)
{
	const struct ix_modset *m = arg;
	size_t i;

	for (i = 0; i < m->dirs; i++)
		if (ix_under(f, m->dir[i], strlen(m->dir[i])))
			return true;
	return false;
}

static bool ix_in_dir(const char *f, const void *arg)
{
	const char *d = arg;
	size_t n = strlen(d);

	while (n && d[n - 1] == '/')
		n--;
	return ix_under(f, d, n);
}

/* A frame's file in the tree: the log's, else its function's only definition */
static const char *ix_frame_file(const struct kb_index *ix, const struct kb_frame *o)
{
	const char *def[2];
	char name[128];

	if (o->file[0])
		return kb_path_outside(o->file) ? NULL : o->file;
	snprintf(name, sizeof(name), "%.*s", (int)strcspn(o->func, "."), o->func);
	return kb_index_func(ix, name, def, 2) == 1 ? def[0] : NULL;
}

/* "arch/x86/" of an architecture's file: its length, else 0 */
static size_t ix_archlen(const char *f)
{
	const char *s;

	if (strncmp(f, "arch/", 5))
		return 0;
	s = strchr(f + 5, '/');
	return s ? (size_t)(s - f) + 1 : 0;
}

#define IX_NEAR_DIR (IX_NEAR + 1)	/* one frame in the directory outweighs all in the arch */

/*
 * Callers and callees of a static function usually live in its file or
 * directory (a driver's files call each other): the candidate that
 * holds the most of the other frames (their file:line, or their
 * function's only definition). Each architecture defines its own of
 * some functions (restore_processor_state(), do_page_fault()): failing
 * that, frames of the same arch/ARCH/ decide. NULL when none or a tie.
 */
static const char *ix_by_neighbours(const struct kb_index *ix, const struct kb_rep *r,
				    const struct kb_frame *f, const char **c, size_t n)
{
	const char *near[IX_NEAR], *best = NULL;
	size_t i, j, nr = 0, best_score = 0;
	bool tie = false;

	for (i = 0; i < r->frames_nr && nr < IX_NEAR; i++) {
		const struct kb_frame *o = &r->frames[i];

		if (o == f || !o->reliable)
			continue;
		near[nr] = ix_frame_file(ix, o);
		nr += !!near[nr];
	}
	for (i = 0; i < n; i++) {
		size_t score = 0, dl = ix_dirlen(c[i]), al = ix_archlen(c[i]);

		/* a frame in the same file counts more than one in the same directory */
		for (j = 0; j < nr; j++)
			score += !strcmp(near[j], c[i]) ? 2 * IX_NEAR_DIR :
				 ix_dirlen(near[j]) == dl && !strncmp(near[j], c[i], dl) ?
				 IX_NEAR_DIR : al && !strncmp(near[j], c[i], al);
		if (score > best_score)
			best = c[i], best_score = score, tie = false;
		else if (score && score == best_score)
			tie = true;
	}
	return tie ? NULL : best;
}

/* The candidates' deepest common directory, when at least two levels deep. */
#define IX_PREFIX_MIN 8		/* functions sharing the prefix, for it to say anything */
#define IX_PREFIX_SCAN 4000	/* functions looked at, at most */
#define IX_PREFIX_DIRS 16

/*
 * A function the index does not know (renamed or removed since the
 * logged kernel, or a static one inlined away), built in: the kernel
 * names a subsystem's functions with its prefix ("ext4_", "btrfs_",
 * "tcp_"), so the directory holding at least three quarters of the
 * tree's functions with that prefix is where it lived. The length of
 * that directory in *dir's first file, 0 when the prefix says nothing.
 */
static size_t ix_by_prefix(const struct kb_index *ix, const char *name, const char **near,
			   size_t near_nr, const char **dir)
{
	const char *dirs[IX_PREFIX_DIRS];
	size_t counts[IX_PREFIX_DIRS] = { 0 }, nd = 0, total = 0, i, k, best = 0;
	unsigned long long near_hits = 0;	/* IX_NEAR bits: callers' directories hit */
	char prefix[64];
	const char *u;

	while (*name == '_')
		name++;
	u = strchr(name, '_');
	if (!u || u - name < 2 || (size_t)(u - name) + 2 > sizeof(prefix))
		return 0;
	snprintf(prefix, sizeof(prefix), "%.*s", (int)(u - name + 1), name);
	for (i = ix_lower(ix->funcs, ix->funcs_nr, sizeof(*ix->funcs), prefix);
	     i < ix->funcs_nr && total < IX_PREFIX_SCAN &&
	     !strncmp(ix->funcs[i].name, prefix, strlen(prefix)); i++) {
		const char *file;
		size_t len;

		if (ix_ids(ix, ix->funcs[i].ids, &file, 1) < 1)
			continue;
		total++;
		len = ix_dirlen(file);
		for (k = 0; k < near_nr && k < IX_NEAR; k++)
			if (ix_dirlen(near[k]) == len && !strncmp(near[k], file, len))
				near_hits |= 1ULL << k;
		for (k = 0; k < nd; k++)
			if (ix_dirlen(dirs[k]) == len && !strncmp(dirs[k], file, len))
				break;
		if (k == nd && nd < IX_PREFIX_DIRS)
			dirs[nd++] = file;
		if (k < nd)
			counts[k]++;
	}
	if (total < IX_PREFIX_MIN || !nd)
		return 0;
	/* a directory of the prefix that holds a caller: the subsystem the trace is in */
	for (i = 0; i < near_nr && i < IX_NEAR; i++)
		if (near_hits & (1ULL << i)) {
			*dir = near[i];
			return ix_dirlen(near[i]);
		}
	for (k = 1; k < nd; k++)
		if (counts[k] > counts[best])
			best = k;
	if (counts[best] * 4 < total * 3)
		return 0;
	*dir = dirs[best];
	return ix_dirlen(dirs[best]);
}

/*
 * The files of the frames that called f, nearest first: their file:line,
 * their function's only definition or, for a built-in function the
 * index does not know either (ext4_da_writepages, gone since 3.x), the
 * directory its own prefix names. At most IX_NEAR.
 */
static size_t ix_callers(const struct kb_index *ix, const struct kb_rep *r,
			 const struct kb_frame *f, const char **near)
{
	size_t i, nr = 0;

	for (i = 0; i < r->frames_nr && &r->frames[i] != f; i++)
		;
	for (i++; i < r->frames_nr && nr < IX_NEAR; i++) {
		const struct kb_frame *o = &r->frames[i];
		char name[128];

		if (!o->reliable || o->ip)
			continue;
		near[nr] = ix_frame_file(ix, o);
		if (!near[nr] && !o->file[0] && !o->module[0]) {
			snprintf(name, sizeof(name), "%.*s", (int)strcspn(o->func, "."), o->func);
			if (!ix_by_prefix(ix, name, NULL, 0, &near[nr]))
				near[nr] = NULL;
		}
		nr += !!near[nr];
	}
	return nr;
}

static size_t ix_common_dir(const char **c, size_t n)
{
	size_t len = ix_dirlen(c[0]), i, k, slashes = 0;

	for (i = 1; i < n; i++) {
		for (k = 0; k < len && c[i][k] == c[0][k]; k++)
			;
		if (k == len && c[i][k] == '/')
			continue;
		/* back to the last '/' both share */
		if (k)
			k--;
		while (k && c[0][k] != '/')
			k--;
		len = k;
	}
	for (k = 0; k < len; k++)
		slashes += c[0][k] == '/';
	return slashes ? len : 0;
}

bool kb_index_blame_task(struct kb_rep *r, const char *comm)
{
	const struct kb_index *ix = kb_index_get();
	size_t n = strcspn(comm, "-/:"), k;
	const char *dir;
	char name[32];

	if (!ix || n < 3 || n + 2 > sizeof(name))
		return false;
	/* "btrfs-cleaner" -> "btrfs_": the prefix of its subsystem's functions */
	snprintf(name, sizeof(name), "%.*s_", (int)n, comm);
	k = ix_by_prefix(ix, name, NULL, 0, &dir);
	if (!k)
		return false;
	return ix_set(r, dir, k + 1, KB_SRC_INDEX,
		      "the task is a kernel thread named for its subsystem (the directory of "
		      "the functions with that prefix)", KB_CONF_LOW);
}

bool kb_index_places(const struct kb_frame *f)
{
	const struct kb_index *ix = kb_index_get();
	const char *c[1], *dir;
	char name[128];

	if (!ix)
		return true;
	snprintf(name, sizeof(name), "%.*s", (int)strcspn(f->func, "."), f->func);
	return kb_index_func(ix, name, c, 1) || ix_by_prefix(ix, name, NULL, 0, &dir);
}

bool kb_index_merged_object(const struct kb_rep *r, const char *module)
{
	const struct kb_index *ix = kb_index_get();
	const char *c[IX_CAND];
	char name[128];
	size_t i, n;

	for (i = 0; ix && i < r->frames_nr; i++) {
		const struct kb_frame *f = &r->frames[i];

		if (strcmp(f->module, module))
			continue;
		snprintf(name, sizeof(name), "%.*s", (int)strcspn(f->func, "."), f->func);
		n = kb_index_func(ix, name, c, IX_CAND);
		if (ix_filter(c, n, ix_named_module, module))
			return true;
	}
	return false;
}

/*
 * A module only the older tree builds whose frames in the report name
 * functions, none of them defined in that module's directory: another
 * module of that name (LDD's training module "faulty" is not md's
 * md-faulty, gone in 6.8).
 */
bool kb_index_old_stranger(const struct kb_rep *r, const char *module)
{
	const struct kb_index *ix = kb_index_get();
	const char *dirs[IX_MODS], *c[IX_CAND], *files[1];
	size_t i, k, n, nd = 0;
	bool framed = false;
	char name[128];

	if (!ix || !module[0] || kb_index_module(ix, module, 0, &dirs[0], files, 1) != 0)
		return false;
	while (nd < IX_MODS && kb_index_module(ix, module, nd, &dirs[nd], files, 0) == 0)
		nd++;
	for (i = 0; i < r->frames_nr; i++) {
		const struct kb_frame *f = &r->frames[i];

		if (strcmp(f->module, module))
			continue;
		framed = true;
		snprintf(name, sizeof(name), "%.*s", (int)strcspn(f->func, "."), f->func);
		n = kb_index_func(ix, name, c, IX_CAND);
		for (k = 0; k < n * nd; k++)
			if (ix_under(c[k / nd], dirs[k % nd], strlen(dirs[k % nd])))
				return false;
	}
	return framed;
}

bool kb_index_blame(struct kb_rep *r, const struct kb_frame *f, const char *sec_dir)
{
	const struct kb_index *ix = kb_index_get();
	const char *c[IX_CAND], *pick;
	struct ix_modset m = { .dirs = 0 };
	char name[128], d[256];
	bool outside = false;
	size_t n, k;
	int got;

	if (!ix)
		return false;
	/* "foo.cold", "foo.isra.0", "foo.constprop.0": gcc's clones of foo */
	snprintf(name, sizeof(name), "%.*s", (int)strcspn(f->func, "."), f->func);
	n = kb_index_func(ix, name, c, IX_CAND);
	for (k = 0; f->module[0] && m.dirs < IX_MODS; k++) {
		got = kb_index_module(ix, f->module, k, &m.dir[m.dirs],
				      m.files + m.files_nr, IX_CAND - m.files_nr);
		if (got < 0)
			break;
		m.files_nr += (size_t)got;
		m.dirs++;
	}
	if (m.dirs && kb_index_old_stranger(r, f->module))
		m.dirs = 0;
	/*
	 * a [module] no Makefile of the tree builds: the tree's namesakes are
	 * not it, unless one is in the file the module is named after (an
	 * object merged into another module: nf_nat_redirect.o into nf_nat)
	 */
	if (f->module[0] && !m.dirs && !sec_dir) {
		k = ix_filter(c, n, ix_named_module, f->module);
		if (k != 1)
			return false;
		return ix_set(r, c[0], strlen(c[0]), KB_SRC_INDEX,
			      "the definition of the function in the file its module is named after",
			      KB_CONF_MEDIUM);
	}
	if (m.dirs) {
		/* the module's own objects (Kbuild's NAME-y), then its directory */
		k = ix_filter(c, n, ix_in_files, &m);
		if (!k)
			k = ix_filter(c, n, ix_in_dirs, &m);
		/*
		 * None there: the module's Makefile names objects through a make
		 * variable the index does not expand (amdgpu's
		 * $(AMDGPUPATH)/../display/...), so its definitions elsewhere stay.
		 */
		outside = !k && n;
		n = k ? k : n;
	} else if (n > 1 && sec_dir && *sec_dir) {
		k = ix_filter(c, n, ix_in_dir, sec_dir);
		n = k ? k : n;
	}
	/* each architecture defines its own do_sync_core(): the report's is the one */
	if (n > 1 && kb_rep_arch(r)) {
		k = ix_filter(c, n, ix_in_arch, kb_rep_arch(r));
		if (k == 1)
			return ix_set(r, c[0], strlen(c[0]), KB_SRC_INDEX,
				      "the only definition of the function for the architecture whose registers the report shows",
				      KB_CONF_MEDIUM);
		n = k ? k : n;
	}
	if (n == 1)
		return ix_set(r, c[0], strlen(c[0]), KB_SRC_INDEX,
			      "the only definition of the function in the tree's index",
			      KB_CONF_MEDIUM);
	if (n > 1) {
		pick = ix_by_neighbours(ix, r, f, c, n);
		if (pick)
			return ix_set(r, pick, strlen(pick), KB_SRC_INDEX,
				      "the definition of the function in the directory (or the architecture) of the other frames",
				      KB_CONF_MEDIUM);
	}
	k = n > 1 ? ix_common_dir(c, n) : 0;
	if (outside && k) {
		ix_set(r, c[0], k + 1, KB_SRC_INDEX,
		       "the directory common to the function's definitions, outside the module's own directory",
		       KB_CONF_LOW);
		return true;
	}
	if (m.dirs == 1) {
		if (m.files_nr == 1)
			return ix_set(r, m.files[0], strlen(m.files[0]), KB_SRC_MODULE,
				      "the only source file of the frame's module (tree index)",
				      KB_CONF_MEDIUM);
		snprintf(d, sizeof(d), "%s/", m.dir[0]);
		return ix_set(r, d, strlen(d), KB_SRC_MODULE,
			      "the source directory of the frame's module (tree index)",
			      KB_CONF_MEDIUM);
	}
	if (!n && !m.dirs && !f->module[0]) {
		const char *dir, *near[IX_NEAR];

		k = ix_by_prefix(ix, name, near, ix_callers(ix, r, f, near), &dir);
		if (k) {
			ix_set(r, dir, k + 1, KB_SRC_INDEX,
			       "not in the index: the directory of the functions named with its prefix",
			       KB_CONF_LOW);
			return true;
		}
	}
	if (!k)
		return false;
	ix_set(r, c[0], k + 1, KB_SRC_INDEX,
	       "the directory common to the function's definitions (several of that name)",
	       KB_CONF_LOW);
	return true;
}
