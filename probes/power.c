// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The power probe: suspend/resume statistics (/sys/power/suspend_stats),
 * the sleep states (/sys/power/mem_sleep, state), the thermal zones and
 * the power supplies (batteries, AC) - never a supply's serial_number.
 * Runs when the suspect is in the PM core, ACPI, thermal or power supply
 * code, or when named.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "probes/internal.h"
#include "core/report.h"
#include "util/json.h"
#include "util/macro.h"
#include "util/path.h"
#include "util/strbuf.h"

#define POWER_MAX_ENTRIES 64

/* kernel/power/main.c: suspend_stats attributes (numbers, but the last_*) */
static const char *const stats_fields[] = {
	"success", "fail", "failed_freeze", "failed_prepare", "failed_suspend",
	"failed_suspend_late", "failed_suspend_noirq", "failed_resume", "failed_resume_early",
	"failed_resume_noirq", "last_failed_dev", "last_failed_errno", "last_failed_step",
};

/* power_supply_sysfs.c attributes worth a report; serial_number never */
static const char *const supply_fields[] = {
	"type", "status", "capacity", "capacity_level", "health", "technology", "cycle_count",
	"energy_full", "energy_full_design", "charge_full", "charge_full_design", "online",
	"manufacturer", "model_name",
};

void kbug_sysfs_choice_parse(const char *text, struct json_object *obj)
{
	struct json_object *avail = json_object_new_array();
	char *copy = strdup(text ? text : ""), *w, *save = NULL;
	size_t n;

	for (w = copy ? strtok_r(copy, " \t\n", &save) : NULL; w;
	     w = strtok_r(NULL, " \t\n", &save)) {
		n = strlen(w);
		if (n > 2 && w[0] == '[' && w[n - 1] == ']') {
			w[n - 1] = '\0';
			w++;
			kj_set_str(obj, "selected", w);
		}
		kj_append_str(avail, w);
	}
	kj_set(obj, "available", avail);
	free(copy);
}

/* the attributes that hold text even when it looks like a number */
static bool text_attr(const char *name)
{
	static const char *const text[] = {
		"last_failed_dev", "last_failed_step", "manufacturer", "model_name", "type",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(text); i++)
		if (!strcmp(name, text[i]))
			return true;
	return false;
}

/* the named attributes of dir into a new object: integers as numbers */
static struct json_object *read_attrs(const char *dir, const char *const *names, size_t nr)
{
	struct json_object *o = json_object_new_object();
	struct strbuf p = STRBUF_INIT, v = STRBUF_INIT;
	char *end;
	long long x;
	size_t i;

	for (i = 0; i < nr; i++) {
		strbuf_reset(&p);
		strbuf_addf(&p, "%s/%s", dir, names[i]);
		if (kbug_path_read_line(&v, p.buf) || !v.len)
			continue;
		errno = 0;
		x = strtoll(v.buf, &end, 10);
		if (!*end && !errno && !text_attr(names[i]))
			kj_set_int(o, names[i], x);
		else
			kj_set_str(o, names[i], v.buf);
	}
	strbuf_release(&p);
	strbuf_release(&v);
	return o;
}

/* each DIR/NAME entry (thermal_zoneN, BAT0) as {"name", attrs...}; NULL if none */
static struct json_object *read_class(struct kbug_probe_ctx *ctx, const char *dir,
				      const char *prefix, const char *const *names, size_t nr)
{
	struct json_object *arr = json_object_new_array(), *o;
	struct dirent **ents = NULL;
	struct strbuf p = STRBUF_INIT;
	int n, i;

	n = kbug_path_scandir(dir, &ents, versionsort);
	for (i = 0; i < n; i++) {
		const char *d = ents[i]->d_name;

		if (i < POWER_MAX_ENTRIES && d[0] != '.' && !strncmp(d, prefix, strlen(prefix)) &&
		    !kbug_probe_expired(ctx)) {
			strbuf_reset(&p);
			strbuf_addf(&p, "%s/%s", dir, d);
			o = read_attrs(p.buf, names, nr);
			json_object_object_add(o, "name", json_object_new_string(d));
			kj_append(arr, o);
		}
		free(ents[i]);
	}
	free(ents);
	strbuf_release(&p);
	if (n < 0) {
		json_object_put(arr);
		return NULL;
	}
	return arr;
}

static int power_run(struct kbug_probe_ctx *ctx, struct json_object **out)
{
	static const char *const zone_fields[] = { "type", "temp", "policy" };
	struct json_object *o;
	struct strbuf v = STRBUF_INIT;
	int found = 0;

	if (kbug_path_exists("/sys/power/suspend_stats")) {
		kj_set(*out, "suspend_stats", read_attrs("/sys/power/suspend_stats", stats_fields,
							 ARRAY_SIZE(stats_fields)));
		found++;
	}
	if (!kbug_path_read_line(&v, "/sys/power/mem_sleep")) {
		o = json_object_new_object();
		kbug_sysfs_choice_parse(v.buf, o);
		kj_set(*out, "mem_sleep", o);
		found++;
	}
	if (!kbug_path_read_line(&v, "/sys/power/state")) {
		o = json_object_new_object();
		kbug_sysfs_choice_parse(v.buf, o);
		kj_set(*out, "state", json_object_get(kj_get(o, "available")));
		json_object_put(o);
		found++;
	}
	o = read_class(ctx, "/sys/class/thermal", "thermal_zone", zone_fields,
		       ARRAY_SIZE(zone_fields));
	if (o) {
		kj_set(*out, "thermal_zones", o);
		found++;
	}
	o = read_class(ctx, "/sys/class/power_supply", "", supply_fields,
		       ARRAY_SIZE(supply_fields));
	if (o) {
		kj_set(*out, "power_supplies", o);
		found++;
	}
	strbuf_release(&v);
	if (!found) {
		kbug_report_error(ctx->report, "power",
				  "cannot read '/sys/power', '/sys/class/thermal' nor '/sys/class/power_supply': %s",
				  strerror(ENOENT));
		return -ENOENT;
	}
	return 0;
}

static const char *const power_dirs[] = {
	"kernel/power/", "drivers/base/power/", "drivers/acpi/", "drivers/thermal/",
	"drivers/power/", "drivers/cpufreq/", "drivers/cpuidle/", "drivers/platform/x86/", NULL,
};
static const char *const power_modules[] = {
	"battery", "ac", "thermal", "processor_thermal*", "int340x_thermal*", "intel_pmc*",
	"thinkpad_acpi", "asus_wmi", "dell_laptop", "hp_wmi", "acpi_*", "ucsi_acpi", NULL,
};

static const struct kbug_area power_area = { power_dirs, power_modules };

const struct kbug_probe kbug_probe_power = {
	.name = "power",
	.help = "suspend/resume statistics (last failed device, errno, step), sleep states, thermal zones, batteries (no serial); runs when the suspect is in kernel/power/, drivers/base/power/, drivers/acpi/, thermal or power supply code, or with --probe power",
	.reads = "/sys/power/{suspend_stats/*,mem_sleep,state}, /sys/class/thermal/thermal_zone*, /sys/class/power_supply/*",
	.area = &power_area,
	.run = power_run,
};
