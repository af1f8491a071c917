// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The scanner's speed and memory on big logs.
 *   analyze-bench gen-quiet FILE MB      a log of MB megabytes without reports
 *   analyze-bench gen-reports FILE N     a log with N reports among ordinary lines
 *   analyze-bench run FILE               scan it: MB/s, seconds, reports, peak RSS
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "analyze/analyze.h"
#include "util/json.h"
#include "util/log.h"

static const char *const bench_quiet[] = {
	"usb 1-2: new high-speed USB device number %d using xhci_hcd",
	"e1000e 0000:00:1f.6 eno1: NIC Link is Up 1000 Mbps Full Duplex, Flow Control: Rx/Tx",
	"audit: type=1400 audit(1700000000.%d:456): apparmor=\"DENIED\" operation=\"open\" profile=\"snap.firefox\" name=\"/proc/%d/stat\"",
	"EXT4-fs (nvme0n1p2): mounted filesystem 1b2c3d4e-aaaa-bbbb-cccc-%012d ro with ordered data mode",
	"Bluetooth: hci0: Waiting for firmware download to complete",
	"wlp0s20f3: authenticate with 12:34:56:78:9a:bc (local address=aa:bb:cc:dd:ee:%02x)",
	"IPv6: ADDRCONF(NETDEV_CHANGE): wlp0s20f3: link becomes ready",
	"iwlwifi 0000:00:14.3: Detected RF GF, rfid=0x%x",
	"i915 0000:00:02.0: [drm] GuC firmware i915/tgl_guc_70.bin version 70.%d.1",
	"ACPI: \\_SB_.PCI0.LPCB.EC0_: Interrupt mode, GPE 0x%x, EC_EVT",
	"BTRFS info (device nvme0n1p3): first mount of filesystem %d",
	"Workqueue: events_unbound flush_to_ldisc %d",
	"kauditd_printk_skb: %d callbacks suppressed",
	"PM: suspend entry (s2idle) %d",
	"nvme nvme0: %d/0/0 default/read/poll queues",
	"systemd-journald[%d]: Received client request to flush runtime journal.",
};

static const char bench_report[] =
	"------------[ cut here ]------------\n"
	"WARNING: CPU: %d PID: %d at drivers/gpu/drm/i915/display/intel_display.c:%d intel_modeset_verify+0x1a/0x40 [i915]\n"
	"Modules linked in: snd_hda_intel i915 iwlmvm mac80211 iwlwifi cfg80211 e1000e\n"
	"CPU: 2 UID: 0 PID: 1234 Comm: Xorg Tainted: G        W          6.12.118-amd64 #1\n"
	"Hardware name: LENOVO 20XW0055GE/20XW0055GE, BIOS N32ET86W (1.62 ) 09/06/2023\n"
	"RIP: 0010:intel_modeset_verify+0x1a/0x40 [i915]\n"
	"Code: 41 5d 5d c3 48 c7 c7 f0 5c 92 81 e8 fc 7e da ff 5b 41 5c 41 5d <0f> 0b c3 66 66 2e\n"
	"RSP: 0018:ffffc90000013dd8 EFLAGS: 00010202\n"
	"RAX: ffffffff812d8470 RBX: ffff888002860000 RCX: 00000000ffffefff\n"
	"Call Trace:\n"
	" <TASK>\n"
	" ? __warn+0x89/0x140\n"
	" intel_atomic_commit_tail+0x5d2/0x1090 [i915]\n"
	" intel_atomic_commit+0x2f1/0x350 [i915]\n"
	" drm_atomic_commit+0xad/0xe0 [drm]\n"
	" drm_mode_atomic_ioctl+0x8a5/0xa90 [drm]\n"
	" drm_ioctl_kernel+0xb4/0x110 [drm]\n"
	" drm_ioctl+0x26e/0x4a0 [drm]\n"
	" __x64_sys_ioctl+0x93/0xd0\n"
	" do_syscall_64+0x4f/0x100\n"
	" entry_SYSCALL_64_after_hwframe+0x4b/0x53\n"
	" </TASK>\n"
	"---[ end trace 0000000000000000 ]---\n";

static int bench_gen(const char *path, long mb, long reports)
{
	FILE *f = fopen(path, "w");
	long long bytes = 0, limit = mb << 20;
	long i = 0, r = 0;
	double t = 0;

	if (!f) {
		perror(path);
		return 1;
	}
	while (mb ? bytes < limit : r < reports) {
		char line[512], msg[400];
		int n;

		snprintf(msg, sizeof(msg), bench_quiet[i % 16], (int)(i % 1000));
		n = fprintf(f, "[%5d.%06d] %s\n", (int)t, (int)(i % 1000000), msg);
		bytes += n;
		t += 0.0001;
		i++;
		if (!mb && i % 37 == 0) {
			const char *p = bench_report, *e;

			snprintf(line, sizeof(line), "%d", (int)r);
			while ((e = strchr(p, '\n'))) {
				char buf[512], out[600];

				snprintf(buf, sizeof(buf), "%.*s", (int)(e - p), p);
				if (strstr(buf, "%d"))
					snprintf(out, sizeof(out), buf, (int)(r % 8), (int)r,
						 (int)r);
				else
					snprintf(out, sizeof(out), "%s", buf);
				fprintf(f, "[%5d.%06d] %s\n", (int)t, (int)(i % 1000000), out);
				p = e + 1;
			}
			r++;
		}
	}
	return fclose(f) ? 1 : 0;
}

static int bench_run(const char *path)
{
	struct kbug_analyze_opts o;
	struct json_object *res = NULL;
	struct timespec a, b;
	struct rusage ru;
	FILE *f = fopen(path, "r");
	long long size;
	double s;
	int n;

	if (!f) {
		perror(path);
		return 1;
	}
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	rewind(f);
	kbug_analyze_opts_init(&o);
	o.debuginfo = false;
	o.max_reports = 100000;
	clock_gettime(CLOCK_MONOTONIC, &a);
	n = kbug_analyze_stream(f, path, &o, &res);
	clock_gettime(CLOCK_MONOTONIC, &b);
	fclose(f);
	json_object_put(res);
	getrusage(RUSAGE_SELF, &ru);
	s = (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
	printf("%s: %.1f MB in %.3f s = %.0f MB/s, %d reports, peak RSS %ld KB\n", path,
	       size / 1048576.0, s, size / 1048576.0 / s, n, ru.ru_maxrss);
	return n < 0;
}

int main(int argc, char **argv)
{
	kbug_log_level = -1;
	if (argc == 4 && !strcmp(argv[1], "gen-quiet"))
		return bench_gen(argv[2], atol(argv[3]), 0);
	if (argc == 4 && !strcmp(argv[1], "gen-reports"))
		return bench_gen(argv[2], 0, atol(argv[3]));
	if (argc == 3 && !strcmp(argv[1], "run"))
		return bench_run(argv[2]);
	fprintf(stderr, "usage: analyze-bench gen-quiet FILE MB | gen-reports FILE N | run FILE\n");
	return 2;
}
