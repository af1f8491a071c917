// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Names from pci.ids for the devices of a report. libpci's pci_lookup_name()
 * first parses the whole database into a hash (tens of milliseconds, a few
 * megabytes); a report needs the names of a few dozen devices, so the probe
 * reads only the lines that can name them, in the file's own layout:
 *
 *	vvvv  vendor name
 *	\tdddd  device name
 *	\t\tssss tttt  subsystem name
 *	C cc  class name
 *	\tss  subclass name
 *	\t\tpp  programming interface
 *
 * scan_ids(), one pass over the whole file (1.3 MB), defines the names. The
 * lookup finds the same ones in a few dozen kilobytes, trusting the order
 * pci.ids keeps: top-level lines (vendors, then classes) in increasing
 * order of their ID, and in a vendor's block its device lines in order of
 * device ID. A block has no end marker but the next top-level line, and
 * nothing in a line inside a long block (Intel's is 370 KB) tells whose it
 * is. So:
 *  - top_find() bisects the file for the top-level line of each vendor and
 *    class, a probe reading around a point for a top-level line; one in a
 *    long block finds none, and both sides of it stay to be searched. Long
 *    blocks are skipped by how their device IDs rise, and classes are
 *    looked for back from the end of the file;
 *  - a vendor's block is read from its vendor line on, 64 bytes at a time
 *    (skip_tabbed()), never entered in the middle: only that shows that no
 *    top-level line comes between the vendor line and a device line. The
 *    read stops at the first device line past the devices wanted; in what
 *    it read, each device line wanted is found by bisection, and its
 *    subsystem lines (in no order) are read up to the next device line;
 *  - a class's block is read whole: a few dozen lines.
 * The names found are pointers into the file, set on the devices at the end.
 *
 * A vendor or a class not found, or anything read that this order rules out
 * (a top-level line out of order or malformed, device IDs falling), gets
 * the full pass instead. So the names are the full pass's wherever the file
 * is in pci.ids's order (tests/fuzz/fuzz-probe-pciids.c checks that), and
 * wherever what the lookup reads of it is; disorder in lines it does not
 * read goes unseen: only the full pass can be sure of any text.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "probes/internal.h"
#include "util/json.h"

#define PCI_IDS_MAX_DEVICES 4096

/* A device's IDs as numbers, -1 where absent or malformed, and what names it. */
struct ids_dev {
	struct json_object *o;
	long cls, vendor, device, sub_vendor, sub_device;
	/* the lookup's finds, in the order of name_key[] */
	const char *name[4];
	size_t nlen[4];
	bool cls_fallback;	/* name[N_CLASS] is the class's, not the subclass's */
};

enum { N_VENDOR, N_DEVICE, N_SUB, N_CLASS };

static const char *const name_key[] = {
	"vendor_name", "device_name", "subsystem_name", "class_name"
};

/* 1 + the value of a hex digit, 0 for any other byte: isxdigit() in any locale */
static const unsigned char hex1[256] = {
	['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5,
	['5'] = 6, ['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10,
	['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16,
	['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
};

/* n (2 or 4) hex digits at p (within end) as a number, or -1. */
static inline long hex_n(const char *p, const char *end, size_t n)
{
	const unsigned char *u = (const unsigned char *)p;
	unsigned int a, b, c, d;

	if ((size_t)(end - p) < n)
		return -1;
	/* a digit that is none is 0 - 1: UINT_MAX */
	a = hex1[u[0]] - 1u;
	b = hex1[u[1]] - 1u;
	if (n == 2)
		return (a | b) < 16 ? (long)(a << 4 | b) : -1;
	c = hex1[u[2]] - 1u;
	d = hex1[u[3]] - 1u;
	return (a | b | c | d) < 16 ? (long)(a << 12 | b << 8 | c << 4 | d) : -1;
}

static long hex_member(struct json_object *o, const char *key)
{
	const char *s = kj_get_str(o, key);

	return s && strlen(s) == 4 ? hex_n(s, s + 4, 4) : -1;
}

/* The name after "ID  " (two spaces) up to the line end, if the line has one. */
static bool name_after(const char *p, const char *le, size_t idlen, const char **name,
		       size_t *nlen)
{
	p += idlen;
	if (le - p < 3 || p[0] != ' ' || p[1] != ' ')
		return false;
	*name = p + 2;
	*nlen = (size_t)(le - p - 2);
	while (*nlen && ((*name)[*nlen - 1] == '\r' || (*name)[*nlen - 1] == ' '))
		(*nlen)--;
	return *nlen > 0;
}

static int set_once(struct json_object *o, const char *key, const char *name, size_t n)
{
	/* key is one of the literals here: json-c need neither copy nor look for it again */
	unsigned int how = JSON_C_OBJECT_ADD_KEY_IS_NEW | JSON_C_OBJECT_KEY_IS_CONSTANT;
	struct json_object *v = NULL;

	if (json_object_object_get_ex(o, key, &v))
		how = 0;	/* there, null: replaced */
	if (v)
		return 0;
	json_object_object_add_ex(o, key, json_object_new_string_len(name, (int)n), how);
	return 1;
}

/* the class name without a subclass entry, as libpci formats it: "Name [ccss]" */
static int set_class_fallback(struct ids_dev *d, const char *name, size_t n)
{
	char buf[300];
	int i;

	if (kj_get(d->o, "class_name"))
		return 0;
	if (n > 256)
		n = 256;
	memcpy(buf, name, n);
	memcpy(buf + n, " [", 2);
	for (i = 0; i < 4; i++)	/* d->cls: 4 hex digits */
		buf[n + 2 + i] = "0123456789abcdef"[d->cls >> (12 - 4 * i) & 15];
	memcpy(buf + n + 6, "]", 2);
	kj_set_str(d->o, "class_name", buf);
	return 1;
}

static int close_class(struct ids_dev *devs, size_t ndev, long cls, const char *name,
		       size_t nlen)
{
	size_t i;
	int set = 0;

	for (i = 0; name && i < ndev; i++)
		if (devs[i].cls >= 0 && devs[i].cls >> 8 == cls)
			set += set_class_fallback(&devs[i], name, nlen);
	return set;
}

/* One pass over ids[0..len): the names of devs found there. */
static int scan_ids(const char *ids, size_t len, struct ids_dev *devs, size_t ndev)
{
	const char *p = ids, *end = ids + len, *cls_name = NULL, *name;
	size_t i, cls_nlen = 0, nlen;
	long vendor = -1, device = -1, cls = -1, id;
	bool in_classes = false, want_vendor;
	int set = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end, *line = p;
		int depth = 0;

		p = nl ? nl + 1 : end;
		if (line == le || *line == '#')
			continue;
		while (depth < 2 && line < le && *line == '\t') {
			line++;
			depth++;
		}
		if (depth == 0) {
			/* a new top-level entry closes the class before it */
			if (in_classes)
				set += close_class(devs, ndev, cls, cls_name, cls_nlen);
			vendor = -1;
			device = -1;
			cls = -1;
			cls_name = NULL;
			if (le - line > 2 && line[0] == 'C' && line[1] == ' ') {
				in_classes = true;
				line += 2;
				cls = hex_n(line, le, 2);
				if (cls >= 0 && name_after(line, le, 2, &name, &nlen)) {
					cls_name = name;
					cls_nlen = nlen;
				} else {
					cls = -1;
				}
				continue;
			}
			id = hex_n(line, le, 4);
			if (in_classes || id < 0 || !name_after(line, le, 4, &name, &nlen))
				continue;
			want_vendor = false;
			for (i = 0; i < ndev; i++) {
				if (devs[i].vendor != id)
					continue;
				want_vendor = true;
				set += set_once(devs[i].o, "vendor_name", name, nlen);
			}
			if (want_vendor)
				vendor = id;
			continue;
		}
		if (in_classes) {
			id = hex_n(line, le, 2);
			if (cls < 0 || depth != 1 || id < 0 ||
			    !name_after(line, le, 2, &name, &nlen))
				continue;
			for (i = 0; i < ndev; i++)
				if (devs[i].cls == (cls << 8 | id))
					set += set_once(devs[i].o, "class_name", name, nlen);
			continue;
		}
		if (vendor < 0)
			continue;
		id = hex_n(line, le, 4);
		if (depth == 1) {
			device = -1;
			if (id < 0 || !name_after(line, le, 4, &name, &nlen))
				continue;
			for (i = 0; i < ndev; i++) {
				if (devs[i].vendor != vendor || devs[i].device != id)
					continue;
				device = id;
				set += set_once(devs[i].o, "device_name", name, nlen);
				/* libpci: a subsystem equal to the device is the device */
				if (devs[i].sub_vendor == vendor && devs[i].sub_device == id)
					set += set_once(devs[i].o, "subsystem_name", name, nlen);
			}
			continue;
		}
		if (device < 0 || id < 0 || le - line < 9 || line[4] != ' ')
			continue;
		{
			long sd = hex_n(line + 5, le, 4);

			if (sd < 0 || !name_after(line + 5, le, 4, &name, &nlen))
				continue;
			for (i = 0; i < ndev; i++)
				if (devs[i].vendor == vendor && devs[i].device == device &&
				    devs[i].sub_vendor == id && devs[i].sub_device == sd)
					set += set_once(devs[i].o, "subsystem_name", name, nlen);
		}
	}
	if (in_classes)
		set += close_class(devs, ndev, cls, cls_name, cls_nlen);	/* the last */
	return set;
}

/* ---- the lookup ---- */

#define TOP_CHUNK 512		/* bytes a probe reads at a time */
#define TOP_PROBE 4096		/* bytes a probe reads at most */
#define TOP_BIG 2048		/* bytes without a top-level line: a long block */
#define TOP_SKIP 24		/* probes to skip a long block, then it is doubted */
#define TOP_GAPS 160		/* ranges left to search at a time; more: the full pass */
#define TOP_SEEN 64		/* top-level lines remembered from one search for the next */
#define WALK_STEP 4096		/* bytes of a vendor's block read between looks at a device ID */

enum { TOP_NONE = -1, TOP_BAD = -2 };

/* A top-level line: where it and the next line start, its key, whether its block is long. */
struct top_line {
	const char *at, *next;
	long key;
	int big;	/* 1: no top-level line in TOP_BIG bytes after it; -1 not known */
};

struct ids_ctx {
	const char *ids, *end;
	/* top-level lines met, by position (so by key); hints for the next searches */
	struct top_line seen[TOP_SEEN];
	size_t nseen;
};

/* The end of the line at p: its '\n', or end. */
static const char *eol(const char *p, const char *end)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));

	return nl ? nl : end;
}

static const char *after(const char *le, const char *end)
{
	return le < end ? le + 1 : end;
}

/* The first line start in [p, hi), or hi. */
static const char *line_from(const char *ids, const char *p, const char *hi)
{
	const char *nl;

	if (p == ids || p[-1] == '\n')
		return p;
	nl = memchr(p, '\n', (size_t)(hi - p));
	return nl ? nl + 1 : hi;
}

/* GNU C vectors: SSE2 on x86-64, NEON on arm64, plain code elsewhere */
typedef signed char ids_v16 __attribute__((vector_size(16)));

static inline ids_v16 load16(const char *p)
{
	ids_v16 v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static inline bool any16(ids_v16 m)
{
	uint64_t lo, hi;

	memcpy(&lo, &m, sizeof(lo));
	memcpy(&hi, (const char *)&m + sizeof(lo), sizeof(hi));
	return lo | hi;
}

/* 0 or -1 for each byte of p: -1 where a '\n' (x) is followed by a byte not a tab (y) */
static inline ids_v16 not_tabbed(const char *p)
{
	const ids_v16 nl = (ids_v16){ 0 } + '\n', tab = (ids_v16){ 0 } + '\t';

	/* x, y are 0 or -1: x and not y is y > x */
	return (load16(p + 1) == tab) > (load16(p) == nl);
}

/* The line start after the first byte of p[0..16) that m marks. */
static inline const char *marked(const char *p, ids_v16 m)
{
	int i;

	for (i = 0; !m[i]; i++)
		;
	return p + i + 1;
}

/*
 * The first line start in (p, lim) whose line does not start with a tab,
 * or lim: where a run of device and subsystem lines ends. Reads [p, lim),
 * 64 bytes at a time; that is most of the lookup's work.
 */
static const char *skip_tabbed(const char *p, const char *lim)
{
	for (; lim - p > 64; p += 64) {
		ids_v16 m0 = not_tabbed(p), m1 = not_tabbed(p + 16);
		ids_v16 m2 = not_tabbed(p + 32), m3 = not_tabbed(p + 48);

		if (!any16(m0 | m1 | m2 | m3))
			continue;
		if (any16(m0))
			return marked(p, m0);
		if (any16(m1))
			return marked(p + 16, m1);
		return any16(m2) ? marked(p + 32, m2) : marked(p + 48, m3);
	}
	for (; lim - p > 16; p += 16) {
		ids_v16 m = not_tabbed(p);

		if (any16(m))
			return marked(p, m);
	}
	for (; lim - p > 1; p++)
		if (p[0] == '\n' && p[1] != '\t')
			return p + 1;
	return lim;
}

/*
 * What the full pass makes of [p, le), a line that starts with no tab: a
 * vendor's ID, or 0x10000 plus a class's; TOP_NONE for a comment or an
 * empty line; TOP_BAD for any other line, which ends a block all the same.
 */
static long top_key(const char *p, const char *le)
{
	const char *name;
	size_t nlen;
	long v;

	if (p == le || *p == '#')
		return TOP_NONE;
	if (le - p > 2 && p[0] == 'C' && p[1] == ' ') {
		v = hex_n(p + 2, le, 2);
		return v >= 0 && name_after(p + 2, le, 2, &name, &nlen) ? 0x10000 + v : TOP_BAD;
	}
	v = hex_n(p, le, 4);
	return v >= 0 && name_after(p, le, 4, &name, &nlen) ? v : TOP_BAD;
}

/*
 * The top-level lines starting in [p, lim), as one probe of top_find()
 * sees them: *lo the last one with a key below want, *hi the first one with
 * a key of want or more (where the probe stops). -1 if they are out of
 * order or one is malformed.
 */
static int probe(const char *ids, const char *p, const char *lim, const char *end, long want,
		 struct top_line *lo, struct top_line *hi)
{
	long last = -1;

	lo->at = NULL;
	hi->at = NULL;
	p = line_from(ids, p, lim);
	while (p < lim) {
		const char *le;
		long k;

		if (*p == '\t') {
			p = skip_tabbed(p, lim);
			continue;
		}
		le = eol(p, end);
		k = top_key(p, le);
		if (k == TOP_BAD || (k != TOP_NONE && k <= last))
			return -1;
		if (k != TOP_NONE) {
			*(k < want ? lo : hi) = (struct top_line){ p, after(le, end), k, -1 };
			if (k >= want)
				return 0;
			last = k;
		}
		p = after(le, end);
	}
	return 0;
}

/* Remember t among the top-level lines seen; false if their keys are then out of order. */
static bool remember(struct ids_ctx *c, const struct top_line *t)
{
	size_t i;

	if (!t->at)
		return true;
	for (i = 0; i < c->nseen && c->seen[i].at < t->at; i++)
		;
	if (i < c->nseen && c->seen[i].at == t->at) {
		if (t->big > c->seen[i].big)
			c->seen[i].big = t->big;
		return c->seen[i].key == t->key;
	}
	if ((i > 0 && c->seen[i - 1].key >= t->key) || (i < c->nseen && c->seen[i].key <= t->key))
		return false;
	if (c->nseen == TOP_SEEN)
		return true;	/* only a hint */
	memmove(&c->seen[i + 1], &c->seen[i], (c->nseen - i) * sizeof(c->seen[0]));
	c->seen[i] = *t;
	c->nseen++;
	return true;
}

/* The ID of the first device line starting in [p, lim), or -1. */
static long first_dev(const char *ids, const char *p, const char *lim, const char *end)
{
	const char *le;
	long k;

	for (p = line_from(ids, p, lim); p < lim; p = after(le, end)) {
		le = eol(p, end);
		k = *p == '\t' && (le - p < 2 || p[1] != '\t') ? hex_n(p + 1, le, 4) : -1;
		if (k >= 0)
			return k;
	}
	return -1;
}

/* The first of the ranges [ga[i], gb[i]) (in order) that ends after x, or ng - 1. */
static size_t range_at(const char *const *gb, size_t ng, const char *x)
{
	size_t g = 0;

	while (g + 1 < ng && gb[g] <= x)
		g++;
	return g;
}

/*
 * Read around mid within [a, b) for a top-level line: chunks of
 * TOP_CHUNK bytes after mid and before it in turn, up to budget bytes,
 * until one holds one. [*rs, *re) is left what was read; *lo and *hi are
 * the last line in it with a key below want and the first with a key of
 * want or more. -1 on disorder.
 */
static int probe_around(const struct ids_ctx *c, long want, const char *a, const char *b,
			const char *mid, size_t budget, const char **rs, const char **re,
			struct top_line *lo, struct top_line *hi)
{
	bool fwd = true;

	*rs = mid;
	*re = mid;
	lo->at = NULL;
	hi->at = NULL;
	while ((*rs > a || *re < b) && budget) {
		size_t w = budget < TOP_CHUNK ? budget : TOP_CHUNK;
		const char *x, *y;

		if ((fwd && *re < b) || *rs == a) {
			x = *re;
			y = (size_t)(b - x) > w ? x + w : b;
			*re = y;
		} else {
			y = *rs;
			x = (size_t)(y - a) > w ? y - w : a;
			*rs = x;
		}
		fwd = !fwd;
		budget -= w;
		if (probe(c->ids, x, y, c->end, want, lo, hi))
			return -1;
		if (lo->at || hi->at) {
			if (hi->at)
				*re = hi->at;
			return 0;
		}
	}
	return 0;
}

/*
 * Bisect for the top-level line whose key is want: *found, or found->at
 * NULL if there is none. Returns -1 if the lines read are out of order.
 *
 * [ga[i], gb[i]) are the ranges, in file order, whose line starts are still
 * to be read, all between l and r: the last line known with a key below
 * want and the first above. A probe reads around a point of a range: a
 * line it finds with a key below want drops all before, one above drops all
 * after; a probe that finds no top-level line (dark: it fell into a long
 * block) leaves the two parts of its range around what it read.
 *
 * The point is the middle of the first range after l's line, or after the
 * skip below (a plain bisection), but for two cases:
 *  - dark probes that fell into the long block of l, where the ranges
 *    between l and them hold no top-level line at all and bisecting them
 *    would read the whole block. So after a dark probe the block of l is
 *    read on (TOP_BIG bytes); if it is that long, the search skips it:
 *    probes at twice the distance from l each time, until one reads a
 *    device ID lower than the one before (device IDs rise through a block:
 *    it is past l's block), then by bisection between the two by that same
 *    test, until a probe finds a top-level line (TOP_SKIP probes at most,
 *    lest a long block elsewhere send the search astray);
 *  - a class: the classes end the file, so they are looked for back from
 *    its end, at twice the distance each time, until a probe finds a
 *    top-level line below want.
 * Any order of probes finds the line, and reads at most the whole range:
 * only how much is read depends on the order.
 */
static int top_find(struct ids_ctx *c, long want, struct top_line *found)
{
	const char *ga[TOP_GAPS], *gb[TOP_GAPS], *from, *in = NULL, *out = NULL;
	struct top_line l = { NULL, NULL, -1, -1 }, r = { NULL, NULL, LONG_MAX, -1 };
	size_t ng, i, drop = 0, hop = 0, bhop = 0;
	int dark = 0;	/* dark probes since l was found */
	int skip = 0;	/* probes since the skip of l's block began, 0 if none */
	int back = 0;	/* probes back from the end of the file, 0 if not looking so */
	long dev = -1;	/* the last device ID read in l's block by a skip probe */

	found->at = NULL;
	for (i = 0; i < c->nseen; i++) {
		if (c->seen[i].key == want) {
			*found = c->seen[i];
			return 0;
		}
		if (c->seen[i].key < want) {
			l = c->seen[i];
			drop = i;	/* the searches go up: those before l are no use */
		} else if (!r.at) {
			r = c->seen[i];
		}
	}
	memmove(c->seen, &c->seen[drop], (c->nseen - drop) * sizeof(c->seen[0]));
	c->nseen -= drop;
	ga[0] = l.at ? l.next : c->ids;
	gb[0] = r.at ? r.at : c->end;
	from = ga[0];
	ng = ga[0] < gb[0];
	if (l.big > 0)
		skip = 1;
	in = l.next;
	/* the classes close the file: look for one back from its end */
	if (want >= 0x10000 && !r.at)
		back = 1;
	while (ng) {
		const char *a, *b, *mid, *rs, *re;
		bool on_l = !skip && !back && l.at && l.big < 0 && dark;
		size_t g, j, budget = TOP_PROBE;
		struct top_line lo, hi;
		long k;

		if (back) {
			/* TOP_CHUNK before the end, then twice that, and so on */
			g = ng - 1;
			bhop = bhop ? 2 * bhop : TOP_CHUNK;
			mid = (size_t)(gb[g] - ga[g]) > bhop ? gb[g] - bhop : ga[g];
			budget = TOP_CHUNK;
		} else if (skip) {
			/* where l's block ends: past in (or l), before out */
			hop = hop ? 2 * hop : TOP_BIG;
			if (!out && (size_t)(gb[ng - 1] - l.next) <= hop)
				out = gb[ng - 1];
			mid = out ? in + (out - in) / 2 : l.next + hop;
			g = range_at(gb, ng, mid);
			if (mid < ga[g])
				mid = ga[g];
			else if (mid >= gb[g])
				mid = ga[g] + (gb[g] - ga[g]) / 2;
			budget = TOP_CHUNK;
		} else if (on_l) {
			/* is l's block a long one? */
			g = 0;
			mid = ga[0];
			budget = ga[0] - l.next < TOP_BIG ? TOP_BIG - (size_t)(ga[0] - l.next) : 1;
		} else {
			g = range_at(gb, ng, from);
			if (gb[g] <= from)
				g = 0;	/* nothing left after from: back to the first */
			mid = ga[g] + (gb[g] - ga[g]) / 2;
		}
		a = ga[g];
		b = gb[g];
		if (probe_around(c, want, a, b, mid, budget, &rs, &re, &lo, &hi) ||
		    (lo.at && (lo.key <= l.key || lo.key >= r.key)) ||
		    (hi.at && (hi.key <= l.key || hi.key >= r.key)))
			return -1;
		if (hi.at && hi.key == want) {
			*found = hi;
			break;
		}
		if (!lo.at && !hi.at) {
			if (back && back++ > TOP_SKIP)
				back = 0;
			if (on_l && re - l.next >= TOP_BIG) {
				skip = 1;
				l.big = 1;
			} else if (!on_l && !skip && !back && (rs > a || re < b)) {
				dark++;
			}
			if (back || !skip) {
				/* no block of l to skip */
			} else if (skip++ > TOP_SKIP) {
				skip = 0;
			} else {
				/* device IDs rise through a block: one lower is past l's */
				k = first_dev(c->ids, rs, re, c->end);
				if (k >= 0 && k < dev) {
					out = rs;
				} else {
					in = re;
					from = re;
					dev = k >= 0 ? k : dev;
				}
				if (out && in >= out)
					skip = 0;
			}
			/* the line starts not read: [a, rs) and [re, b) */
			j = (rs > a) + (re < b);
			if (ng - 1 + j > TOP_GAPS)
				return -1;
			memmove(&ga[g + j], &ga[g + 1], (ng - g - 1) * sizeof(ga[0]));
			memmove(&gb[g + j], &gb[g + 1], (ng - g - 1) * sizeof(gb[0]));
			ng = ng - 1 + j;
			if (rs > a) {
				ga[g] = a;
				gb[g++] = rs;
			}
			if (re < b) {
				ga[g] = re;
				gb[g] = b;
			}
			continue;
		}
		if (lo.at)
			back = 0;	/* hi alone: the class is further back */
		if (hi.at) {
			/* the ranges after this one go, and this one from where it was read */
			r = hi;
			gb[g] = rs;
			ng = g + 1;
		}
		if (lo.at) {
			/* the ranges before this one go, and this one up to where it was read */
			l = lo;
			from = l.next;
			in = l.next;
			out = NULL;
			skip = 0;
			dark = 0;
			hop = 0;
			dev = -1;
			ga[g] = hi.at ? b : re;
			j = g;
		} else {
			j = 0;
		}
		/* drop ranges [0, j) and empty ones */
		for (i = 0; j < ng; j++)
			if (ga[j] < gb[j]) {
				ga[i] = ga[j];
				gb[i++] = gb[j];
			}
		ng = i;
	}
	return remember(c, &l) && remember(c, &r) && remember(c, found) ? 0 : -1;
}

/* A name found: the first one for each name, as set_once() keeps it. */
static void found_name(struct ids_dev *d, int which, const char *name, size_t n)
{
	if (!d->name[which]) {
		d->name[which] = name;
		d->nlen[which] = n;
	}
}

/*
 * The top-level line [p, le) that ends the block of t, or none (p NULL):
 * it must come after t. Both remembered, t with whether its block is long.
 */
static int block_end(struct ids_ctx *c, struct top_line *t, const char *p, const char *le,
		     const char *seen_to)
{
	struct top_line e = { NULL, NULL, TOP_NONE, -1 };

	if (seen_to - t->next >= TOP_BIG)
		t->big = 1;
	if (p) {
		e = (struct top_line){ p, after(le, c->end), top_key(p, le), -1 };
		if (e.key == TOP_BAD || e.key <= t->key)
			return -1;
	}
	return remember(c, t) && remember(c, &e) ? 0 : -1;
}

/*
 * The first line start in [p, lim) of a line that starts with no tab,
 * comments and empty lines aside, or lim: the end of a block.
 */
static const char *block_stop(const char *p, const char *lim, const char *end)
{
	while (p < lim) {
		if (*p == '\t')
			p = skip_tabbed(p, lim);
		else if (*p == '#' || *p == '\n')
			p = after(eol(p, end), end);
		else
			return p;
	}
	return lim;
}

/*
 * A device line's ID, or -1 for any other line (a subsystem line, a
 * comment, a line with no ID). *le is set to the end of the line.
 */
static long dev_key(const char *p, const char *end, const char **le)
{
	*le = eol(p, end);
	if (*p != '\t' || (*le - p > 1 && p[1] == '\t'))
		return -1;
	return hex_n(p + 1, *le, 4);
}

/*
 * Bisect [lo, hi), a run of a vendor's lines with no top-level line, for
 * the first device line whose ID is want or more: it, or NULL. *bad is set
 * if the device IDs read are out of order.
 */
static const char *dev_find(const char *ids, const char *lo, const char *hi, const char *end,
			    long want, bool *bad)
{
	const char *best = NULL, *le;
	long lo_key = -1, hi_key = LONG_MAX;

	while (lo < hi) {
		const char *mid = lo + (hi - lo) / 2, *p = line_from(ids, mid, hi);
		long k = -1;

		for (; p < hi && (k = dev_key(p, end, &le)) < 0; p = after(le, end))
			;
		if (p >= hi) {
			hi = mid;
			continue;
		}
		if (k < lo_key || k > hi_key) {
			*bad = true;
			return NULL;
		}
		if (k < want) {
			lo = after(le, end);
			lo_key = k;
		} else {
			best = p;
			hi = mid;
			hi_key = k;
		}
	}
	return best;
}

/* A subsystem line [s, le) (after its tabs) of the device line of grp[i..j): its name. */
static void sub_name(const char *s, const char *le, struct ids_dev **grp, size_t i, size_t j)
{
	const char *name;
	size_t nlen;
	long sv, sd;

	if (le - s < 9 || s[4] != ' ')
		return;
	sv = hex_n(s, le, 4);
	sd = hex_n(s + 5, le, 4);
	if (sv < 0 || sd < 0 || !name_after(s + 5, le, 4, &name, &nlen))
		return;
	for (; i < j; i++)
		if (grp[i]->sub_vendor == sv && grp[i]->sub_device == sd)
			found_name(grp[i], N_SUB, name, nlen);
}

/*
 * Where the devices wanted of the block of vendor t can be, up to max the
 * last one's ID: every line start from t on is read (only the next
 * top-level line ends a block) up to that line or the first device line
 * past max, which is returned (or end). -1 on disorder.
 */
static int dev_run(struct ids_ctx *c, struct top_line *t, long max, const char **stop)
{
	const char *end = c->end, *e = t->next, *le = NULL;
	long prev = -1, id;
	int n;

	*stop = end;
	while (e < end) {
		const char *lim = (size_t)(end - e) > WALK_STEP ? e + WALK_STEP : end;

		e = block_stop(e, lim, end);
		if (e < lim)
			break;
		/* the next device line: past max, the lines wanted are all before it */
		e = line_from(c->ids, lim, end);
		for (n = 0; e < end && n < 8; e = after(le, end), n++) {
			if (*e != '\t' && *e != '#' && *e != '\n')
				break;
			id = dev_key(e, end, &le);
			if (id < 0)
				continue;
			if (id < prev)
				return -1;
			prev = id;
			if (id > max) {
				*stop = e;
				return block_end(c, t, NULL, NULL, e);
			}
			break;
		}
	}
	if (e >= end)
		return block_end(c, t, NULL, NULL, end);
	*stop = e;
	return block_end(c, t, e, eol(e, end), e);
}

/* The ID of the device line after the one at p, up to stop's (LONG_MAX if none). */
static long next_dev(const char *p, const char *stop, const char *end)
{
	const char *le = eol(p, end);
	long k;

	for (p = after(le, end); p <= stop && p < end; p = after(le, end)) {
		k = dev_key(p, end, &le);
		if (k >= 0)
			return k;
	}
	return LONG_MAX;
}

/*
 * The names from the block of vendor t for grp[0..n), its devices sorted
 * by device ID. In the run of the block dev_run() read, each device line
 * wanted is found by bisection (device lines are in order of ID); it and
 * the lines after it up to the next device line with another ID are read
 * as the full pass reads them, and the device line after that one must not
 * have a lower ID (the device wanted could be further on). -1 on disorder.
 */
static int walk_vendor(struct ids_ctx *c, struct top_line *t, struct ids_dev **grp, size_t n)
{
	const char *end = c->end, *le = eol(t->at, end), *name = NULL, *p = t->next, *stop;
	long max = grp[n - 1]->device, id;
	size_t i, j, k, nlen = 0;
	bool bad = false;

	name_after(t->at, le, 4, &name, &nlen);
	for (i = 0; i < n; i++)
		found_name(grp[i], N_VENDOR, name, nlen);
	if (max < 0)
		return 0;
	if (dev_run(c, t, max, &stop))
		return -1;
	for (i = 0; i < n; i = j) {
		long dev = grp[i]->device;
		const char *q;
		bool on = false;

		for (j = i; j < n && grp[j]->device == dev; j++)
			;
		if (dev < 0)
			continue;
		q = dev_find(c->ids, p, stop, end, dev, &bad);
		if (bad)
			return -1;
		if (!q)
			break;	/* nor any of the next ones */
		for (p = q; q < stop; q = after(le, end)) {
			le = eol(q, end);
			if (*q != '\t')
				continue;	/* a comment or an empty line */
			if (le - q > 1 && q[1] == '\t') {
				if (on)
					sub_name(q + 2, le, grp, i, j);
				continue;
			}
			id = hex_n(q + 1, le, 4);
			if (id > dev) {
				/* dev is not there, or no more: unless it is out of order */
				if (next_dev(q, stop, end) < id)
					return -1;
				break;
			}
			if (id >= 0 && id < dev)
				return -1;
			on = id == dev && name_after(q + 1, le, 4, &name, &nlen);
			for (k = i; on && k < j; k++) {
				found_name(grp[k], N_DEVICE, name, nlen);
				/* libpci: a subsystem equal to the device is the device */
				if (grp[k]->sub_vendor == t->key && grp[k]->sub_device == dev)
					found_name(grp[k], N_SUB, name, nlen);
			}
		}
	}
	return 0;
}

/*
 * The names from the block of class t for grp[0..n), its devices: the
 * subclass's if listed, else the class's. The block is read whole: its
 * subclasses need not be in order. -1 on disorder.
 */
static int walk_class(struct ids_ctx *c, struct top_line *t, struct ids_dev **grp, size_t n)
{
	const char *p = t->next, *end = c->end, *le = eol(t->at, end), *name, *cname = NULL;
	size_t i, nlen, cnlen = 0;
	long id;

	name_after(t->at + 2, le, 2, &cname, &cnlen);
	for (; p < end; p = after(le, end)) {
		le = eol(p, end);
		if (*p != '\t') {
			if (p == le || *p == '#')
				continue;
			break;
		}
		if (le - p > 1 && p[1] == '\t')
			continue;	/* a programming interface: not named */
		id = hex_n(p + 1, le, 2);
		if (id < 0 || !name_after(p + 1, le, 2, &name, &nlen))
			continue;
		for (i = 0; i < n; i++)
			if ((grp[i]->cls & 0xff) == id)
				found_name(grp[i], N_CLASS, name, nlen);
	}
	for (i = 0; i < n; i++) {
		if (!grp[i]->name[N_CLASS]) {
			found_name(grp[i], N_CLASS, cname, cnlen);
			grp[i]->cls_fallback = true;
		}
	}
	return block_end(c, t, p < end ? p : NULL, le, p);
}

static int by_vendor(const void *a, const void *b)
{
	const struct ids_dev *x = *(struct ids_dev *const *)a, *y = *(struct ids_dev *const *)b;

	if (x->vendor != y->vendor)
		return x->vendor < y->vendor ? -1 : 1;
	return (x->device > y->device) - (x->device < y->device);
}

/* The class of a device's class_id (its subclass dropped), -1 if none. */
static long class_of(const struct ids_dev *d)
{
	return d->cls < 0 ? -1 : d->cls >> 8;
}

static int by_class(const void *a, const void *b)
{
	long x = class_of(*(struct ids_dev *const *)a), y = class_of(*(struct ids_dev *const *)b);

	return (x > y) - (x < y);
}

/* The lookup's names for devs, or -1 if only the full pass can tell them. */
static int lookup(const char *ids, size_t len, struct ids_dev *devs, size_t ndev)
{
	struct ids_dev **ord = calloc(ndev, sizeof(*ord));
	struct ids_ctx *c = calloc(1, sizeof(*c));
	struct top_line t;
	size_t i, j;
	int ret = -1;

	if (!ord || !c)
		goto out;
	c->ids = ids;
	c->end = ids + len;
	for (i = 0; i < ndev; i++)
		ord[i] = &devs[i];
	qsort(ord, ndev, sizeof(*ord), by_vendor);
	for (i = 0; i < ndev; i = j) {
		for (j = i + 1; j < ndev && ord[j]->vendor == ord[i]->vendor; j++)
			;
		if (ord[i]->vendor < 0)
			continue;
		if (top_find(c, ord[i]->vendor, &t) || !t.at || walk_vendor(c, &t, &ord[i], j - i))
			goto out;
	}
	qsort(ord, ndev, sizeof(*ord), by_class);
	for (i = 0; i < ndev; i = j) {
		for (j = i + 1; j < ndev && class_of(ord[j]) == class_of(ord[i]); j++)
			;
		if (ord[i]->cls < 0)
			continue;
		if (top_find(c, 0x10000 + class_of(ord[i]), &t) || !t.at ||
		    walk_class(c, &t, &ord[i], j - i))
			goto out;
	}
	ret = 0;
out:
	free(c);
	free(ord);
	return ret;
}

/* Set the names found, as the full pass would have. */
static int commit(struct ids_dev *devs, size_t ndev)
{
	size_t i;
	int which, set = 0;

	for (i = 0; i < ndev; i++) {
		for (which = N_VENDOR; which <= N_CLASS; which++) {
			const char *name = devs[i].name[which];
			size_t n = devs[i].nlen[which];

			if (!name)
				continue;
			if (which == N_CLASS && devs[i].cls_fallback)
				set += set_class_fallback(&devs[i], name, n);
			else
				set += set_once(devs[i].o, name_key[which], name, n);
		}
	}
	return set;
}

static int ids_names(const char *ids, size_t len, struct json_object *arr, int how)
{
	size_t ndev = arr ? json_object_array_length(arr) : 0, i;
	struct ids_dev *devs;
	int set = -1;

	if (ndev > PCI_IDS_MAX_DEVICES)
		ndev = PCI_IDS_MAX_DEVICES;
	if (!ndev || !len)
		return 0;
	devs = calloc(ndev, sizeof(*devs));
	if (!devs)
		return 0;
	for (i = 0; i < ndev; i++) {
		devs[i].o = json_object_array_get_idx(arr, i);
		devs[i].cls = hex_member(devs[i].o, "class_id");
		devs[i].vendor = hex_member(devs[i].o, "vendor_id");
		devs[i].device = hex_member(devs[i].o, "device_id");
		devs[i].sub_vendor = hex_member(devs[i].o, "subsystem_vendor_id");
		devs[i].sub_device = hex_member(devs[i].o, "subsystem_device_id");
	}
	if (how != 1 && !lookup(ids, len, devs, ndev))
		set = commit(devs, ndev);
	else if (how != 0)
		set = scan_ids(ids, len, devs, ndev);
	free(devs);
	return set;
}

int kbug_pci_ids_names(const char *ids, size_t len, struct json_object *arr)
{
	return ids_names(ids, len, arr, -1);
}

/*
 * For tests: the full pass alone (full), or the lookup alone, which then
 * returns -1 (setting nothing) where it would have left it to the full pass.
 */
int kbug_pci_ids_names_pass(const char *ids, size_t len, struct json_object *arr, bool full)
{
	return ids_names(ids, len, arr, full ? 1 : 0);
}
