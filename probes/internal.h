/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

/*
 * Shared by the built-in probes and their tests: the parsers of outside
 * input (kmsg records, os-release, /proc/modules, taint values) are
 * exposed here so that unit tests and fuzz targets reach them directly.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <json-c/json.h>

#include "probes/probe.h"
#include "util/log.h"

struct strbuf;

/*
 * Run one probe (built-in or not) into ctx->report within ctx's budgets,
 * as kbug_probes_run() does for each; returns the probe's result.
 */
int kbug_probe_run_one(struct kbug_probe_ctx *ctx, const struct kbug_probe *p);

/* True once the running probe has used up its time budget. */
static inline bool kbug_probe_expired(const struct kbug_probe_ctx *ctx)
{
	return ctx->deadline_ns && kbug_now_ns() > ctx->deadline_ns;
}

/* ---- kernel ---- */

struct kbug_taint_flag {
	unsigned int bit;
	char letter;
	const char *name;	/* kernel/panic.c's TAINT_ name */
	const char *reason;	/* Documentation/admin-guide/tainted-kernels.rst */
};

extern const struct kbug_taint_flag kbug_taint_flags[];
extern const size_t kbug_taint_flags_nr;

/* {"value", "flags", "reasons": [{"bit", "letter", "reason"}]} for a value. */
struct json_object *kbug_taint_decode(uint64_t value);
/* Parse /proc/sys/kernel/tainted text; -EINVAL unless a decimal number. */
int kbug_taint_parse(const char *text, uint64_t *value);
/*
 * {"guess", "evidence": [...]} from the release and /proc/version: the
 * release's shapes are PCRE2 patterns (kernel.c), matched as Perl would.
 */
struct json_object *kbug_kernel_origin(const char *release, const char *proc_version);
/* The compiler part of /proc/version ("gcc (Debian 12.2.0-14) 12.2.0, ..."), or NULL. */
char *kbug_kernel_compiler(const char *proc_version);

/* ---- distro ---- */

/* Parse os-release text into obj (keys lower-cased); returns the number of keys. */
int kbug_os_release_parse(const char *text, size_t len, struct json_object *obj);
/*
 * distro.kernel: who built the running kernel (probes/kpkg.c): the Debian
 * source version, Ubuntu's version signature, the owning package, the maker.
 */
struct kbug_report;
void kbug_kernel_package_facts(struct kbug_report *r, struct json_object *distro);
/* The Debian source version after " Debian " in uname -v (or /proc/version's stamp). */
int kbug_debian_kernel_version(const char *uts_version, struct strbuf *out);
/* Version, Source, Maintainer, Status of pkg in dpkg's status text; 0 or -ENOENT. */
int kbug_dpkg_status_find(const char *text, size_t len, const char *pkg,
			  struct json_object *obj);

/* ---- dmesg ---- */

struct kbug_kmsg {
	int level;		/* 0..7 */
	int facility;
	uint64_t seq;
	uint64_t ts_usec;
	bool has_seq;
	struct strbuf *text;	/* decoded (\xNN undone), caller's buffer */
};

/*
 * Parse one /dev/kmsg record ("prio,seq,ts,flags[,...];text\n" and
 * " KEY=VALUE" lines); 0, or -EINVAL when it is not a record.
 */
int kbug_kmsg_parse(const char *rec, size_t len, struct kbug_kmsg *out);
/* Parse one syslog(2) line "<6>[    1.234567] text"; 0 or -EINVAL. */
int kbug_klog_parse_line(const char *line, size_t len, struct kbug_kmsg *out);
/* Append "[    1.234567] text\n" for a record to sb, the dmesg(1) form. */
void kbug_kmsg_format(struct strbuf *sb, const struct kbug_kmsg *m);

/* ---- modules ---- */

struct kbug_proc_module {
	char name[64];
	unsigned long size;
	int refcount;		/* -1 when "-" */
	char deps[1024];	/* "a,b," as printed, "-" for none */
	char state[16];		/* Live, Loading, Unloading */
	char taint[16];		/* "(OE)" without parentheses, "" when none */
};

/* Parse one /proc/modules line; 0 or -EINVAL. */
int kbug_proc_module_parse(const char *line, struct kbug_proc_module *m);

/* ---- sysfs ---- */

/* The basename of the symlink DIR/NAME (below --sysroot) into out; -errno. */
int kbug_sysfs_link_base(const char *dir, const char *name, struct strbuf *out);

/* ---- pci ---- */

/*
 * Fill "class_name", "vendor_name", "device_name" and "subsystem_name" of
 * the PCI devices in arr (objects with the 4-hex-digit "class_id",
 * "vendor_id", "device_id", "subsystem_vendor_id", "subsystem_device_id")
 * from pci.ids text read from f, as libpci's pci_lookup_name() names them;
 * members already set are kept. Returns the number of names set.
 */
int kbug_pci_ids_names(FILE *f, struct json_object *arr);

/* ---- areas: the probes chosen by the suspect ---- */

/*
 * True when a suspect of the report (the analysis section's guilty_file or
 * guilty_module of any report, the route section's suspect path or module)
 * is in the area.
 */
bool kbug_probe_suspect_in(const struct kbug_probe_ctx *ctx, const struct kbug_area *area);

/* ---- gpu ---- */

/*
 * Summarise an EDID block (at least its 128-byte base block) into obj:
 * "manufacturer" (the 3-letter PNP id), "product_code" ("0x1234"),
 * "year", "version" ("1.4"). Bytes 12-15, the serial number, are never
 * read. -EINVAL when the header is not an EDID's.
 */
int kbug_edid_summary(const unsigned char *edid, size_t len, struct json_object *obj);

/* ---- audio ---- */

/*
 * Parse /proc/asound/cards (sound/core/init.c's two lines a card:
 * " N [ID              ]: DRIVER - NAME" and the indented long name)
 * into arr as {"index", "id", "driver", "name", "long_name"}; returns the
 * number of cards.
 */
int kbug_asound_cards_parse(const char *text, struct json_object *arr);
/*
 * The head of a /proc/asound/cardN/codec#M file (hda_proc.c): "Codec",
 * "Vendor Id", "Subsystem Id", "Revision Id" into obj as "codec",
 * "vendor_id", "subsystem_id", "revision_id"; returns how many were set.
 */
int kbug_hda_codec_parse(const char *text, struct json_object *obj);

/* ---- power ---- */

/*
 * A sysfs choice list ("s2idle [deep]", kernel/power/main.c's mem_sleep)
 * into obj: "available" (the words) and "selected" (the bracketed one).
 */
void kbug_sysfs_choice_parse(const char *text, struct json_object *obj);
