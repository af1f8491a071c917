/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdbool.h>
#include <json-c/json.h>

struct kbug_report;

/* What a probe may consult besides the report. */
struct kbug_probe_ctx {
	struct kbug_report *report;
	const char *log_file;	/* --log FILE: use this instead of the kernel's log */
	int boot;		/* --boot N: 0 current, -1 previous (journal) */
	unsigned int timeout_ms;	/* budget per probe */
	size_t max_output;	/* byte budget per probe */
	/* set by the runner: the running probe's deadline (CLOCK_MONOTONIC ns), 0 none */
	unsigned long long deadline_ns;
};

/* An area of the kernel, for the probes only a bug there needs. */
struct kbug_area {
	const char *const *dirs;	/* source path prefixes: "drivers/gpu/" */
	const char *const *modules;	/* module names, "name*" a prefix: "snd_*" */
};

/*
 * A fact source. run() fills `out` (an object that becomes the report
 * section `name`, or is replaced by an array via *replace) and may add
 * attachments to ctx->report; it returns 0 or a negative errno. A
 * failure is recorded in the report's "errors" and the run goes on.
 */
struct kbug_probe {
	const char *name;	/* "pci": --probe=pci, and the report key */
	const char *help;	/* one line for `kbug probes` */
	const char *reads;	/* what it reads, for `kbug probes`: "/sys/bus/pci" */
	/* NULL: always runs; else runs only when true, or when named (--probe) */
	bool (*detect)(const struct kbug_probe_ctx *ctx);
	/* NULL: any suspect; else runs only when the report's suspect is here, or when named */
	const struct kbug_area *area;
	int (*run)(struct kbug_probe_ctx *ctx, struct json_object **out);
};

extern const struct kbug_probe kbug_probe_kernel;
extern const struct kbug_probe kbug_probe_distro;
extern const struct kbug_probe kbug_probe_dmesg;
extern const struct kbug_probe kbug_probe_pci;
extern const struct kbug_probe kbug_probe_usb;
extern const struct kbug_probe kbug_probe_modules;
extern const struct kbug_probe kbug_probe_dmi;
extern const struct kbug_probe kbug_probe_config;
extern const struct kbug_probe kbug_probe_gpu;
extern const struct kbug_probe kbug_probe_audio;
extern const struct kbug_probe kbug_probe_power;
extern const struct kbug_probe kbug_probe_firmware;

/* The built-in table, NULL-terminated, in run order. */
extern const struct kbug_probe *const kbug_probes[];
const struct kbug_probe *kbug_probe_find(const char *name);

/*
 * Run the named probes (NULL = all) into the report, each bounded by
 * ctx's budgets; errors land in the report. Returns the number that failed.
 */
int kbug_probes_run(struct kbug_probe_ctx *ctx, const char *const *names);
/*
 * The probes of an area (gpu, audio, ...) not run yet, now that analysis
 * or routing has named a suspect: each runs when the suspect is in its
 * area. Returns the number that failed.
 */
int kbug_probes_run_area(struct kbug_probe_ctx *ctx);
