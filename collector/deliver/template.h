/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <json-c/json.h>

#include "util/template.h"

struct kbug_report;
struct strbuf;

/*
 * Report texts are data: templates/CHANNEL.txt (email.txt, bugzilla.txt,
 * issue.txt), with optional per-subsystem additions in
 * templates/sections/SLUG.txt (SLUG: the MAINTAINERS section name in
 * lower case, each run of other characters than [a-z0-9] made one '-',
 * e.g. "DRM DRIVERS" -> drm-drivers) appended to the body, rendered by
 * kbug_template_render() (util/template.h, which has the syntax).
 */

/*
 * The variables a report offers a template (new object): title,
 * description, kernel_release, kernel_version, kernel_origin, tainted,
 * taint_modules, distro, distro_bugs, hardware, report_kind,
 * report_lines, guilty, devices, modules, regression, last_good,
 * regzbot, notes, attachments, inline_logs, section, route_why, facts,
 * kbug_version.
 */
struct json_object *kbug_draft_vars(struct kbug_report *r);

/*
 * The body for `channel`: templates/CHANNEL.txt over kbug_draft_vars,
 * plus the section's addition when there is one. 0 or -errno.
 */
int kbug_draft_render(struct kbug_report *r, const char *channel, struct strbuf *out);

/* The title the report goes out with: draft.summary, else draft.title. */
const char *kbug_draft_title(struct kbug_report *r);

/* Append "nvidia (PO), vbox (O)" for the kernel section's tainted.modules. */
void kbug_taint_modules(struct strbuf *sb, struct json_object *arr);

/*
 * Which attachments go inline (small) and which as files: inline when at
 * most KBUG_INLINE_MAX bytes and KBUG_INLINE_LINES lines.
 */
#define KBUG_INLINE_MAX 4096
#define KBUG_INLINE_LINES 60
int kbug_attachment_is_inline(const char *data, size_t len);
