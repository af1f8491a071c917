/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include "util/argv.h"

#include <stdbool.h>
#include <stddef.h>

struct strbuf;

/*
 * kbug's configuration: INI files, later ones overriding earlier ones:
 * /etc/kbug/config (distributions), then $XDG_CONFIG_HOME/kbug/config
 * (~/.config/kbug/config), or the one file named by $KBUG_CONFIG.
 *
 *   [identity]   name = ..., email = ...
 *   [smtp]       url = smtps://..., user = ..., password-command = pass show smtp
 *                password-file = ..., insecure = false, timeout = 60 (seconds),
 *                ca-file = PATH (CA certificates for a private server)
 *   [sendmail]   path = /usr/sbin/sendmail
 *   [bugzilla]   url = ..., api-key-command = ..., api-key-file = ...
 *   [report]     channel = auto, outbox = DIR
 *   [route]      maintainers-url = URL with %v (kbug maintainers --update)
 *   [distro]     bugs = URL (where this distribution takes reports)
 *
 * Syntax: "[section]" lines; "key = value" lines; "#" or ";" starts a
 * comment line; blank lines are ignored; a value may be wrapped in double
 * quotes (then \" and \\ are its only escapes). Section and key names are
 * case-insensitive; a key before any section is an error. Lines are at
 * most 4096 bytes; a file at most 256 KiB.
 *
 * A file that holds a secret (a key named password, api-key, token) and is
 * readable by group or others is refused with a message.
 */
int kbug_config_load(void);		/* 0 or -errno (message logged) */
/* Borrowed value or NULL; section and key are case-insensitive. */
const char *kbug_config_get(const char *section, const char *key);
/* A boolean (true/yes/on/1, false/no/off/0); def when absent or unparsable. */
bool kbug_config_get_bool(const char *section, const char *key, bool def);

/*
 * Parse one file's text into the configuration (later keys override).
 * `name` is used in messages. Returns 0, or -EINVAL after a message
 * naming the file and line. Used by kbug_config_load and the fuzzer.
 */
int kbug_config_parse(const char *text, size_t len, const char *name);
/*
 * The INI reader under kbug_config_parse, for other files of the same
 * syntax (the drop-in probes' manifests): calls set() for each key, in
 * order, with the section and key as written; a nonzero return stops
 * the parse and is returned (set() says why). Returns 0, or -EINVAL
 * after a message naming the file and line.
 */
typedef int (*kbug_ini_set_fn)(void *data, const char *section, const char *key,
			       const char *value);
int kbug_ini_parse(const char *text, size_t len, const char *name, kbug_ini_set_fn set,
		   void *data);
/* Forget everything loaded (tests). */
void kbug_config_reset(void);

/*
 * Fetch a secret without it ever reaching argv, logs or files we write:
 * from a file that must not be readable by group/others (`file`), or by
 * running a command (`command`, split into argv by the shell-like rules
 * of the config, no shell), or from the environment variable `env`.
 * The first one given wins. The secret lands in out (caller wipes it
 * with kbug_secret_wipe). Returns 0, -ENOENT if none is configured, or
 * another -errno after a message.
 */
int kbug_secret_get(struct strbuf *out, const char *file, const char *command,
		    const char *env);
void kbug_secret_wipe(struct strbuf *sb);

/*
 * The secret `base` of a config section: the inline value `base`
 * ("password = ..."; the file was checked at load), then `base-file`,
 * then `base-command`, then the environment variable `env`.
 */
int kbug_config_secret(struct strbuf *out, const char *section, const char *base,
		       const char *env);

/*
 * A value that may run a program or name a secret file (*-command,
 * *-file, [sendmail] path): NULL after a message when the file it came
 * from can be written by group/others or belongs to another user than us
 * or root (then it runs nothing), else as kbug_config_get. A root kbug
 * reads only root's configs, or the one $KBUG_CONFIG names.
 */
const char *kbug_config_get_trusted(const char *section, const char *key);
/*
 * Why a file kbug takes orders from (the config, routes.d) is not to be
 * trusted: "group or others can write", "another user owns"; NULL if fine.
 */
struct stat;
const char *kbug_config_untrusted(const struct stat *st);
