/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <json-c/json.h>

struct strbuf;

#define KBUG_REPORT_SCHEMA "kbug-report/1"

/*
 * A text attachment: the full dmesg, the kernel config, a device list.
 * Attachments travel with the report (report.json keeps them base64-free
 * as plain strings, since they are text) and become email attachments
 * or Bugzilla attachments at delivery.
 */
struct kbug_attachment {
	char *name;		/* "dmesg.txt", "config.txt": a file name */
	char *content_type;	/* "text/plain" */
	char *description;	/* one line for humans, may be NULL */
	char *data;		/* NUL-terminated; may hold any text */
	size_t len;
};

/*
 * The one report object. Every stage reads and extends it: probes add
 * sections (top-level JSON members named after the probe), analyze adds
 * "analysis", route adds "route", delivery adds "delivery". `root` is
 * owned here; callers borrow it.
 */
struct kbug_report {
	struct json_object *root;
	struct kbug_attachment *att;
	size_t att_nr, att_alloc;
	unsigned char redact_key[16];	/* per report, random, never stored */
	bool redact;			/* redaction wanted (default true) */
	bool sealed;			/* kbug_report_seal() done: redacted, may leave */
};

/* Set up an empty report: schema, created time, kbug version, errors []. */
int kbug_report_init(struct kbug_report *r);

#define KBUG_UTC_STAMP_LEN 32
/* t (seconds since the epoch) as "2026-12-03T07:04:53Z", the report's "created" */
void kbug_utc_stamp(long long t, char out[KBUG_UTC_STAMP_LEN]);
void kbug_report_release(struct kbug_report *r);

/* Borrowed pointer to a section, NULL if absent. */
struct json_object *kbug_report_get(struct kbug_report *r, const char *name);
/* Set (replace) a section, taking the reference to obj. */
void kbug_report_set(struct kbug_report *r, const char *name, struct json_object *obj);

/* Append {"probe": who, "message": ...} to "errors". */
void kbug_report_error(struct kbug_report *r, const char *who, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Add an attachment (data copied). Replaces one with the same name. */
int kbug_report_attach(struct kbug_report *r, const char *name, const char *content_type,
		       const char *description, const char *data, size_t len);
/* The same, taking data (malloc'd, data[len] == '\0') instead of a copy; freed on failure. */
int kbug_report_attach_take(struct kbug_report *r, const char *name, const char *content_type,
			    const char *description, char *data, size_t len);
const struct kbug_attachment *kbug_report_attachment(const struct kbug_report *r,
						     const char *name);

/*
 * Apply redaction (collector/core/redact.c) to every string in the tree and
 * every attachment, and record "redactions": [{"kind", "count"}].
 * No-op when r->redact is false. Idempotent.
 */
int kbug_report_redact(struct kbug_report *r);
/*
 * The same for one section a later stage added (route: a MAINTAINERS path
 * in the user's home), with the report's key, so that its placeholders
 * match the others; the counts in "redactions" grow by what it replaced.
 */
int kbug_report_redact_section(struct kbug_report *r, const char *name);

/*
 * The one exit filter, applied where a report leaves kbug (written to the
 * outbox, printed with --json, saved with -o): kbug_report_redact() once,
 * with one policy: when it fails nothing may leave, and -EIO is returned
 * after saying so. Later calls are no-ops.
 */
int kbug_report_seal(struct kbug_report *r);

/*
 * Serialize the whole report, attachments included under
 * "attachments": [{"name","content_type","description","size","text"}].
 * Returns a malloc'd string. with_attachments=false leaves "text" out.
 */
char *kbug_report_to_json(struct kbug_report *r, bool pretty, bool with_attachments);
/* The same text written to f; 0, -EIO or -ENOMEM. */
int kbug_report_write(struct kbug_report *r, bool pretty, bool with_attachments, FILE *f);
/* Load a report saved by kbug_report_to_json (replay); -errno or -EINVAL. */
int kbug_report_load(struct kbug_report *r, const char *path);
int kbug_report_load_string(struct kbug_report *r, const char *json, const char *name);

/* A device a driver is bound to, as the user names it (kbug_report_devices). */
struct kbug_device {
	char name[64];		/* what --device takes: "0000:00:02.0", "usb:1-1" */
	const char *driver;	/* borrowed from the report */
	const char *what;	/* the device's name, "" when unknown (borrowed) */
};
/*
 * The collected devices a driver is bound to, PCI first, then USB (hubs
 * left out), at most max into dev: how many.
 */
size_t kbug_report_devices(struct kbug_report *r, struct kbug_device *dev, size_t max);
/* For the user: "Collected: kernel ..., N PCI and USB devices, ...", the devices with a driver. */
void kbug_report_summary(FILE *f, struct kbug_report *r);

/* Human-readable rendering (used for email bodies and `collect` without --json). */
void kbug_report_render_text(struct kbug_report *r, struct strbuf *out);
/* The drop-in probes' facts (docs/dropin-probes.md): "Drop-in probe NAME" and its lines, each */
void kbug_report_render_dropins(struct kbug_report *r, struct strbuf *out);
