// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The distro probe: os-release(5), /etc/os-release or else
 * /usr/lib/os-release. Values may be quoted with ' or " and use the
 * shell's backslash escapes inside double quotes; keys become
 * lower-case JSON members ("ID" -> "id", "VERSION_ID" -> "version_id").
 */
#include <ctype.h>
#include <errno.h>
#include <string.h>

#include "probes/internal.h"
#include "core/report.h"
#include "util/json.h"
#include "util/path.h"
#include "util/strbuf.h"

static bool valid_key(const char *k, size_t n)
{
	size_t i;

	if (!n || n > 64 || isdigit((unsigned char)k[0]))
		return false;
	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)k[i]) && k[i] != '_')
			return false;
	return true;
}

/* One value, unquoted and unescaped; -EINVAL on an unterminated quote. */
static int parse_value(const char *v, size_t n, struct strbuf *out)
{
	size_t i = 0;
	char q = 0;

	strbuf_reset(out);
	while (i < n && (v[i] == ' ' || v[i] == '\t'))
		i++;
	while (i < n) {
		char c = v[i++];

		if (q) {
			if (c == q) {
				q = 0;
			} else if (q == '"' && c == '\\' && i < n &&
				   strchr("\"\\$`", v[i])) {
				strbuf_addch(out, v[i++]);
			} else {
				strbuf_addch(out, c);
			}
		} else if (c == '"' || c == '\'') {
			q = c;
		} else if (c == '\\' && i < n) {
			strbuf_addch(out, v[i++]);
		} else if (c == '#' && (!out->len || isspace((unsigned char)v[i - 2]))) {
			break;
		} else {
			strbuf_addch(out, c);
		}
	}
	if (q)
		return -EINVAL;
	strbuf_rtrim(out);
	return 0;
}

int kbug_os_release_parse(const char *text, size_t len, struct json_object *obj)
{
	struct strbuf val = STRBUF_INIT;
	const char *p = text, *end = text + len;
	int keys = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end, *eq, *k;
		size_t kn;

		k = p;
		p = nl ? nl + 1 : end;
		while (k < le && isspace((unsigned char)*k))
			k++;
		if (k == le || *k == '#')
			continue;
		eq = memchr(k, '=', (size_t)(le - k));
		if (!eq)
			continue;
		kn = (size_t)(eq - k);
		while (kn && isspace((unsigned char)k[kn - 1]))
			kn--;
		if (!valid_key(k, kn))
			continue;
		if (le > eq + 1 && le[-1] == '\r')
			le--;
		if (parse_value(eq + 1, (size_t)(le - eq - 1), &val))
			continue;
		{
			char key[65];
			size_t i;

			for (i = 0; i < kn; i++)
				key[i] = (char)tolower((unsigned char)k[i]);
			key[kn] = '\0';
			if (!json_object_object_get_ex(obj, key, NULL))
				keys++;
			json_object_object_add(obj, key,
					       json_object_new_string_len(val.buf, (int)val.len));
		}
	}
	strbuf_release(&val);
	return keys;
}

static int distro_run(struct kbug_probe_ctx *ctx, struct json_object **out)
{
	static const char *const files[] = { "/etc/os-release", "/usr/lib/os-release" };
	struct strbuf sb = STRBUF_INIT;
	long n = -ENOENT;
	size_t i;
	int err = 0;

	for (i = 0; i < 2; i++) {
		strbuf_reset(&sb);
		n = kbug_path_read(&sb, files[i], 65536);
		if (n >= 0 || n == -EFBIG)
			break;
		if (!err || n != -ENOENT)
			err = (int)n;
	}
	if (i == 2) {
		kbug_report_error(ctx->report, "distro", "cannot read '%s' or '%s': %s", files[0],
				  files[1], strerror(-err));
		strbuf_release(&sb);
		return err;
	}
	if (kbug_os_release_parse(sb.buf, sb.len, *out) == 0)
		kbug_report_error(ctx->report, "distro", "'%s' holds no KEY=value lines", files[i]);
	kj_set_str(*out, "source", files[i]);
	/* os-release(5): ID defaults to "linux", NAME to "Linux" */
	if (!kj_get_str(*out, "id"))
		kj_set_str(*out, "id", "linux");
	if (!kj_get_str(*out, "pretty_name"))
		kj_set_str(*out, "pretty_name", kj_get_str(*out, "name") ?: "Linux");
	if (!json_object_object_get_ex(*out, "version_id", NULL))
		json_object_object_add(*out, "version_id", NULL);	/* rolling releases */
	kbug_kernel_package_facts(ctx->report, *out);
	strbuf_release(&sb);
	return 0;
}

const struct kbug_probe kbug_probe_distro = {
	.name = "distro",
	.help = "the distribution: os-release(5) fields (id, version_id, pretty_name, ...) and who built the kernel (kernel: maker, package)",
	.reads = "/etc/os-release, /usr/lib/os-release, /proc/version_signature, /var/lib/dpkg/info/linux-*.list, /var/lib/dpkg/status, /usr/lib/modules/RELEASE/pkgbase, /var/lib/pacman/local/*/desc",
	.run = distro_run,
};
