// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The config files are outside input (/etc/kbug/config, ~/.config/kbug/config),
 * and so are the command lines in them (password-command, $EDITOR): parse
 * both, look keys up, and never crash.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/settings.h"
#include "util/log.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1), **argv = NULL;

	kbug_log_level = -1;
	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	kbug_config_reset();
	if (!kbug_config_parse(s, size, "fuzz")) {
		const char *v = kbug_config_get("smtp", "password-command");

		(void)kbug_config_get_bool("smtp", "insecure", false);
		if (v && kbug_split_argv(v, &argv) >= 0)
			kbug_argv_free(argv);
	}
	if (kbug_split_argv(s, &argv) >= 0)
		kbug_argv_free(argv);
	kbug_config_reset();
	free(s);
	return 0;
}
