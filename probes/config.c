// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The config probe: the running kernel's configuration, /proc/config.gz
 * (zlib) or else /boot/config-RELEASE, as the attachment "config.txt";
 * the section says where it came from and how big it is.
 */
#include <errno.h>
#include <string.h>

#include "probes/internal.h"
#include "core/report.h"
#include "util/gz.h"
#include "util/json.h"
#include "util/path.h"
#include "util/strbuf.h"

#define GZ_MAX_INPUT (64u << 20)

/* gunzip a file into sb, at most max bytes; -EFBIG when cut, -errno. */
static int read_gz(const char *path, struct strbuf *sb, size_t max)
{
	struct strbuf gz = STRBUF_INIT;
	long n = kbug_path_read(&gz, path, GZ_MAX_INPUT);
	int ret;

	if (n < 0) {
		strbuf_release(&gz);
		return n == -EFBIG ? -EIO : (int)n;
	}
	ret = kbug_gunzip(gz.buf, gz.len, sb, max);
	if (ret == -EBADMSG)
		ret = -EIO;
	strbuf_release(&gz);
	return ret;
}

static int config_run(struct kbug_probe_ctx *ctx, struct json_object **out)
{
	struct strbuf sb = STRBUF_INIT, rel = STRBUF_INIT, boot = STRBUF_INIT;
	const char *source = "/proc/config.gz";
	int ret, bret = -ENOENT;
	long n;

	ret = read_gz(source, &sb, ctx->max_output);
	if (ret && ret != -EFBIG) {
		strbuf_reset(&sb);
		if (!kbug_os_release(&rel) && rel.len &&
		    !strchr(rel.buf, '/')) {
			strbuf_addf(&boot, "/boot/config-%s", rel.buf);
			n = kbug_path_read(&sb, boot.buf,
					   ctx->max_output ? ctx->max_output : 1u << 30);
			bret = n < 0 ? (int)n : 0;
			source = boot.buf;
		}
		if (bret && bret != -EFBIG) {
			kbug_report_error(ctx->report, "config", "cannot read '/proc/config.gz': %s",
					  strerror(-ret));
			kbug_report_error(ctx->report, "config", "cannot read '%s': %s",
					  boot.len ? boot.buf : "/boot/config-RELEASE",
					  strerror(-bret));
			goto out;
		}
		ret = bret;
	}
	if (ret == -EFBIG) {
		kj_set_bool(*out, "truncated", true);
		kbug_report_error(ctx->report, "config", "'%s' cut at %zu bytes (the output budget)",
				  source, ctx->max_output);
	}
	ret = 0;
	kj_set_str(*out, "source", source);
	kj_set_int(*out, "size", (int64_t)sb.len);
	n = (long)sb.len;
	kbug_report_attach_take(ctx->report, "config.txt", "text/plain",
				"the kernel configuration", strbuf_detach(&sb, NULL), (size_t)n);
out:
	strbuf_release(&sb);
	strbuf_release(&rel);
	strbuf_release(&boot);
	return ret;
}

const struct kbug_probe kbug_probe_config = {
	.name = "config",
	.help = "the kernel configuration, attached as config.txt",
	.reads = "/proc/config.gz, /boot/config-RELEASE",
	.run = config_run,
};
