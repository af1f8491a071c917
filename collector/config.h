/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdbool.h>

struct strbuf;

/*
 * kbug's configuration: INI files, later ones overriding earlier ones:
 * /etc/kbug/config (distributions), then $XDG_CONFIG_HOME/kbug/config
 * (~/.config/kbug/config), or the one file named by $KBUG_CONFIG.
 *
 *   [identity]   name = ..., email = ...
 *   [smtp]       url = smtps://..., user = ..., password-command = pass show smtp
 *   [bugzilla]   url = ..., api-key-command = ..., api-key-file = ...
 *   [report]     channel = auto
 *   [distro]     bugs = URL (where this distribution takes reports)
 *
 * A file that holds a secret (a key named password, api-key, token) and is
 * readable by group or others is refused with a message.
 */
int kbug_config_load(void);		/* 0 or -errno (message logged) */
/* Borrowed value or NULL; section and key are case-insensitive. */
const char *kbug_config_get(const char *section, const char *key);

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
