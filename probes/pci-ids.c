// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Names from pci.ids for the devices of a report, as libpci's
 * pci_lookup_name() gives them: one pass over the file, line by line,
 * read in blocks of a fixed size (a line longer than a block is cut
 * there), so that memory stays bounded whatever the file holds. Reading
 * all of Debian's pci.ids (1.3 MB) takes about a millisecond.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probes/internal.h"
#include "util/json.h"

#define PCI_IDS_MAX_DEVICES 4096
#define PCI_IDS_BLOCK 65536
#define PCI_IDS_MAX_BYTES (64ul << 20)

/* A device's IDs as numbers, -1 where absent or malformed. */
struct ids_dev {
	struct json_object *o;
	long cls, vendor, device, sub_vendor, sub_device;
};

/* 1 + the value of a hex digit, 0 for any other byte: isxdigit() in any locale */
static const unsigned char hex1[256] = {
	['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5,
	['5'] = 6, ['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10,
	['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16,
	['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
};

/* n (2 or 4) hex digits at p (within end) as a number, or -1. */
static long hex_n(const char *p, const char *end, size_t n)
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


/* What the pass knows between lines: the block it is in. */
struct ids_scan {
	struct ids_dev *devs;
	size_t ndev;
	long vendor, device, cls;	/* -1: not in a block of a device wanted */
	const char *cls_name;		/* the current class's name, copied */
	size_t cls_nlen;
	char cls_buf[256];		/* as much as set_class_fallback() uses */
	bool in_classes;
	int set;
};

/* A top-level line (no tab): a vendor, a class, or the end of a block. */
static void scan_top(struct ids_scan *s, const char *line, const char *le)
{
	const char *name;
	size_t i, nlen;
	long id;

	/* a new top-level entry closes the class before it */
	if (s->in_classes)
		s->set += close_class(s->devs, s->ndev, s->cls, s->cls_name, s->cls_nlen);
	s->vendor = -1;
	s->device = -1;
	s->cls = -1;
	s->cls_name = NULL;
	if (le - line > 2 && line[0] == 'C' && line[1] == ' ') {
		s->in_classes = true;
		line += 2;
		s->cls = hex_n(line, le, 2);
		if (s->cls >= 0 && name_after(line, le, 2, &name, &nlen)) {
			/* the line's buffer is reused: the name is kept for close_class() */
			if (nlen > sizeof(s->cls_buf))
				nlen = sizeof(s->cls_buf);
			memcpy(s->cls_buf, name, nlen);
			s->cls_name = s->cls_buf;
			s->cls_nlen = nlen;
		} else {
			s->cls = -1;
		}
		return;
	}
	id = hex_n(line, le, 4);
	if (s->in_classes || id < 0 || !name_after(line, le, 4, &name, &nlen))
		return;
	for (i = 0; i < s->ndev; i++) {
		if (s->devs[i].vendor != id)
			continue;
		s->vendor = id;
		s->set += set_once(s->devs[i].o, "vendor_name", name, nlen);
	}
}

/* A line in a vendor's block: a device (depth 1) or a subsystem (depth 2). */
static void scan_vendor_line(struct ids_scan *s, const char *line, const char *le, int depth)
{
	struct ids_dev *d;
	const char *name;
	size_t i, nlen;
	long id = hex_n(line, le, 4), sd;

	if (depth == 1) {
		s->device = -1;
		if (id < 0 || !name_after(line, le, 4, &name, &nlen))
			return;
		for (i = 0; i < s->ndev; i++) {
			d = &s->devs[i];
			if (d->vendor != s->vendor || d->device != id)
				continue;
			s->device = id;
			s->set += set_once(d->o, "device_name", name, nlen);
			/* libpci: a subsystem equal to the device is the device */
			if (d->sub_vendor == s->vendor && d->sub_device == id)
				s->set += set_once(d->o, "subsystem_name", name, nlen);
		}
		return;
	}
	if (s->device < 0 || id < 0 || le - line < 9 || line[4] != ' ')
		return;
	sd = hex_n(line + 5, le, 4);
	if (sd < 0 || !name_after(line + 5, le, 4, &name, &nlen))
		return;
	for (i = 0; i < s->ndev; i++) {
		d = &s->devs[i];
		if (d->vendor == s->vendor && d->device == s->device && d->sub_vendor == id &&
		    d->sub_device == sd)
			s->set += set_once(d->o, "subsystem_name", name, nlen);
	}
}

/* One line [line, le), without its '\n'. */
static void scan_line(struct ids_scan *s, const char *line, const char *le)
{
	const char *name;
	size_t i, nlen;
	int depth = 0;
	long id;

	if (line == le || *line == '#')
		return;
	while (depth < 2 && line < le && *line == '\t') {
		line++;
		depth++;
	}
	if (depth == 0) {
		scan_top(s, line, le);
	} else if (!s->in_classes) {
		if (s->vendor >= 0)
			scan_vendor_line(s, line, le, depth);
	} else {
		id = hex_n(line, le, 2);
		if (s->cls < 0 || depth != 1 || id < 0 || !name_after(line, le, 2, &name, &nlen))
			return;
		for (i = 0; i < s->ndev; i++)
			if (s->devs[i].cls == (s->cls << 8 | id))
				s->set += set_once(s->devs[i].o, "class_name", name, nlen);
	}
}

/*
 * The lines of f through scan_line(), a block at a time: a line that does
 * not fit in the block is cut at its end, the rest of it skipped.
 */
static void scan_file(struct ids_scan *s, FILE *f)
{
	char *buf = malloc(PCI_IDS_BLOCK);
	size_t have = 0, n, total = 0;
	bool skip = false;	/* in the rest of a line cut short */

	if (!buf)
		return;
	while (total < PCI_IDS_MAX_BYTES &&
	       (n = fread(buf + have, 1, PCI_IDS_BLOCK - have, f)) > 0) {
		const char *p = buf, *end = buf + have + n, *nl;

		total += n;
		while ((nl = memchr(p, '\n', (size_t)(end - p)))) {
			if (!skip)
				scan_line(s, p, nl);
			skip = false;
			p = nl + 1;
		}
		have = (size_t)(end - p);
		if (have == PCI_IDS_BLOCK) {	/* a whole block and no line end */
			if (!skip)
				scan_line(s, buf, buf + have);
			skip = true;
			have = 0;
		} else {
			memmove(buf, p, have);
		}
	}
	if (have && !skip)	/* the last line, with no '\n' */
		scan_line(s, buf, buf + have);
	if (s->in_classes)	/* the last class */
		s->set += close_class(s->devs, s->ndev, s->cls, s->cls_name, s->cls_nlen);
	free(buf);
}

int kbug_pci_ids_names(FILE *f, struct json_object *arr)
{
	size_t ndev = arr ? json_object_array_length(arr) : 0, i;
	struct ids_scan *s;
	int set;

	if (ndev > PCI_IDS_MAX_DEVICES)
		ndev = PCI_IDS_MAX_DEVICES;
	if (!ndev || !f)
		return 0;
	s = calloc(1, sizeof(*s));
	if (s)
		s->devs = calloc(ndev, sizeof(*s->devs));
	if (!s || !s->devs) {
		free(s);
		return 0;
	}
	s->ndev = ndev;
	s->vendor = -1;
	s->device = -1;
	s->cls = -1;
	for (i = 0; i < ndev; i++) {
		struct ids_dev *d = &s->devs[i];

		d->o = json_object_array_get_idx(arr, i);
		d->cls = hex_member(d->o, "class_id");
		d->vendor = hex_member(d->o, "vendor_id");
		d->device = hex_member(d->o, "device_id");
		d->sub_vendor = hex_member(d->o, "subsystem_vendor_id");
		d->sub_device = hex_member(d->o, "subsystem_device_id");
	}
	scan_file(s, f);
	set = s->set;
	free(s->devs);
	free(s);
	return set;
}
