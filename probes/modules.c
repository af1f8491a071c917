// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The modules probe: /proc/modules (name, size, users, dependencies,
 * state, taint), each module's file through libkmod and the kernel source
 * directory it was built from, flags for out-of-tree (O), unsigned (E)
 * and proprietary (P) modules; and the built-in modules of
 * modules.builtin as the section "modules_builtin".
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probes/internal.h"
#include "probes/libs.h"
#include "probes/lookup.h"
#include "core/report.h"
#include "util/json.h"
#include "util/log.h"
#include "util/path.h"
#include "util/strbuf.h"

#define MODULES_MAX 100000

int kbug_proc_module_parse(const char *line, struct kbug_proc_module *m)
{
	char refc[24], taint[32], addr[40];
	int n;

	memset(m, 0, sizeof(*m));
	taint[0] = '\0';
	/* "name size refcount deps state addr [(taint)]" */
	n = sscanf(line, "%63s %lu %23s %1023s %15s %39s %31s", m->name, &m->size, refc, m->deps,
		   m->state, addr, taint);
	if (n < 5)
		return -EINVAL;
	if (!strcmp(refc, "-")) {
		m->refcount = -1;
	} else {
		char *end;
		long r = strtol(refc, &end, 10);

		if (*end || r < 0 || r > 1 << 30)
			return -EINVAL;
		m->refcount = (int)r;
	}
	if (n == 7) {
		size_t tl = strlen(taint);

		if (tl < 3 || tl - 2 >= sizeof(m->taint) || taint[0] != '(' ||
		    taint[tl - 1] != ')')
			return -EINVAL;
		memcpy(m->taint, taint + 1, tl - 2);
		m->taint[tl - 2] = '\0';
	}
	for (n = 0; m->name[n]; n++)
		if (!isalnum((unsigned char)m->name[n]) && m->name[n] != '_' && m->name[n] != '-')
			return -EINVAL;
	return 0;
}

static struct json_object *deps_array(const char *deps)
{
	struct json_object *arr = json_object_new_array();
	const char *p = deps;

	if (!strcmp(deps, "-"))
		return arr;
	while (*p) {
		size_t n = strcspn(p, ",");

		if (n)
			json_object_array_add(arr, json_object_new_string_len(p, (int)n));
		p += n;
		if (*p == ',')
			p++;
	}
	return arr;
}

static struct json_object *module_entry(struct kmod_ctx *kctx, const struct kbug_proc_module *m)
{
	struct json_object *o = json_object_new_object();
	struct kmod_module *mod = NULL;
	struct strbuf dir = STRBUF_INIT, file = STRBUF_INIT;
	const char *path = NULL;

	kj_set_str(o, "name", m->name);
	kj_set_int(o, "size", (int64_t)m->size);
	if (m->refcount >= 0)
		kj_set_int(o, "refcount", m->refcount);
	kj_set(o, "deps", deps_array(m->deps));
	kj_set_str(o, "state", m->state);
	kj_set_str(o, "taint", m->taint);
	if (kctx && kbug_libs.kmod_module_new_from_name(kctx, m->name, &mod) == 0)
		path = kbug_libs.kmod_module_get_path(mod);
	if (path)
		strbuf_addstr(&file, kbug_path_unroot(path));
	else if (kbug_module_path(m->name, &file) != 0)
		strbuf_reset(&file);	/* unknown, or built in: no file */
	json_object_object_add(o, "path", file.len ? json_object_new_string(file.buf) : NULL);
	if (file.len && !kbug_module_path_source_dir(file.buf, &dir))
		kj_set_str(o, "source_dir", dir.buf);
	else
		json_object_object_add(o, "source_dir", NULL);
	kj_set_bool(o, "out_of_tree", strchr(m->taint, 'O'));
	kj_set_bool(o, "unsigned", strchr(m->taint, 'E'));
	kj_set_bool(o, "proprietary", strchr(m->taint, 'P'));
	if (strchr(m->taint, 'C'))
		kj_set_bool(o, "staging", true);
	if (mod)
		kbug_libs.kmod_module_unref(mod);
	strbuf_release(&dir);
	strbuf_release(&file);
	return o;
}

/* "modules_builtin": {"count", "names"} from modules.builtin. */
static void builtin_section(struct kbug_probe_ctx *ctx, const char *release)
{
	struct strbuf p = STRBUF_INIT, line = STRBUF_INIT;
	struct json_object *o, *names;
	unsigned long lines = 0;
	FILE *f;

	strbuf_addf(&p, "/lib/modules/%s/modules.builtin", release);
	f = kbug_path_fopen(p.buf, "re");
	if (!f) {
		DBG("cannot read '%s': %s", p.buf, strerror(errno));
		strbuf_release(&p);
		return;
	}
	o = json_object_new_object();
	names = json_object_new_array();
	while (strbuf_getline(&line, f) != EOF && lines++ < MODULES_MAX) {
		const char *b = strrchr(line.buf, '/');
		size_t n;

		b = b ? b + 1 : line.buf;
		n = strcspn(b, ".");
		if (n)
			json_object_array_add(names, json_object_new_string_len(b, (int)n));
	}
	fclose(f);
	kj_set_int(o, "count", (int64_t)json_object_array_length(names));
	kj_set(o, "names", names);
	kbug_report_set(ctx->report, "modules_builtin", o);
	strbuf_release(&p);
	strbuf_release(&line);
}

static int modules_run(struct kbug_probe_ctx *ctx, struct json_object **out)
{
	struct json_object *arr = json_object_new_array();
	struct strbuf line = STRBUF_INIT, rel = STRBUF_INIT;
	struct kbug_proc_module m;
	struct kmod_ctx *kctx;
	int ret = 0, bad = 0, n = 0;
	FILE *f;

	json_object_put(*out);
	*out = arr;
	kctx = kbug_kmod_ctx(&rel);
	if (rel.len)
		builtin_section(ctx, rel.buf);
	f = kbug_path_fopen("/proc/modules", "re");
	if (!f) {
		ret = -errno;
		kbug_report_error(ctx->report, "modules", "cannot read '/proc/modules': %s",
				  strerror(errno));
		goto out;
	}
	while (strbuf_getline(&line, f) != EOF && n++ < MODULES_MAX) {
		if (kbug_proc_module_parse(line.buf, &m)) {
			bad++;
			continue;
		}
		kj_append(arr, module_entry(kctx, &m));
		if (kbug_probe_expired(ctx))
			break;
	}
	fclose(f);
	if (bad)
		kbug_report_error(ctx->report, "modules", "%d line%s of '/proc/modules' not understood",
				  bad, bad == 1 ? "" : "s");
out:
	strbuf_release(&line);
	strbuf_release(&rel);
	return ret;
}

const struct kbug_probe kbug_probe_modules = {
	.name = "modules",
	.help = "loaded modules: size, users, state, taint, file, source directory; built-in ones",
	.reads = "/proc/modules, /lib/modules/RELEASE (libkmod), modules.builtin",
	.run = modules_run,
};
