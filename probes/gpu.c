// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The gpu probe: the DRM cards (/sys/class/drm/cardN: driver, PCI id),
 * their connectors (cardN-NAME: status, enabled, number of modes, an EDID
 * summary without the serial), and the GPU error state a hang left
 * (cardN/error, as i915 and xe expose it). Runs when the suspect is a
 * GPU driver, or when named.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "probes/internal.h"
#include "core/report.h"
#include "util/json.h"
#include "util/macro.h"
#include "util/path.h"
#include "util/strbuf.h"

/* the error state attached, at most this much (i915's can reach megabytes) */
#define GPU_ERROR_MAX (512u << 10)
#define GPU_MAX_ENTRIES 256

/* i915_gpu_error.c prints this in the error file when it holds nothing */
static const char gpu_no_error[] = "No error state collected";

/*
 * The EDID 1.x base block (VESA E-EDID): bytes 0-7 the fixed header,
 * 8-9 the manufacturer's PNP id as three 5-bit letters (big-endian),
 * 10-11 the product code (little-endian), 12-15 the serial number (never
 * read), 16 the week, 17 the year - 1990, 18-19 the version.
 */
int kbug_edid_summary(const unsigned char *edid, size_t len, struct json_object *obj)
{
	static const unsigned char header[8] = { 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0 };
	unsigned int id, c[3], i;
	char buf[16];

	if (!edid || len < 128 || memcmp(edid, header, sizeof(header)))
		return -EINVAL;
	id = (unsigned int)edid[8] << 8 | edid[9];
	c[0] = id >> 10 & 0x1f;
	c[1] = id >> 5 & 0x1f;
	c[2] = id & 0x1f;
	for (i = 0; i < 3; i++)
		buf[i] = c[i] >= 1 && c[i] <= 26 ? (char)('A' + c[i] - 1) : '?';
	buf[3] = '\0';
	kj_set_str(obj, "manufacturer", buf);
	snprintf(buf, sizeof(buf), "0x%04x", (unsigned int)edid[11] << 8 | edid[10]);
	kj_set_str(obj, "product_code", buf);
	if (edid[17] && edid[17] != 0xff)
		kj_set_int(obj, "year", 1990 + edid[17]);
	snprintf(buf, sizeof(buf), "%u.%u", edid[18], edid[19]);
	kj_set_str(obj, "version", buf);
	return 0;
}

/* "0x8086" in FILE of dir into 4 hex digits, or "" */
static void read_hex_id(const char *dir, const char *file, char *out, size_t size)
{
	struct strbuf p = STRBUF_INIT, v = STRBUF_INIT;
	const char *s;

	out[0] = '\0';
	strbuf_addf(&p, "%s/%s", dir, file);
	if (!kbug_path_read_line(&v, p.buf)) {
		s = v.buf;
		if (!strncmp(s, "0x", 2))
			s += 2;
		snprintf(out, size, "%s", s);
	}
	strbuf_release(&p);
	strbuf_release(&v);
}

static void gpu_error_state(struct kbug_probe_ctx *ctx, const char *card, const char *dir,
			    struct json_object *o)
{
	struct strbuf p = STRBUF_INIT, v = STRBUF_INIT;
	long n;

	strbuf_addf(&p, "%s/error", dir);
	n = kbug_path_read(&v, p.buf, GPU_ERROR_MAX);
	if (n == -ENOENT || n == -EACCES || n == -EPERM) {
		/* no such file (not i915/xe), or root's only: nothing to say */
	} else if ((n < 0 && n != -EFBIG) || !v.len) {
		kj_set_str(o, "error_state", "none");
	} else if (!strncmp(v.buf, gpu_no_error, strlen(gpu_no_error))) {
		kj_set_str(o, "error_state", "none");
	} else {
		strbuf_reset(&p);
		strbuf_addf(&p, "gpu-error-%s.txt", card);
		kbug_report_attach(ctx->report, p.buf, "text/plain",
				   "the GPU error state the driver captured at the hang",
				   v.buf, v.len);
		kj_set_str(o, "error_state", p.buf);
		if (n == -EFBIG)
			kj_set_bool(o, "error_state_truncated", true);
	}
	strbuf_release(&p);
	strbuf_release(&v);
}

static struct json_object *gpu_card(struct kbug_probe_ctx *ctx, const char *name)
{
	struct json_object *o = json_object_new_object();
	struct strbuf dir = STRBUF_INIT, dev = STRBUF_INIT, v = STRBUF_INIT;
	char ven[16], did[16];

	kj_set_str(o, "name", name);
	strbuf_addf(&dir, "/sys/class/drm/%s", name);
	strbuf_addf(&dev, "%s/device", dir.buf);
	if (!kbug_sysfs_link_base(dev.buf, "driver", &v))
		kj_set_str(o, "driver", v.buf);
	if (!kbug_sysfs_link_base(dir.buf, "device", &v))
		kj_set_str(o, "bus_id", v.buf);
	read_hex_id(dev.buf, "vendor", ven, sizeof(ven));
	read_hex_id(dev.buf, "device", did, sizeof(did));
	if (*ven && *did) {
		strbuf_reset(&v);
		strbuf_addf(&v, "%s:%s", ven, did);
		kj_set_str(o, "pci_id", v.buf);
	}
	gpu_error_state(ctx, name, dir.buf, o);
	strbuf_release(&dir);
	strbuf_release(&dev);
	strbuf_release(&v);
	return o;
}

static struct json_object *gpu_connector(const char *name)
{
	struct json_object *o = json_object_new_object(), *e;
	struct strbuf p = STRBUF_INIT, v = STRBUF_INIT;
	static const char *const attrs[] = { "status", "enabled", "dpms" };
	size_t i, modes = 0;
	long n;

	kj_set_str(o, "name", name);
	for (i = 0; i < ARRAY_SIZE(attrs); i++) {
		strbuf_reset(&p);
		strbuf_addf(&p, "/sys/class/drm/%s/%s", name, attrs[i]);
		if (!kbug_path_read_line(&v, p.buf) && v.len)
			kj_set_str(o, attrs[i], v.buf);
	}
	strbuf_reset(&p);
	strbuf_addf(&p, "/sys/class/drm/%s/modes", name);
	strbuf_reset(&v);
	if (kbug_path_read(&v, p.buf, 64u << 10) >= 0) {
		for (i = 0; i < v.len; i++)
			if (v.buf[i] == '\n')
				modes++;
		kj_set_int(o, "modes", (int64_t)modes);
	}
	strbuf_reset(&p);
	strbuf_addf(&p, "/sys/class/drm/%s/edid", name);
	strbuf_reset(&v);
	n = kbug_path_read(&v, p.buf, 32u << 10);
	if (n > 0) {
		e = json_object_new_object();
		if (kbug_edid_summary((const unsigned char *)v.buf, v.len, e)) {
			json_object_put(e);
			kj_set_str(o, "edid", "not an EDID");
		} else {
			kj_set(o, "edid", e);
		}
	}
	strbuf_release(&p);
	strbuf_release(&v);
	return o;
}

/* cardN, not renderD128 nor a connector cardN-NAME */
static bool is_card(const char *n)
{
	return !strncmp(n, "card", 4) && n[4] && strspn(n + 4, "0123456789") == strlen(n + 4);
}

static int gpu_run(struct kbug_probe_ctx *ctx, struct json_object **out)
{
	struct json_object *cards = json_object_new_array(), *conns = json_object_new_array();
	struct dirent **ents = NULL;
	int n, i;

	n = kbug_path_scandir("/sys/class/drm", &ents, alphasort);
	if (n < 0) {
		json_object_put(cards);
		json_object_put(conns);
		kbug_report_error(ctx->report, "gpu", "cannot read '/sys/class/drm': %s",
				  strerror(errno));
		return -errno;
	}
	for (i = 0; i < n; i++) {
		const char *d = ents[i]->d_name;

		if (i < GPU_MAX_ENTRIES && !kbug_probe_expired(ctx)) {
			if (is_card(d))
				kj_append(cards, gpu_card(ctx, d));
			else if (!strncmp(d, "card", 4) && strchr(d, '-'))
				kj_append(conns, gpu_connector(d));
		}
		free(ents[i]);
	}
	free(ents);
	kj_set(*out, "cards", cards);
	kj_set(*out, "connectors", conns);
	return 0;
}

/* the DRM core, the drivers below it, and their modules */
static const char *const gpu_dirs[] = {
	"drivers/gpu/", "drivers/video/", "include/drm/", NULL,
};
static const char *const gpu_modules[] = {
	"drm", "drm_*", "i915", "xe", "amdgpu", "radeon", "nouveau", "nvidia*", "ast", "mgag200",
	"gma500_gfx", "vmwgfx", "qxl", "virtio_gpu", "bochs", "simpledrm", "ttm", NULL,
};

static const struct kbug_area gpu_area = { gpu_dirs, gpu_modules };

const struct kbug_probe kbug_probe_gpu = {
	.name = "gpu",
	.help = "DRM cards, connectors, EDID summaries (no serial), GPU error state after a hang; runs when the suspect is in drivers/gpu/ or a GPU module, or with --probe gpu",
	.reads = "/sys/class/drm/card*, card*/error, card*-*/{status,enabled,dpms,modes,edid}",
	.area = &gpu_area,
	.run = gpu_run,
};
