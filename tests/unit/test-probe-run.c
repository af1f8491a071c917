// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The probes run into a report over fixture roots (tests/fixtures/laptop: a
 * full machine; tests/fixtures/minimal: most sources missing), and the
 * budgets of kbug_probes_run: output cut with an error, a slow probe named.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "probes/internal.h"
#include "probes/probe.h"
#include "core/redact.h"
#include "core/report.h"
#include "util/json.h"
#include "util/macro.h"
#include "util/path.h"
#include "util/strbuf.h"

static const char *fixture(const char *name)
{
	static char buf[2 * PATH_MAX];
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	int up;

	snprintf(buf, sizeof(buf), "tests/fixtures/%s", name);
	if (!access(buf, F_OK) || n <= 0)
		return buf;
	exe[n] = '\0';
	for (up = 0; up < 4 && strrchr(exe, '/'); up++)	/* build/tests/unit/test-x */
		*strrchr(exe, '/') = '\0';
	snprintf(buf, sizeof(buf), "%s/tests/fixtures/%s", exe, name);
	return buf;
}

struct run {
	struct kbug_report r;
	struct kbug_probe_ctx ctx;
};

static struct run *run_on(const char *root, const char *const *names, size_t max_output)
{
	struct run *t = calloc(1, sizeof(*t));

	assert_non_null(t);
	kbug_path_set_root(root ? fixture(root) : NULL);
	assert_int_equal(kbug_report_init(&t->r), 0);
	t->ctx.report = &t->r;
	t->ctx.timeout_ms = 10000;
	t->ctx.max_output = max_output;
	kbug_probes_run(&t->ctx, names);
	return t;
}

static void run_free(struct run *t)
{
	kbug_report_release(&t->r);
	free(t);
	kbug_path_set_root(NULL);
}

/* The errors of one probe, joined by '|'. */
static void errors_of(struct kbug_report *r, const char *probe, struct strbuf *out)
{
	struct json_object *e = kbug_report_get(r, "errors");
	size_t i;

	strbuf_reset(out);
	for (i = 0; e && i < json_object_array_length(e); i++) {
		struct json_object *x = json_object_array_get_idx(e, i);

		if (strcmp(kj_get_str(x, "probe"), probe))
			continue;
		strbuf_addstr(out, kj_get_str(x, "message"));
		strbuf_addch(out, '|');
	}
}

static struct json_object *find_by(struct json_object *arr, const char *key, const char *val)
{
	size_t i;

	for (i = 0; arr && i < json_object_array_length(arr); i++) {
		const char *s = kj_get_str(json_object_array_get_idx(arr, i), key);

		if (s && !strcmp(s, val))
			return json_object_array_get_idx(arr, i);
	}
	return NULL;
}

static void test_laptop_no_errors(void **state)
{
	struct run *t = run_on("laptop", NULL, 16u << 20);
	struct json_object *e = kbug_report_get(&t->r, "errors");

	if (json_object_array_length(e))
		fail_msg("errors: %s", json_object_to_json_string(e));
	run_free(t);
}

static void test_laptop_kernel(void **state)
{
	static const char *const names[] = { "kernel", NULL };
	struct run *t = run_on("laptop", names, 16u << 20);
	struct json_object *k = kbug_report_get(&t->r, "kernel");
	struct json_object *mods = kj_path(k, "tainted.modules");

	assert_string_equal(kj_get_str(k, "release"), "6.12.118-1-amd64");
	assert_string_equal(kj_get_str(k, "compiler"),
			    "x86_64-linux-gnu-gcc-12 (Debian 12.2.0-14) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40");
	assert_non_null(strstr(kj_get_str(k, "cmdline"), "root=UUID="));
	assert_int_equal(kj_get_int(kj_get(k, "tainted"), "value", 0), 12801);
	assert_string_equal(kj_get_str(kj_get(k, "tainted"), "flags"), "PWOE");
	assert_string_equal(kj_get_str(kj_get(k, "origin"), "guess"), "distribution");
	/* the modules with a non-empty /sys/module/NAME/taint, sorted */
	assert_int_equal(json_object_array_length(mods), 2);
	assert_string_equal(kj_get_str(json_object_array_get_idx(mods, 0), "name"), "nvidia");
	assert_string_equal(kj_get_str(json_object_array_get_idx(mods, 0), "flags"), "POE");
	assert_string_equal(kj_get_str(json_object_array_get_idx(mods, 1), "name"),
			    "nvidia_modeset");
	assert_null(kbug_report_get(&t->r, "pci"));
	run_free(t);
}

static void test_laptop_distro_dmi_config(void **state)
{
	struct run *t = run_on("laptop", NULL, 16u << 20);
	struct json_object *d = kbug_report_get(&t->r, "distro");
	struct json_object *dmi = kbug_report_get(&t->r, "dmi");
	const struct kbug_attachment *a = kbug_report_attachment(&t->r, "config.txt");

	assert_string_equal(kj_get_str(d, "id"), "debian");
	assert_string_equal(kj_get_str(d, "version_id"), "12");
	assert_string_equal(kj_get_str(d, "pretty_name"), "Debian GNU/Linux 12 (bookworm)");
	assert_string_equal(kj_get_str(d, "source"), "/etc/os-release");
	assert_string_equal(kj_get_str(dmi, "sys_vendor"), "LENOVO");
	assert_string_equal(kj_get_str(dmi, "product_version"), "ThinkPad X1 Carbon Gen 10");
	assert_string_equal(kj_get_str(dmi, "bios_version"), "N3AET75W (1.40 )");
	assert_string_equal(kj_get_str(dmi, "chassis_type"), "10");
	assert_null(kj_get(dmi, "product_sku"));	/* absent: left out */
	assert_string_equal(kj_get_str(kbug_report_get(&t->r, "config"), "source"),
			    "/boot/config-6.12.118-1-amd64");
	assert_non_null(a);
	assert_non_null(strstr(a->data, "CONFIG_E1000E=m\n"));
	assert_int_equal(kj_get_int(kbug_report_get(&t->r, "config"), "size", 0), a->len);
	run_free(t);
}

static void test_laptop_pci(void **state)
{
	struct run *t = run_on("laptop", NULL, 16u << 20);
	struct json_object *pci = kbug_report_get(&t->r, "pci"), *d;

	assert_true(json_object_is_type(pci, json_type_array));
	assert_int_equal(json_object_array_length(pci), 5);
	d = find_by(pci, "slot", "0000:00:1f.6");
	assert_non_null(d);
	assert_string_equal(kj_get_str(d, "class_id"), "0200");
	assert_string_equal(kj_get_str(d, "vendor_id"), "8086");
	assert_string_equal(kj_get_str(d, "device_id"), "1a1f");
	assert_string_equal(kj_get_str(d, "subsystem_vendor_id"), "17aa");
	assert_string_equal(kj_get_str(d, "subsystem_device_id"), "22e7");
	assert_string_equal(kj_get_str(d, "revision"), "01");
	assert_string_equal(kj_get_str(d, "vendor_name"), "Intel Corporation");
	assert_non_null(kj_get_str(d, "device_name"));
	assert_string_equal(kj_get_str(d, "class_name"), "Ethernet controller");
	assert_string_equal(kj_get_str(d, "driver"), "e1000e");
	assert_string_equal(kj_get_str(d, "module"), "e1000e");
	/* built-in driver: module null; unbound: both null, keys present */
	d = find_by(pci, "slot", "0000:00:14.0");
	assert_string_equal(kj_get_str(d, "driver"), "xhci_hcd");
	assert_true(json_object_object_get_ex(d, "module", NULL));
	assert_null(kj_get(d, "module"));
	d = find_by(pci, "slot", "0000:02:00.0");
	assert_true(json_object_object_get_ex(d, "driver", NULL));
	assert_null(kj_get(d, "driver"));
	assert_string_equal(kj_get_str(json_object_array_get_idx(pci, 0), "slot"), "0000:00:02.0");
	run_free(t);
}

static void test_laptop_usb(void **state)
{
	struct run *t = run_on("laptop", NULL, 16u << 20);
	struct json_object *usb = kbug_report_get(&t->r, "usb"), *d, *drv;

	assert_int_equal(json_object_array_length(usb), 4);
	d = json_object_array_get_idx(usb, 0);	/* sorted by bus and device */
	assert_string_equal(kj_get_str(d, "path"), "usb1");
	assert_int_equal(kj_get_int(d, "busnum", 0), 1);
	assert_int_equal(kj_get_int(d, "devnum", 0), 1);
	d = find_by(usb, "path", "1-1");
	assert_string_equal(kj_get_str(d, "vendor_id"), "8087");
	assert_string_equal(kj_get_str(d, "product_id"), "0033");
	/* no product string: the database's name */
	assert_string_equal(kj_get_str(d, "product"), kj_get_str(d, "product_name"));
	drv = kj_get(d, "drivers");
	assert_int_equal(json_object_array_length(drv), 1);	/* two interfaces, one driver */
	assert_string_equal(json_object_get_string(json_object_array_get_idx(drv, 0)), "btusb");
	d = find_by(usb, "path", "1-2");
	assert_string_equal(kj_get_str(d, "product"), "Integrated Camera");
	assert_string_equal(kj_get_str(d, "manufacturer"), "Chicony Electronics Co.,Ltd.");
	assert_string_equal(kj_get_str(d, "serial"), "0001");
	assert_int_equal(kj_get_int(d, "devnum", 0), 3);
	run_free(t);
}

static void test_laptop_modules(void **state)
{
	struct run *t = run_on("laptop", NULL, 16u << 20);
	struct json_object *mods = kbug_report_get(&t->r, "modules"), *m;
	struct json_object *bi = kbug_report_get(&t->r, "modules_builtin");

	assert_int_equal(json_object_array_length(mods), 5);
	m = find_by(mods, "name", "e1000e");
	assert_string_equal(kj_get_str(m, "source_dir"), "drivers/net/ethernet/intel/e1000e/");
	assert_false(kj_get_bool(m, "out_of_tree", true));
	assert_int_equal(kj_get_int(m, "size", 0), 315392);
	m = find_by(mods, "name", "snd_hda_intel");
	assert_string_equal(kj_get_str(m, "source_dir"), "sound/pci/hda/");
	assert_int_equal(kj_get_int(m, "refcount", 0), 3);
	m = find_by(mods, "name", "nvidia");
	assert_true(kj_get_bool(m, "out_of_tree", false));
	assert_true(kj_get_bool(m, "unsigned", false));
	assert_true(kj_get_bool(m, "proprietary", false));
	assert_null(kj_get(m, "source_dir"));
	assert_string_equal(json_object_get_string(json_object_array_get_idx(kj_get(m, "deps"), 0)),
			    "nvidia_modeset");
	assert_int_equal(kj_get_int(bi, "count", 0), 4);
	run_free(t);
}

static void test_laptop_dmesg(void **state)
{
	struct run *t = run_on("laptop", NULL, 16u << 20);
	struct json_object *d = kbug_report_get(&t->r, "dmesg");
	struct json_object *recs = kj_get(d, "records"), *x;
	const struct kbug_attachment *a = kbug_report_attachment(&t->r, "dmesg.txt");

	assert_string_equal(kj_get_str(d, "source"), "kmsg");
	assert_int_equal(kj_get_int(d, "count", 0), 8);	/* continuation lines are no records */
	assert_int_equal(json_object_array_length(recs), 8);
	assert_false(kj_get_bool(d, "wrapped", true));
	x = json_object_array_get_idx(recs, 4);
	assert_int_equal(kj_get_int(x, "level", -1), 3);
	assert_int_equal(kj_get_int(x, "seq", -1), 4);
	assert_int_equal(kj_get_int(x, "ts_usec", -1), 3141592);
	assert_string_equal(kj_get_str(x, "text"),
			    "i915 0000:00:02.0: [drm] *ERROR* tab\tand backslash \\ here");
	x = json_object_array_get_idx(recs, 5);
	assert_int_equal(kj_get_int(x, "facility", -1), 1);
	assert_non_null(a);
	assert_non_null(strstr(a->data, "[    3.141592] i915 0000:00:02.0: [drm] *ERROR*"));
	assert_non_null(strstr(a->data, "\n[    5.000002] WARNING: CPU: 2 PID: 1 at "));
	run_free(t);
}

static void test_minimal_errors_and_fallbacks(void **state)
{
	struct run *t = run_on("minimal", NULL, 16u << 20);
	struct strbuf e = STRBUF_INIT;
	struct json_object *k = kbug_report_get(&t->r, "kernel");
	struct json_object *d = kbug_report_get(&t->r, "dmesg");
	struct json_object *distro = kbug_report_get(&t->r, "distro");

	/* every missing source is an error of its probe, and the others went on */
	errors_of(&t->r, "pci", &e);
	assert_non_null(strstr(e.buf, "cannot read '/sys/bus/pci/devices'"));
	errors_of(&t->r, "usb", &e);
	assert_non_null(strstr(e.buf, "cannot read '/sys/bus/usb/devices'"));
	errors_of(&t->r, "dmi", &e);
	assert_non_null(strstr(e.buf, "cannot read '/sys/class/dmi/id'"));
	errors_of(&t->r, "modules", &e);
	assert_non_null(strstr(e.buf, "cannot read '/proc/modules'"));
	errors_of(&t->r, "config", &e);
	assert_non_null(strstr(e.buf, "cannot read '/boot/config-6.13.0-rc3'"));
	errors_of(&t->r, "kernel", &e);
	assert_string_equal(e.buf, "");
	errors_of(&t->r, "distro", &e);
	assert_string_equal(e.buf, "");
	assert_true(json_object_is_type(kbug_report_get(&t->r, "pci"), json_type_array));

	assert_string_equal(kj_get_str(kj_get(k, "origin"), "guess"), "mainline");
	assert_string_equal(kj_get_str(kj_get(k, "tainted"), "flags"), "W");
	assert_int_equal(json_object_array_length(kj_path(k, "tainted.reasons")), 2);

	assert_string_equal(kj_get_str(distro, "source"), "/usr/lib/os-release");
	assert_string_equal(kj_get_str(distro, "id"), "arch");
	assert_string_equal(kj_get_str(distro, "pretty_name"), "Arch \"Linux\" $rolling\\");
	assert_true(json_object_object_get_ex(distro, "version_id", NULL));
	assert_null(kj_get(distro, "version_id"));

	/* the ring buffer wrapped: the first record kept is 1500 */
	assert_true(kj_get_bool(d, "wrapped", false));
	assert_int_equal(kj_get_int(d, "first_seq", 0), 1500);
	assert_int_equal(kj_get_int(d, "count", 0), 3);
	errors_of(&t->r, "dmesg", &e);
	assert_non_null(strstr(e.buf, "1 line of '/dev/kmsg' not a kmsg record"));
	strbuf_release(&e);
	run_free(t);
}

static void test_named_probes_only(void **state)
{
	static const char *const names[] = { "distro", "bogus", "kernel", "distro", NULL };
	struct run *t = run_on("laptop", names, 16u << 20);
	struct strbuf e = STRBUF_INIT;

	assert_non_null(kbug_report_get(&t->r, "distro"));
	assert_non_null(kbug_report_get(&t->r, "kernel"));
	assert_null(kbug_report_get(&t->r, "dmesg"));
	assert_null(kbug_report_get(&t->r, "pci"));
	errors_of(&t->r, "bogus", &e);
	assert_string_equal(e.buf, "no such probe|");
	assert_non_null(kbug_probe_find("usb"));
	assert_null(kbug_probe_find("bogus"));
	assert_null(kbug_probe_find(NULL));
	strbuf_release(&e);
	run_free(t);
}

static void test_output_budget(void **state)
{
	static const char *const names[] = { "dmesg", "pci", NULL };
	struct run *t = run_on("laptop", names, 1500);
	struct strbuf e = STRBUF_INIT;
	struct json_object *d, *pci = kbug_report_get(&t->r, "pci");
	const struct kbug_attachment *a;
	size_t len = 0;

	/* the section is cut to the budget, whole devices at a time */
	json_object_to_json_string_length(pci, JSON_C_TO_STRING_PLAIN, &len);
	assert_true(len <= 1500);
	assert_true(json_object_array_length(pci) >= 1);
	assert_true(json_object_array_length(pci) < 5);
	assert_non_null(kj_get_str(json_object_array_get_idx(pci, 0), "slot"));
	errors_of(&t->r, "pci", &e);
	assert_non_null(strstr(e.buf, "output cut to 1500 bytes"));
	run_free(t);

	/* dmesg fits in 16 KiB: nothing cut */
	t = run_on("laptop", names, 16384);
	d = kbug_report_get(&t->r, "dmesg");
	a = kbug_report_attachment(&t->r, "dmesg.txt");
	assert_false(kj_get_bool(d, "truncated", false));
	assert_int_equal(json_object_array_length(kj_get(d, "records")), 8);
	assert_true(a->len < 4096);
	errors_of(&t->r, "dmesg", &e);
	assert_string_equal(e.buf, "");
	run_free(t);

	t = run_on("laptop", names, 600);
	d = kbug_report_get(&t->r, "dmesg");
	a = kbug_report_attachment(&t->r, "dmesg.txt");
	assert_true(kj_get_bool(d, "truncated", false));
	assert_int_equal(kj_get_int(d, "count", 0), 8);	/* all counted, fewer kept */
	assert_true(json_object_array_length(kj_get(d, "records")) < 8);
	assert_true(a->len <= 600);
	errors_of(&t->r, "dmesg", &e);
	assert_non_null(strstr(e.buf, "cut at the output budget of 600 bytes"));
	strbuf_release(&e);
	run_free(t);
}

static int slow_run(struct kbug_probe_ctx *ctx, struct json_object **out)
{
	struct timespec ts = { 0, 30 * 1000 * 1000 };
	int loops = 0;

	/* a well-behaved slow probe: stops when its budget is used up */
	while (!kbug_probe_expired(ctx) && loops++ < 100)
		nanosleep(&ts, NULL);
	kj_set_int(*out, "loops", loops);
	return 0;
}

static int failing_run(struct kbug_probe_ctx *ctx, struct json_object **out)
{
	return -EACCES;
}

static void test_time_budget_and_failures(void **state)
{
	static const struct kbug_probe slow = {
		.name = "slow", .help = "", .reads = "", .run = slow_run,
	};
	static const struct kbug_probe failing = {
		.name = "failing", .help = "", .reads = "", .run = failing_run,
	};
	struct kbug_report r;
	struct kbug_probe_ctx ctx = { .report = &r, .timeout_ms = 50, .max_output = 1 << 20 };
	struct strbuf e = STRBUF_INIT;
	int64_t loops;

	assert_int_equal(kbug_report_init(&r), 0);
	assert_int_equal(kbug_probe_run_one(&ctx, &slow), 0);
	loops = kj_get_int(kbug_report_get(&r, "slow"), "loops", 0);
	assert_true(loops >= 2 && loops < 10);
	errors_of(&r, "slow", &e);
	assert_non_null(strstr(e.buf, "over its 50 ms budget"));
	assert_int_equal(kbug_probe_run_one(&ctx, &failing), -EACCES);
	errors_of(&r, "failing", &e);
	assert_string_equal(e.buf, "failed: Permission denied|");
	/* outside a probe nothing is expired */
	assert_false(kbug_probe_expired(&ctx));
	strbuf_release(&e);
	kbug_report_release(&r);
}

static void test_log_file(void **state)
{
	struct kbug_report r;
	struct kbug_probe_ctx ctx = { .report = &r, .timeout_ms = 1000, .max_output = 1 << 20 };
	char path[] = "/tmp/kbug-test-log.XXXXXX";
	static const char log[] = "[    1.000000] one\n[    2.000000] two\nthree";
	int fd = mkstemp(path);
	struct json_object *d;

	assert_true(fd >= 0);
	assert_int_equal(write(fd, log, strlen(log)), (ssize_t)strlen(log));
	close(fd);
	ctx.log_file = path;
	assert_int_equal(kbug_report_init(&r), 0);
	assert_int_equal(kbug_probe_run_one(&ctx, &kbug_probe_dmesg), 0);
	d = kbug_report_get(&r, "dmesg");
	assert_string_equal(kj_get_str(d, "source"), "file");
	assert_int_equal(kj_get_int(d, "count", 0), 3);
	assert_string_equal(kj_get_str(d, "text"), log);
	assert_string_equal(kbug_report_attachment(&r, "dmesg.txt")->data, log);
	kbug_report_release(&r);
	unlink(path);

	/* an unreadable file is an error of the probe */
	assert_int_equal(kbug_report_init(&r), 0);
	assert_int_equal(kbug_probe_run_one(&ctx, &kbug_probe_dmesg), -ENOENT);
	assert_null(kbug_report_attachment(&r, "dmesg.txt"));
	kbug_report_release(&r);
}

/*
 * The probes chosen by the suspect run, unnamed, only when a suspect of
 * the report (analysis' guilty file or module, route's suspect) is in
 * their area. `section` and `json` are set in the report before the run.
 */
static bool chosen_runs(const char *probe, const char *section, const char *json)
{
	struct run *t = calloc(1, sizeof(*t));
	bool ran;

	assert_non_null(t);
	kbug_path_set_root(fixture("laptop"));
	assert_int_equal(kbug_report_init(&t->r), 0);
	if (section)
		kbug_report_set(&t->r, section, json_tokener_parse(json));
	t->ctx.report = &t->r;
	t->ctx.timeout_ms = 10000;
	t->ctx.max_output = 16u << 20;
	kbug_probes_run(&t->ctx, NULL);
	ran = !!kbug_report_get(&t->r, probe);
	run_free(t);
	return ran;
}

static void test_chosen_by_suspect(void **state)
{
	static const char *const yes[][2] = {
		{ "analysis", "{\"reports\": [{\"guilty_file\": \"drivers/gpu/drm/drm_gem.c\"}]}" },
		{ "analysis", "{\"reports\": [{\"guilty_module\": \"amdgpu\"}]}" },
		{ "route", "{\"suspect\": {\"path\": \"drivers/gpu/drm/drm_atomic.c\"}}" },
		{ "route", "{\"suspect\": {\"module\": \"drm-kms-helper\"}}" },
	};
	static const char *const no[][2] = {
		{ "analysis", "{\"reports\": [{\"guilty_file\": \"fs/ext4/inode.c\"}]}" },
		{ "analysis", "{\"reports\": [{\"guilty_module\": \"ext4\"}]}" },
		{ "route", "{\"suspect\": {\"path\": \"drivers/gpio/gpiolib.c\"}}" },
		{ "analysis", "{\"reports\": \"not a list\"}" },
	};
	size_t i;

	assert_false(chosen_runs("gpu", NULL, NULL));
	for (i = 0; i < ARRAY_SIZE(yes); i++)
		if (!chosen_runs("gpu", yes[i][0], yes[i][1]))
			fail_msg("gpu did not run for %s", yes[i][1]);
	for (i = 0; i < ARRAY_SIZE(no); i++)
		if (chosen_runs("gpu", no[i][0], no[i][1]))
			fail_msg("gpu ran for %s", no[i][1]);
	assert_true(chosen_runs("audio", "analysis",
				"{\"reports\": [{\"guilty_module\": \"snd_hda_codec_realtek\"}]}"));
	assert_true(chosen_runs("audio", "route",
				"{\"suspect\": {\"path\": \"sound/soc/sof/pm.c\"}}"));
	assert_false(chosen_runs("audio", yes[0][0], yes[0][1]));
	assert_true(chosen_runs("power", "analysis",
				"{\"reports\": [{\"guilty_file\": \"kernel/power/main.c\"}]}"));
	assert_true(chosen_runs("power", "route",
				"{\"suspect\": {\"module\": \"thinkpad_acpi\"}}"));
	assert_false(chosen_runs("power", yes[0][0], yes[0][1]));
	assert_true(chosen_runs("firmware", "analysis",
				"{\"reports\": [{\"guilty_module\": \"iwlmvm\"}]}"));
	assert_true(chosen_runs("firmware", "route",
				"{\"suspect\": {\"path\": \"drivers/nvme/host/pci.c\"}}"));
	assert_false(chosen_runs("firmware", yes[0][0], yes[0][1]));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_laptop_no_errors),
		cmocka_unit_test(test_laptop_kernel),
		cmocka_unit_test(test_laptop_distro_dmi_config),
		cmocka_unit_test(test_laptop_pci),
		cmocka_unit_test(test_laptop_usb),
		cmocka_unit_test(test_laptop_modules),
		cmocka_unit_test(test_laptop_dmesg),
		cmocka_unit_test(test_minimal_errors_and_fallbacks),
		cmocka_unit_test(test_named_probes_only),
		cmocka_unit_test(test_output_budget),
		cmocka_unit_test(test_time_budget_and_failures),
		cmocka_unit_test(test_log_file),
		cmocka_unit_test(test_chosen_by_suspect),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
