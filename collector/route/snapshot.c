// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Snapshots of a parsed MAINTAINERS: the entry, section, N: and F: index
 * tables, which hold no pointers, written once to
 * $XDG_CACHE_HOME/kbug/index/KEY.idx and mapped back by later runs, so
 * that routing one path reads a few pages of the index instead of
 * parsing 780 KB of text (git maps its index the same way).
 *
 * The values of F:, N: and X: entries are copied into the snapshot's
 * pool, N: first, then in index order, so that the candidates of a path
 * sit together; the other values and the titles stay in the text, which
 * is mapped as before. The text of a gzip'd source is not there until it
 * is inflated, which costs more than the parse saved: its snapshot
 * carries the text as well, so that nothing is inflated either. KEY
 * hashes the format version, the build ID of the running kbug (a rebuilt
 * parser never trusts an old snapshot) and the identity of the source
 * (device, inode, size and times of a file; the length of the built-in
 * copy, which the build ID covers; the content of gzip data, which is
 * read anyway while a sysfs file's inode means nothing after a reboot).
 *
 * A snapshot carries a checksum of all of it, verified when it is mapped
 * (reading ~1 MB of page cache costs far less than parsing): a damaged or
 * truncated file is not used, and the text is parsed again. Buckets,
 * entries and sections are also checked for their bounds before they are
 * believed (match.c), so that no snapshot can make kbug read out of bounds.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "route/internal.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/strbuf.h"

#define SNAP_MAGIC "KBUGMIDX"
#define SNAP_VERSION 2
#define SNAP_MAX_SIZE (256u << 20)
#define SNAP_KEEP 8		/* snapshots kept in the directory (kbug builds, sources) */
#define SNAP_TEXT 1		/* flags: the text is in the file, at off_text */

struct snap_hdr {
	char magic[8];
	uint32_t version, hdr_size, ent_size, sec_size, bucket_size, flags;
	uint64_t key, text_len;
	uint32_t ne, ns, nn, nfb, nflist, generic, ngeneric, reserved;
	uint64_t off_e, off_s, off_n, off_fb, off_fl, off_pool, pool_len, off_text, total;
	uint64_t sum;		/* snap_sum() of the file with this field 0 */
};

/*
 * ---- the checksum: Fletcher's, on 64-bit words, in two lanes ----
 * Against damage, not against an adversary (who could write any file
 * there anyway): the bounds checks are what keep a hostile file harmless.
 */
static uint64_t snap_sum(const unsigned char *p, size_t n, uint64_t seed)
{
	uint64_t a0 = seed, b0 = 0, a1 = 0, b1 = 0, w[2];
	size_t i;

	for (; n >= 16; p += 16, n -= 16) {
		memcpy(w, p, 16);
		a0 += w[0];
		b0 += a0;
		a1 += w[1];
		b1 += a1;
	}
	for (i = 0; i < n; i++) {
		a0 += p[i];
		b0 += a0;
	}
	return (a0 ^ (b0 << 1) ^ (b0 >> 63)) + 0x9e3779b97f4a7c15ull * (a1 ^ (b1 << 1) ^ n);
}

/* of the file whose header is h (the sum field taken as 0) */
static uint64_t file_sum(const struct snap_hdr *h, const void *rest, size_t rest_len)
{
	struct snap_hdr z = *h;

	z.sum = 0;
	return snap_sum(rest, rest_len, snap_sum((const unsigned char *)&z, sizeof(z), 0));
}

/* Give a (deliberately) altered snapshot a valid checksum again: for the tests. */
void maint_snapshot_fix_sum(void *map, size_t len)
{
	struct snap_hdr *h = map;

	if (len >= sizeof(*h))
		h->sum = file_sum(h, (const unsigned char *)map + sizeof(*h), len - sizeof(*h));
}

/* ---- the key ---- */

static uint64_t fnv64(uint64_t h, const void *p, size_t n)
{
	const unsigned char *u = p;

	while (n--)
		h = (h ^ *u++) * 1099511628211ull;
	return h;
}

struct build_id {
	const unsigned char *id;
	size_t len;
};

/* NT_GNU_BUILD_ID of the main program (the first object dl_iterate_phdr() gives) */
static int find_build_id(struct dl_phdr_info *info, size_t size, void *data)
{
	struct build_id *b = data;
	int i;

	for (i = 0; i < info->dlpi_phnum; i++) {
		const __typeof__(info->dlpi_phdr[0]) *ph = &info->dlpi_phdr[i];
		const unsigned char *p = (const unsigned char *)(info->dlpi_addr + ph->p_vaddr);
		size_t left = ph->p_memsz;

		if (ph->p_type != PT_NOTE)
			continue;
		/* a note header is three 32-bit words in both ELF classes */
		while (left >= sizeof(Elf64_Nhdr)) {
			const Elf64_Nhdr *n = (const Elf64_Nhdr *)p;
			size_t nsz = (n->n_namesz + 3) & ~3u, dsz = (n->n_descsz + 3) & ~3u;
			size_t all = sizeof(*n) + nsz + dsz;

			if (all > left)
				break;
			if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 &&
			    !memcmp(p + sizeof(*n), "GNU", 4) && n->n_descsz) {
				b->id = p + sizeof(*n) + nsz;
				b->len = n->n_descsz;
				return 1;
			}
			p += all;
			left -= all;
		}
	}
	return 1;	/* only the main program */
}

int maint_snapshot_key(const char *what, const void *id, size_t idlen, uint64_t *key)
{
	static struct build_id b;
	static bool looked;
	uint64_t h = 14695981039346656037ull;
	uint32_t v = SNAP_VERSION;

	if (!looked) {
		dl_iterate_phdr(find_build_id, &b);
		looked = true;
	}
	if (!b.len)
		return -ENOENT;	/* no build ID: no way to tell snapshots apart */
	h = fnv64(h, &v, sizeof(v));
	h = fnv64(h, b.id, b.len);
	h = fnv64(h, what, strlen(what) + 1);
	*key = fnv64(h, id, idlen);
	return 0;
}

char *maint_snapshot_path(const char *cache_dir, uint64_t key)
{
	char *p;

	if (!cache_dir || !*cache_dir ||
	    asprintf(&p, "%s/index/%016llx.idx", cache_dir, (unsigned long long)key) < 0)
		return NULL;
	return p;
}

/* ---- writing ---- */

static int mkdir_parents(const char *path)
{
	char *d = strdup(path), *s;
	int ret = 0;

	if (!d)
		return -ENOMEM;
	for (s = d + 1; (s = strchr(s, '/')); s++) {
		*s = '\0';
		if (mkdir(d, 0700) && errno != EEXIST) {
			ret = -errno;
			break;
		}
		*s = '/';
	}
	free(d);
	return ret;
}

static void pool_add(const struct kbug_maint *m, struct mentry *out, uint8_t *done, uint32_t i,
		     struct strbuf *pool)
{
	if (i >= m->ne || done[i])
		return;
	done[i] = 1;
	out[i].off = (uint32_t)pool->len;
	out[i].flags |= MENT_POOL;
	strbuf_add(pool, mval(m, &m->e[i]), m->e[i].vlen);
	strbuf_addch(pool, '\n');
}

static size_t align8(size_t n)
{
	return (n + 7) & ~(size_t)7;
}

static int write_all(int fd, const void *p, size_t n)
{
	const char *c = p;

	while (n) {
		ssize_t w = write(fd, c, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return w < 0 ? -errno : -EIO;
		c += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Keep the SNAP_KEEP newest *.idx files of dir: older kbug builds leave theirs behind. */
static void prune(const char *dir)
{
	struct old {
		char name[32];
		struct timespec t;
	} v[64];
	size_t n = 0, i, oldest;
	struct dirent *d;
	DIR *dh = opendir(dir);
	struct strbuf p = STRBUF_INIT;

	if (!dh)
		return;
	while ((d = readdir(dh)) && n < ARRAY_SIZE(v)) {
		size_t l = strlen(d->d_name);
		struct stat st;

		if (l < 5 || l >= sizeof(v[0].name) || strcmp(d->d_name + l - 4, ".idx"))
			continue;
		strbuf_reset(&p);
		strbuf_addf(&p, "%s/%s", dir, d->d_name);
		if (stat(p.buf, &st))
			continue;
		memcpy(v[n].name, d->d_name, l + 1);
		v[n++].t = st.st_mtim;
	}
	closedir(dh);
	while (n > SNAP_KEEP) {
		for (oldest = 0, i = 1; i < n; i++)
			if (v[i].t.tv_sec < v[oldest].t.tv_sec ||
			    (v[i].t.tv_sec == v[oldest].t.tv_sec &&
			     v[i].t.tv_nsec < v[oldest].t.tv_nsec))
				oldest = i;
		strbuf_reset(&p);
		strbuf_addf(&p, "%s/%s", dir, v[oldest].name);
		unlink(p.buf);
		v[oldest] = v[--n];
	}
	strbuf_release(&p);
}

int maint_snapshot_write(struct kbug_maint *m, const char *path, uint64_t key, bool with_text)
{
	struct snap_hdr h = { .version = SNAP_VERSION };
	struct strbuf pool = STRBUF_INIT, tmp = STRBUF_INIT;
	struct mentry *e = NULL;
	uint8_t *done = NULL;
	unsigned char *f = NULL;
	uint32_t i;
	int fd = -1, ret;

	ret = maint_index_build(m);
	if (ret)
		return ret;
	e = malloc((size_t)m->ne * sizeof(*e) + 1);
	done = calloc((size_t)m->ne + 1, 1);
	if (!e || !done) {
		ret = -ENOMEM;
		goto out;
	}
	memcpy(e, m->e, (size_t)m->ne * sizeof(*e));
	for (i = 0; i < m->ne; i++) {
		e[i].aux = 0;		/* run-time state: compiled regexes, -d answers */
		e[i].isdir = DIR_UNKNOWN;
	}
	for (i = 0; i < m->nn; i++)
		pool_add(m, e, done, m->nidx[i], &pool);
	for (i = 0; i < m->nflist; i++)
		pool_add(m, e, done, m->flist[i], &pool);
	for (i = 0; i < m->ne; i++)
		if (e[i].type == 'F' || e[i].type == 'X')
			pool_add(m, e, done, i, &pool);
	memcpy(h.magic, SNAP_MAGIC, sizeof(h.magic));
	h.hdr_size = sizeof(h);
	h.ent_size = sizeof(*e);
	h.sec_size = sizeof(*m->s);
	h.bucket_size = sizeof(*m->fb);
	h.key = key;
	h.text_len = m->len;
	h.ne = m->ne;
	h.ns = m->ns;
	h.nn = m->nn;
	h.nfb = m->nfb;
	h.nflist = m->nflist;
	h.generic = m->generic;
	h.ngeneric = m->ngeneric;
	h.off_e = align8(sizeof(h));
	h.off_s = align8(h.off_e + (size_t)m->ne * sizeof(*e));
	h.off_n = align8(h.off_s + (size_t)m->ns * sizeof(*m->s));
	h.off_fb = align8(h.off_n + (size_t)m->nn * sizeof(*m->nidx));
	h.off_fl = align8(h.off_fb + (size_t)m->nfb * sizeof(*m->fb));
	h.off_pool = align8(h.off_fl + (size_t)m->nflist * sizeof(*m->flist));
	h.pool_len = pool.len;
	h.total = h.off_pool + pool.len + 1;
	if (with_text) {
		h.flags = SNAP_TEXT;
		h.off_text = align8(h.total);
		h.total = h.off_text + m->len + 1;	/* and a NUL */
	}
	if (h.total > SNAP_MAX_SIZE) {
		ret = -EFBIG;
		goto out;
	}
	ret = mkdir_parents(path);
	if (ret)
		goto out;
	/* the file is assembled in memory, for its checksum */
	f = calloc(1, h.total);
	if (!f) {
		ret = -ENOMEM;
		goto out;
	}
	{
		memcpy(f + h.off_e, e, (size_t)m->ne * sizeof(*e));
		memcpy(f + h.off_s, m->s, (size_t)m->ns * sizeof(*m->s));
		memcpy(f + h.off_n, m->nidx, (size_t)m->nn * sizeof(*m->nidx));
		memcpy(f + h.off_fb, m->fb, (size_t)m->nfb * sizeof(*m->fb));
		memcpy(f + h.off_fl, m->flist, (size_t)m->nflist * sizeof(*m->flist));
		memcpy(f + h.off_pool, pool.buf, pool.len + 1);
		if (with_text)
			memcpy(f + h.off_text, m->text, m->len);
		h.sum = file_sum(&h, f + sizeof(h), h.total - sizeof(h));
		memcpy(f, &h, sizeof(h));
	}
	strbuf_addf(&tmp, "%s.%ld.tmp", path, (long)getpid());
	fd = open(tmp.buf, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0) {
		ret = -errno;
		goto out;
	}
	ret = write_all(fd, f, h.total);
	if (close(fd) && !ret)
		ret = -errno;
	if (!ret && rename(tmp.buf, path))
		ret = -errno;
	if (ret) {
		unlink(tmp.buf);
	} else {
		char *slash = strrchr(tmp.buf, '/');

		if (slash) {
			*slash = '\0';
			prune(tmp.buf);
		}
	}
out:
	if (ret)
		DBG("no MAINTAINERS snapshot written to '%s': %s", path, strerror(-ret));
	strbuf_release(&tmp);
	strbuf_release(&pool);
	free(f);
	free(done);
	free(e);
	return ret;
}

/* ---- reading ---- */

static bool within(uint64_t off, uint64_t count, uint64_t size, uint64_t total)
{
	return off % 8 == 0 && off >= sizeof(struct snap_hdr) && off <= total &&
	       (!size || count <= (total - off) / size);
}

/*
 * Take over map[0..len) (mmap()ed, private, writable) as m's tables, if it
 * is sound; and as its text too when m has none yet (a gzip'd source).
 */
int maint_snapshot_map(struct kbug_maint *m, void *map, size_t len, uint64_t key)
{
	const struct snap_hdr *h = map;
	const char *base = map;
	bool text = !m->text;

	if (len < sizeof(*h) || memcmp(h->magic, SNAP_MAGIC, sizeof(h->magic)) ||
	    h->version != SNAP_VERSION || h->hdr_size != sizeof(*h) ||
	    h->ent_size != sizeof(struct mentry) || h->sec_size != sizeof(struct msection) ||
	    h->bucket_size != sizeof(struct fbucket) || h->key != key ||
	    h->flags != (text ? SNAP_TEXT : 0u) || (!text && h->text_len != m->len) ||
	    h->total != len || h->sum != file_sum(h, base + sizeof(*h), len - sizeof(*h)))
		return -EINVAL;
	/* the text, NUL after it, as the parser leaves it to the matcher */
	if (text && (h->text_len >= UINT32_MAX || !within(h->off_text, h->text_len, 1, len) ||
		     h->text_len >= len - h->off_text || base[h->off_text + h->text_len]))
		return -EINVAL;
	if (!within(h->off_e, h->ne, sizeof(struct mentry), len) ||
	    !within(h->off_s, h->ns, sizeof(struct msection), len) ||
	    !within(h->off_n, h->nn, sizeof(uint32_t), len) ||
	    !within(h->off_fb, h->nfb, sizeof(struct fbucket), len) ||
	    !within(h->off_fl, h->nflist, sizeof(uint32_t), len) ||
	    !within(h->off_pool, h->pool_len, 1, len) || h->pool_len >= len - h->off_pool ||
	    base[h->off_pool + h->pool_len] || !h->ns || !h->nfb || (h->nfb & (h->nfb - 1)) ||
	    h->generic > h->nflist || h->ngeneric > h->nflist - h->generic)
		return -EINVAL;
	m->sec_ok = calloc((h->ns + 7) / 8, 1);
	if (!m->sec_ok)
		return -ENOMEM;
	m->e = (struct mentry *)(void *)(base + h->off_e);
	m->ne = h->ne;
	m->s = (struct msection *)(void *)(base + h->off_s);
	m->ns = h->ns;
	m->nidx = (uint32_t *)(void *)(base + h->off_n);
	m->nn = h->nn;
	m->fb = (struct fbucket *)(void *)(base + h->off_fb);
	m->nfb = h->nfb;
	m->flist = (uint32_t *)(void *)(base + h->off_fl);
	m->nflist = h->nflist;
	m->generic = h->generic;
	m->ngeneric = h->ngeneric;
	m->pool = base + h->off_pool;
	m->pool_len = h->pool_len;
	if (text) {
		m->text = base + h->off_text;
		m->len = h->text_len;
	}
	m->snap = map;
	m->snap_len = len;
	m->warnings = 0;	/* only sources without warnings are saved */
	return 0;
}

int maint_snapshot_load(struct kbug_maint *m, const char *path, uint64_t key)
{
	struct stat st;
	void *map;
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret;

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size < (off_t)sizeof(struct snap_hdr) ||
	    st.st_size > (off_t)SNAP_MAX_SIZE) {
		close(fd);
		return -EINVAL;
	}
	map = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return -errno;
	ret = maint_snapshot_map(m, map, (size_t)st.st_size, key);
	if (ret) {
		munmap(map, (size_t)st.st_size);
		DBG("MAINTAINERS snapshot '%s' not used (stale or damaged)", path);
		return ret;
	}
	m->snap_path = strdup(path);
	DBG("MAINTAINERS tables from the snapshot '%s'", path);
	return 0;
}

void maint_snapshot_damaged(struct kbug_maint *m)
{
	if (m->snap_bad)
		return;
	m->snap_bad = true;
	if (m->snap_path && !unlink(m->snap_path))
		ERR("the MAINTAINERS index '%s' is damaged: removed it, run kbug again",
		    m->snap_path);
	else
		ERR("the MAINTAINERS index '%s' is damaged: remove it",
		    m->snap_path ? m->snap_path : "(in memory)");
}
