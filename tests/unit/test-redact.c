// SPDX-License-Identifier: GPL-2.0-or-later
/* Redaction: each kind found and replaced, look-alikes kept, keyed placeholders. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/json.h"
#include "util/macro.h"
#include "util/path.h"
#include "util/strbuf.h"
#include "core/redact.h"
#include "core/report.h"

static const unsigned char key1[16] = "0123456789abcdef";
static const unsigned char key2[16] = "fedcba9876543210";

/* Redact s with a fresh redactor under key1 that knows `user` and `host`. */
static char *redact1(const char *s, size_t *hits)
{
	struct kbug_redactor *rd = kbug_redactor_new(key1);
	struct strbuf out = STRBUF_INIT;
	size_t n;

	assert_non_null(rd);
	kbug_redactor_add_literal(rd, REDACT_USER, "alice");
	kbug_redactor_add_literal(rd, REDACT_HOSTNAME, "vm");
	n = kbug_redact_text(rd, s, strlen(s), &out);
	if (hits)
		*hits = n;
	kbug_redactor_free(rd);
	return strbuf_detach(&out, NULL);
}

/* Every kind: the value is gone and the placeholder of its kind stands there. */
static void test_each_kind_is_redacted(void **state)
{
	static const struct {
		const char *in, *gone, *placeholder;
	} cases[] = {
		{ "eth0: link up, HWaddr 52:54:00:12:34:56 ok", "52:54:00:12:34:56", "[mac-" },
		{ "addr AA-BB-CC-DD-EE-0F.", "AA-BB-CC-DD-EE-0F", "[mac-" },
		{ "ip=192.0.2.2::192.0.2.1:255.255.255.0", "192.0.2.2", "[ipv4-" },
		{ "from 10.0.2.15 port 22", "10.0.2.15", "[ipv4-" },
		{ "http://203.0.113.7/x", "203.0.113.7", "[ipv4-" },
		{ "inet6 fe80::fc:ff:fe00:1/64 scope link", "fe80::fc:ff:fe00:1", "[ipv6-" },
		{ "to 2001:db8:0:0:1:2:3:4 now", "2001:db8:0:0:1:2:3:4", "[ipv6-" },
		{ "addr fd00::2.", "fd00::2", "[ipv6-" },
		{ "ssh [fe80::1%eth0]:22", "fe80::1", "[[ipv6-" },
		{ "http://[2001:db8::7]:8080/", "2001:db8::7", "[[ipv6-" },
		{ "connect 198.51.100.23:22 refused", "198.51.100.23", "[ipv4-" },
		{ "mail alice@vm.", "alice@vm", "mail [email-" },
		{ "systemd[1]: Hostname set to <vm>.", "<vm>", "<[hostname-" },
		{ "Jan 1 vm kernel: x", " vm ", "[hostname-" },
		{ "Started session of user alice.", "alice", "[user-" },
		{ "open /home/bob/src/linux/.config", "/home/bob/", "/home/[user-" },
		{ "usb 1-1: SerialNumber: 0123ABCDEF99\nnext", "0123ABCDEF99", "[usb-serial-" },
		{ "root=UUID=4f3c2b1a-0d9e-4c8b-a7f6-5e4d3c2b1a09 ro", "4f3c2b1a", "[uuid-" },
		/* netfilter: both addresses of the header, not its EtherType */
		{ "IN=eth0 OUT= MAC=a6:8d:e2:13:57:9b:f0:4b:3a:24:68:ac:08:00 SRC=x",
		  "13:57:9b", "]:[mac-" },
		{ "MAC=a6:8d:e2:13:57:9b:f0:4b:3a:24:68:ac:08:00 SRC=x", "24:68:ac", ":08:00 " },
		{ "wifi5_assoc=MAC:ae-1e-1c-31-42-53,TSF:1", "ae-1e", "MAC:[mac-" },
		{ "Host 0050.5677.9a1b in vlan 200", "0050.5677", "Host [mac-" },
		{ "Started sshd@3-10.0.2.15:22-10.0.2.2:43188.service", "10.0.2.15", "@3-[ipv4-" },
		{ "Linux ip-172-31-39-196 5.4.0-1029-aws", "172-31", "ip-[ipv4-" },
		{ "path=/Users/jdoe42/Public", "jdoe42", "/Users/[user-" },
		{ "Serial Number:    WD-WX21D29ABCDE", "WX21D", "Serial Number:    [serial-" },
		{ "sn        : S3HDNX0K654321\n", "S3HDNX", "sn        : [serial-" },
		{ "by-id/nvme-HUSPR3216AHP301_STM0001C1234-part1", "STM0001", "301_[serial-" },
		{ "E: ID_SERIAL_SHORT=S4EWNX0R112233", "S4EWNX", "=[serial-" },
		{ "cryptsetup@luks\\x2d6d1f0b4e\\x2d2a3c\\x2d4e5f\\x2d8a9b\\x2dc0d1e2f3a4b5.service",
		  "c0d1e2f3", "luks\\x2d[uuid-" },
		{ "/dev/mapper/luks-6d1f0b4e-2a3c-4e5f-8a9b-c0d1e2f3a4b5 on /", "c0d1e2f3",
		  "luks-[uuid-" },
		{ "PARTUUID=\"dce9a1b2-01\" UUID=\"99A5-0C93\"", "dce9a1b2", "PARTUUID=\"[uuid-" },
		{ "Runtime journal (/run/log/journal/92ba909ee37f42988c5d91a5c9d7a1b2) is 8M",
		  "92ba909e", "journal/[machine-id-" },
		{ "_MACHINE_ID=6f1c2d3e4a5b4c6d8e9f0a1b2c3d4e5f", "6f1c2d3e", "=[machine-id-" },
		{ "(SSID='Casa Wifi' freq=2462 MHz)", "Casa", "SSID='[ssid-" },
		{ "CTRL-EVENT-SSID-TEMP-DISABLED id=3 ssid=\"Casa Wifi\" auth", "Casa",
		  "ssid=\"[ssid-" },
		{ "Config: added 'ssid' value 'Pixel_4417'", "Pixel", "value '[ssid-" },
		{ "\tSSID: HOME5 upstairs\n", "HOME5", "SSID: [ssid-" },
		{ "Linux version 6.12.0 (jsmith@jsmith-thinkpad) (gcc", "jsmith", "([email-" },
		{ "Reported-by: Maria Rossi <maria.rossi@example.org>", "rossi@", "<[email-" },
	};
	size_t i, n;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		char *out = redact1(cases[i].in, &n);

		if (strstr(out, cases[i].gone) || !strstr(out, cases[i].placeholder) || !n)
			fail_msg("'%s' -> '%s'", cases[i].in, out);
		free(out);
	}
}

/* Look-alikes that carry no identity and that triagers need as they are. */
static void test_lookalikes_are_kept(void **state)
{
	static const char *const keep[] = {
		"RIP: 0010:lkdtm_WARNING+0x1a/0x30 [lkdtm]",
		"RAX: ffff888004fab1858 RBX: 0000000000000000",
		"pci 0000:00:1f.3: [8086:2930] type 00 class 0x0c0500",
		"e1000 0000:00:03.0 eth0: (PCI:33MHz:32-bit)",
		"Linux version 6.12.0.1-amd64 (debian-kernel@lists.debian.org)",
		"Linux version 6.12.0.1 (gcc 12.2.0)",
		"firmware: 1.2.3.4 loaded", "iwlwifi: fw version 36.9.5.1 op_mode", "ver. 1.2.3.4",
		"kernel-6.1.2.3+deb12 and 5.10.0.4~rc1",
		"lo: 127.0.0.1 and 0.0.0.0 and 255.255.255.0 and ::1 and ::",
		"zero MAC 00:00:00:00:00:00, broadcast ff:ff:ff:ff:ff:ff",
		"[   12.345678] at 12:34:56 on 2024-01-02",
		"usb 1-1:1.0: hub, port 1-1.2:1.0",
		"kvm-clock: using sched offset; vmalloc; the word vm-ish and avm",
		"x86/fpu: xstate_offset[2]:  576, xstate_sizes[2]:  256",
		"Hardware name: QEMU Standard PC (i440FX + PIIX, 1996), BIOS 1.16.2-debian-1.16.2-1",
		"alicex malice /home/x /homework/alice2",
		"CPU: 0 PID: 1 Comm: swapper/0 Tainted: G W 6.12.118 #1",
		"[mac-1f3a9c] [usb-serial-00aa11] [hostname-abcdef]",
		"IN=lo OUT= MAC=00:00:00:00:00:00:00:00:00:00:00:00:08:00 SRC=127.0.0.1",
		"DST=ff02:0000:0000:0000:0000:0000:0000:0001 and 224.0.0.251",
		"Linux version 4.19.0-9-amd64 (debian-kernel@lists.debian.org) (gcc 8.3.0)",
		"Linux version 6.8.0-50-generic (buildd@lcy02-amd64-051) #51~22.04.1-Ubuntu",
		"(mockbuild@a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5) and (linux@archlinux)",
		"Started user@1000.service and getty@tty1.service; sshd: root@pts/0",
		"soc@0/17a10040.wifi memory@80000000 i2c@7e804000",
		"Please complain about it at linux-wireless@vger.kernel.org.",
		"pps_core: Software ver. 5.3.6 - Copyright 2005-2007 R. G. <rg@linux.example>",
		"efivarfs: SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c is 5 bytes",
		"ID_PART_ENTRY_TYPE=c12a7328-f81f-11d2-ba4b-00a0c93ec93b",
		" -1 00000000000000000000000000000000 Sat 2022-10-08",
		"max # scan SSIDs: 4; Serial: 8250/16550 driver, 5 ports",
		"Firmware Revision:  82.00A82; mn        : SAMSUNG MZWLL1T6HEHP-00003",
		"ath10k: [0008]: 05E3CC43 0BFC4C20 00000008 0000000B 05E3CC58 0BFC4C20",
		"usb 1-1.2.3.4: new full-speed USB device number 9 using xhci_hcd",
		"iwlwifi 0000:00:14.3: loaded firmware version 77.2df8986f.0 op_mode iwlmvm",
	};
	size_t i, n;

	for (i = 0; i < ARRAY_SIZE(keep); i++) {
		char *out = redact1(keep[i], &n);

		if (n || strcmp(out, keep[i]))
			fail_msg("changed: '%s' -> '%s'", keep[i], out);
		free(out);
	}
}

/* One value, one placeholder within a report; another key, another placeholder. */
static void test_placeholders_are_keyed(void **state)
{
	static const char text[] = "a 52:54:00:12:34:56 b 52:54:00:12:34:56 c 52:54:00:AB:CD:EF";
	struct kbug_redactor *a = kbug_redactor_new(key1);
	struct kbug_redactor *b = kbug_redactor_new(key2);
	struct strbuf oa = STRBUF_INIT, ob = STRBUF_INIT;
	char p1[16], p2[16], p3[16];
	int got;

	assert_int_equal(kbug_redact_text(a, text, strlen(text), &oa), 3);
	assert_int_equal(kbug_redact_text(b, text, strlen(text), &ob), 3);
	got = sscanf(oa.buf, "a %15s b %15s c %15s", p1, p2, p3);
	assert_int_equal(got, 3);
	assert_string_equal(p1, p2);
	assert_string_not_equal(p1, p3);
	assert_int_equal(strlen(p1), strlen("[mac-123456]"));
	assert_string_not_equal(oa.buf, ob.buf);
	assert_int_equal(kbug_redactor_count(a, REDACT_MAC), 3);
	/* case does not make another MAC */
	strbuf_reset(&ob);
	kbug_redact_text(a, "52:54:00:ab:cd:ef", 17, &ob);
	assert_string_equal(ob.buf, p3);
	/* redacting the output again finds nothing */
	strbuf_reset(&ob);
	assert_int_equal(kbug_redact_text(a, oa.buf, oa.len, &ob), 0);
	assert_string_equal(oa.buf, ob.buf);
	strbuf_release(&oa);
	strbuf_release(&ob);
	kbug_redactor_free(a);
	kbug_redactor_free(b);
}

/* Values that identify nobody are not taken as secrets. */
static void test_harmless_literals_ignored(void **state)
{
	struct kbug_redactor *rd = kbug_redactor_new(key1);
	static const char text[] = "localhost debian To be filled by O.E.M. x root";
	struct strbuf out = STRBUF_INIT;

	kbug_redactor_add_literal(rd, REDACT_HOSTNAME, "localhost");
	kbug_redactor_add_literal(rd, REDACT_HOSTNAME, "debian");
	kbug_redactor_add_literal(rd, REDACT_SERIAL, "To be filled by O.E.M.");
	kbug_redactor_add_literal(rd, REDACT_USER, "x");
	kbug_redactor_add_literal(rd, REDACT_USER, "root");
	kbug_redactor_add_literal(rd, REDACT_USER, NULL);
	assert_int_equal(kbug_redact_text(rd, text, strlen(text), &out), 0);
	assert_string_equal(out.buf, text);
	strbuf_release(&out);
	kbug_redactor_free(rd);
}

/* A root hub's serial is its controller's bus id: the PCI slot must survive. */
static void test_root_hub_serial_kept(void **state)
{
	struct kbug_redactor *rd = kbug_redactor_new(key1);
	static const char text[] =
		"xhci_hcd 0000:00:03.0: xHCI Host Controller\n"
		"usb usb1: SerialNumber: 0000:00:03.0\n"
		"usb usb3: SerialNumber: xhci-hcd.0.auto\n"
		"usb 1-1: SerialNumber: 42\n";
	struct strbuf out = STRBUF_INIT;

	kbug_redactor_add_literal(rd, REDACT_USB_SERIAL, "0000:00:03.0");
	kbug_redactor_add_literal(rd, REDACT_USB_SERIAL, "xhci-hcd.0.auto");
	assert_int_equal(kbug_redact_text(rd, text, strlen(text), &out), 1);
	assert_non_null(strstr(out.buf, "xhci_hcd 0000:00:03.0: xHCI"));
	assert_non_null(strstr(out.buf, "SerialNumber: 0000:00:03.0\n"));
	assert_non_null(strstr(out.buf, "SerialNumber: xhci-hcd.0.auto\n"));
	assert_null(strstr(out.buf, "SerialNumber: 42"));
	strbuf_release(&out);
	kbug_redactor_free(rd);
}

/* SipHash-2-4 against the reference vectors of the paper (key 00..0f, input 00..). */
static void test_siphash_vectors(void **state)
{
	unsigned char key[16], msg[64];
	int i;

	for (i = 0; i < 16; i++)
		key[i] = (unsigned char)i;
	for (i = 0; i < 64; i++)
		msg[i] = (unsigned char)i;
	assert_true(kbug_siphash24(key, msg, 0) == 0x726fdb47dd0e0e31ULL);
	assert_true(kbug_siphash24(key, msg, 7) == 0xab0200f58b01d137ULL);
	assert_true(kbug_siphash24(key, msg, 8) == 0x93f5f5799a932462ULL);
	assert_true(kbug_siphash24(key, msg, 15) == 0xa129ca6149be45e5ULL);
	assert_true(kbug_siphash24(key, msg, 63) == 0x958a324ceb064572ULL);
}

/* ---- the whole report over a fixture root ------------------------------- */

static char root[64];

static void put(const char *rel, const char *text)
{
	struct strbuf p = STRBUF_INIT;
	char *slash;
	FILE *f;

	strbuf_addf(&p, "%s%s", root, rel);
	for (slash = strchr(p.buf + strlen(root) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(p.buf, 0755);
		*slash = '/';
	}
	f = fopen(p.buf, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	strbuf_release(&p);
}

static int root_setup(void **state)
{
	snprintf(root, sizeof(root), "%s", "/tmp/kbug-test-redact.XXXXXX");
	if (!mkdtemp(root))
		return -1;
	put("/proc/sys/kernel/hostname", "alices-laptop\n");
	put("/proc/sys/kernel/domainname", "(none)\n");
	put("/etc/passwd", "root:x:0:0:root:/root:/bin/bash\n"
	    "daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"
	    "alice:x:1000:1000:Alice Liddell,,,:/home/alice:/bin/bash\n"
	    "bogus:x:12ab:1:x:/home/bogus:/bin/sh\n"
	    "carol:x:1001:1001::/var/lib/people/carol:/bin/sh\n"
	    "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n");
	put("/sys/class/dmi/id/product_serial", "PF3XK9Q2\n");
	put("/sys/class/dmi/id/board_serial", "To be filled by O.E.M.\n");
	put("/sys/class/dmi/id/product_uuid", "9c1a2b3d-4e5f-6071-8293-a4b5c6d7e8f9\n");
	put("/sys/bus/usb/devices/1-1/serial", "SN0042XYZ\n");
	setenv("USER", "alice", 1);
	setenv("HOME", "/srv/staff/alice", 1);
	kbug_path_set_root(root);
	return 0;
}

static int root_teardown(void **state)
{
	char cmd[128];
	pid_t pid;

	kbug_path_set_root(NULL);
	/* rm -r of our own mkdtemp directory, without a shell */
	snprintf(cmd, sizeof(cmd), "%s", root);
	pid = fork();
	if (pid == 0) {
		execlp("rm", "rm", "-rf", cmd, (char *)NULL);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, NULL, 0) != pid)
		return -1;
	return 0;
}

static struct json_object *sample_sections(struct kbug_report *r)
{
	struct json_object *dmi = json_object_new_object();
	struct json_object *usb = json_object_new_array();
	struct json_object *dev = json_object_new_object();
	struct json_object *k = json_object_new_object();

	kj_set_str(dmi, "sys_vendor", "LENOVO");
	kj_set_str(dmi, "product_serial", "PF3XK9Q2");
	kj_set_str(dmi, "product_uuid", "9C1A2B3D-4E5F-6071-8293-A4B5C6D7E8F9");
	kj_set_str(dmi, "chassis_serial", "CHS-77-1234");
	kbug_report_set(r, "dmi", dmi);
	kj_set_int(dev, "busnum", 1);
	kj_set_str(dev, "serial", "SN0042XYZ");
	kj_set_str(dev, "other_serial_seen", "also SN0099ABC here");
	kj_append(usb, dev);
	dev = json_object_new_object();
	kj_set_str(dev, "serial", "HUB7");
	kj_append(usb, dev);
	kbug_report_set(r, "usb", usb);
	kj_set_str(k, "release", "6.12.118-amd64");
	kj_set_str(k, "cmdline", "root=/dev/vda1 ip=192.0.2.2 nfsroot=198.51.100.1:/srv");
	kbug_report_set(r, "kernel", k);
	return k;
}

static const char dmesg_text[] =
	"[    0.000000] Linux version 6.12.118-amd64 (debian-kernel@lists.debian.org)\n"
	"[    1.000000] DMI: LENOVO 20XW/20XW, BIOS N32ET86W (1.62) serial PF3XK9Q2\n"
	"[    2.000000] e1000 0000:00:03.0 eth0: (PCI:33MHz:32-bit) 52:54:00:12:34:56\n"
	"[    3.000000] usb 1-1: SerialNumber: SN0099ABC\n"
	"[    4.000000] systemd[1]: Hostname set to <alices-laptop>.\n"
	"[    5.000000] audit: user alice (Alice Liddell) cwd=/home/alice/src uid 1000\n"
	"[    6.000000] nfs: server 198.51.100.1 not responding, and /srv/staff/alice/x\n"
	"[    7.000000] dmi uuid 9c1a2b3d-4e5f-6071-8293-a4b5c6d7e8f9 hub HUB7\n"
	"[    8.000000] EXT4-fs: file /var/lib/people/carol/.cache\n";

static void test_report_redacted_everywhere(void **state)
{
	static const char *const secrets[] = {
		"PF3XK9Q2", "9c1a2b3d", "9C1A2B3D", "CHS-77-1234", "SN0042XYZ", "SN0099ABC",
		"HUB7", "/var/lib/people", "carol", "192.0.2.2", "198.51.100.1",
		"52:54:00:12:34:56", "alices-laptop",
		"alice", "Alice Liddell", "/srv/staff",
	};
	static const char *const kept[] = {
		"LENOVO", "6.12.118-amd64", "0000:00:03.0", "root=/dev/vda1", "debian-kernel",
		"uid 1000", "/home/[user-",
	};
	struct kbug_report r;
	struct json_object *red;
	char *json, *again;
	size_t i;

	assert_int_equal(kbug_report_init(&r), 0);
	sample_sections(&r);
	assert_int_equal(kbug_report_attach(&r, "dmesg.txt", NULL, "log", dmesg_text,
					    strlen(dmesg_text)), 0);
	assert_int_equal(kbug_report_redact(&r), 0);
	json = kbug_report_to_json(&r, false, true);
	for (i = 0; i < ARRAY_SIZE(secrets); i++)
		if (strstr(json, secrets[i]))
			fail_msg("'%s' left in %s", secrets[i], json);
	for (i = 0; i < ARRAY_SIZE(kept); i++)
		if (!strstr(json, kept[i]))
			fail_msg("'%s' lost from %s", kept[i], json);
	/* the serial reads the same in the section and in the attachment */
	{
		const char *sec = kj_get_str(kbug_report_get(&r, "dmi"), "product_serial");
		const struct kbug_attachment *a = kbug_report_attachment(&r, "dmesg.txt");

		assert_non_null(sec);
		assert_true(!strncmp(sec, "[serial-", 8));
		assert_non_null(strstr(a->data, sec));
	}
	red = kbug_report_get(&r, "redactions");
	assert_non_null(red);
	{
		static const char *const kinds[] = {
			"mac", "ipv4", "hostname", "user", "home", "serial", "uuid", "usb-serial",
		};
		struct strbuf seen = STRBUF_INIT;

		for (i = 0; i < json_object_array_length(red); i++) {
			struct json_object *e = json_object_array_get_idx(red, i);

			assert_true(kj_get_int(e, "count", 0) > 0);
			strbuf_addf(&seen, " %s ", kj_get_str(e, "kind"));
		}
		for (i = 0; i < ARRAY_SIZE(kinds); i++) {
			char want[32];

			snprintf(want, sizeof(want), " %s ", kinds[i]);
			if (!strstr(seen.buf, want))
				fail_msg("kind %s missing from redactions:%s", kinds[i], seen.buf);
		}
		strbuf_release(&seen);
	}
	/* idempotent: a second run changes nothing, counts included */
	assert_int_equal(kbug_report_redact(&r), 0);
	again = kbug_report_to_json(&r, false, true);
	assert_string_equal(json, again);
	free(json);
	free(again);
	kbug_report_release(&r);
}

/* The kernel log's records: their texts redacted, serials in them harvested. */
static void test_records_redacted(void **state)
{
	struct kbug_report r;
	struct json_object *arr = json_object_new_array();
	const char *p = dmesg_text;
	char *json;
	int64_t row = 0;

	assert_int_equal(kbug_report_init(&r), 0);
	while (*p) {
		const char *nl = strchr(p, '\n');
		struct json_object *o = json_object_new_object();

		kj_set_int(o, "level", row);
		json_object_object_add(o, "text", json_object_new_string_len(p, (int)(nl - p)));
		if (row++ % 2)
			kj_set_str(o, "note", "from alices-laptop");
		kj_append(arr, o);
		p = nl + 1;
	}
	kbug_report_set(&r, "dmesg", json_object_new_object());
	kj_set(kbug_report_get(&r, "dmesg"), "records", arr);
	sample_sections(&r);
	assert_int_equal(kbug_report_redact(&r), 0);
	json = kbug_report_to_json(&r, true, true);
	assert_null(strstr(json, "SN0099ABC"));
	assert_null(strstr(json, "alices-laptop"));
	assert_null(strstr(json, "52:54:00:12:34:56"));
	assert_non_null(strstr(json, "[mac-"));
	free(json);
	kbug_report_release(&r);
}

static void test_no_redact_leaves_report_alone(void **state)
{
	struct kbug_report r;
	char *json;

	assert_int_equal(kbug_report_init(&r), 0);
	r.redact = false;
	sample_sections(&r);
	kbug_report_attach(&r, "dmesg.txt", NULL, NULL, dmesg_text, strlen(dmesg_text));
	assert_int_equal(kbug_report_redact(&r), 0);
	json = kbug_report_to_json(&r, false, true);
	assert_non_null(strstr(json, "PF3XK9Q2"));
	assert_non_null(strstr(json, "52:54:00:12:34:56"));
	assert_non_null(strstr(json, "alices-laptop"));
	assert_null(kbug_report_get(&r, "redactions"));
	free(json);
	kbug_report_release(&r);
}

/* Two reports of the same machine: no placeholder in common. */
static void test_reports_unlinkable(void **state)
{
	struct kbug_report a, b;
	const char *pa, *pb;

	assert_int_equal(kbug_report_init(&a), 0);
	assert_int_equal(kbug_report_init(&b), 0);
	sample_sections(&a);
	sample_sections(&b);
	assert_int_equal(kbug_report_redact(&a), 0);
	assert_int_equal(kbug_report_redact(&b), 0);
	pa = kj_get_str(kbug_report_get(&a, "dmi"), "product_serial");
	pb = kj_get_str(kbug_report_get(&b, "dmi"), "product_serial");
	assert_true(!strncmp(pa, "[serial-", 8) && !strncmp(pb, "[serial-", 8));
	assert_string_not_equal(pa, pb);
	kbug_report_release(&a);
	kbug_report_release(&b);
}

/* A root without any of the files: addresses are still found, nothing fails. */
static void test_missing_sources(void **state)
{
	struct kbug_report r;
	struct json_object *k;

	kbug_path_set_root("/usr/include/json-c");	/* none of the files */
	unsetenv("USER");
	unsetenv("HOME");
	assert_int_equal(kbug_report_init(&r), 0);
	k = json_object_new_object();
	kj_set_str(k, "cmdline", "ip=192.0.2.9");
	kbug_report_set(&r, "kernel", k);
	assert_int_equal(kbug_report_redact(&r), 0);
	assert_null(strstr(kj_get_str(kbug_report_get(&r, "kernel"), "cmdline"), "192.0.2.9"));
	kbug_report_release(&r);
	kbug_path_set_root(root);
	setenv("USER", "alice", 1);
	setenv("HOME", "/srv/staff/alice", 1);
}

/* A machine with thousands of users: every one found, the serials not crowded out. */
static void test_many_users(void **state)
{
	struct strbuf pw = STRBUF_INIT, out = STRBUF_INIT;
	struct kbug_redactor *rd = kbug_redactor_new(key1);
	static const char text[] = "u2999x by u2999x, u0001x on PF3XK9Q2 of SN0042XYZ";
	int i;

	for (i = 0; i < 3000; i++)
		strbuf_addf(&pw, "u%04dx:x:%d:100::/home/u%04dx:/bin/sh\n", i, 1000 + i, i);
	put("/etc/passwd", pw.buf);
	kbug_redactor_add_machine(rd);
	assert_int_equal(kbug_redact_text(rd, text, strlen(text), &out), 5);
	assert_null(strstr(out.buf, "u2999x"));
	assert_null(strstr(out.buf, "PF3XK9Q2"));
	assert_non_null(strstr(out.buf, "[usb-serial-"));
	assert_int_equal(kbug_redactor_count(rd, REDACT_USER), 3);
	strbuf_release(&pw);
	strbuf_release(&out);
	kbug_redactor_free(rd);
}

/*
 * Matches start only where a word starts or at a character that is not a
 * letter or digit: the pass skips the rest of a word and everything that
 * cannot start a match, and must still find what stands at a boundary.
 */
static void test_word_boundaries(void **state)
{
	static const struct {
		const char *in;
		size_t hits;
		const char *kept;	/* must still be there */
	} cases[] = {
		{ "52:54:00:ab:cd:ef", 1, "" },			/* the whole text */
		{ "x_52:54:00:ab:cd:ef", 1, "x_" },		/* after '_' */
		{ "g52:54:00:ab:cd:ef", 0, "g52:54" },		/* inside a word */
		{ "(10.1.2.3)", 1, "(" },
		{ "a10.1.2.3", 0, "a10.1.2.3" },
		{ "=fe80::5054:ff:fe12:3456\n", 1, "=" },
		{ "VM and Vm and vm.", 3, " and " },		/* host names fold case */
		{ "kvm-clock vm_x xvm", 0, "kvm-clock vm_x xvm" },
		{ "Alice alice", 1, "Alice " },			/* user names do not */
		{ "   alice", 1, "   " },
		{ "alice", 1, "" },
		{ "/home/alice/src", 1, "/home/" },
		{ "usb 1-1: SerialNumber: 0123ABCD", 1, "SerialNumber: " },
		{ "CONFIG_SND=y\n# CONFIG_NET is not set\n", 0, "CONFIG_SND=y" },
		{ "[mac-abcdef] [ipv4-012345]", 0, "[mac-abcdef]" },
	};
	size_t i, hits;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		char *out = redact1(cases[i].in, &hits);

		if (hits != cases[i].hits || !strstr(out, cases[i].kept))
			fail_msg("'%s' -> '%s': %zu hits, wanted %zu", cases[i].in, out, hits,
				 cases[i].hits);
		free(out);
	}
}

/* Text with nothing to redact is appended as it is, and no hit is counted. */
static void test_nothing_to_redact(void **state)
{
	struct kbug_redactor *rd = kbug_redactor_new(key1);
	struct strbuf out = STRBUF_INIT, run = STRBUF_INIT;
	size_t i;
	static const char text[] = "no address here: 6.12.0 1-1.2:1.0 kvm";

	strbuf_addstr(&out, ">");
	assert_int_equal(kbug_redact_text(rd, text, sizeof(text) - 1, &out), 0);
	assert_string_equal(out.buf, ">no address here: 6.12.0 1-1.2:1.0 kvm");
	/* a long run of systemd's escape, each of which may start a UUID: no deep recursion */
	strbuf_reset(&out);
	strbuf_reset(&run);
	for (i = 0; i < 200000; i++)
		strbuf_addstr(&run, "\\x2d");
	assert_int_equal(kbug_redact_text(rd, run.buf, run.len, &out), 0);
	strbuf_release(&run);
	strbuf_release(&out);
	kbug_redactor_free(rd);
}

/* What the report's reader is told: the counts by kind, in words, in lines under 73 columns. */
static void test_summary_counts_kinds(void **state)
{
	static const char text[] = "MAC=a6:8d:e2:13:57:9b:f0:4b:3a:24:68:ac:08:00 from "
				   "k.tanaka@build01.example.net on 10.0.0.2 (SSID='Casa')";
	struct kbug_report r;
	struct strbuf sum = STRBUF_INIT, facts = STRBUF_INIT;
	const char *line;
	char *flat;

	assert_int_equal(kbug_report_init(&r), 0);
	kbug_redact_summary(&r, &sum);
	assert_int_equal(sum.len, 0);	/* nothing redacted, nothing said */
	assert_int_equal(kbug_report_attach(&r, "dmesg.txt", NULL, "log", text, strlen(text)), 0);
	assert_int_equal(kbug_report_redact(&r), 0);
	kbug_redact_summary(&r, &sum);
	assert_true(sum.len && sum.buf[sum.len - 1] != '\n');
	for (line = sum.buf; line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
		assert_true(strcspn(line, "\n") <= 72);
	for (flat = sum.buf; (flat = strchr(flat, '\n'));)
		*flat = ' ';
	assert_non_null(strstr(sum.buf, "2 MAC addresses,"));
	assert_non_null(strstr(sum.buf, "1 IPv4 address,"));
	assert_non_null(strstr(sum.buf, "1 wireless network name,"));
	assert_non_null(strstr(sum.buf, "1 e-mail address"));
	kbug_report_render_text(&r, &facts);
	assert_non_null(strstr(facts.buf, "Redacted (each value replaced"));
	assert_non_null(strstr(facts.buf, "  mac                2 MAC addresses\n"));
	strbuf_release(&sum);
	strbuf_release(&facts);
	kbug_report_release(&r);
}

/* The route's addresses are where the report goes: they stay; the log's are replaced. */
static void test_route_addresses_kept(void **state)
{
	static const char log[] = "Linux version 6.12.0 (jsmith@jsmith-thinkpad) (gcc 14)\n";
	struct json_object *route = json_object_new_object(), *to = json_object_new_array();
	struct kbug_report r;
	char *json;

	assert_int_equal(kbug_report_init(&r), 0);
	json_object_array_add(to, json_object_new_string("Arnd Bergmann <arnd@arndb.de>"));
	json_object_array_add(to, json_object_new_string("a NIC at 52:54:00:12:34:56"));
	kj_set(route, "to", to);
	kbug_report_set(&r, "route", route);
	assert_int_equal(kbug_report_attach(&r, "dmesg.txt", NULL, "log", log, strlen(log)), 0);
	assert_int_equal(kbug_report_redact(&r), 0);
	json = kbug_report_to_json(&r, true, true);
	assert_non_null(strstr(json, "Arnd Bergmann <arnd@arndb.de>"));
	assert_null(strstr(json, "52:54:00:12:34:56"));	/* other kinds still go */
	assert_null(strstr(json, "jsmith@"));
	free(json);
	kbug_report_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_each_kind_is_redacted),
		cmocka_unit_test(test_word_boundaries),
		cmocka_unit_test(test_nothing_to_redact),
		cmocka_unit_test(test_lookalikes_are_kept),
		cmocka_unit_test(test_placeholders_are_keyed),
		cmocka_unit_test(test_harmless_literals_ignored),
		cmocka_unit_test(test_root_hub_serial_kept),
		cmocka_unit_test(test_siphash_vectors),
		cmocka_unit_test(test_report_redacted_everywhere),
		cmocka_unit_test(test_records_redacted),
		cmocka_unit_test(test_no_redact_leaves_report_alone),
		cmocka_unit_test(test_reports_unlinkable),
		cmocka_unit_test(test_missing_sources),
		cmocka_unit_test(test_many_users),
		cmocka_unit_test(test_summary_counts_kinds),
		cmocka_unit_test(test_route_addresses_kept),
	};

	return cmocka_run_group_tests(tests, root_setup, root_teardown);
}
