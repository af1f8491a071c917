// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * probes/pci-ids.c names PCI devices from pci.ids. Its full pass must give
 * libpci's pci_lookup_name() names (a sample of the real pci.ids); its
 * lookup, which reads only parts of the file, must give the full pass's
 * names: for every entry of the real pci.ids, for random files in pci.ids's
 * order, and for files out of that order, which it must see and leave to
 * the full pass.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probes/internal.h"
#include "probes/libs.h"
#include "util/json.h"
#include "util/strbuf.h"

#define PCI_IDS_FILE "/usr/share/misc/pci.ids"

static struct strbuf ids = STRBUF_INIT;
static struct pci_access *pacc;

static int setup(void **state)
{
	/* without the file, only the tests on texts of their own run */
	if (strbuf_read_file(&ids, PCI_IDS_FILE, 64u << 20) < 0)
		return 0;
	assert_int_equal(kbug_lib_load(KBUG_LIB_PCI, NULL), 0);
	pacc = kl.pci_alloc();
	kl.pci_set_param(pacc, "pci.ids", PCI_IDS_FILE);
	kl.pci_init(pacc);
	return 0;
}

static int teardown(void **state)
{
	if (pacc)
		kl.pci_cleanup(pacc);
	strbuf_release(&ids);
	return 0;
}

static void need_ids(void)
{
	if (!pacc) {
		print_message("%s cannot be read: skipped\n", PCI_IDS_FILE);
		skip();
	}
}

static struct json_object *dev(unsigned int cls, unsigned int v, unsigned int d,
			       unsigned int sv, unsigned int sd)
{
	struct json_object *o = json_object_new_object();
	char b[8];

	snprintf(b, sizeof(b), "%04x", cls);
	kj_set_str(o, "class_id", b);
	snprintf(b, sizeof(b), "%04x", v);
	kj_set_str(o, "vendor_id", b);
	snprintf(b, sizeof(b), "%04x", d);
	kj_set_str(o, "device_id", b);
	snprintf(b, sizeof(b), "%04x", sv);
	kj_set_str(o, "subsystem_vendor_id", b);
	snprintf(b, sizeof(b), "%04x", sd);
	kj_set_str(o, "subsystem_device_id", b);
	return o;
}

static void expect_same(struct json_object *o, const char *key, const char *ref)
{
	const char *got = kj_get_str(o, key);

	if (!ref && !got)
		return;
	if (!ref || !got || strcmp(ref, got))
		fail_msg("%s of %s: libpci '%s', kbug '%s'", key, json_object_to_json_string(o),
			 ref ? ref : "(none)", got ? got : "(none)");
}

static unsigned int hex(struct json_object *o, const char *key)
{
	return (unsigned int)strtoul(kj_get_str(o, key), NULL, 16);
}

static void check_against_libpci(struct json_object *arr)
{
	size_t i;

	kbug_pci_ids_names(ids.buf, ids.len, arr);
	for (i = 0; i < json_object_array_length(arr); i++) {
		struct json_object *o = json_object_array_get_idx(arr, i);
		unsigned int c = hex(o, "class_id"), v = hex(o, "vendor_id");
		unsigned int d = hex(o, "device_id"), sv = hex(o, "subsystem_vendor_id");
		unsigned int sd = hex(o, "subsystem_device_id");
		/* pci.ids is the reference */
		int nn = PCI_LOOKUP_NO_NUMBERS | PCI_LOOKUP_NO_HWDB;
		char b[256];

		expect_same(o, "vendor_name",
			    kl.pci_lookup_name(pacc, b, sizeof(b), PCI_LOOKUP_VENDOR | nn, v));
		expect_same(o, "device_name",
			    kl.pci_lookup_name(pacc, b, sizeof(b), PCI_LOOKUP_DEVICE | nn, v, d));
		expect_same(o, "class_name",
			    kl.pci_lookup_name(pacc, b, sizeof(b), PCI_LOOKUP_CLASS | nn, c));
		expect_same(o, "subsystem_name",
			    kl.pci_lookup_name(pacc, b, sizeof(b),
					    PCI_LOOKUP_SUBSYSTEM | PCI_LOOKUP_DEVICE | nn,
					    v, d, sv, sd));
	}
}

/* Every 97th device line of pci.ids, with its first subsystem if any, and a class. */
static void test_sample_of_pci_ids(void **state)
{
	struct json_object *arr = json_object_new_array();
	const char *p = ids.buf, *end = ids.buf + ids.len;
	unsigned int vendor = 0, n = 0, classes[] = { 0x0200, 0x0300, 0x0c03, 0x0403, 0x0600,
						       0xff00, 0x0180, 0x1234, 0x0880, 0x0107 };
	size_t i;

	need_ids();
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;

		if (p[0] == 'C')
			break;
		if (p[0] != '#' && p[0] != '\t' && le - p > 4)
			vendor = (unsigned int)strtoul(p, NULL, 16);
		if (p[0] == '\t' && p[1] != '\t' && n++ % 97 == 0) {
			unsigned int d = (unsigned int)strtoul(p + 1, NULL, 16);
			unsigned int sv = vendor, sd = d;

			if (nl && nl[1] == '\t' && nl[2] == '\t') {
				sv = (unsigned int)strtoul(nl + 3, NULL, 16);
				sd = (unsigned int)strtoul(nl + 8, NULL, 16);
			}
			json_object_array_add(arr, dev(classes[n % 10], vendor, d, sv, sd));
			/* the same device with an unknown subsystem */
			json_object_array_add(arr, dev(classes[(n + 3) % 10], vendor, d, 0x1,
						       0x2));
		}
		p = nl ? nl + 1 : end;
	}
	assert_true(json_object_array_length(arr) > 200);
	check_against_libpci(arr);
	for (i = 0; i < json_object_array_length(arr); i++)
		assert_non_null(kj_get_str(json_object_array_get_idx(arr, i), "vendor_name"));
	json_object_put(arr);
}

static void test_unknown_ids(void **state)
{
	struct json_object *arr = json_object_new_array();

	need_ids();
	json_object_array_add(arr, dev(0xfe12, 0xfff0, 0x1234, 0xfff0, 0x1234));
	json_object_array_add(arr, dev(0xffff, 0x8086, 0xfffd, 0, 0));
	check_against_libpci(arr);
	assert_null(kj_get(json_object_array_get_idx(arr, 0), "vendor_name"));
	assert_string_equal(kj_get_str(json_object_array_get_idx(arr, 1), "class_name"),
			    "Unassigned class [ffff]");
	json_object_put(arr);
}

/* A pci.ids whose vendors are out of order is read whole: nothing is missed. */
static void test_unsorted_file(void **state)
{
	static const char text[] =
		"# not in ID order\n"
		"8086  Intel Corporation\n\t1237  440FX - 82441FX PMC [Natoma]\n"
		"1af4  Red Hat, Inc.\n\t1000  Virtio network device\n"
		"\t\t1af4 0001  Virtio network device sub\n"
		"C 02  Network controller\n\t00  Ethernet controller\n"
		"C 06  Bridge\n\t00  Host bridge\n";
	struct json_object *arr = json_object_new_array();
	struct json_object *net = dev(0x0200, 0x1af4, 0x1000, 0x1af4, 0x0001);
	struct json_object *host = dev(0x0600, 0x8086, 0x1237, 0, 0);

	kj_append(arr, net);
	kj_append(arr, host);
	kbug_pci_ids_names(text, sizeof(text) - 1, arr);
	assert_string_equal(kj_get_str(net, "vendor_name"), "Red Hat, Inc.");
	assert_string_equal(kj_get_str(net, "device_name"), "Virtio network device");
	assert_string_equal(kj_get_str(net, "subsystem_name"), "Virtio network device sub");
	assert_string_equal(kj_get_str(net, "class_name"), "Ethernet controller");
	assert_string_equal(kj_get_str(host, "vendor_name"), "Intel Corporation");
	assert_string_equal(kj_get_str(host, "device_name"), "440FX - 82441FX PMC [Natoma]");
	assert_string_equal(kj_get_str(host, "class_name"), "Host bridge");
	json_object_put(arr);
}

static void test_malformed_input(void **state)
{
	static const char bad[] =
		"8086\nxyz  a\n\t1234\n\t\t\n C 02  x\nC 0\nC 02  Net\n\t00\n\t00  E";
	struct json_object *arr = json_object_new_array();

	json_object_array_add(arr, dev(0x0200, 0x8086, 0x1234, 0, 0));
	assert_int_equal(kbug_pci_ids_names(bad, strlen(bad), arr), 1);
	assert_string_equal(kj_get_str(json_object_array_get_idx(arr, 0), "class_name"), "E");
	assert_int_equal(kbug_pci_ids_names("", 0, arr), 0);
	assert_int_equal(kbug_pci_ids_names(bad, strlen(bad), NULL), 0);
	json_object_put(arr);
}

/* ---- the lookup against the full pass ---- */

static const char *const name_keys[] = {
	"vendor_name", "device_name", "subsystem_name", "class_name"
};

/* got's names must be ref's, the full pass's */
static void expect_names(struct json_object *ref, struct json_object *got, const char *what)
{
	size_t k;

	for (k = 0; k < 4; k++) {
		const char *a = kj_get_str(ref, name_keys[k]), *b = kj_get_str(got, name_keys[k]);

		if ((a || b) && (!a || !b || strcmp(a, b)))
			fail_msg("%s: %s of %s: full pass '%s', lookup '%s'", what, name_keys[k],
				 json_object_to_json_string(ref), a ? a : "(none)",
				 b ? b : "(none)");
	}
}

static struct json_object *copy(struct json_object *arr)
{
	struct json_object *c = NULL;

	assert_int_equal(json_object_deep_copy(arr, &c, NULL), 0);
	return c;
}

/*
 * The names of arr's devices from text: kbug_pci_ids_names() and the lookup
 * alone must give the full pass's. Returns whether the lookup did it alone
 * (it must if alone is set).
 */
static bool check_same(const char *text, size_t len, struct json_object *arr, bool alone,
		       const char *what)
{
	struct json_object *ref = copy(arr), *got = copy(arr), *both = copy(arr);
	int set = kbug_pci_ids_names_pass(text, len, ref, true);
	int fast = kbug_pci_ids_names_pass(text, len, got, false);
	size_t i;

	assert_int_equal(kbug_pci_ids_names(text, len, both), set);
	if (alone && fast < 0)
		fail_msg("%s: the lookup left it to the full pass", what);
	if (fast >= 0)
		assert_int_equal(fast, set);
	for (i = 0; i < json_object_array_length(arr); i++) {
		struct json_object *r = json_object_array_get_idx(ref, i);

		expect_names(r, json_object_array_get_idx(both, i), what);
		if (fast >= 0)
			expect_names(r, json_object_array_get_idx(got, i), what);
	}
	json_object_put(ref);
	json_object_put(got);
	json_object_put(both);
	return fast >= 0;
}

/* The n hex digits at p (there must be). */
static unsigned int hex_at(const char *p, int n)
{
	char b[5];

	memcpy(b, p, (size_t)n);
	b[n] = '\0';
	return (unsigned int)strtoul(b, NULL, 16);
}

struct real_ids {
	unsigned int pairs[4096];	/* class and subclass, listed or not */
	size_t npairs;
	struct json_object *devs;	/* in file order */
	size_t vstart[4096];	/* where each vendor's devices start in devs */
	size_t nv;
};

/* The subsystem lines from p (after a device line) to the next device line: is sv:sd one? */
static bool has_sub(const char *p, const char *end, unsigned int sv, unsigned int sd)
{
	while (p < end && p[0] == '\t' && p[1] == '\t') {
		if (end - p > 11 && hex_at(p + 2, 4) == sv && hex_at(p + 7, 4) == sd)
			return true;
		p = memchr(p, '\n', (size_t)(end - p));
		p = p ? p + 1 : end;
	}
	return false;
}

/*
 * Every device line of the real file, with its first subsystem, a
 * subsystem equal to it (libpci names that after the device) and one not
 * listed; a device ID not listed for each vendor; each with a class from
 * every class and subclass of the file, and a subclass not listed of each.
 */
static void real_devices(struct real_ids *r)
{
	const char *p = ids.buf, *end = ids.buf + ids.len;
	unsigned int vendor = 0, last = 0, cls = 0, n = 0;
	bool in_classes = false;

	r->devs = json_object_new_array();
	for (p = ids.buf; p < end; p = memchr(p, '\n', (size_t)(end - p)) + 1) {
		if (p[0] == 'C' && p[1] == ' ') {
			in_classes = true;
			cls = hex_at(p + 2, 2);
			r->pairs[r->npairs++] = cls << 8 | 0xfe;	/* none has it */
		} else if (in_classes && p[0] == '\t' && p[1] != '\t') {
			r->pairs[r->npairs++] = cls << 8 | hex_at(p + 1, 2);
		}
		if (!memchr(p, '\n', (size_t)(end - p)))
			break;
	}
	assert_true(r->npairs > 100 && r->npairs < 4096);
	for (p = ids.buf; p < end && p[0] != 'C'; p = memchr(p, '\n', (size_t)(end - p)) + 1) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if (!nl)
			break;
		if (p[0] != '#' && p[0] != '\t' && nl - p > 6) {
			if (r->nv && last != 0xffff)	/* a device the vendor before lacks */
				kj_append(r->devs, dev(r->pairs[n++ % r->npairs], vendor,
						       last + 1, 0, 0));
			vendor = hex_at(p, 4);
			last = 0;
			r->vstart[r->nv++] = json_object_array_length(r->devs);
		} else if (p[0] == '\t' && p[1] != '\t' && nl - p > 5) {
			unsigned int d = hex_at(p + 1, 4), sv = 0x0001, sd = 0x0001;

			if (nl[1] == '\t' && nl[2] == '\t')
				kj_append(r->devs, dev(r->pairs[n++ % r->npairs], vendor, d,
						       hex_at(nl + 3, 4), hex_at(nl + 8, 4)));
			kj_append(r->devs, dev(r->pairs[n++ % r->npairs], vendor, d, vendor, d));
			while (has_sub(nl + 1, end, sv, sd))
				sd++;
			kj_append(r->devs, dev(r->pairs[n++ % r->npairs], vendor, d, sv, sd));
			last = d;
		}
	}
	assert_true(r->nv > 2000 && r->nv < 4096);
	r->vstart[r->nv] = json_object_array_length(r->devs);
}

/* The slice [from, to) of arr, copied. */
static struct json_object *slice(struct json_object *arr, size_t from, size_t to)
{
	struct json_object *s = json_object_new_array(), *c;

	for (; from < to; from++)
		kj_append(s, json_object_get(json_object_array_get_idx(arr, from)));
	c = copy(s);
	json_object_put(s);
	return c;
}

/*
 * Every entry of the real pci.ids: the lookup, by batches of devices and
 * then one vendor at a time (each search then starts from the whole file),
 * must name every device as the full pass does, and alone: the file is in
 * pci.ids's order.
 */
static void test_lookup_as_full_pass_real(void **state)
{
	static struct real_ids r;
	struct json_object *ref = json_object_new_array(), *absent = json_object_new_array();
	size_t i, n, named = 0;

	need_ids();
	real_devices(&r);
	n = json_object_array_length(r.devs);
	for (i = 0; i < n; i += 4096) {
		struct json_object *b = slice(r.devs, i, i + 4096 < n ? i + 4096 : n), *f = copy(b);
		size_t k;

		check_same(ids.buf, ids.len, b, true, "real pci.ids, a batch");
		kbug_pci_ids_names_pass(ids.buf, ids.len, f, true);
		for (k = 0; k < json_object_array_length(f); k++)
			kj_append(ref, json_object_get(json_object_array_get_idx(f, k)));
		json_object_put(b);
		json_object_put(f);
	}
	for (i = 0; i < r.nv; i++) {
		size_t from, to, k;

		/* a call names 4096 devices at most: Intel has more */
		for (from = r.vstart[i]; from < r.vstart[i + 1]; from = to) {
			struct json_object *v;

			to = r.vstart[i + 1] - from > 4096 ? from + 4096 : r.vstart[i + 1];
			v = slice(r.devs, from, to);
			assert_true(kbug_pci_ids_names_pass(ids.buf, ids.len, v, false) >= 0);
			for (k = 0; k < to - from; k++) {
				struct json_object *o = json_object_array_get_idx(v, k);

				expect_names(json_object_array_get_idx(ref, from + k), o,
					     "real pci.ids, one vendor");
				named += !!kj_get_str(o, "device_name");
			}
			json_object_put(v);
		}
	}
	print_message("%zu devices of %zu vendors, %zu classes and subclasses: %zu named\n",
		      n, r.nv, r.npairs, named);
	assert_true(n > 40000 && named > 30000);
	/* a vendor or a class that is not there: the full pass tells */
	kj_append(absent, dev(0x0200, 0x0001, 0x0001, 0, 0));
	kj_append(absent, dev(0x2000, 0x8086, 0x1237, 0, 0));
	kj_append(absent, dev(0x0600, 0x1af4, 0x1041, 0x1af4, 0x1041));
	check_same(ids.buf, ids.len, absent, false, "real pci.ids, absent IDs");
	json_object_put(absent);
	json_object_put(ref);
	json_object_put(r.devs);
}

/* The names of the devices in devs (class, vendor, device, subsystem), in text. */
static bool same_for(const char *text, const unsigned int (*devs)[5], size_t n, bool alone,
		     const char *what)
{
	struct json_object *arr = json_object_new_array();
	bool fast;
	size_t i;

	for (i = 0; i < n; i++)
		kj_append(arr, dev(devs[i][0], devs[i][1], devs[i][2], devs[i][3], devs[i][4]));
	fast = check_same(text, strlen(text), arr, alone, what);
	json_object_put(arr);
	return fast;
}

static const char classes[] =
	"C 01  Mass storage controller\n\t00  SCSI storage controller\n\t\t00  Vendor\n"
	"C 02  Network controller\n\t00  Ethernet controller\n"
	"C ff  Unassigned class\n";

static const unsigned int some_devs[][5] = {
	{ 0x0200, 0x1af4, 0x1000, 0x1af4, 0x0001 }, { 0x0200, 0x1af4, 0x1001, 0x1af4, 0x1001 },
	{ 0x0180, 0x1af4, 0x1002, 0x01de, 0xfffa }, { 0xffff, 0x1af4, 0x1003, 0x0000, 0x0000 },
	{ 0x0100, 0x1af4, 0x1004, 0x1af4, 0x0002 }, { 0x0200, 0x8086, 0x0001, 0x8086, 0x0001 },
};

/* Device lines out of order, where the lookup reads them: the full pass names them. */
static void test_unsorted_devices(void **state)
{
	static const char sorted[] =
		"1af4  Red Hat, Inc.\n\t1000  net\n\t\t1af4 0001  net sub\n\t1001  block\n"
		"\t1002  balloon\n\t1003  console\n\t1004  scsi\n"
		"C 01  Mass storage controller\nC 02  Network controller\nC ff  Unassigned\n";
	static const char unsorted[] =
		"1af4  Red Hat, Inc.\n\t1000  net\n\t\t1af4 0001  net sub\n\t1003  console\n"
		"\t1001  block\n\t1002  balloon\n\t1004  scsi\n"
		"C 01  Mass storage controller\nC 02  Network controller\nC ff  Unassigned\n";
	/* 1001 wanted: bisection meets 1003 before it, or finds 1003 where it would be */
	static const char after[] =
		"1af4  Red Hat, Inc.\n\t1000  net\n\t\t1af4 0001  net sub\n\t1003  console\n"
		"\t1001  block\nC 02  Network controller\n";

	assert_true(same_for(sorted, some_devs, 5, true, "device lines in order"));
	assert_false(same_for(unsorted, some_devs, 5, false, "device lines out of order"));
	assert_false(same_for(after, &some_devs[1], 1, false, "1001 after 1003"));
}

/* A device line twice: the first names the device, both their subsystems. */
static void test_duplicate_devices(void **state)
{
	static const unsigned int devs[][5] = {
		{ 0x0200, 0x1af4, 0x1000, 0x1af4, 0x0001 },
		{ 0x0200, 0x1af4, 0x1000, 0x1af4, 0x0002 },
		{ 0x0200, 0x1af4, 0x1001, 0x1af4, 0x1001 },
	};
	char text[1024];

	snprintf(text, sizeof(text), "%s%s",
		 "1af4  Red Hat, Inc.\n\t1000  first\n\t\t1af4 0001  sub one\n"
		 "\t1000  second\n\t\t1af4 0002  sub two\n\t\t1af4 0001  sub one again\n"
		 "\t1001  block\n", classes);
	assert_true(same_for(text, devs, 3, true, "a device line twice"));
}

/*
 * A device line with no name is none, but ends the subsystems of the one
 * before; malformed subsystem lines name nothing.
 */
static void test_device_without_name(void **state)
{
	static const unsigned int devs[][5] = {
		{ 0x0200, 0x1af4, 0x1000, 0x1af4, 0x0001 },
		{ 0x0200, 0x1af4, 0x1001, 0x1af4, 0x0001 },
		{ 0x0200, 0x1af4, 0x1002, 0x1af4, 0x0003 },
		{ 0x0200, 0x1af4, 0x1003, 0x1af4, 0x0004 },
		{ 0x0200, 0x1af4, 0x1003, 0x1af4, 0x0005 },
		{ 0x0200, 0x1af4, 0x1003, 0x1af4, 0x0006 },
	};
	char text[1024];

	snprintf(text, sizeof(text), "%s%s%s",
		 "1af4  Red Hat, Inc.\n\t1000\n\t\t1af4 0001  sub of none\n\t1000  named\n"
		 "\t1001  block\n\t1001\x20\x20\n\t\t1af4 0001  sub after a nameless one\n"
		 "\t1002  balloon\n\t#x\n\t\t1af4 0003  sub after no device line\n",
		 "\t1003  console\n\t\t1af4-0004  bad\n\t\t1af4 0005\n\t\t1af4 0006 one space\n"
		 "\t\t1af4 0004  good\n\t\t\t1af4 0005  three tabs\n", classes);
	assert_true(same_for(text, devs, 6, true, "device lines with no name"));
}

/* The whole file with CRLF line ends; an empty line there is "\r": a malformed one. */
static void test_crlf(void **state)
{
	static const char text[] =
		"# comment\r\n1af4  Red Hat, Inc.\r\n\t1000  net\r\n\t\t1af4 0001  net sub\r\n"
		"\t1001  block  \r\n\t1002  balloon\r\n\t1003  console\r\n\t1004  scsi\r\n"
		"C 01  Mass storage controller\r\n\t00  SCSI storage controller\r\n"
		"C 02  Network controller\r\n\t00  Ethernet controller\r\nC ff  Unassigned\r\n";
	static const char blank[] =
		"# comment\r\n1af4  Red Hat, Inc.\r\n\t1000  net\r\n\r\n\t1001  block\r\n"
		"C 01  Mass storage controller\r\nC 02  Network controller\r\nC ff  Unassigned\r\n";

	struct json_object *arr = json_object_new_array(), *o = dev(0x0200, 0x1af4, 0x1001, 0, 0);
	struct json_object *o2 = dev(0x0180, 0x1af4, 0x1000, 0x1af4, 0x0001);

	assert_true(same_for(text, some_devs, 5, true, "CRLF lines"));
	assert_false(same_for(blank, some_devs, 5, false, "an empty CRLF line"));
	/* names end before the CR and the spaces before it */
	kj_append(arr, o);
	kj_append(arr, o2);
	assert_true(kbug_pci_ids_names_pass(text, sizeof(text) - 1, arr, false) >= 0);
	assert_string_equal(kj_get_str(o, "vendor_name"), "Red Hat, Inc.");
	assert_string_equal(kj_get_str(o, "device_name"), "block");
	assert_string_equal(kj_get_str(o, "class_name"), "Ethernet controller");
	assert_string_equal(kj_get_str(o2, "subsystem_name"), "net sub");
	assert_string_equal(kj_get_str(o2, "class_name"), "Mass storage controller [0180]");
	json_object_put(arr);
}

/* A file that ends in the middle of a line, in a vendor's block or in the classes. */
static void test_no_final_newline(void **state)
{
	static const char *const texts[] = {
		"1af4  Red Hat, Inc.\n\t1000  net\n\t\t1af4 0001  net sub",
		"1af4  Red Hat, Inc.\n\t1000  net\n\t1001  block",
		"1af4  Red Hat, Inc.\n\t1000  net\nC 02  Network controller\n\t00  Ethernet",
		"1af4  Red Hat, Inc.\n\t1000  net\nC 02  Network controller",
	};
	size_t i;

	/* without the classes of the devices, the full pass tells: they are not there */
	for (i = 0; i < 4; i++)
		assert_int_equal(same_for(texts[i], some_devs, 2, i >= 2, texts[i]), i >= 2);
}

/* The last vendor before the classes: its block ends at the first of them. */
static void test_last_vendor_before_classes(void **state)
{
	static const unsigned int devs[][5] = {
		{ 0x0200, 0xffff, 0x0001, 0xffff, 0x0001 }, { 0x01ff, 0xffff, 0x0002, 0, 0 },
		{ 0x0200, 0x1af4, 0x1000, 0x1af4, 0x0001 },
	};
	char text[1024];

	snprintf(text, sizeof(text), "%s%s",
		 "1af4  Red Hat, Inc.\n\t1000  net\n\t\t1af4 0001  net sub\n"
		 "ffff  Illegal Vendor ID\n\t0001  one\n\t0002  two\n", classes);
	assert_true(same_for(text, devs, 3, true, "the last vendor"));
}

/*
 * Top-level lines out of order, or malformed, where the lookup reads them,
 * each against the same devices in a file that is in order.
 */
static void test_unsorted_top(void **state)
{
	static const unsigned int devs[][5] = {
		{ 0x0200, 0x1af4, 0x1000, 0x1af4, 0x0001 }, { 0x0100, 0x1af4, 0x1001, 0, 0 },
		{ 0x0200, 0x8086, 0x0001, 0x8086, 0x0001 },
	};
	static const char *const texts[][2] = {
		{ "1af4  Red Hat, Inc.\n\t1000  net\n\t1001  block\n8086  Intel\n\t0001  one\n"
		  "C 01  Mass storage\nC 02  Network controller\n\t00  Ethernet controller\n",
		  "8086  Intel\n\t0001  one\n1af4  Red Hat, Inc.\n\t1000  net\n\t1001  block\n"
		  "C 01  Mass storage\nC 02  Network controller\n\t00  Ethernet controller\n" },
		{ "1af4  Red Hat, Inc.\n\t1000  net\n\t1001  block\n8086  Intel\n\t0001  one\n"
		  "C 01  Mass storage\nC 02  Network controller\n",
		  "1af4  Red Hat, Inc.\n\t1000  net\n\t1001  block\n1000  Older\n"
		  "8086  Intel\n\t0001  one\nC 01  Mass storage\nC 02  Network controller\n" },
		{ "1af4  Red Hat, Inc.\n\t1000  net\n# x\n\n\t1001  block\n8086  Intel\n"
		  "\t0001  one\nC 01  Mass storage\nC 02  Network controller\n",
		  "1af4  Red Hat, Inc.\n\t1000  net\nxyz\n\t1001  block\n8086  Intel\n"
		  "\t0001  one\nC 01  Mass storage\nC 02  Network controller\n" },
		{ "1af4  Red Hat, Inc.\n\t1000  net\n\t1001  block\n8086  Intel\n\t0001  one\n"
		  "C 01  Mass storage\nC 02  Network controller\n",
		  "1af4  Red Hat, Inc.\n\t1000  net\n\t1001  block\nC 02  Network controller\n"
		  "8086  Intel\n\t0001  one\nC 01  Mass storage\n" },
	};
	struct strbuf t = STRBUF_INIT;
	size_t i, j;

	for (i = 0; i < 4; i++) {
		assert_true(same_for(texts[i][0], devs, 3, true, texts[i][0]));
		assert_false(same_for(texts[i][1], devs, 3, false, texts[i][1]));
	}
	/* the same past a long block: where the read of the block meets them */
	for (i = 0; i < 3; i++) {
		strbuf_reset(&t);
		strbuf_addstr(&t, "1af4  Red Hat, Inc.\n\t1000  net\n\t1001  block\n");
		for (j = 0; j < 200; j++)
			strbuf_addf(&t, "\t%04zx  Device %zu of a long block\n", 0x2000 + j, j);
		strbuf_addstr(&t, i == 0 ? "" : i == 1 ? "1000  Older\n" : "xyz\n");
		strbuf_addstr(&t, "8086  Intel\n\t0001  one\nC 01  Mass storage\nC 02  Network\n");
		assert_int_equal(same_for(t.buf, devs, 3, !i, t.buf), !i);
	}
	strbuf_release(&t);
}

static uint32_t rnd_state = 1;

static uint32_t rnd(uint32_t n)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 17;
	rnd_state ^= rnd_state << 5;
	return rnd_state % n;
}

/* strictly rising numbers below max: n of them at most, *n set to how many */
static void rising(unsigned int *v, size_t *n, unsigned int max, unsigned int step)
{
	unsigned int x = rnd(step);
	size_t i;

	for (i = 0; i < *n && x < max; i++, x += 1 + rnd(step))
		v[i] = x;
	*n = i;
}

struct rnd_file {
	struct strbuf text;
	unsigned int vendors[64], devices[64][400], ndev[64], classes[40];
	size_t nv, nc;
};

/* A random file in pci.ids's order: long and short blocks, comments, empty lines. */
static void rnd_file(struct rnd_file *f, bool crlf)
{
	const char *nl = crlf ? "\r\n" : "\n";
	size_t i, j, k;

	strbuf_reset(&f->text);
	strbuf_addf(&f->text, "# random%s", nl);
	f->nv = 1 + rnd(40);
	rising(f->vendors, &f->nv, 0x10000, 0x10000 / 40);
	for (i = 0; i < f->nv; i++) {
		size_t nd = rnd(8) ? rnd(6) : 50 + rnd(350);
		unsigned int step = nd > 10 ? 150 : 0x4000;

		strbuf_addf(&f->text, "%04x  Vendor %zu%s", f->vendors[i], i, nl);
		rising(f->devices[i], &nd, 0x10000, step);
		f->ndev[i] = (unsigned int)nd;
		for (j = 0; j < nd; j++) {
			if (!rnd(20))
				strbuf_addf(&f->text, "%s", rnd(2) || crlf ? "# note\n" : "\n");
			if (!rnd(30))	/* the same ID again, or with no name */
				strbuf_addf(&f->text, "\t%04x%s%s", f->devices[i][j],
					    rnd(2) ? "  again" : "", nl);
			strbuf_addf(&f->text, "\t%04x  Device %zu.%zu%s", f->devices[i][j], i, j,
				    nl);
			for (k = rnd(4) ? 0 : rnd(6); k; k--)
				strbuf_addf(&f->text, "\t\t%04x %04x  Sub %zu%s",
					    rnd(3) ? f->vendors[rnd((uint32_t)f->nv)] :
						     rnd(0x10000),
					    rnd(4) ? (unsigned int)k : f->devices[i][j], k, nl);
		}
	}
	f->nc = 1 + rnd(30);
	rising(f->classes, &f->nc, 0x100, 12);
	for (i = 0; i < f->nc; i++) {
		strbuf_addf(&f->text, "C %02x  Class %zu%s", f->classes[i], i, nl);
		for (j = rnd(5); j; j--) {
			strbuf_addf(&f->text, "\t%02x  Subclass %zu%s", (unsigned int)(j * 3), j,
				    nl);
			if (!rnd(3))
				strbuf_addf(&f->text, "\t\t%02x  Interface%s", (unsigned int)j, nl);
		}
	}
	if (rnd(4) == 0 && f->text.len > 2)	/* no final newline */
		strbuf_setlen(&f->text, f->text.len - (crlf ? 2 : 1));
}

/* A device of f (or with IDs f lacks, if absent), all in arr. */
static void rnd_dev(const struct rnd_file *f, struct json_object *arr, bool absent)
{
	size_t v = rnd((uint32_t)f->nv), nd = f->ndev[v];
	unsigned int vendor = f->vendors[v], d = nd ? f->devices[v][rnd((uint32_t)nd)] : 0x1234;
	unsigned int cls = f->classes[rnd((uint32_t)f->nc)] << 8 | rnd(4) * 3;

	if (!rnd(4))
		d ^= 1 + rnd(4);	/* a device not there, most likely */
	if (absent && rnd(2))
		vendor ^= 0x8000;
	if (absent && rnd(2))
		cls ^= 0x8000;
	kj_append(arr, dev(cls, vendor, d, rnd(2) ? vendor : f->vendors[rnd((uint32_t)f->nv)],
			   rnd(2) ? d : rnd(6)));
}

/*
 * Random files in pci.ids's order: the lookup must name their devices as
 * the full pass does, and alone where all vendors and classes asked for
 * are there and no line is malformed (an empty CRLF line would be).
 */
static void test_random_sorted_files(void **state)
{
	static struct rnd_file f = { .text = STRBUF_INIT };
	unsigned int round, alone = 0;

	for (round = 0; round < 400; round++) {
		struct json_object *arr = json_object_new_array();
		bool absent = round % 5 == 4, crlf = round % 7 == 3;
		size_t i, n = 1 + rnd(12);

		rnd_file(&f, crlf);
		for (i = 0; i < n; i++)
			rnd_dev(&f, arr, absent);
		alone += check_same(f.text.buf, f.text.len, arr, !absent && !crlf, "random file");
		json_object_put(arr);
	}
	print_message("400 random files, %u named by the lookup alone\n", alone);
	assert_true(alone > 250);
	strbuf_release(&f.text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sample_of_pci_ids),
		cmocka_unit_test(test_unknown_ids),
		cmocka_unit_test(test_unsorted_file),
		cmocka_unit_test(test_malformed_input),
		cmocka_unit_test(test_lookup_as_full_pass_real),
		cmocka_unit_test(test_unsorted_devices),
		cmocka_unit_test(test_duplicate_devices),
		cmocka_unit_test(test_device_without_name),
		cmocka_unit_test(test_crlf),
		cmocka_unit_test(test_no_final_newline),
		cmocka_unit_test(test_last_vendor_before_classes),
		cmocka_unit_test(test_unsorted_top),
		cmocka_unit_test(test_random_sorted_files),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
