/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stddef.h>
#include <stdint.h>

struct strbuf;
struct kbug_report;

/*
 * The redaction engine behind kbug_report_redact() (report.h), exposed
 * for tests and fuzzing. A redactor holds the per-report key, the known
 * secrets of this machine (host name, user names, DMI and USB serials)
 * and counts per kind. Each value found becomes "[KIND-xxxxxx]", six hex
 * digits of SipHash-2-4(key, kind, value): equal values read the same
 * within one report, and nothing links two reports. The comment at the
 * top of redact.c lists what is and is not replaced, and why.
 */
enum kbug_redact_kind {
	REDACT_MAC,
	REDACT_IPV4,
	REDACT_IPV6,
	REDACT_HOSTNAME,
	REDACT_USER,		/* user names, full names, the NAME of /home/NAME */
	REDACT_HOME,		/* a $HOME outside /home */
	REDACT_SERIAL,		/* DMI serial numbers and asset tags */
	REDACT_UUID,		/* the DMI product UUID, any 8-4-4-4-12 UUID */
	REDACT_USB_SERIAL,	/* USB iSerial strings */
	REDACT_SSID,		/* wireless network names */
	REDACT_EMAIL,		/* e-mail addresses, user@host of a self-built kernel */
	REDACT_MACHINE_ID,	/* systemd's machine and boot ids (32 hex digits) */
	REDACT_NR_KINDS,
};

struct kbug_redactor;

struct kbug_redactor *kbug_redactor_new(const unsigned char key[16]);
void kbug_redactor_free(struct kbug_redactor *rd);
/*
 * A known secret, replaced wherever it stands as a whole word (host
 * names, serials and UUIDs compared without regard to case). Values that
 * identify nobody ("", one letter, "localhost", "To be filled by O.E.M.")
 * are ignored.
 */
void kbug_redactor_add_literal(struct kbug_redactor *rd, enum kbug_redact_kind kind,
			       const char *value);
/*
 * This machine's secrets, read below the --sysroot root: host and domain
 * name, users of /etc/passwd with uid 1000..65533, $USER/$LOGNAME/
 * $SUDO_USER/$HOME, DMI serials and UUID, USB device serials.
 */
void kbug_redactor_add_machine(struct kbug_redactor *rd);
/* Append the redacted in[0..len) to out; returns the number of replacements. */
size_t kbug_redact_text(struct kbug_redactor *rd, const char *in, size_t len,
			struct strbuf *out);
/* The placeholder that stands for v[0..len) of this kind, appended to out (nothing counted). */
void kbug_redact_placeholder(const struct kbug_redactor *rd, enum kbug_redact_kind kind,
			     const char *v, size_t len, struct strbuf *out);
const char *kbug_redact_kind_name(enum kbug_redact_kind kind);
size_t kbug_redactor_count(const struct kbug_redactor *rd, enum kbug_redact_kind kind);

/*
 * For the reader of a report: what its "redactions" section counts, as a
 * sentence wrapped at 72 columns, with no newline at its end ("... kbug
 * replaced 3 MAC addresses, 1 e-mail address with placeholders ...");
 * nothing when nothing was replaced (core/render.c).
 */
void kbug_redact_summary(struct kbug_report *r, struct strbuf *out);

/* SipHash-2-4 of data under a 128-bit key (Aumasson and Bernstein). */
uint64_t kbug_siphash24(const unsigned char key[16], const void *data, size_t len);
