// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The table of built-in probes and the loop that runs them into a
 * report, each within its time and byte budget. A probe that fails, runs
 * late or writes too much leaves an error in the report's "errors"; the
 * others run all the same.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "probes/probe.h"
#include "probes/internal.h"
#include "core/report.h"
#include "util/json.h"
#include "util/log.h"

const struct kbug_probe *const kbug_probes[] = {
	&kbug_probe_kernel,
	&kbug_probe_distro,
	&kbug_probe_dmi,
	&kbug_probe_pci,
	&kbug_probe_usb,
	&kbug_probe_modules,
	&kbug_probe_config,
	&kbug_probe_dmesg,
	&kbug_probe_gpu,
	&kbug_probe_audio,
	&kbug_probe_power,
	&kbug_probe_firmware,
	NULL,
};

const struct kbug_probe *kbug_probe_find(const char *name)
{
	size_t i;

	if (!name)
		return NULL;
	for (i = 0; kbug_probes[i]; i++)
		if (!strcmp(kbug_probes[i]->name, name))
			return kbug_probes[i];
	return NULL;
}

static size_t json_size(struct json_object *o)
{
	size_t len = 0;

	json_object_to_json_string_length(o, JSON_C_TO_STRING_PLAIN, &len);
	return len;
}

/*
 * An upper bound of json_size(o), from a walk instead of a serialisation:
 * a string escapes to at most 6 bytes a byte ("\u00XX"), a number takes
 * at most 32. A section far within its budget (all of them, as a rule)
 * is never serialised to be measured.
 */
static size_t json_size_bound(struct json_object *o, int depth)
{
	size_t n = 2, i;

	if (depth > 64)
		return SIZE_MAX / 4;
	switch (json_object_get_type(o)) {
	case json_type_string:
		return 6 * (size_t)json_object_get_string_len(o) + 2;
	case json_type_array:
		for (i = 0; i < json_object_array_length(o); i++)
			n += json_size_bound(json_object_array_get_idx(o, i), depth + 1) + 1;
		return n;
	case json_type_object: {
		json_object_object_foreach(o, key, val)
			n += 6 * strlen(key) + 4 + json_size_bound(val, depth + 1);
		return n;
	}
	default:
		return 32;
	}
}

/* The largest array member of an object (where the bulk of a section is). */
static struct json_object *largest_array(struct json_object *o)
{
	struct json_object *best = NULL;
	size_t best_n = 0;

	json_object_object_foreach(o, key, val) {
		(void)key;
		if (json_object_is_type(val, json_type_array) &&
		    json_object_array_length(val) > best_n) {
			best = val;
			best_n = json_object_array_length(val);
		}
	}
	return best;
}

/* Drop array elements from the end until the JSON of top fits `max`. */
static void trim_array(struct json_object *top, struct json_object *arr, size_t max)
{
	size_t n = json_object_array_length(arr), i, sum = 0, total = json_size(top), keep;

	for (i = 0; i < n; i++)
		sum += json_size(json_object_array_get_idx(arr, i)) + 2;
	/* what is not the elements stays; keep the longest prefix that fits */
	total = total > sum ? total - sum : 0;
	for (keep = 0; keep < n; keep++) {
		size_t sz = json_size(json_object_array_get_idx(arr, keep)) + 2;

		if (total + sz > max)
			break;
		total += sz;
	}
	if (keep < n)
		json_object_array_del_idx(arr, keep, n - keep);
}

/* Shorten the longest strings of an object until it fits. */
static void trim_strings(struct json_object *o, size_t max)
{
	int rounds;

	for (rounds = 0; rounds < 64 && json_size(o) > max; rounds++) {
		const char *bkey = NULL;
		size_t blen = 0, over = json_size(o) - max;

		json_object_object_foreach(o, key, val) {
			if (json_object_is_type(val, json_type_string) &&
			    (size_t)json_object_get_string_len(val) > blen) {
				blen = (size_t)json_object_get_string_len(val);
				bkey = key;
			}
		}
		if (!bkey || blen == 0)
			return;
		{
			struct json_object *s = json_object_object_get(o, bkey);
			size_t keep = blen > over + 16 ? blen - over - 16 : 0;

			json_object_set_string_len(s, json_object_get_string(s), (int)keep);
		}
	}
}

/* Bring a probe's section within its byte budget; true if it was cut. */
static bool enforce_size(struct json_object *out, size_t max)
{
	struct json_object *arr;
	int rounds;

	if (!max || json_size_bound(out, 0) <= max || json_size(out) <= max)
		return false;
	if (json_object_is_type(out, json_type_array)) {
		trim_array(out, out, max);
		return true;
	}
	if (!json_object_is_type(out, json_type_object))
		return true;
	kj_set_bool(out, "truncated", true);
	for (rounds = 0; rounds < 8 && json_size(out) > max; rounds++) {
		arr = largest_array(out);
		if (!arr || !json_object_array_length(arr))
			break;
		trim_array(out, arr, max);
	}
	if (json_size(out) > max)
		trim_strings(out, max);
	return true;
}

static void enforce_attachments(struct kbug_report *r, size_t from, const char *who, size_t max)
{
	size_t i;

	if (!max)
		return;
	for (i = from; i < r->att_nr; i++) {
		struct kbug_attachment *a = &r->att[i];

		if (a->len <= max)
			continue;
		kbug_report_error(r, who, "attachment '%s' cut at %zu of %zu bytes (the probe's output budget)",
				  a->name, max, a->len);
		a->len = max;
		a->data[max] = '\0';
	}
}

static size_t errors_nr(struct kbug_report *r)
{
	struct json_object *e = kbug_report_get(r, "errors");

	return e && json_object_is_type(e, json_type_array) ? json_object_array_length(e) : 0;
}

/* Run p; a named probe (named) runs whatever its detect() says. */
static int run_probe(struct kbug_probe_ctx *ctx, const struct kbug_probe *p, bool named)
{
	struct kbug_report *r = ctx->report;
	struct json_object *out;
	size_t att_before = r->att_nr, errs_before = errors_nr(r);
	uint64_t start = kbug_now_ns(), ms;
	int ret;

	if (!named && ((p->detect && !p->detect(ctx)) ||
		       (p->area && !kbug_probe_suspect_in(ctx, p->area)))) {
		DBG("probe '%s': nothing to probe here", p->name);
		return 0;
	}
	out = json_object_new_object();
	ctx->deadline_ns = ctx->timeout_ms ? start + (uint64_t)ctx->timeout_ms * 1000000u : 0;
	ret = p->run(ctx, &out);
	ctx->deadline_ns = 0;
	ms = kbug_now_ns() - start;
	DBG("probe '%s': %d in %llu.%02llu ms", p->name, ret, (unsigned long long)(ms / 1000000u),
	    (unsigned long long)(ms / 10000u % 100u));
	ms /= 1000000u;
	if (ret < 0 && errors_nr(r) == errs_before)
		kbug_report_error(r, p->name, "failed: %s", strerror(-ret));
	if (out && enforce_size(out, ctx->max_output))
		kbug_report_error(r, p->name, "output cut to %zu bytes (the probe's output budget)",
				  ctx->max_output);
	enforce_attachments(r, att_before, p->name, ctx->max_output);
	if (ctx->timeout_ms && ms > ctx->timeout_ms)
		kbug_report_error(r, p->name, "took %llu ms, over its %u ms budget; output may be incomplete",
				  (unsigned long long)ms, ctx->timeout_ms);
	if (out)
		kbug_report_set(r, p->name, out);
	return ret;
}

int kbug_probe_run_one(struct kbug_probe_ctx *ctx, const struct kbug_probe *p)
{
	return run_probe(ctx, p, false);
}

int kbug_probes_run_area(struct kbug_probe_ctx *ctx)
{
	int failed = 0;
	size_t i;

	if (!ctx || !ctx->report)
		return -EINVAL;
	for (i = 0; kbug_probes[i]; i++)
		if (kbug_probes[i]->area && !kbug_report_get(ctx->report, kbug_probes[i]->name) &&
		    kbug_probe_run_one(ctx, kbug_probes[i]) < 0)
			failed++;
	return failed;
}

int kbug_probes_run(struct kbug_probe_ctx *ctx, const char *const *names)
{
	int failed = 0;
	size_t i;

	if (!ctx || !ctx->report)
		return -EINVAL;
	if (!names) {
		for (i = 0; kbug_probes[i]; i++)
			if (kbug_probe_run_one(ctx, kbug_probes[i]) < 0)
				failed++;
		return failed;
	}
	/* in table order, each once, whatever order they were named in */
	for (i = 0; kbug_probes[i]; i++) {
		size_t j;

		for (j = 0; names[j]; j++)
			if (!strcmp(names[j], kbug_probes[i]->name))
				break;
		if (names[j] && run_probe(ctx, kbug_probes[i], true) < 0)
			failed++;
	}
	for (i = 0; names[i]; i++) {
		if (kbug_probe_find(names[i]))
			continue;
		kbug_report_error(ctx->report, names[i], "no such probe");
		failed++;
	}
	return failed;
}
