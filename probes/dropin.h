/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

/*
 * Drop-in probes (docs/dropin-probes.md): executables that packages, the
 * administrator or the user put in a probes.d directory, each with a
 * manifest NAME.conf. kbug runs those that apply, checked, bounded and
 * in a clean environment, and files their output as facts ("dropin"
 * section) and attachments, which redaction then covers with the rest.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct json_object;
struct kbug_probe_ctx;

#define KBUG_DROPIN_TIMEOUT_S 5		/* default time limit */
#define KBUG_DROPIN_TIMEOUT_MAX_S 60
#define KBUG_DROPIN_MAX 64		/* probes read, all directories together */

/* One manifest, as parsed. */
struct kbug_dropin_manifest {
	char *name;		/* "name =", or NULL: then the file's name stands */
	char *description;
	char *reads;
	char *when;		/* "always" when absent */
	unsigned int timeout_s;
	bool root;
};

/*
 * Parse a manifest's text ([probe] keys: name, description, reads, when,
 * timeout, root) into m (zeroed first; free with kbug_dropin_manifest_free).
 * `file` names it in messages. 0, or -EINVAL after a message.
 */
int kbug_dropin_manifest_parse(const char *text, size_t len, const char *file,
			       struct kbug_dropin_manifest *m);
void kbug_dropin_manifest_free(struct kbug_dropin_manifest *m);
/* NULL when `when` is well formed, else what is wrong with it (static text). */
const char *kbug_dropin_when_check(const char *when);

/*
 * A probe's standard output (len bytes, not NUL-terminated; cut: it was
 * stopped at its limit, so its last line is partial and dropped): each
 * "key: value" line becomes obj's member key (letters, digits, -_.; a
 * value made valid UTF-8 without control characters, at most 4 KiB),
 * blank and '#' lines skipped, facts past 256 counted in *dropped.
 * Returns the number of other lines.
 */
size_t kbug_dropin_facts_parse(const char *text, size_t len, bool cut, struct json_object *obj,
			       size_t *dropped);

/*
 * Run every drop-in probe that applies to the report (ctx->report; its
 * suspect, kind and modules so far) and has not run yet; a refused,
 * failing or slow one leaves an error in the report. Returns the number
 * that failed or were refused.
 */
int kbug_dropins_run(struct kbug_probe_ctx *ctx);

/*
 * For `kbug probes`: each drop-in probe found, its directory, and whether
 * it would run now (or why not), as text lines or as JSON objects
 * appended to arr (a json_object array) when arr is not NULL.
 */
void kbug_dropins_list(FILE *out, struct json_object *arr);
