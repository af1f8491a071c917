// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Redaction: identifiers out of every string of the report and every
 * attachment. A value becomes "[kind-xxxxxx]", where xxxxxx comes from a
 * keyed PRF (SipHash-2-4) under the report's random key: the same value
 * reads the same everywhere in one report, and the placeholders of two
 * reports cannot be linked, nor a guessed value checked, without the
 * key, which is never stored.
 *
 * Network addresses, UUIDs, /home/NAME and the kernel's "SerialNumber:"
 * lines are found by their shape; host and user names, DMI and USB
 * serials are known values (this machine's, and the report's own DMI and
 * USB fields) replaced wherever they stand as whole words.
 *
 * What stays, on purpose, because it identifies nobody and triagers need
 * it: loopback, "this network", broadcast and netmask quads (127/8, 0/8,
 * 255.x) and ::1, ::; the all-zero and all-ones MACs; a dotted quad that
 * is part of a version ("6.12.0.1-amd64", "linux-1.2.3.4") or follows a
 * word such as "version", "fw", "firmware", "rev", "bios"; PCI slots
 * ("0000:00:1f.3"), vendor:device pairs, times, kernel addresses
 * ("ffff888004fab1858"), USB port paths ("1-1.2:1.0"); default host
 * names ("localhost", "debian"), root and nobody, and firmware filler
 * ("To be filled by O.E.M.", the all-zero UUID). Real addresses,
 * private ranges included, are replaced. A host or user name is replaced
 * only as a whole word (letters, digits, '_' and '-' bound it), so host
 * "vm" leaves "kvm-clock" alone.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__) && defined(__GLIBC__) && \
	(__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33)
#include <immintrin.h>
#include <sys/platform/x86.h>
#define REDACT_AVX2 1
#endif

#include "util/json.h"
#include "util/macro.h"
#include "util/path.h"
#include "util/strbuf.h"
#include "redact.h"
#include "report.h"

#define REDACT_MAX_LITERALS 4096
#define REDACT_MAX_PASSES 16
#define REDACT_MAX_USB 512

struct redact_literal {
	enum kbug_redact_kind kind;
	char *value;
	size_t len;
};

#define REDACT_QUICK_FIRSTS 8
#define REDACT_MAX_MIRRORS 4

struct kbug_redactor {
	unsigned char key[16];
	struct redact_literal *lit;	/* by first letter (folded), longest first */
	size_t lit_nr, lit_alloc;
	bool lit_sorted;
	size_t lit_start[256], lit_end[256];	/* lit[start..end) begin with letter c */
	bool start[256];	/* c can start a placeholder, a known value or a shape */
	/*
	 * The first two bytes of the known values, for the quick scan, each
	 * with bit 0x20 set: a byte pair of the text matches one when its
	 * bytes with 0x20 set do, in either case and some more (a superset).
	 */
	unsigned char firsts[REDACT_QUICK_FIRSTS][2];
	size_t firsts_nr;
	bool quick;		/* firsts_nr fits, and the quick scan is not turned off */
	bool wide;		/* quick, and this CPU has AVX2: 32 places at a time */
	bool scalar;		/* tests: always byte by byte */
	bool narrow;		/* tests: 16 places at a time at most */
	/* tables an attachment repeats: redacted through it, not walked */
	const struct kj_table *skip[REDACT_MAX_MIRRORS];
	size_t skip_nr;
	size_t count[REDACT_NR_KINDS];
};

static const char *const kind_names[REDACT_NR_KINDS] = {
	[REDACT_MAC] = "mac",
	[REDACT_IPV4] = "ipv4",
	[REDACT_IPV6] = "ipv6",
	[REDACT_HOSTNAME] = "hostname",
	[REDACT_USER] = "user",
	[REDACT_HOME] = "home",
	[REDACT_SERIAL] = "serial",
	[REDACT_UUID] = "uuid",
	[REDACT_USB_SERIAL] = "usb-serial",
};

/* Default names and firmware filler that identify nobody; some are words kbug must keep. */
static const char *const harmless_values[] = {
	"localhost", "localhost.localdomain", "localdomain", "(none)", "debian", "ubuntu",
	"fedora", "linux", "archlinux", "raspberrypi", "root", "nobody", "user", "none",
	"unknown", "default", "to be filled by o.e.m.", "not specified", "not applicable",
	"system serial number", "chassis serial number", "default string", "0123456789",
	"none available", "n/a", "na", "0", "00000000", "ffffffff", "invalid", "empty",
	"03000200-0400-0500-0006-000700080009", "00000000-0000-0000-0000-000000000000",
	"ffffffff-ffff-ffff-ffff-ffffffffffff",
};

/* The word before a dotted quad that makes it a version, not an address. */
static const char *const version_words[] = {
	"version", "ver", "vers", "v", "fw", "firmware", "rev", "revision", "bios", "release",
	"driver", "microcode", "build",
};

const char *kbug_redact_kind_name(enum kbug_redact_kind kind)
{
	return kind < REDACT_NR_KINDS ? kind_names[kind] : "?";
}

/* ---- SipHash-2-4 --------------------------------------------------------- */

static inline uint64_t rotl64(uint64_t x, int b)
{
	return (x << b) | (x >> (64 - b));
}

static void sip_round(uint64_t v[4])
{
	v[0] += v[1];
	v[1] = rotl64(v[1], 13);
	v[1] ^= v[0];
	v[0] = rotl64(v[0], 32);
	v[2] += v[3];
	v[3] = rotl64(v[3], 16);
	v[3] ^= v[2];
	v[0] += v[3];
	v[3] = rotl64(v[3], 21);
	v[3] ^= v[0];
	v[2] += v[1];
	v[1] = rotl64(v[1], 17);
	v[1] ^= v[2];
	v[2] = rotl64(v[2], 32);
}

static uint64_t load64_le(const unsigned char *p)
{
	uint64_t r = 0;
	int i;

	for (i = 7; i >= 0; i--)
		r = (r << 8) | p[i];
	return r;
}

uint64_t kbug_siphash24(const unsigned char key[16], const void *data, size_t len)
{
	const unsigned char *in = data;
	uint64_t k0 = load64_le(key), k1 = load64_le(key + 8);
	uint64_t v[4] = {
		0x736f6d6570736575ULL ^ k0, 0x646f72616e646f6dULL ^ k1,
		0x6c7967656e657261ULL ^ k0, 0x7465646279746573ULL ^ k1,
	};
	uint64_t b = (uint64_t)len << 56, m;
	size_t i, tail = len & 7;

	for (i = 0; i + 8 <= len; i += 8) {
		m = load64_le(in + i);
		v[3] ^= m;
		sip_round(v);
		sip_round(v);
		v[0] ^= m;
	}
	for (m = 0; tail; tail--)
		m |= (uint64_t)in[i + tail - 1] << (8 * (tail - 1));
	b |= m;
	v[3] ^= b;
	sip_round(v);
	sip_round(v);
	v[0] ^= b;
	v[2] ^= 0xff;
	for (i = 0; i < 4; i++)
		sip_round(v);
	return v[0] ^ v[1] ^ v[2] ^ v[3];
}

/* ---- the redactor and its known values ----------------------------------- */

static void shape_first_init(void);

struct kbug_redactor *kbug_redactor_new(const unsigned char key[16])
{
	struct kbug_redactor *rd = calloc(1, sizeof(*rd));

	shape_first_init();
	if (rd)
		memcpy(rd->key, key, sizeof(rd->key));
	return rd;
}

void kbug_redactor_free(struct kbug_redactor *rd)
{
	size_t i;

	if (!rd)
		return;
	for (i = 0; i < rd->lit_nr; i++)
		free(rd->lit[i].value);
	free(rd->lit);
	explicit_bzero(rd, sizeof(*rd));
	free(rd);
}

void kbug_redactor_scalar(struct kbug_redactor *rd)
{
	rd->scalar = true;
	rd->lit_sorted = false;
}

void kbug_redactor_narrow(struct kbug_redactor *rd)
{
	rd->narrow = true;
	rd->lit_sorted = false;
}

size_t kbug_redactor_count(const struct kbug_redactor *rd, enum kbug_redact_kind kind)
{
	return kind < REDACT_NR_KINDS ? rd->count[kind] : 0;
}

static bool redact_harmless(const char *v)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(harmless_values); i++)
		if (!strcasecmp(v, harmless_values[i]))
			return true;
	return false;
}

/* Values compared without regard to case: names and hex identifiers. */
static bool kind_folds_case(enum kbug_redact_kind kind)
{
	return kind != REDACT_USER && kind != REDACT_HOME;
}

static int literal_cmp(const void *a, const void *b)
{
	const struct redact_literal *x = a, *y = b;
	int cx = tolower((unsigned char)x->value[0]), cy = tolower((unsigned char)y->value[0]);

	if (cx != cy)
		return cx - cy;
	/* longest first, so "alice.smith" wins over "alice" */
	return x->len < y->len ? 1 : x->len > y->len ? -1 : 0;
}

static unsigned char shape_first[256];

/* Note a known value's first two bytes (it has at least two) for the quick scan. */
static void literal_first_pair(struct kbug_redactor *rd, const char *v)
{
	unsigned char a = (unsigned char)v[0] | 0x20, b = (unsigned char)v[1] | 0x20;
	size_t k;

	for (k = 0; k < rd->firsts_nr && k < REDACT_QUICK_FIRSTS; k++)
		if (rd->firsts[k][0] == a && rd->firsts[k][1] == b)
			return;
	if (rd->firsts_nr < REDACT_QUICK_FIRSTS) {
		rd->firsts[rd->firsts_nr][0] = a;
		rd->firsts[rd->firsts_nr][1] = b;
	}
	rd->firsts_nr++;
}

static void literals_sort(struct kbug_redactor *rd)
{
	size_t i;
	int ch;

	if (rd->lit_sorted)
		return;
	if (rd->lit_nr)
		qsort(rd->lit, rd->lit_nr, sizeof(rd->lit[0]), literal_cmp);
	memset(rd->lit_start, 0, sizeof(rd->lit_start));
	memset(rd->lit_end, 0, sizeof(rd->lit_end));
	for (i = rd->lit_nr; i-- > 0;) {
		unsigned char c = (unsigned char)tolower((unsigned char)rd->lit[i].value[0]);

		if (!rd->lit_end[c])
			rd->lit_end[c] = i + 1;
		rd->lit_start[c] = i;
	}
	for (ch = 0; ch < 256; ch++) {
		int lc = ch >= 'A' && ch <= 'Z' ? ch + 'a' - 'A' : ch;

		rd->start[ch] = ch == '[' || shape_first[ch] || rd->lit_end[lc];
	}
	rd->firsts_nr = 0;
	for (i = 0; i < rd->lit_nr; i++)
		literal_first_pair(rd, rd->lit[i].value);
	rd->quick = rd->firsts_nr <= REDACT_QUICK_FIRSTS && !rd->scalar;
#ifdef REDACT_AVX2
	/* as glibc found it at start: __builtin_cpu_supports() runs cpuid, a trap in a VM */
	rd->wide = rd->quick && !rd->narrow && CPU_FEATURE_ACTIVE(AVX2);
#endif
	rd->lit_sorted = true;
}

/*
 * A root hub's "serial" is its host controller's bus id (dev_name of the
 * controller: "0000:00:14.0", "xhci-hcd.0.auto"), which names a slot, not
 * a person: redacting it would mask the PCI slot everywhere in the report.
 */
static bool redact_is_bus_id(const char *v, size_t len)
{
	static const char pci[] = "xxxx:xx:xx.x";
	size_t i;

	if (len == sizeof(pci) - 1) {
		for (i = 0; i < len; i++)
			if (pci[i] == 'x' ? !isxdigit((unsigned char)v[i]) : v[i] != pci[i])
				break;
		if (i == len)
			return true;
	}
	/* v is len bytes, not a C string: compare within them */
	return len > 4 && (!memcmp(v, "xhci", 4) || !memcmp(v, "ehci", 4) ||
			   !memcmp(v, "ohci", 4) || (len >= 9 && !memcmp(v, "dummy_hcd", 9))) &&
	       memchr(v, '.', len);
}

void kbug_redactor_add_literal(struct kbug_redactor *rd, enum kbug_redact_kind kind,
			       const char *value)
{
	struct strbuf v = STRBUF_INIT;
	size_t i;

	if (!value || kind >= REDACT_NR_KINDS)
		return;
	strbuf_addstr(&v, value);
	strbuf_trim(&v);
	if (kind == REDACT_USB_SERIAL && redact_is_bus_id(v.buf, v.len))
		goto out;
	/* a placeholder is not a value; one-letter names would eat the text */
	if (v.len < 2 || v.buf[0] == '[' || memchr(v.buf, '\n', v.len) ||
	    redact_harmless(v.buf) || rd->lit_nr == REDACT_MAX_LITERALS)
		goto out;
	for (i = 0; i < rd->lit_nr; i++)
		if (!strcasecmp(rd->lit[i].value, v.buf))
			goto out;
	if (rd->lit_nr == rd->lit_alloc) {
		size_t n = rd->lit_alloc ? rd->lit_alloc * 2 : 32;
		struct redact_literal *nl = realloc(rd->lit, n * sizeof(*nl));

		if (!nl)
			goto out;
		rd->lit = nl;
		rd->lit_alloc = n;
	}
	rd->lit[rd->lit_nr].kind = kind;
	rd->lit[rd->lit_nr].len = v.len;
	rd->lit[rd->lit_nr].value = strbuf_detach(&v, NULL);
	rd->lit_nr++;
	rd->lit_sorted = false;
out:
	strbuf_release(&v);
}

static void redact_add_passwd(struct kbug_redactor *rd)
{
	struct strbuf pw = STRBUF_INIT;
	char *line, *save = NULL;

	if (kbug_path_read(&pw, "/etc/passwd", 4 << 20) < 0 && !pw.len)
		goto out;
	for (line = strtok_r(pw.buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *f[7] = { NULL };
		char *p = line, *end;
		int n = 0;
		long uid;

		while (n < 7 && p) {
			f[n++] = p;
			p = strchr(p, ':');
			if (p)
				*p++ = '\0';
		}
		if (n < 7)
			continue;
		errno = 0;
		uid = strtol(f[2], &end, 10);
		if (errno || end == f[2] || *end || uid < 1000 || uid >= 65534)
			continue;
		kbug_redactor_add_literal(rd, REDACT_USER, f[0]);
		if (!strncmp(f[5], "/home/", 6) && f[5][6])
			kbug_redactor_add_literal(rd, REDACT_USER, f[5] + 6);
		else if (f[5][0] == '/' && f[5][1] && strncmp(f[5], "/nonexistent", 12))
			kbug_redactor_add_literal(rd, REDACT_HOME, f[5]);
		if (f[4][0]) {
			char *comma = strchr(f[4], ',');

			if (comma)
				*comma = '\0';
			kbug_redactor_add_literal(rd, REDACT_USER, f[4]);
		}
	}
out:
	strbuf_release(&pw);
}

static void redact_add_file(struct kbug_redactor *rd, enum kbug_redact_kind kind,
			    const char *path)
{
	struct strbuf sb = STRBUF_INIT;

	if (!kbug_path_read_line(&sb, path))
		kbug_redactor_add_literal(rd, kind, sb.buf);
	strbuf_release(&sb);
}

static void redact_add_usb_serials(struct kbug_redactor *rd)
{
	struct strbuf p = STRBUF_INIT;
	struct dirent *de;
	DIR *d = opendir(kbug_path(&p, "/sys/bus/usb/devices"));
	int n = 0;

	while (d && (de = readdir(d)) && n++ < REDACT_MAX_USB) {
		/* usbN: root hubs, whose serial is the controller's bus id */
		if (de->d_name[0] == '.' || !strncmp(de->d_name, "usb", 3))
			continue;
		strbuf_reset(&p);
		strbuf_addf(&p, "/sys/bus/usb/devices/%s/serial", de->d_name);
		redact_add_file(rd, REDACT_USB_SERIAL, p.buf);
	}
	if (d)
		closedir(d);
	strbuf_release(&p);
}

void kbug_redactor_add_machine(struct kbug_redactor *rd)
{
	static const char *const env_users[] = { "USER", "LOGNAME", "SUDO_USER" };
	static const char *const dmi_serials[] = {
		"product_serial", "board_serial", "chassis_serial", "board_asset_tag",
		"chassis_asset_tag",
	};
	struct strbuf p = STRBUF_INIT;
	const char *home = getenv("HOME");
	struct utsname uts;
	size_t i;

	/* this system's: uname() has both names of the two /proc files, in one call */
	if (!*kbug_path_root() && !uname(&uts)) {
		kbug_redactor_add_literal(rd, REDACT_HOSTNAME, uts.nodename);
		kbug_redactor_add_literal(rd, REDACT_HOSTNAME, uts.domainname);
	} else {
		redact_add_file(rd, REDACT_HOSTNAME, "/proc/sys/kernel/hostname");
		redact_add_file(rd, REDACT_HOSTNAME, "/proc/sys/kernel/domainname");
	}
	redact_add_file(rd, REDACT_HOSTNAME, "/etc/hostname");
	for (i = 0; i < ARRAY_SIZE(env_users); i++)
		kbug_redactor_add_literal(rd, REDACT_USER, getenv(env_users[i]));
	if (home && !strncmp(home, "/home/", 6))
		kbug_redactor_add_literal(rd, REDACT_USER, home + 6);
	else if (home && strcmp(home, "/") && strcmp(home, "/root") &&
		 strncmp(home, "/nonexistent", 12))
		kbug_redactor_add_literal(rd, REDACT_HOME, home);
	/* no DMI (a VM, an ARM board): seven failed opens fewer */
	if (kbug_path_exists("/sys/class/dmi/id")) {
		for (i = 0; i < ARRAY_SIZE(dmi_serials); i++) {
			strbuf_reset(&p);
			strbuf_addf(&p, "/sys/class/dmi/id/%s", dmi_serials[i]);
			redact_add_file(rd, REDACT_SERIAL, p.buf);
		}
		redact_add_file(rd, REDACT_UUID, "/sys/class/dmi/id/product_uuid");
	}
	redact_add_usb_serials(rd);
	/* last: a long /etc/passwd must not crowd the serials out */
	redact_add_passwd(rd);
	strbuf_release(&p);
}

/* ---- finding values in text ---------------------------------------------- */

static void redact_placeholder(struct kbug_redactor *rd, enum kbug_redact_kind kind,
			       const char *v, size_t len, struct strbuf *out)
{
	unsigned char buf[512];
	size_t n = len < sizeof(buf) - 1 ? len : sizeof(buf) - 1;
	size_t i;

	/* "AA:BB" and "aa:bb" are one MAC; "Laptop" and "laptop" one host */
	buf[0] = (unsigned char)kind;
	for (i = 0; i < n; i++)
		buf[i + 1] = (unsigned char)(kind_folds_case(kind) ?
					     tolower((unsigned char)v[i]) : v[i]);
	strbuf_addf(out, "[%s-%06llx]", kind_names[kind],
		    (unsigned long long)(kbug_siphash24(rd->key, buf, n + 1) & 0xffffff));
	rd->count[kind]++;
}

static bool is_word(int c)
{
	return isalnum(c) || c == '_' || c == '-';
}

static bool is_hex(int c)
{
	return isxdigit(c);
}

/*
 * A shape matcher looks at s (start..s..s+len is the text around it) and
 * returns the length of the match, 0 for none; the value to replace is
 * s[*skip..match), the part before it stays ("/home/" of a home path).
 */
typedef size_t (*shape_fn)(const char *s, size_t len, const char *start, size_t *skip);

/* xx:xx:xx:xx:xx:xx (or with '-'), not all zero or all ones. */
static size_t match_mac(const char *s, size_t len, const char *start, size_t *skip)
{
	char sep;
	int i;

	if (len < 17 || (s > start && (is_hex((unsigned char)s[-1]) || s[-1] == ':')))
		return 0;
	sep = s[2];
	if (sep != ':' && sep != '-')
		return 0;
	for (i = 0; i < 6; i++) {
		const char *g = s + i * 3;

		if (!is_hex((unsigned char)g[0]) || !is_hex((unsigned char)g[1]) ||
		    (i < 5 && g[2] != sep))
			return 0;
	}
	if (len > 17 && (is_word((unsigned char)s[17]) || s[17] == sep))
		return 0;
	if (!strncmp(s, "00:00:00:00:00:00", 17) || !strncasecmp(s, "ff:ff:ff:ff:ff:ff", 17) ||
	    !strncmp(s, "00-00-00-00-00-00", 17) || !strncasecmp(s, "ff-ff-ff-ff-ff-ff", 17))
		return 0;
	return 17;
}

/* 8-4-4-4-12 hex digits: machine, partition and file-system UUIDs. */
static size_t match_uuid(const char *s, size_t len, const char *start, size_t *skip)
{
	static const int groups[] = { 8, 4, 4, 4, 12 };
	size_t i = 0, g;
	int d;

	if (len < 36 || (s > start && is_word((unsigned char)s[-1])))
		return 0;
	for (g = 0; g < ARRAY_SIZE(groups); g++) {
		for (d = 0; d < groups[g]; d++, i++)
			if (!is_hex((unsigned char)s[i]))
				return 0;
		if (g < 4 && s[i++] != '-')
			return 0;
	}
	if (i < len && is_word((unsigned char)s[i]))
		return 0;
	if (!strncmp(s, "00000000-0000-0000-0000-000000000000", 36))
		return 0;
	return i;
}

/* Is the word before s (across blanks, ':', '=' or '(') one that names a version? */
static bool after_version_word(const char *s, const char *start)
{
	const char *e = s, *b;
	size_t i, n;

	while (e > start && s - e < 3 && strchr(" \t:=(.", e[-1]))
		e--;
	for (b = e; b > start && e - b < 12 && isalpha((unsigned char)b[-1]); b--)
		;
	n = (size_t)(e - b);
	if (!n || (b > start && isalnum((unsigned char)b[-1])))
		return false;
	for (i = 0; i < ARRAY_SIZE(version_words); i++)
		if (strlen(version_words[i]) == n && !strncasecmp(b, version_words[i], n))
			return true;
	return false;
}

/* A dotted quad of 0-255, not part of a version ("6.12.0.1-amd64", "fw 1.2.3.4"). */
static size_t match_ipv4(const char *s, size_t len, const char *start, size_t *skip)
{
	unsigned int oct[4];
	size_t i = 0;
	int part;

	if (s > start && (isalnum((unsigned char)s[-1]) || strchr(".-_+~", s[-1])))
		return 0;
	for (part = 0; part < 4; part++) {
		size_t d = 0;

		oct[part] = 0;
		while (i < len && isdigit((unsigned char)s[i]) && d < 4) {
			oct[part] = oct[part] * 10 + (unsigned int)(s[i] - '0');
			i++;
			d++;
		}
		if (!d || d > 3 || oct[part] > 255)
			return 0;
		if (part < 3) {
			if (i >= len || s[i] != '.')
				return 0;
			i++;
		}
	}
	if (i < len && (isalnum((unsigned char)s[i]) || strchr("-_+~", s[i]) ||
			(s[i] == '.' && i + 1 < len && isalnum((unsigned char)s[i + 1]))))
		return 0;
	/* loopback, "this network", broadcast and netmasks identify nobody */
	if (oct[0] == 127 || oct[0] == 0 || oct[0] == 255)
		return 0;
	if (after_version_word(s, start))
		return 0;
	return i;
}

/* An IPv6 address: 8 groups, or fewer with one "::"; not ::1 or ::. */
static size_t match_ipv6(const char *s, size_t len, const char *start, size_t *skip)
{
	size_t i = 0, groups = 0, best = 0;
	bool dbl = false;

	if (s > start && (isalnum((unsigned char)s[-1]) || s[-1] == ':' || s[-1] == '_'))
		return 0;
	while (i < len && groups < 8) {
		size_t d = 0;

		if (s[i] == ':' && i + 1 < len && s[i + 1] == ':') {
			if (dbl)
				break;
			dbl = true;
			i += 2;
			best = i;
			continue;
		}
		while (i + d < len && is_hex((unsigned char)s[i + d]) && d < 5)
			d++;
		if (!d || d > 4)
			break;
		i += d;
		groups++;
		best = i;
		if (i < len && s[i] == ':' && !(i + 1 < len && s[i + 1] == ':')) {
			i++;
			continue;
		}
		if (!(i < len && s[i] == ':'))
			break;
	}
	i = best;
	/* "0000:00:1f.3" is a PCI slot, "ffff:1.2.3.4" leaves the quad to match_ipv4 */
	if (i < len && (isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == ':' ||
			s[i] == '[' ||
			(s[i] == '.' && i + 1 < len && isalnum((unsigned char)s[i + 1]))))
		return 0;
	if (!(groups == 8 || (dbl && groups >= 1)))
		return 0;
	if ((i == 3 && !strncmp(s, "::1", 3)) || i <= 2)
		return 0;
	return i;
}

/* /home/NAME: the NAME, whoever it is. */
static size_t match_home(const char *s, size_t len, const char *start, size_t *skip)
{
	size_t i = 6;

	if (len <= 6 || memcmp(s, "/home/", 6) || (s > start && is_word((unsigned char)s[-1])))
		return 0;
	while (i < len && (is_word((unsigned char)s[i]) || s[i] == '.') && i < 6 + 64)
		i++;
	if (i == 6 || s[6] == '[' || (i - 6 == 1))
		return 0;
	*skip = 6;
	return i;
}

/* The kernel's "usb 1-1: SerialNumber: XYZ" (drivers/usb/core/hub.c): XYZ up to the line end. */
static size_t match_usb_serial(const char *s, size_t len, const char *start, size_t *skip)
{
	static const char tag[] = "SerialNumber: ";
	size_t t = sizeof(tag) - 1, i;

	if (len <= t || s[1] != 'e' || memcmp(s, tag, t) ||
	    (s > start && is_word((unsigned char)s[-1])))
		return 0;
	for (i = t; i < len && s[i] != '\n' && s[i] != '\r' && s[i] != '"' && i < t + 256; i++)
		;
	while (i > t && isspace((unsigned char)s[i - 1]))
		i--;
	if (i == t || s[t] == '[' || redact_is_bus_id(s + t, i - t))
		return 0;
	*skip = t;
	return i;
}

/* Shapes, tried in this order where a word starts; their indexes below. */
enum { SHAPE_MAC, SHAPE_UUID, SHAPE_IPV4, SHAPE_IPV6, SHAPE_HOME, SHAPE_USB_SERIAL };
/* Shapes, tried in this order where a word starts. */
static const struct {
	enum kbug_redact_kind kind;
	shape_fn match;
	const char *first;	/* the characters a match can start with */
} shapes[] = {
	[SHAPE_MAC] = { REDACT_MAC, match_mac, "0123456789abcdefABCDEF" },
	[SHAPE_UUID] = { REDACT_UUID, match_uuid, "0123456789abcdefABCDEF" },
	[SHAPE_IPV4] = { REDACT_IPV4, match_ipv4, "0123456789" },
	[SHAPE_IPV6] = { REDACT_IPV6, match_ipv6, "0123456789abcdefABCDEF:" },
	[SHAPE_HOME] = { REDACT_USER, match_home, "/" },
	[SHAPE_USB_SERIAL] = { REDACT_USB_SERIAL, match_usb_serial, "S" },
};

/* shape_first[c]: bit k set when shapes[k] can start with character c */

static void shape_first_init(void)
{
	size_t k;
	const char *c;

	if (shape_first['/'])
		return;
	for (k = 0; k < ARRAY_SIZE(shapes); k++)
		for (c = shapes[k].first; *c; c++)
			shape_first[(unsigned char)*c] |= (unsigned char)(1u << k);
}

/* tolower() in the C locale, which strncasecmp() folds by here */
static inline unsigned char fold_c(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 'a' - 'A') : c;
}

static bool literal_at(const struct redact_literal *l, const char *s, size_t len,
		       const char *start)
{
	bool fold = kind_folds_case(l->kind);

	/* values are at least two bytes: their second rules out most words */
	if (l->len > len || (fold ? fold_c((unsigned char)s[1]) !=
				    fold_c((unsigned char)l->value[1]) :
				    s[1] != l->value[1]))
		return false;
	if (fold ? strncasecmp(s, l->value, l->len) :
				       memcmp(s, l->value, l->len))
		return false;
	if (s > start && is_word((unsigned char)s[-1]))
		return false;
	if (l->len < len && is_word((unsigned char)s[l->len]))
		return false;
	return true;
}

/* Length of the placeholder at s ("[mac-1f3a9c]"), or 0. */
static size_t placeholder_at(const char *s, size_t len)
{
	size_t i = 1;

	if (s[0] != '[' || len < 10)
		return 0;
	while (i < len && i < 24 && (islower((unsigned char)s[i]) || s[i] == '-' ||
				     isdigit((unsigned char)s[i])))
		i++;
	/* i passed the name and the hex: "[kind-" + 6 hex + "]" */
	if (i < 9 || i >= len || s[i] != ']' || s[i - 7] != '-')
		return 0;
	return i + 1;
}

/* the first four shapes (MAC, UUID, IPv4, IPv6) all begin with hex digits */
#define SHAPES_HEX 0x0fu

static const bool hex_tab[256] = {
	['0' ... '9'] = true, ['a' ... 'f'] = true, ['A' ... 'F'] = true,
};

static const bool alnum_tab[256] = {
	['0' ... '9'] = true, ['a' ... 'z'] = true, ['A' ... 'Z'] = true,
};

/*
 * The shapes that can start at s. A MAC, UUID, IPv4 or IPv6 address is
 * a run of hex digits and then what the matcher needs after it: 2 and
 * ':' or '-' (MAC), 8 and '-' (UUID), 1-3 decimal digits and '.' (IPv4),
 * 1-4 and ':', or "::" (IPv6). One look at the run rules out every shape
 * that cannot match, so only those that can are tried (in their order).
 */
static unsigned int shapes_possible(const char *s, size_t len)
{
	unsigned int b = shape_first[(unsigned char)*s], hex = 0;
	size_t h = 0, d = 0;
	char sep;

	if (!(b & SHAPES_HEX))
		return b;
	while (h < 9 && h < len && hex_tab[(unsigned char)s[h]])
		h++;
	sep = h < len ? s[h] : '\0';
	while (d < h && s[d] >= '0' && s[d] <= '9')
		d++;
	if (h == 2 && (sep == ':' || sep == '-'))
		hex |= 1u << SHAPE_MAC;
	if (h == 8 && sep == '-')
		hex |= 1u << SHAPE_UUID;
	if (h >= 1 && h <= 3 && d == h && sep == '.')
		hex |= 1u << SHAPE_IPV4;
	if ((h >= 1 && h <= 4 && sep == ':') || (!h && len > 1 && s[0] == ':' && s[1] == ':'))
		hex |= 1u << SHAPE_IPV6;
	return (b & ~SHAPES_HEX) | (b & hex);
}

/*
 * Where the pass tries for a match: where a placeholder, a known value or
 * a shape can start (rd->start), but not inside a word (every matcher
 * wants its match to start one). Only the places right after a match are
 * tried whatever they are.
 */
static inline bool try_here(const struct kbug_redactor *rd, const unsigned char *u, size_t q)
{
	return rd->start[u[q]] && !(q && alnum_tab[u[q]] && alnum_tab[u[q - 1]]);
}

/* the quick scan's last block: bit k for the place b + k, of w places */
struct quick_block {
	size_t b, w;
	unsigned int mask;
	bool valid;
#ifdef __SSE2__
	__m128i first[REDACT_QUICK_FIRSTS][2];	/* rd->firsts, each byte in all sixteen */
#endif
};

#ifdef __SSE2__
static inline __m128i byte_range(__m128i x, unsigned char lo, unsigned char hi)
{
	return _mm_and_si128(_mm_cmpeq_epi8(_mm_max_epu8(x, _mm_set1_epi8((char)lo)), x),
			     _mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8((char)hi)), x));
}

static inline __m128i byte_is(__m128i x, unsigned char c)
{
	return _mm_cmpeq_epi8(x, _mm_set1_epi8((char)c));
}

static inline unsigned int mask_of(__m128i x)
{
	return (unsigned int)_mm_movemask_epi8(x);
}

/* a lower-case letter, a digit or '-': what placeholder_at() goes on with after '[' */
static inline __m128i placeholder_next(__m128i x)
{
	return _mm_or_si128(_mm_or_si128(byte_range(x, 'a', 'z'), byte_range(x, '0', '9')),
			    byte_is(x, '-'));
}

/* bit k: u[k] is ':', '-' or '.', what follows an address shape's first digits */
static inline unsigned int sep_mask(__m128i x)
{
	return mask_of(_mm_or_si128(_mm_or_si128(byte_is(x, ':'), byte_is(x, '-')),
				    byte_is(x, '.')));
}

/*
 * The places among u[b..b+16) where try_here() holds, sixteen at once
 * (1 <= b, b + 33 <= len), less those where only an address shape could
 * start and none can: a hex digit that no known value starts with, with
 * no ':', '-' or '.' in the eight bytes after it, is a place where
 * shapes_possible() rules out every shape, so trying it finds nothing.
 * In a kernel config that is nearly every word.
 */
static unsigned int quick_mask(const struct kbug_redactor *rd, const struct quick_block *qb,
			       const unsigned char *u, size_t b)
{
	__m128i x = _mm_loadu_si128((const __m128i *)(u + b));
	__m128i next = _mm_loadu_si128((const __m128i *)(u + b + 1));
	__m128i low = _mm_or_si128(x, _mm_set1_epi8(0x20));
	__m128i low_next = _mm_or_si128(next, _mm_set1_epi8(0x20));
	__m128i digit = byte_range(x, '0', '9');
	__m128i hex = _mm_or_si128(digit, byte_range(low, 'a', 'f'));
	/*
	 * The other places a shape can start, each with the byte its matcher
	 * wants next: "[kind-" (what placeholder_at() goes on with), "::"
	 * (IPv6), "/h" (/home/), "Se" (SerialNumber: ). A known value starting
	 * with one of these is among the firsts below.
	 */
	__m128i brk = _mm_and_si128(byte_is(x, '['), placeholder_next(next));
	__m128i v6 = _mm_and_si128(byte_is(x, ':'), byte_is(next, ':'));
	__m128i home = _mm_and_si128(byte_is(x, '/'), byte_is(next, 'h'));
	__m128i tag = _mm_and_si128(byte_is(x, 'S'), byte_is(next, 'e'));
	__m128i other = _mm_or_si128(_mm_or_si128(brk, v6), _mm_or_si128(home, tag));
	/* bit k: u[b + k] is a letter or a digit */
	unsigned int word = mask_of(_mm_or_si128(digit, byte_range(low, 'a', 'z')));
	unsigned int sep, near, inside;
	size_t k;

	for (k = 0; k < rd->firsts_nr; k++) {
		__m128i pair = _mm_and_si128(_mm_cmpeq_epi8(low, qb->first[k][0]),
					     _mm_cmpeq_epi8(low_next, qb->first[k][1]));

		other = _mm_or_si128(other, pair);
	}
	sep = sep_mask(next) | sep_mask(_mm_loadu_si128((const __m128i *)(u + b + 17))) << 16;
	/* bit k: a separator at one of b+k+1 .. b+k+8 */
	near = sep | sep >> 1;
	near |= near >> 2;
	near |= near >> 4;
	/* bit k: u[b + k] and the byte before it are letters or digits */
	inside = word & (word << 1 | alnum_tab[u[b - 1]]);
	return (mask_of(other) | (mask_of(hex) & near)) & ~inside & 0xffffu;
}
#endif

#ifdef REDACT_AVX2
/*
 * quick_mask() for thirty-two places at once, where the CPU has AVX2
 * (1 <= b, b + 49 <= len): the same tests, each on twice the bytes.
 */
#define AVX2 __attribute__((target("avx2")))

static inline AVX2 __m256i byte_range32(__m256i x, unsigned char lo, unsigned char hi)
{
	__m256i above = _mm256_cmpeq_epi8(_mm256_max_epu8(x, _mm256_set1_epi8((char)lo)), x);
	__m256i below = _mm256_cmpeq_epi8(_mm256_min_epu8(x, _mm256_set1_epi8((char)hi)), x);

	return _mm256_and_si256(above, below);
}

static inline AVX2 __m256i byte_is32(__m256i x, unsigned char c)
{
	return _mm256_cmpeq_epi8(x, _mm256_set1_epi8((char)c));
}

static inline AVX2 unsigned int mask32(__m256i x)
{
	return (unsigned int)_mm256_movemask_epi8(x);
}

/* the firsts, each byte in all thirty-two, made once per scan */
struct quick_firsts32 {
	__m256i a[REDACT_QUICK_FIRSTS], b[REDACT_QUICK_FIRSTS];
	size_t nr;
};

static inline __attribute__((always_inline)) AVX2 unsigned int
quick_mask32(const struct quick_firsts32 *f, const unsigned char *u, size_t b)
{
	__m256i x = _mm256_loadu_si256((const __m256i *)(u + b));
	__m256i next = _mm256_loadu_si256((const __m256i *)(u + b + 1));
	__m256i low = _mm256_or_si256(x, _mm256_set1_epi8(0x20));
	__m256i low_next = _mm256_or_si256(next, _mm256_set1_epi8(0x20));
	__m256i digit = byte_range32(x, '0', '9');
	__m256i hex = _mm256_or_si256(digit, byte_range32(low, 'a', 'f'));
	__m256i brk_next = _mm256_or_si256(_mm256_or_si256(byte_range32(next, 'a', 'z'),
							   byte_range32(next, '0', '9')),
					   byte_is32(next, '-'));
	__m256i brk = _mm256_and_si256(byte_is32(x, '['), brk_next);
	__m256i v6 = _mm256_and_si256(byte_is32(x, ':'), byte_is32(next, ':'));
	__m256i home = _mm256_and_si256(byte_is32(x, '/'), byte_is32(next, 'h'));
	__m256i tag = _mm256_and_si256(byte_is32(x, 'S'), byte_is32(next, 'e'));
	__m256i other = _mm256_or_si256(_mm256_or_si256(brk, v6), _mm256_or_si256(home, tag));
	__m256i sepv = _mm256_or_si256(byte_is32(next, ':'), byte_is32(next, '-'));
	unsigned int word = mask32(_mm256_or_si256(digit, byte_range32(low, 'a', 'z')));
	uint64_t sep, near;
	unsigned int inside;
	size_t k;

	sepv = _mm256_or_si256(sepv, byte_is32(next, '.'));
	for (k = 0; k < f->nr; k++) {
		__m256i pair = _mm256_and_si256(_mm256_cmpeq_epi8(low, f->a[k]),
						_mm256_cmpeq_epi8(low_next, f->b[k]));

		other = _mm256_or_si256(other, pair);
	}
	/* bit j: a separator at b + 1 + j, for j < 48 */
	sep = (uint64_t)mask32(sepv) |
	      (uint64_t)sep_mask(_mm_loadu_si128((const __m128i *)(u + b + 33))) << 32;
	near = sep | sep >> 1;
	near |= near >> 2;
	near |= near >> 4;
	inside = word & (word << 1 | alnum_tab[u[b - 1]]);
	return (mask32(other) | (mask32(hex) & (unsigned int)near)) & ~inside;
}

/*
 * Whether quick_mask32() can find anything at b, from the tests of it a
 * kernel config (most of what is redacted) nearly never passes: with no
 * '[' at a place, no separator at b + 1 .. b + 40 (what "near" looks at,
 * and the second ':' of "::") and none of the pairs, every bit of it is 0.
 */
static inline __attribute__((always_inline)) AVX2 bool
quick_maybe32(const struct quick_firsts32 *f, const unsigned char *u, size_t b)
{
	__m256i x = _mm256_loadu_si256((const __m256i *)(u + b));
	__m256i next = _mm256_loadu_si256((const __m256i *)(u + b + 1));
	__m256i later = _mm256_loadu_si256((const __m256i *)(u + b + 9));
	__m256i low = _mm256_or_si256(x, _mm256_set1_epi8(0x20));
	__m256i low_next = _mm256_or_si256(next, _mm256_set1_epi8(0x20));
	__m256i any = _mm256_or_si256(byte_is32(x, '['),
				      _mm256_or_si256(byte_is32(next, ':'), byte_is32(later, ':')));
	size_t k;

	/* '-' and '.' are 0x2d and 0x2e */
	any = _mm256_or_si256(any, _mm256_or_si256(byte_range32(next, '-', '.'),
						   byte_range32(later, '-', '.')));
	any = _mm256_or_si256(any, _mm256_and_si256(byte_is32(x, '/'), byte_is32(next, 'h')));
	any = _mm256_or_si256(any, _mm256_and_si256(byte_is32(x, 'S'), byte_is32(next, 'e')));
	for (k = 0; k < f->nr; k++)
		any = _mm256_or_si256(any, _mm256_and_si256(_mm256_cmpeq_epi8(low, f->a[k]),
							    _mm256_cmpeq_epi8(low_next, f->b[k])));
	return !_mm256_testz_si256(any, any);
}

/*
 * The quick test's blocks of thirty-two from i on (1 <= i, i + 49 <= len),
 * until one has a place to try or the next would not fit: that block goes
 * to qb. The blocks passed over have none. One loop, so that its
 * constants are made once, not per block.
 */
static AVX2 void quick_scan32(const struct kbug_redactor *rd, struct quick_block *qb,
			      const unsigned char *u, size_t i, size_t len)
{
	struct quick_firsts32 f;
	unsigned int m;
	size_t k;

	f.nr = rd->firsts_nr;
	for (k = 0; k < f.nr; k++) {
		f.a[k] = _mm256_set1_epi8((char)rd->firsts[k][0]);
		f.b[k] = _mm256_set1_epi8((char)rd->firsts[k][1]);
	}
	for (;;) {
		m = quick_maybe32(&f, u, i) ? quick_mask32(&f, u, i) : 0;
		if (m || i + 32 + 49 > len)
			break;
		i += 32;
	}
	qb->b = i;
	qb->w = 32;
	qb->mask = m;
	qb->valid = true;
}
#endif

#ifdef __SSE2__
/*
 * The quick test's block for i: from i, or where AVX2 and the text allow,
 * the first block of thirty-two from i on that has a place to try.
 */
static void block_at(const struct kbug_redactor *rd, struct quick_block *qb,
		     const unsigned char *u, size_t i, size_t len)
{
#ifdef REDACT_AVX2
	if (rd->wide && i + 49 <= len) {
		quick_scan32(rd, qb, u, i, len);
		return;
	}
#endif
	qb->b = i;
	qb->w = 16;
	qb->mask = quick_mask(rd, qb, u, i);
	qb->valid = true;
}
#endif

/* The next place from i on that the pass tries (len if none). */
static size_t next_try(const struct kbug_redactor *rd, const unsigned char *u, size_t i,
		       size_t len, struct quick_block *qb)
{
#ifdef __SSE2__
	while (rd->quick && i >= 1 && i + 33 <= len) {
		unsigned int m;

		if (!qb->valid || i < qb->b || i >= qb->b + qb->w) {
			block_at(rd, qb, u, i, len);
			i = qb->b;	/* nothing to try before it */
		}
		m = qb->mask >> (i - qb->b);
		if (m)
			return i + (size_t)__builtin_ctz(m);
		i = qb->b + qb->w;
	}
#endif
	while (i < len && !try_here(rd, u, i))
		i++;
	return i;
}

/*
 * One pass over in[0..len): appends the text with its matches replaced to
 * out and returns the number of matches; with none, out is not touched.
 *
 * Every matcher wants its match to start a word (the character before it
 * is not a letter or a digit), and each starts with one of a few
 * characters (rd->start): the pass tries the places try_here() accepts,
 * found by next_try() sixteen bytes at a time where it can, and the place
 * right after each match. Those are exactly the places a byte-by-byte
 * walk that skips the rest of a word after a miss tries, less some where
 * nothing can match, so both replace the same text.
 */
static size_t redact_pass(struct kbug_redactor *rd, const char *in, size_t len,
			  struct strbuf *out)
{
	const unsigned char *u = (const unsigned char *)in;
	size_t i = 0, done = 0, hits = 0, k;
	struct quick_block qb = { .valid = false };

#ifdef __SSE2__
	for (k = 0; rd->quick && k < rd->firsts_nr; k++) {
		qb.first[k][0] = _mm_set1_epi8((char)rd->firsts[k][0]);
		qb.first[k][1] = _mm_set1_epi8((char)rd->firsts[k][1]);
	}
#endif

	while (i < len) {
		const char *s = in + i;
		unsigned char c = u[i], lc;
		enum kbug_redact_kind kind = REDACT_NR_KINDS;
		size_t n = 0, skip = 0;
		unsigned int may;

		if (!rd->start[c])
			goto next;
		if (c == '[') {
			size_t p = placeholder_at(s, len - i);

			if (p) {
				/* an earlier placeholder stays as it is */
				i += p;
				continue;
			}
		}
		if (c >= 'A' && c <= 'Z')
			lc = (unsigned char)(c + 'a' - 'A');
		else
			lc = c;
		for (k = rd->lit_start[lc]; k < rd->lit_end[lc] && !n; k++) {
			if (literal_at(&rd->lit[k], s, len - i, in)) {
				n = rd->lit[k].len;
				kind = rd->lit[k].kind;
			}
		}
		may = n ? 0 : shapes_possible(s, len - i);
		for (k = 0; !n && may && k < ARRAY_SIZE(shapes); k++) {
			if (!(may & (1u << k)))
				continue;
			skip = 0;
			n = shapes[k].match(s, len - i, in, &skip);
			kind = shapes[k].kind;
		}
		if (n) {
			strbuf_add(out, in + done, i + skip - done);
			redact_placeholder(rd, kind, s + skip, n - skip, out);
			hits++;
			i += n;
			done = i;
			continue;
		}
next:
		i = next_try(rd, u, i + 1, len, &qb);
	}
	if (hits)
		strbuf_add(out, in + done, len - done);
	return hits;
}

/*
 * Passes run until one finds nothing: a replacement can turn a
 * neighbour's boundary from a word character into "]" and so make
 * another match, and this makes redaction idempotent. Each pass only
 * shrinks the unredacted text, so a few suffice; the bound is a safety
 * net. Returns the number of replacements; with none, out is not touched
 * (no copy of a text that has nothing to redact, the common case).
 */
static size_t redact_text_hits(struct kbug_redactor *rd, const char *in, size_t len,
			       struct strbuf *out)
{
	struct strbuf cur = STRBUF_INIT, next = STRBUF_INIT;
	size_t total = 0, hits;
	int pass;

	literals_sort(rd);
	hits = redact_pass(rd, in, len, &cur);
	for (pass = 1; hits && pass < REDACT_MAX_PASSES; pass++) {
		total += hits;
		strbuf_reset(&next);
		hits = redact_pass(rd, cur.buf, cur.len, &next);
		if (hits)
			strbuf_swap(&cur, &next);
	}
	total += hits;
	if (total && !out->len)
		strbuf_swap(out, &cur);
	else if (total)
		strbuf_add(out, cur.buf, cur.len);
	strbuf_release(&cur);
	strbuf_release(&next);
	return total;
}

size_t kbug_redact_text(struct kbug_redactor *rd, const char *in, size_t len,
			struct strbuf *out)
{
	size_t hits = redact_text_hits(rd, in, len, out);

	if (!hits)
		strbuf_add(out, in, len);
	return hits;
}

/* ---- the report ---------------------------------------------------------- */

static bool redact_skipped(const struct kbug_redactor *rd, const struct kj_table *t)
{
	size_t i;

	for (i = 0; i < rd->skip_nr; i++)
		if (rd->skip[i] == t)
			return true;
	return false;
}

/*
 * A kernel log stands in a report twice: as records, each with its text
 * (a kj_table), and as dmesg.txt, whose line i is "[   TIME] " and the
 * text of record i. Redacting the lines redacts the texts as they would
 * be redacted alone: every matcher looks back only across the "] " (as
 * at a string's start) and ahead to the newline (as at its end), and no
 * match spans a newline nor makes or takes one (a record's text may hold
 * newlines of its own: the next record starts after as many). So the
 * records take their redacted texts from the redacted lines instead of
 * being scanned again. mirror_map() checks that each line is what it
 * should be, before and after, and changes nothing unless all rows check
 * out (-1: redact the rows after all).
 */
static size_t mirror_rows;	/* rows taken from their lines, for tests */

size_t kbug_redact_mirror_rows(void)
{
	return mirror_rows;
}

/* the length of the prefix of the line at p that ends in "] " (0 for none), or -1 */
static long line_prefix(const char *p, const char *end)
{
	const char *b = memchr(p, ']', (size_t)(end - p) < 64 ? (size_t)(end - p) : 64);

	if (!b || b + 1 >= end || b[1] != ' ' || memchr(p, '\n', (size_t)(b - p)))
		return 0;
	return (long)(b + 2 - p);
}

/* past the k-th newline from p, or NULL */
static const char *after_newlines(const char *p, const char *end, size_t k)
{
	while (k--) {
		p = memchr(p, '\n', (size_t)(end - p));
		if (!p)
			return NULL;
		p++;
	}
	return p;
}

static int mirror_map(struct kj_table *t, size_t col, const char *old, size_t oldlen,
		      const char *red, size_t redlen, bool apply)
{
	const char *o = old, *oe = old + oldlen, *n = red, *ne = red + redlen;
	size_t r, rows = kj_table_rows(t);
	/* nothing replaced: the old lines are all there is to check */
	bool same = red == old && redlen == oldlen && !apply;

	for (r = 0; r < rows; r++) {
		size_t tl, pl, nl, k = 1;
		const char *txt = kj_table_str(t, r, col, &tl), *q, *next;
		long p = line_prefix(o, oe);

		if (!txt || p < 0)
			return -1;
		pl = (size_t)p;
		/* the prefix, the text (which may hold newlines), a newline */
		if ((size_t)(oe - o) < pl + tl + 1 || memcmp(o + pl, txt, tl) || o[pl + tl] != '\n')
			return -1;
		if (same) {
			o += pl + tl + 1;
			continue;
		}
		/* redaction keeps the prefix and every newline */
		if ((size_t)(ne - n) < pl || memcmp(n, o, pl))
			return -1;
		for (q = txt; (q = memchr(q, '\n', tl - (size_t)(q - txt))); q++)
			k++;
		next = after_newlines(n + pl, ne, k);
		if (!next)
			return -1;
		nl = (size_t)(next - 1 - (n + pl));
		if (apply && (nl != tl || memcmp(n + pl, txt, tl))) {
			kj_table_set_str(t, r, col, n + pl, nl);
			mirror_rows++;
		} else if (apply) {
			mirror_rows++;
		}
		o += pl + tl + 1;
		n = next;
	}
	/* a line past the last record counts once: then the rows are scanned */
	return o == oe && (same || n == ne) ? 0 : -1;
}

/* a kj_table's strings, as redact_tree() does those of the objects it stands for */
static void redact_table(struct kbug_redactor *rd, struct kj_table *t)
{
	struct strbuf out = STRBUF_INIT;
	size_t r, c, rows = kj_table_rows(t), ncol = kj_table_ncols(t);

	for (r = 0; r < rows; r++) {
		for (c = 0; c < ncol; c++) {
			size_t len;
			const char *s = kj_table_str(t, r, c, &len);

			if (!s)
				continue;
			strbuf_reset(&out);
			if (redact_text_hits(rd, s, len, &out))
				kj_table_set_str(t, r, c, out.buf, out.len);
		}
	}
	strbuf_release(&out);
}

static void redact_tree(struct kbug_redactor *rd, struct json_object *v, int depth)
{
	struct strbuf out = STRBUF_INIT;
	size_t i, n;

	if (!v || depth > 64)
		return;
	switch (json_object_get_type(v)) {
	case json_type_string:
		if (redact_text_hits(rd, json_object_get_string(v),
				     (size_t)json_object_get_string_len(v), &out))
			json_object_set_string_len(v, out.buf, (int)out.len);
		break;
	case json_type_object: {
		json_object_object_foreach(v, key, val) {
			(void)key;
			redact_tree(rd, val, depth + 1);
		}
		break;
	}
	case json_type_array:
		if (kj_table_of(v)) {
			if (!redact_skipped(rd, kj_table_of(v)))
				redact_table(rd, kj_table_of(v));
			break;
		}
		n = json_object_array_length(v);
		for (i = 0; i < n; i++)
			redact_tree(rd, json_object_array_get_idx(v, i), depth + 1);
		break;
	default:
		break;
	}
	strbuf_release(&out);
}

/*
 * The serials the kernel logged ("SerialNumber: XYZ") become known values
 * first, so that XYZ is replaced wherever else it stands, too.
 */
static void redact_harvest_text(struct kbug_redactor *rd, const char *s, size_t len)
{
	static const char tag[] = "SerialNumber: ";
	const size_t tlen = sizeof(tag) - 1;
	const char *p = s, *end = s + len;

	/*
	 * By the tag's ':' (rare in a config, where 'S' starts every other
	 * option), then the rest around it; memmem() would set up its search
	 * anew for every string. The tag cannot overlap itself.
	 */
	while (end - p >= (ptrdiff_t)tlen) {
		const char *colon = memchr(p + tlen - 2, ':', (size_t)(end - p - tlen + 1));
		size_t skip = 0, n;

		if (!colon)
			break;
		p = colon - (tlen - 2);
		if (memcmp(p, tag, tlen)) {
			p = colon - (tlen - 2) + 1;
			continue;
		}
		n = match_usb_serial(p, (size_t)(end - p), s, &skip);

		if (n) {
			char *v = strndup(p + skip, n - skip);

			if (v)
				kbug_redactor_add_literal(rd, REDACT_USB_SERIAL, v);
			free(v);
		}
		p += tlen;
	}
}

static void redact_harvest_table(struct kbug_redactor *rd, const struct kj_table *t)
{
	size_t r, c, rows = kj_table_rows(t), ncol = kj_table_ncols(t);

	for (c = 0; c < ncol; c++) {
		if (kj_table_col(t, c)->type != KJ_COL_STR)
			continue;
		for (r = 0; r < rows; r++) {
			size_t len;
			const char *s = kj_table_str(t, r, c, &len);

			if (s)
				redact_harvest_text(rd, s, len);
		}
	}
}

static void redact_harvest_tree(struct kbug_redactor *rd, struct json_object *v, int depth)
{
	size_t i, n;

	if (!v || depth > 64)
		return;
	switch (json_object_get_type(v)) {
	case json_type_string:
		redact_harvest_text(rd, json_object_get_string(v),
				    (size_t)json_object_get_string_len(v));
		break;
	case json_type_object: {
		json_object_object_foreach(v, key, val) {
			(void)key;
			redact_harvest_tree(rd, val, depth + 1);
		}
		break;
	}
	case json_type_array:
		if (kj_table_of(v)) {
			redact_harvest_table(rd, kj_table_of(v));
			break;
		}
		n = json_object_array_length(v);
		for (i = 0; i < n; i++)
			redact_harvest_tree(rd, json_object_array_get_idx(v, i), depth + 1);
		break;
	default:
		break;
	}
}

static void redact_known_fields(struct kbug_redactor *rd, struct kbug_report *r)
{
	static const char *const dmi_serials[] = {
		"product_serial", "board_serial", "chassis_serial", "board_asset_tag",
		"chassis_asset_tag",
	};
	struct json_object *dmi = kbug_report_get(r, "dmi");
	struct json_object *usb = kbug_report_get(r, "usb");
	size_t i, n;

	for (i = 0; dmi && i < ARRAY_SIZE(dmi_serials); i++)
		kbug_redactor_add_literal(rd, REDACT_SERIAL, kj_get_str(dmi, dmi_serials[i]));
	if (dmi)
		kbug_redactor_add_literal(rd, REDACT_UUID, kj_get_str(dmi, "product_uuid"));
	n = usb && json_object_is_type(usb, json_type_array) ? json_object_array_length(usb) : 0;
	for (i = 0; i < n; i++)
		kbug_redactor_add_literal(rd, REDACT_USB_SERIAL,
					  kj_get_str(json_object_array_get_idx(usb, i), "serial"));
	redact_harvest_tree(rd, r->root, 0);
	for (i = 0; i < r->att_nr; i++)
		redact_harvest_text(rd, r->att[i].data, r->att[i].len);
}

static void redact_record(struct kbug_redactor *rd, struct kbug_report *r)
{
	struct json_object *list = kbug_report_get(r, "redactions");
	size_t prev[REDACT_NR_KINDS] = { 0 };
	size_t i, n;
	int k;

	n = list && json_object_is_type(list, json_type_array) ? json_object_array_length(list) : 0;
	for (i = 0; i < n; i++) {
		struct json_object *e = json_object_array_get_idx(list, i);
		const char *name = kj_get_str(e, "kind");

		for (k = 0; name && k < REDACT_NR_KINDS; k++)
			if (!strcmp(name, kind_names[k]))
				prev[k] = (size_t)kj_get_int(e, "count", 0);
	}
	list = json_object_new_array();
	for (k = 0; k < REDACT_NR_KINDS; k++) {
		size_t total = prev[k] + rd->count[k];
		struct json_object *e;

		if (!total)
			continue;
		e = json_object_new_object();
		kj_set_str(e, "kind", kind_names[k]);
		kj_set_int(e, "count", (int64_t)total);
		kj_append(list, e);
	}
	kbug_report_set(r, "redactions", list);
}

/* the table attachment a repeats, if the tree walk left it to a */
static struct kj_table *mirror_of(const struct kbug_redactor *rd,
				  const struct kbug_attachment *a)
{
	struct kj_table *t = kj_table_of(a->lines_of);

	return t && redact_skipped(rd, t) && a->lines_col < kj_table_ncols(t) &&
	       kj_table_col(t, a->lines_col)->type == KJ_COL_STR ? t : NULL;
}

/* An attachment, and the table it repeats (if any) through it. */
static void redact_attachment(struct kbug_redactor *rd, struct kbug_attachment *a)
{
	struct kj_table *t = mirror_of(rd, a);
	struct strbuf out = STRBUF_INIT;
	size_t before[REDACT_NR_KINDS], k;
	const char *red = a->data;
	size_t redlen = a->len;

	memcpy(before, rd->count, sizeof(before));
	if (redact_text_hits(rd, a->data, a->len, &out)) {
		red = out.buf;
		redlen = out.len;
	}
	if (t && !mirror_map(t, a->lines_col, a->data, a->len, red, redlen, false)) {
		if (red != a->data)
			mirror_map(t, a->lines_col, a->data, a->len, red, redlen, true);
		else
			mirror_rows += kj_table_rows(t);	/* each the same as its line */
		/* the records' own replacements, as if they had been scanned */
		for (k = 0; k < REDACT_NR_KINDS; k++)
			rd->count[k] += rd->count[k] - before[k];
	} else if (t) {
		redact_table(rd, t);	/* the lines were not what they should be */
	}
	if (red != a->data) {
		free(a->data);
		a->data = strbuf_detach(&out, &a->len);
	}
	strbuf_release(&out);
}

/* A redactor with the report's key, this machine's values and the report's own. */
static struct kbug_redactor *report_redactor(struct kbug_report *r)
{
	struct kbug_redactor *rd = kbug_redactor_new(r->redact_key);

	if (rd) {
		kbug_redactor_add_machine(rd);
		redact_known_fields(rd, r);
	}
	return rd;
}

int kbug_report_redact(struct kbug_report *r)
{
	struct kbug_redactor *rd;
	size_t i;

	if (!r->redact)
		return 0;
	rd = report_redactor(r);
	if (!rd)
		return -ENOMEM;
	for (i = 0; i < r->att_nr && rd->skip_nr < REDACT_MAX_MIRRORS; i++)
		if (kj_table_of(r->att[i].lines_of))
			rd->skip[rd->skip_nr++] = kj_table_of(r->att[i].lines_of);
	json_object_object_foreach(r->root, key, val) {
		if (!strcmp(key, "redactions") || !strcmp(key, "schema"))
			continue;
		redact_tree(rd, val, 0);
	}
	for (i = 0; i < r->att_nr; i++)
		redact_attachment(rd, &r->att[i]);
	redact_record(rd, r);
	kbug_redactor_free(rd);
	return 0;
}

int kbug_report_redact_section(struct kbug_report *r, const char *name)
{
	struct json_object *val = kbug_report_get(r, name);
	struct kbug_redactor *rd;

	if (!r->redact || !val)
		return 0;
	rd = report_redactor(r);
	if (!rd)
		return -ENOMEM;
	redact_tree(rd, val, 0);
	redact_record(rd, r);
	kbug_redactor_free(rd);
	return 0;
}
