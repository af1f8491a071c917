// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Redaction: identifiers out of every string of the report and every
 * attachment. A value becomes "[kind-xxxxxx]", where xxxxxx comes from a
 * keyed PRF (SipHash-2-4) under the report's random key: the same value
 * reads the same everywhere in one report, and the placeholders of two
 * reports cannot be linked, nor a guessed value checked, without the
 * key, which is never stored.
 *
 * What is replaced, each by the printed structure it is found in (the
 * comment of each matcher names it; tests/redact/corpus.txt holds real
 * lines of each, make redact-score scores them):
 * - by shape: MAC addresses (xx:xx.., xx-xx.., Cisco's xxxx.xxxx.xxxx,
 *   after a label such as "MAC:", the two addresses of a netfilter
 *   "MAC=dst:src:type" header), IPv4 and IPv6 addresses (also in
 *   systemd's per-connection unit names and EC2's "ip-10-0-0-1" host
 *   names), UUIDs (also glued to "luks-" and with systemd's "\x2d"
 *   escapes; FAT volume ids and MBR PARTUUIDs after "UUID="/"PARTUUID="),
 *   systemd's machine and boot ids (32 lowercase hex digits), e-mail
 *   addresses (a self-built kernel's "user@host" in /proc/version), the
 *   NAME of /home/NAME and /Users/NAME;
 * - after the tag that prints them: wireless network names
 *   (wpa_supplicant, NetworkManager, iw, iwconfig), disk serials
 *   (smartctl, hdparm -I, nvme id-ctrl, sginfo, udev's ID_SERIAL_SHORT
 *   and by-id names), USB serials ("SerialNumber: ");
 * - by value: host and user names, DMI and USB serials (this machine's,
 *   and the report's own DMI and USB fields), wherever they stand as
 *   whole words.
 *
 * What stays, on purpose, because it identifies nobody and triagers need
 * it: loopback, "this network", multicast, broadcast and netmask quads
 * (127/8, 0/8, 224/3, 255.x) and ::1, ::, ff00::/8; the all-zero and
 * all-ones MACs (netfilter's loopback header, a broadcast destination),
 * and the EtherType after a netfilter header; a dotted quad that is part
 * of a version ("6.12.0.1-amd64", "linux-1.2.3.4") or follows a word
 * such as "version", "fw", "firmware", "rev", "bios"; PCI slots
 * ("0000:00:1f.3"), vendor:device pairs, times, kernel addresses
 * ("ffff888004fab1858"), function offsets, hex and register dumps
 * (their words are never 32 digits long), USB port paths ("1-1.2:1.0");
 * public GUIDs (UEFI variables, GPT partition types) and the all-zero
 * UUID and id; the build addresses of distributions ("buildd@...",
 * "mockbuild@...", "debian-kernel@lists.debian.org"), public list
 * addresses ("...@vger.kernel.org"), an author's address in a copyright
 * notice the kernel prints, systemd's template units ("user@1000.service")
 * and devicetree nodes ("memory@80000000"), which look like addresses;
 * default host names ("localhost", "debian"), root and nobody, and
 * firmware filler ("To be filled by O.E.M."). Real addresses, private
 * ranges included, are replaced. A host or user name is replaced only as
 * a whole word (letters, digits, '_' and '-' bound it), so host "vm"
 * leaves "kvm-clock" alone.
 *
 * One scan of the text finds every kind at once (a text that had
 * replacements is scanned once more, see redact_text_hits): at each
 * place where a word starts (and at each '@', for the address around
 * it) the known values are tried, then the shapes, each of which gives
 * up at its first bytes when the text cannot be its kind.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "util/json.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/path.h"
#include "util/strbuf.h"
#include "core/redact.h"
#include "core/report.h"

#define REDACT_MAX_LITERALS 4096
#define REDACT_MAX_PASSES 16
#define REDACT_MAX_USB 512

struct redact_literal {
	enum kbug_redact_kind kind;
	char *value;
	size_t len;
};

struct kbug_redactor {
	unsigned char key[16];
	struct redact_literal *lit;	/* by first letter (folded), longest first */
	size_t lit_nr, lit_alloc;
	bool lit_sorted;
	size_t lit_start[256], lit_end[256];	/* lit[start..end) begin with letter c */
	size_t count[REDACT_NR_KINDS];
	bool keep_email;	/* in a section of public or chosen addresses */
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
	[REDACT_SSID] = "ssid",
	[REDACT_EMAIL] = "email",
	[REDACT_MACHINE_ID] = "machine-id",
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

struct kbug_redactor *kbug_redactor_new(const unsigned char key[16])
{
	struct kbug_redactor *rd = calloc(1, sizeof(*rd));

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

static void literals_sort(struct kbug_redactor *rd)
{
	size_t i;

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
	DIR *d = kbug_path_opendir("/sys/bus/usb/devices");
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

void kbug_redact_placeholder(const struct kbug_redactor *rd, enum kbug_redact_kind kind,
			     const char *v, size_t len, struct strbuf *out)
{
	unsigned char buf[512];
	size_t n, i;

	if (kind >= REDACT_NR_KINDS)
		return;
	/*
	 * One value, one placeholder, however printed: "AA:BB", "aa-bb" and
	 * "aabb.cc.." are one MAC, "ip-10-0-0-1" is 10.0.0.1, systemd's
	 * "\x2d" a UUID's '-'; "Laptop" and "laptop" are one host.
	 */
	buf[0] = (unsigned char)kind;
	for (i = 0, n = 1; i < len && n < sizeof(buf); i++) {
		unsigned char c = (unsigned char)v[i];

		if (kind == REDACT_MAC && !isxdigit(c))
			continue;
		if (kind == REDACT_IPV4 && c == '-')
			c = '.';
		if (kind == REDACT_UUID && c == '\\' && i + 3 < len && !memcmp(v + i, "\\x2d", 4)) {
			c = '-';
			i += 3;
		}
		buf[n++] = (unsigned char)(kind_folds_case(kind) ? tolower(c) : c);
	}
	strbuf_addf(out, "[%s-%06llx]", kind_names[kind],
		    (unsigned long long)(kbug_siphash24(rd->key, buf, n) & 0xffffff));
}

static void redact_placeholder(struct kbug_redactor *rd, enum kbug_redact_kind kind,
			       const char *v, size_t len, struct strbuf *out)
{
	kbug_redact_placeholder(rd, kind, v, len, out);
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

/* The tag at s, or false: tags are compared as they are printed, case and all. */
static bool tag_at(const char *s, size_t len, const char *tag, size_t tlen)
{
	return len > tlen && !memcmp(s, tag, tlen);
}

/* The end of the line that starts at s + i, without its trailing blanks. */
static size_t line_value_end(const char *s, size_t len, size_t i, size_t max)
{
	size_t e = i;

	while (e < len && s[e] != '\n' && s[e] != '\r' && e < i + max)
		e++;
	while (e > i && isblank((unsigned char)s[e - 1]))
		e--;
	return e;
}

/*
 * Six hex octets at s, separated by sep (the %pM of printk, ip link):
 * true when they are all there, in 17 bytes.
 */
static bool mac_octets(const char *s, size_t len, char sep, int n)
{
	int i;

	if (len < (size_t)(3 * n - 1))
		return false;
	for (i = 0; i < n; i++) {
		const char *g = s + i * 3;

		if (!is_hex((unsigned char)g[0]) || !is_hex((unsigned char)g[1]) ||
		    (i < n - 1 && g[2] != sep))
			return false;
	}
	return true;
}

/*
 * netfilter's LOG target (net/netfilter/nf_log_syslog.c, dump_mac_header)
 * prints an Ethernet header as "MAC=" and its 14 bytes: the destination,
 * the source and the EtherType, one "xx:" run. h is at "MAC="; true when
 * the whole header is there.
 */
static bool nf_mac_header(const char *h, const char *end)
{
	return end - h >= 4 + 41 && !memcmp(h, "MAC=", 4) && mac_octets(h + 4, 41, ':', 14) &&
	       (end - h == 4 + 41 || !is_hex((unsigned char)h[45]));
}

/*
 * What may stand right before a MAC: not a hex digit or ':' of a longer
 * run, but a label may end in ':' ("MAC:aa:...", "bssid:aa:..."): a word
 * with a letter that is no hex digit.
 */
static bool mac_may_follow(const char *s, const char *start)
{
	const char *w = s - 1;
	bool label = false;

	if (s == start || (!is_hex((unsigned char)s[-1]) && s[-1] != ':'))
		return true;
	if (s[-1] != ':')
		return false;
	while (w > start && (isalnum((unsigned char)w[-1]) || w[-1] == '_') && s - w < 32) {
		w--;
		label |= isalpha((unsigned char)*w) && !is_hex((unsigned char)*w);
	}
	return label;
}

/*
 * xx:xx:xx:xx:xx:xx (or with '-'), not all zero or all ones; the first
 * two addresses of a netfilter "MAC=" header, whose EtherType stays.
 */
static size_t match_mac(const char *s, size_t len, const char *start, size_t *skip)
{
	const char *end = s + len;
	bool nf;
	char sep;

	if (len < 17 || !is_hex((unsigned char)s[0]))
		return 0;
	nf = (s - start >= 4 && nf_mac_header(s - 4, end)) ||
	     (s - start >= 22 && nf_mac_header(s - 22, end));
	if (!nf && !mac_may_follow(s, start))
		return 0;
	sep = s[2];
	if ((sep != ':' && sep != '-') || !mac_octets(s, len, sep, 6))
		return 0;
	if (!nf && len > 17 && (is_word((unsigned char)s[17]) || s[17] == sep))
		return 0;
	if (!strncmp(s, "00:00:00:00:00:00", 17) || !strncasecmp(s, "ff:ff:ff:ff:ff:ff", 17) ||
	    !strncmp(s, "00-00-00-00-00-00", 17) || !strncasecmp(s, "ff-ff-ff-ff-ff-ff", 17))
		return 0;
	return 17;
}

static bool after_version_word(const char *s, const char *start);

/*
 * Cisco's dotted MAC, xxxx.xxxx.xxxx (IOS and NX-OS logs and tables,
 * pasted with a network problem): three groups of four hex digits.
 */
static size_t match_mac_dotted(const char *s, size_t len, const char *start, size_t *skip)
{
	size_t i;

	if (len < 14 || !is_hex((unsigned char)s[0]) || s[4] != '.' || s[9] != '.' ||
	    (s > start && (is_word((unsigned char)s[-1]) || s[-1] == '.' || s[-1] == ':')))
		return 0;
	for (i = 0; i < 14; i++)
		if (i != 4 && i != 9 && !is_hex((unsigned char)s[i]))
			return 0;
	if (len > 14 && (is_word((unsigned char)s[14]) ||
			 (s[14] == '.' && len > 15 && isalnum((unsigned char)s[15]))))
		return 0;
	if (!strncmp(s, "0000.0000.0000", 14) || !strncasecmp(s, "ffff.ffff.ffff", 14) ||
	    after_version_word(s, start))
		return 0;
	return 14;
}

/* UUIDs that are public constants: the UEFI spec's and the partition types'. */
static const char *const public_guids[] = {
	"8be4df61-93ca-11d2-aa0d-00e098032b8c",	/* EFI_GLOBAL_VARIABLE */
	"d719b2cb-3d3a-4596-a3bc-dad00e67656f",	/* EFI_IMAGE_SECURITY_DATABASE */
	"605dab50-e046-4300-abb6-3dd810dd8b23",	/* shim's variables */
	"4a67b082-0a4c-41cf-b6c7-440b29bb8c4f",	/* systemd-boot's LoaderInfo */
	"c12a7328-f81f-11d2-ba4b-00a0c93ec93b",	/* GPT: EFI system partition */
	"21686148-6449-6e6f-744e-656564454649",	/* GPT: BIOS boot */
	"0fc63daf-8483-4772-8e79-3d69d8477de4",	/* GPT: Linux file system */
	"4f68bce3-e8cd-4db1-96e7-fbcaf984b709",	/* GPT: root, x86-64 */
	"0657fd6d-a4ab-43c4-84e5-0933c84b4f4f",	/* GPT: swap */
	"e6d6d379-f507-44c2-a23c-238f2a3df928",	/* GPT: LVM */
	"a19d880f-05fc-4d3b-a006-743f0f84911e",	/* GPT: RAID */
	"ebd0a0a2-b9e5-4433-87c0-68b6b72699c7",	/* GPT: basic data */
	"00000000-0000-0000-0000-000000000000",
};

/* One '-' of a UUID, or systemd's escape of it in unit names ("\x2d"): its length. */
static size_t uuid_dash(const char *s, size_t len)
{
	if (len >= 1 && s[0] == '-')
		return 1;
	return len >= 4 && !memcmp(s, "\\x2d", 4) ? 4 : 0;
}

/*
 * 8-4-4-4-12 hex digits: machine, partition and file-system UUIDs. The
 * dm-crypt names of distributions glue them to a word ("luks-UUID"), and
 * systemd escapes their '-' in unit names ("dev-disk-by\x2duuid-4ef2\x2d...").
 */
static size_t match_uuid(const char *s, size_t len, const char *start, size_t *skip)
{
	static const int groups[] = { 8, 4, 4, 4, 12 };
	size_t i = 0, g, d;
	char canon[37];

	/* "luks\x2dUUID": the escape glues it to the word before */
	if (tag_at(s, len, "\\x2d", 4) && len > 4 && is_hex((unsigned char)s[4])) {
		*skip = 4;
		s += 4;
		len -= 4;
	} else if (len < 36 || !is_hex((unsigned char)s[0]) ||
		   (s > start && is_word((unsigned char)s[-1]) && s[-1] != '-' &&
		    !(s - start >= 4 && !memcmp(s - 4, "\\x2d", 4)))) {
		return 0;
	}
	if (len < 36)
		return 0;
	for (g = 0; g < ARRAY_SIZE(groups); g++) {
		for (d = 0; d < (size_t)groups[g]; d++, i++)
			if (i >= len || !is_hex((unsigned char)s[i]))
				return 0;
		if (g < 4) {
			size_t n = uuid_dash(s + i, len - i);

			if (!n)
				return 0;
			i += n;
		}
	}
	if (i < len && is_word((unsigned char)s[i]))
		return 0;
	/* the value without systemd's escapes, to compare */
	for (g = 0, d = 0; g < i && d < 36; g++) {
		canon[d++] = s[g] == '\\' ? '-' : (char)tolower((unsigned char)s[g]);
		if (s[g] == '\\')
			g += 3;
	}
	canon[d] = '\0';
	for (g = 0; g < ARRAY_SIZE(public_guids); g++)
		if (!strcmp(canon, public_guids[g]))
			return 0;
	return *skip + i;
}

/*
 * The value after "UUID=" or "PARTUUID=" (blkid, fstab, the kernel's
 * root=, udev's ID_FS_UUID=), quoted or not, when it is no 8-4-4-4-12
 * UUID (those are match_uuid's): a FAT volume id ("99A5-0C93"), an MBR
 * disk signature and partition ("9bdf7ac1-02").
 */
static size_t match_tagged_uuid(const char *s, size_t len, const char *start, size_t *skip)
{
	size_t t, i, hex = 0;
	bool zero = true;

	if (s[0] != 'U' && s[0] != 'P')
		return 0;
	if (tag_at(s, len, "UUID=", 5))
		t = 5;
	else if (tag_at(s, len, "PARTUUID=", 9))
		t = 9;
	else
		return 0;
	if (s > start && isalnum((unsigned char)s[-1]))
		return 0;
	if (t < len && s[t] == '"')
		t++;
	for (i = t; i < len && (is_hex((unsigned char)s[i]) || s[i] == '-') && i < t + 36; i++) {
		hex += s[i] != '-';
		zero &= s[i] == '0' || s[i] == '-';
	}
	if (hex < 8 || i - t == 36 || (i < len && is_word((unsigned char)s[i])) || zero)
		return 0;
	*skip = t;
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

/*
 * The number of a socket-activated unit before an address: systemd names
 * a per-connection service "sshd@N-LOCAL:PORT-REMOTE:PORT.service"
 * (src/core/socket.c, instance_from_socket), so an address after "@N-"
 * or ":PORT-" is one.
 */
static bool after_unit_instance(const char *s, const char *start)
{
	const char *d = s;

	while (d > start && isdigit((unsigned char)d[-1]) && s - d < 8)
		d--;
	return d < s && d > start && (d[-1] == '@' || d[-1] == ':');
}

/*
 * Four decimal octets of 0-255 with sep between them, at s: their length,
 * 0 for none; the octets in oct.
 */
static size_t quad_at(const char *s, size_t len, char sep, unsigned int oct[4])
{
	size_t i = 0;
	int part;

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
			if (i >= len || s[i] != sep)
				return 0;
			i++;
		}
	}
	return i;
}

/* Loopback, "this network", multicast, broadcast and netmasks identify nobody. */
static bool ipv4_harmless(const unsigned int oct[4])
{
	return oct[0] == 127 || oct[0] == 0 || oct[0] >= 224;
}

/* A dotted quad of 0-255, not part of a version ("6.12.0.1-amd64", "fw 1.2.3.4"). */
static size_t match_ipv4(const char *s, size_t len, const char *start, size_t *skip)
{
	unsigned int oct[4];
	size_t i;

	if (!isdigit((unsigned char)s[0]))
		return 0;
	if (s > start && (isalnum((unsigned char)s[-1]) || strchr(".-_+~", s[-1])) &&
	    !(s[-1] == '-' && after_unit_instance(s - 1, start)))
		return 0;
	i = quad_at(s, len, '.', oct);
	if (!i)
		return 0;
	if (i < len && (isalnum((unsigned char)s[i]) || strchr("-_+~", s[i]) ||
			(s[i] == '.' && i + 1 < len && isalnum((unsigned char)s[i + 1]))))
		return 0;
	if (ipv4_harmless(oct) || after_version_word(s, start))
		return 0;
	return i;
}

/*
 * EC2's host names carry the private address with '-' for '.':
 * "ip-10-0-12-34" (".REGION.compute.internal"); the address is replaced.
 */
static size_t match_ip_host(const char *s, size_t len, const char *start, size_t *skip)
{
	unsigned int oct[4];
	size_t i;

	if (s[0] != 'i' || !tag_at(s, len, "ip-", 3) ||
	    (s > start && is_word((unsigned char)s[-1])))
		return 0;
	i = quad_at(s + 3, len - 3, '-', oct);
	if (!i || (3 + i < len && is_word((unsigned char)s[3 + i])) || ipv4_harmless(oct))
		return 0;
	*skip = 3;
	return 3 + i;
}

/* An IPv6 address: 8 groups, or fewer with one "::"; not ::1, ::, or multicast (ff00::/8). */
static size_t match_ipv6(const char *s, size_t len, const char *start, size_t *skip)
{
	size_t i = 0, groups = 0, best = 0;
	bool dbl = false;

	if (!is_hex((unsigned char)s[0]) && s[0] != ':')
		return 0;
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
	/* multicast: ff02::1 and its kind name a group, not a host */
	if (i > 2 && tolower((unsigned char)s[0]) == 'f' && tolower((unsigned char)s[1]) == 'f' &&
	    (s[2] == ':' || (is_hex((unsigned char)s[2]) && s[3] == ':') ||
	     (is_hex((unsigned char)s[2]) && is_hex((unsigned char)s[3]) && s[4] == ':')))
		return 0;
	return i;
}

/* /home/NAME (Linux) and /Users/NAME (a macOS host's paths in a guest's log): the NAME. */
static size_t match_home(const char *s, size_t len, const char *start, size_t *skip)
{
	size_t t, i;

	if (s[0] != '/')
		return 0;
	if (tag_at(s, len, "/home/", 6))
		t = 6;
	else if (tag_at(s, len, "/Users/", 7))
		t = 7;
	else
		return 0;
	if (s > start && is_word((unsigned char)s[-1]))
		return 0;
	for (i = t; i < len && (is_word((unsigned char)s[i]) || s[i] == '.') && i < t + 64; i++)
		;
	if (i == t || s[t] == '[' || i - t == 1)
		return 0;
	*skip = t;
	return i;
}

/* The kernel's "usb 1-1: SerialNumber: XYZ" (drivers/usb/core/hub.c): XYZ up to the line end. */
static size_t match_usb_serial(const char *s, size_t len, const char *start, size_t *skip)
{
	static const char tag[] = "SerialNumber: ";
	size_t t = sizeof(tag) - 1, i;

	if (len <= t || memcmp(s, tag, t) ||
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

/* A serial found after its tag: not empty, no placeholder, no firmware filler. */
static size_t serial_value(const char *s, size_t t, size_t e, size_t *skip)
{
	char v[64];

	if (e <= t || s[t] == '[' || e - t >= sizeof(v))
		return 0;
	memcpy(v, s + t, e - t);
	v[e - t] = '\0';
	if (redact_harmless(v))
		return 0;
	*skip = t;
	return e;
}

/*
 * A disk's serial number in the identify output of the tools a user
 * pastes: smartctl and hdparm -I print the ATA IDENTIFY and SCSI INQUIRY
 * serial as "Serial Number:    XYZ" ("Serial number:" for SCSI), to the
 * line end; sginfo quotes it ("Serial Number 'XYZ'"); smartctl -j has
 * "serial_number": "XYZ"; udev's ata_id/scsi_id export ID_SERIAL_SHORT=.
 */
static size_t match_disk_serial(const char *s, size_t len, const char *start, size_t *skip)
{
	size_t t, e;

	if (s[0] != 'S' && s[0] != '"' && s[0] != 'I')
		return 0;
	if (s > start && isalnum((unsigned char)s[-1]))
		return 0;
	if (tag_at(s, len, "Serial Number:", 14) || tag_at(s, len, "Serial number:", 14)) {
		for (t = 14; t < len && isblank((unsigned char)s[t]); t++)
			;
		return serial_value(s, t, line_value_end(s, len, t, 64), skip);
	}
	if (tag_at(s, len, "Serial Number '", 15)) {
		for (e = 15; e < len && s[e] != '\'' && s[e] != '\n' && e < 15 + 64; e++)
			;
		return e < len && s[e] == '\'' ? serial_value(s, 15, e, skip) : 0;
	}
	if (tag_at(s, len, "\"serial_number\": \"", 18)) {
		for (e = 18; e < len && s[e] != '"' && s[e] != '\n' && e < 18 + 64; e++)
			;
		return serial_value(s, 18, e, skip);
	}
	if (tag_at(s, len, "ID_SERIAL_SHORT=", 16) || tag_at(s, len, "ID_SCSI_SERIAL=", 15)) {
		t = s[3] == 'S' && s[4] == 'C' ? 15 : 16;
		for (e = t; e < len && !isspace((unsigned char)s[e]) && s[e] != '"' && e < t + 64;
		     e++)
			;
		return serial_value(s, t, e, skip);
	}
	return 0;
}

/*
 * nvme-cli's id-ctrl prints the controller's serial as "sn : XYZ" at the
 * start of a line (NVMe Identify Controller, bytes 4-23).
 */
static size_t match_nvme_sn(const char *s, size_t len, const char *start, size_t *skip)
{
	size_t t = 2;

	if (s[0] != 's' || len < 6 || s[1] != 'n' || (s > start && s[-1] != '\n'))
		return 0;
	while (t < len && s[t] == ' ' && t < 16)
		t++;
	if (t + 2 > len || s[t] != ':' || s[t + 1] != ' ')
		return 0;
	return serial_value(s, t + 2, line_value_end(s, len, t + 2, 64), skip);
}

/*
 * udev's persistent names (60-persistent-storage.rules): by-id/ata-,
 * nvme-, scsi-S... and usb- followed by ID_SERIAL, which is MODEL_SERIAL
 * with blanks made '_': the serial is after the last '_', before a
 * "-partN" (or "-0:0" of a USB disk).
 */
static size_t match_by_id(const char *s, size_t len, const char *start, size_t *skip)
{
	size_t t, i, us = 0, e;

	if (s[0] != 'a' && s[0] != 'n' && s[0] != 's' && s[0] != 'u')
		return 0;
	if (tag_at(s, len, "ata-", 4) || tag_at(s, len, "usb-", 4))
		t = 4;
	else if (tag_at(s, len, "nvme-", 5) || tag_at(s, len, "scsi-S", 6))
		t = 5;
	else
		return 0;
	if (s > start && s[-1] != '/' && !isspace((unsigned char)s[-1]) && s[-1] != '=')
		return 0;
	for (i = t; i < len && (isalnum((unsigned char)s[i]) || strchr("_-.", s[i])) && i < 160;
	     i++)
		if (s[i] == '_')
			us = i;
	if (!us || us + 1 >= i)
		return 0;
	e = i;
	/* "-part3"; a USB disk's "-0:0" (its LUN) */
	for (i = e; i > us + 1 && isdigit((unsigned char)s[i - 1]); i--)
		;
	if (i < e && i - 5 > us && !memcmp(s + i - 5, "-part", 5))
		e = i - 5;
	else if (i < e && e < len && s[e] == ':' && i - 1 > us && s[i - 1] == '-')
		e = i - 1;
	if (e - us - 1 < 4)
		return 0;
	return serial_value(s, us + 1, e, skip);
}

/*
 * A wireless network's name after the tags that print it: wpa_supplicant's
 * "(SSID='NAME' freq=...)", "Trying to associate with SSID 'NAME'" and
 * "CTRL-EVENT-SSID-... ssid=\"NAME\""; NetworkManager's "Config: added
 * 'ssid' value 'NAME'", "Connected to wireless network \"NAME\"",
 * "(wifi) connection 'NAME'" and "(wifi) access point 'NAME'"; iwconfig's
 * ESSID:"NAME"; iw's "SSID: NAME" to the line end. An SSID is at most
 * 32 bytes, printed escaped (up to four bytes each).
 */
static size_t match_ssid(const char *s, size_t len, const char *start, size_t *skip)
{
	static const struct {
		const char *tag;
		char end;
	} tags[] = {
		{ "SSID='", '\'' }, { "SSID '", '\'' }, { "ssid=\"", '"' },
		{ "ESSID:\"", '"' }, { "'ssid' value '", '\'' },
		{ "wireless network \"", '"' }, { "wireless network '", '\'' },
		{ "(wifi) connection '", '\'' }, { "(wifi) access point '", '\'' },
		{ "SSID: ", '\n' },
	};
	size_t k, t, e;

	if (!strchr("SseEw'(", s[0]) || (s > start && isalnum((unsigned char)s[-1])))
		return 0;
	for (k = 0; k < ARRAY_SIZE(tags); k++) {
		t = strlen(tags[k].tag);
		if (!tag_at(s, len, tags[k].tag, t))
			continue;
		if (tags[k].end == '\n') {
			e = line_value_end(s, len, t, 128);
		} else {
			for (e = t; e < len && s[e] != tags[k].end && s[e] != '\n' && e < t + 128;
			     e++)
				;
			if (e >= len || s[e] != tags[k].end)
				return 0;
		}
		if (e == t || s[t] == '[')
			return 0;
		*skip = t;
		return e;
	}
	return 0;
}

/*
 * systemd's 128-bit ids as it prints them (SD_ID128_FORMAT_STR, 32
 * lowercase hex digits): the machine id (/etc/machine-id, the journal's
 * directory and _MACHINE_ID=, "Machine ID:", Clear Linux's "clr-ID" host
 * names) and the boot id (_BOOT_ID=, "Boot ID:"). Not after '@', where
 * it names a build container or a journal file's sequence, and not the
 * all-zero id.
 */
static size_t match_id128(const char *s, size_t len, const char *start, size_t *skip)
{
	size_t i;
	bool letter = false;

	if (len < 32 || (!isdigit((unsigned char)s[0]) && (s[0] < 'a' || s[0] > 'f')))
		return 0;
	if (s > start && (isalnum((unsigned char)s[-1]) || s[-1] == '@' || s[-1] == '_'))
		return 0;
	for (i = 0; i < 32; i++) {
		if (!isdigit((unsigned char)s[i]) && (s[i] < 'a' || s[i] > 'f'))
			return 0;
		letter |= !isdigit((unsigned char)s[i]);
	}
	if ((len > 32 && isalnum((unsigned char)s[32])) || !letter)
		return 0;
	return 32;
}

/*
 * Shapes, tried in this order where a word starts; first lists the bytes
 * a match can start with ("0-9", "a-f" and "A-F" stand for their ranges),
 * so that at most places no matcher is called at all.
 */
static const struct {
	enum kbug_redact_kind kind;
	shape_fn match;
	const char *first;
} shapes[] = {
	{ REDACT_MAC, match_mac, "0-9a-fA-F" },
	{ REDACT_UUID, match_uuid, "0-9a-fA-F\\" },
	{ REDACT_MACHINE_ID, match_id128, "0-9a-f" },
	{ REDACT_IPV4, match_ipv4, "0-9" },
	{ REDACT_IPV6, match_ipv6, "0-9a-fA-F:" },
	{ REDACT_MAC, match_mac_dotted, "0-9a-fA-F" },
	{ REDACT_UUID, match_tagged_uuid, "UP" },
	{ REDACT_IPV4, match_ip_host, "i" },
	{ REDACT_USER, match_home, "/" },
	{ REDACT_USB_SERIAL, match_usb_serial, "S" },
	{ REDACT_SERIAL, match_disk_serial, "S\"I" },
	{ REDACT_SERIAL, match_nvme_sn, "s" },
	{ REDACT_SERIAL, match_by_id, "ansu" },
	{ REDACT_SSID, match_ssid, "SseEw'(" },
};

/* For each byte, the shapes (bit k: shapes[k]) whose match can start with it. */
static unsigned int shape_first[256];
_Static_assert(ARRAY_SIZE(shapes) <= 32, "one bit a shape in shape_first");

static void shapes_index(void)
{
	size_t k;

	if (shape_first['0'])
		return;
	for (k = 0; k < ARRAY_SIZE(shapes); k++) {
		const char *f = shapes[k].first;

		while (*f) {
			int lo = (unsigned char)f[0], hi = lo, c;

			if (f[1] == '-' && f[2]) {
				hi = (unsigned char)f[2];
				f += 3;
			} else {
				f++;
			}
			for (c = lo; c <= hi; c++)
				shape_first[c] |= 1u << k;
		}
	}
}

/* Local parts of the build accounts of distributions, public by design. */
static const char *const builder_accounts[] = {
	"buildd", "mockbuild", "geeko", "abuild", "buildozer", "debian-kernel",
};

static bool email_char(int c)
{
	return isalnum(c) || (c && strchr("._%+-", c));
}

/*
 * An e-mail address around the '@' at in + at: a self-built kernel's
 * "Linux version ... (LINUX_COMPILE_BY@LINUX_COMPILE_HOST)" (init/version.c)
 * and any user@host.domain. Its start (not before lo) in *b, its end
 * returned, 0 for none. What stays: a distribution's build account
 * ("buildd@lcy02-amd64-051", "mockbuild@...") and public list hosts
 * ("lists.debian.org", "vger.kernel.org"); an author's address in a
 * copyright notice the kernel prints (drivers/pps/pps.c); root@localhost;
 * systemd's template units ("user@1000.service", "getty@tty1"), a
 * devicetree node ("memory@80000000"), a tty ("root@pts/0").
 */
static size_t email_at(const char *in, size_t at, size_t len, size_t lo, size_t *b)
{
	static const char *const unit_types[] = {
		".service", ".socket", ".target", ".mount", ".timer", ".slice", ".scope",
		".device", ".path", ".swap", ".automount",
	};
	char local[65], dom[254];
	size_t s = at, e = at + 1, k, tend, label = 0;
	bool letter = false;

	while (s > lo && email_char((unsigned char)in[s - 1]) && at - s < 64)
		s--;
	while (s < at && !isalnum((unsigned char)in[s]))
		s++;
	while (e < len && (isalnum((unsigned char)in[e]) || in[e] == '.' || in[e] == '-') &&
	       e - at < 253)
		e++;
	while (e > at + 1 && (in[e - 1] == '.' || in[e - 1] == '-'))
		e--;
	if (s == at || e == at + 1 || !isalnum((unsigned char)in[at + 1]) ||
	    (e < len && (in[e] == '/' || in[e] == '\\' || in[e] == '@')) ||
	    (s > 0 && in[s - 1] == '/'))
		return 0;
	/* the whole token: a unit's name goes on past an address ("sshd@3-ADDR:22-...") */
	for (tend = at; tend < len && !isspace((unsigned char)in[tend]) &&
	     !strchr("\"'()<>,;", in[tend]) && tend - at < 300; tend++)
		;
	while (tend > e && strchr(":.", in[tend - 1]))
		tend--;
	for (k = 0; k < ARRAY_SIZE(unit_types); k++) {
		size_t n = strlen(unit_types[k]);

		if (tend - at > n && !strncasecmp(in + tend - n, unit_types[k], n))
			return 0;
	}
	memcpy(local, in + s, at - s);
	local[at - s] = '\0';
	memcpy(dom, in + at + 1, e - at - 1);
	dom[e - at - 1] = '\0';
	/* a host name's labels have at most 63 bytes (RFC 1035): longer is a file's name */
	for (k = 0; dom[k]; k++) {
		letter |= isalpha((unsigned char)dom[k]) && !is_hex((unsigned char)dom[k]);
		label = dom[k] == '.' ? 0 : label + 1;
		if (label > 63)
			return 0;
	}
	if (!letter && !strchr(dom, '.'))
		return 0;
	for (k = 0; k < ARRAY_SIZE(builder_accounts); k++)
		if (!strcmp(local, builder_accounts[k]))
			return 0;
	/* a copyright notice names its author in public ("Copyright 2005 NAME <ADDR>") */
	for (k = s; k > 0 && in[k - 1] != '\n' && s - k < 256; k--)
		;
	if (memmem(in + k, s - k, "Copyright", 9) || memmem(in + k, s - k, "(C)", 3) ||
	    memmem(in + k, s - k, "(c)", 3))
		return 0;
	if (!strncasecmp(dom, "lists.", 6) || !strcasecmp(dom, "kernel.org") ||
	    (strlen(dom) > 11 && !strcasecmp(dom + strlen(dom) - 11, ".kernel.org")) ||
	    (redact_harmless(local) && redact_harmless(dom)))
		return 0;
	*b = s;
	return e;
}

static bool literal_at(const struct redact_literal *l, const char *s, size_t len,
		       const char *start)
{
	if (l->len > len)
		return false;
	if (kind_folds_case(l->kind) ? strncasecmp(s, l->value, l->len) :
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

/*
 * The known value or shape that starts at in + i, the longest known value
 * first, then the shapes in their order: the length of the match (0 for
 * none), its kind, and in *skip how much of it stays.
 */
static size_t match_at(const struct kbug_redactor *rd, const char *in, size_t i, size_t len,
		       enum kbug_redact_kind *kind, size_t *skip)
{
	unsigned char c = (unsigned char)tolower((unsigned char)in[i]);
	unsigned int mask;
	size_t k, n;

	*skip = 0;
	for (k = rd->lit_start[c]; k < rd->lit_end[c]; k++) {
		if (literal_at(&rd->lit[k], in + i, len - i, in)) {
			size_t at = i, b = 0;

			/* "alice@buildhost": the whole address, not the user alone */
			while (at < len && email_char((unsigned char)in[at]) && at - i < 64)
				at++;
			n = at < len && in[at] == '@' && !rd->keep_email ?
			    email_at(in, at, len, i, &b) : 0;
			if (n && b == i) {
				*kind = REDACT_EMAIL;
				return n - i;
			}
			*kind = rd->lit[k].kind;
			return rd->lit[k].len;
		}
	}
	for (k = 0, mask = shape_first[(unsigned char)in[i]]; mask; k++, mask >>= 1) {
		if (!(mask & 1))
			continue;
		*skip = 0;
		n = shapes[k].match(in + i, len - i, in, skip);
		if (n) {
			*kind = shapes[k].kind;
			return n;
		}
	}
	return 0;
}

/*
 * One pass over in[0..len): appends the text with its matches replaced to
 * out and returns the number of matches; with none, out is not touched.
 * Every matcher wants its match to start a word, so after a miss the pass
 * goes on past the rest of the word; the place right after a match (or an
 * earlier placeholder, which stays as it is) is tried whatever it is.
 */
static size_t redact_pass(struct kbug_redactor *rd, const char *in, size_t len,
			  struct strbuf *out)
{
	size_t i = 0, done = 0, hits = 0, n, skip;
	enum kbug_redact_kind kind;
	bool fresh = true;	/* at the start, or right after a match */

	while (i < len) {
		if (!fresh && isalnum((unsigned char)in[i]) && isalnum((unsigned char)in[i - 1])) {
			i++;
			continue;
		}
		fresh = true;
		n = placeholder_at(in + i, len - i);
		if (n) {
			i += n;
			continue;
		}
		/* an address is found at its '@', its user part behind it */
		if (in[i] == '@' && !rd->keep_email) {
			n = email_at(in, i, len, done, &skip);
			if (n) {
				strbuf_add(out, in + done, skip - done);
				redact_placeholder(rd, REDACT_EMAIL, in + skip, n - skip, out);
				hits++;
				i = n;
				done = n;
				continue;
			}
		}
		n = match_at(rd, in, i, len, &kind, &skip);
		if (n) {
			strbuf_add(out, in + done, i + skip - done);
			redact_placeholder(rd, kind, in + i + skip, n - skip, out);
			hits++;
			i += n;
			done = i;
			continue;
		}
		fresh = false;
		i++;
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
	shapes_index();
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

	while ((p = memmem(p, (size_t)(end - p), tag, tlen))) {
		size_t skip = 0, n = match_usb_serial(p, (size_t)(end - p), s, &skip);

		if (n) {
			char *v = strndup(p + skip, n - skip);

			if (v)
				kbug_redactor_add_literal(rd, REDACT_USB_SERIAL, v);
			free(v);
		}
		p += tlen;
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

/* An attachment's text, scanned as a string of the tree is. */
static void redact_attachment(struct kbug_redactor *rd, struct kbug_attachment *a)
{
	struct strbuf out = STRBUF_INIT;

	if (redact_text_hits(rd, a->data, a->len, &out)) {
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

/*
 * The sections whose e-mail addresses are the delivery's own: "route"
 * holds the maintainers and lists of the MAINTAINERS file (public, and
 * the message goes to them), "delivery" the sender the reporter chose
 * and the recipients. Their other identifiers are still replaced.
 */
static bool section_keeps_addresses(const char *name)
{
	return !strcmp(name, "route") || !strcmp(name, "delivery");
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
	json_object_object_foreach(r->root, key, val) {
		if (!strcmp(key, "redactions") || !strcmp(key, "schema"))
			continue;
		rd->keep_email = section_keeps_addresses(key);
		redact_tree(rd, val, 0);
		rd->keep_email = false;
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
	rd->keep_email = section_keeps_addresses(name);
	redact_tree(rd, val, 0);
	redact_record(rd, r);
	kbug_redactor_free(rd);
	return 0;
}

/* The exit filter: redaction once, where the report leaves kbug. */
int kbug_report_seal(struct kbug_report *r)
{
	if (r->sealed)
		return 0;
	if (kbug_report_redact(r) < 0) {
		ERR("redaction failed: nothing was written, shown or sent (--no-redact to skip it)");
		return -EIO;
	}
	r->sealed = true;
	return 0;
}
