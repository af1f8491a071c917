// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Optional file:line resolution, as the kernel's decode_stacktrace.sh
 * does with addr2line: "func+0x1a/0x80 [mod]" is the symbol's address
 * plus the offset (less one for a return address) looked up in the DWARF
 * of vmlinux or of the module's .ko. libdw (elfutils) is loaded on
 * demand with kbug_dlopen(), never linked; without it, or without debug
 * info, frames simply stay unresolved.
 *
 * Where the debug info comes from: --vmlinux FILE, else Debian's
 * /usr/lib/debug/boot/vmlinux-RELEASE; modules from --modules-dir DIR,
 * else /usr/lib/debug/lib/modules/RELEASE (searched for NAME.ko).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <elfutils/libdwfl.h>

#include "analyze/analyze.h"
#include "analyze/internal.h"
#include "util/dl.h"
#include "util/fs.h"
#include "util/log.h"
#include "util/path.h"
#include "util/strbuf.h"

#define DWARF_MAX_MODULES 32
#define DWARF_SEARCH_DEPTH 8
#define DWARF_SEARCH_ENTRIES 200000

/* libdwfl's types under names checkpatch knows for types */
typedef GElf_Sym kb_gelf_sym_t;
typedef GElf_Shdr kb_gelf_shdr_t;
typedef Dwfl_Callbacks kb_dwfl_callbacks_t;

struct dwarf_fns {
	struct Dwfl *(*begin)(const kb_dwfl_callbacks_t *cb);
	void (*end)(struct Dwfl *dwfl);
	void (*report_begin)(struct Dwfl *dwfl);
	struct Dwfl_Module *(*report_offline)(struct Dwfl *dwfl, const char *name,
					      const char *file, int fd);
	int (*report_end)(struct Dwfl *dwfl, int (*removed)(struct Dwfl_Module *m, void *u,
							    const char *name, uint64_t base,
							    void *arg), void *arg);
	int (*getsymtab)(struct Dwfl_Module *mod);
	const char *(*getsym_info)(struct Dwfl_Module *mod, int ndx, kb_gelf_sym_t *sym,
				   uint64_t *addr, uint32_t *shndx, struct Elf **elf,
				   uint64_t *bias);
	struct Dwfl_Line *(*getsrc)(struct Dwfl_Module *mod, uint64_t addr);
	const char *(*lineinfo)(struct Dwfl_Line *line, uint64_t *addr, int *linep, int *colp,
				uint64_t *mtime, uint64_t *length);
	int (*find_debuginfo)(struct Dwfl_Module *mod, void **userdata, const char *modname,
			      uint64_t base, const char *file_name, const char *debuglink,
			      uint32_t crc, char **debuginfo_file_name);
	int (*section_address)(struct Dwfl_Module *mod, void **userdata, const char *modname,
			       uint64_t base, const char *secname, uint32_t shndx,
			       const kb_gelf_shdr_t *shdr, uint64_t *addr);
};

static const char *const dwarf_syms[] = {
	"dwfl_begin", "dwfl_end", "dwfl_report_begin", "dwfl_report_offline", "dwfl_report_end",
	"dwfl_module_getsymtab", "dwfl_module_getsym_info", "dwfl_module_getsrc",
	"dwfl_lineinfo", "dwfl_standard_find_debuginfo", "dwfl_offline_section_address",
};

struct dwarf_mod {
	char name[64];
	struct Dwfl *dwfl;	/* NULL: looked for and not found */
	struct Dwfl_Module *mod;
};

struct kb_dwarf {
	struct dwarf_fns fn;
	kb_dwfl_callbacks_t cb;
	struct dwarf_mod vmlinux;
	struct dwarf_mod mods[DWARF_MAX_MODULES];
	size_t mods_nr;
	char *modules_dir;
};

static bool dwarf_exists(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode);
}

static bool dwarf_load(struct kb_dwarf *d, struct dwarf_mod *m, const char *name,
		       const char *path)
{
	/* non-blocking: a FIFO or a device is refused, not waited on */
	int fd = kbug_fd_regular(open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC));

	snprintf(m->name, sizeof(m->name), "%s", name);
	if (fd < 0) {
		WARN("cannot read '%s': %s", path,
		     fd == -ENODEV ? "not a regular file" : strerror(-fd));
		return false;
	}
	m->dwfl = d->fn.begin(&d->cb);
	if (!m->dwfl) {
		close(fd);
		return false;
	}
	d->fn.report_begin(m->dwfl);
	m->mod = d->fn.report_offline(m->dwfl, name, path, fd);	/* takes fd if it works */
	if (!m->mod)
		close(fd);
	d->fn.report_end(m->dwfl, NULL, NULL);
	if (!m->mod || d->fn.getsymtab(m->mod) <= 0) {
		DBG("no symbols in '%s'", path);
		d->fn.end(m->dwfl);
		m->dwfl = NULL;
		m->mod = NULL;
		return false;
	}
	INFO("debug info for '%s' from '%s'", name, path);
	return true;
}

struct kb_dwarf *kb_dwarf_open(const struct kbug_analyze_opts *o, const char *release)
{
	struct kb_dwarf *d;
	struct strbuf path = STRBUF_INIT;
	const char *err = NULL, *vmlinux = o->vmlinux;
	char debian[256];

	struct strbuf mpath = STRBUF_INIT;
	const char *modules_dir = o->modules_dir;
	struct stat st;

	if (!vmlinux && release) {
		snprintf(debian, sizeof(debian), "/usr/lib/debug/boot/vmlinux-%s", release);
		vmlinux = kbug_path(&path, debian);
		if (!dwarf_exists(vmlinux))
			vmlinux = NULL;
	}
	if (!modules_dir && release) {
		snprintf(debian, sizeof(debian), "/usr/lib/debug/lib/modules/%s", release);
		modules_dir = kbug_path(&mpath, debian);
		if (stat(modules_dir, &st) || !S_ISDIR(st.st_mode))
			modules_dir = NULL;
	}
	if (!vmlinux && !modules_dir) {
		strbuf_release(&path);
		strbuf_release(&mpath);
		return NULL;
	}
	d = calloc(1, sizeof(*d));
	if (!d)
		goto out;
	if (!kbug_dlopen("libdw.so.1", dwarf_syms, (void **)&d->fn, sizeof(dwarf_syms) /
			 sizeof(dwarf_syms[0]), &err)) {
		WARN("no file:line resolution: %s", err);
		free(d);
		d = NULL;
		goto out;
	}
	d->cb.find_debuginfo = d->fn.find_debuginfo;
	d->cb.section_address = d->fn.section_address;
	if (vmlinux && !dwarf_load(d, &d->vmlinux, "vmlinux", vmlinux))
		WARN("cannot use '%s' for file:line resolution", vmlinux);
	if (modules_dir)
		d->modules_dir = strdup(modules_dir);
out:
	strbuf_release(&path);
	strbuf_release(&mpath);
	return d;
}

static bool dwarf_ko_name(const char *file, const char *mod)
{
	size_t i;

	for (i = 0; mod[i]; i++)
		if (file[i] != mod[i] && !(strchr("-_", file[i]) && strchr("-_", mod[i])))
			return false;
	return !strcmp(file + i, ".ko") || !strcmp(file + i, ".ko.xz") ||
		!strcmp(file + i, ".ko.zst") || !strcmp(file + i, ".ko.gz") ||
		!strcmp(file + i, ".ko.debug");
}

/* Find NAME.ko under dir, depth- and size-bounded. */
static bool dwarf_find_ko(const char *dir, const char *mod, int depth, unsigned int *budget,
			  struct strbuf *out)
{
	struct dirent *de;
	DIR *dd = opendir(dir);
	bool found = false;

	if (!dd)
		return false;
	while (!found && (de = readdir(dd)) && (*budget)-- > 0) {
		char sub[4096];

		if (de->d_name[0] == '.')
			continue;
		if (snprintf(sub, sizeof(sub), "%s/%s", dir, de->d_name) >= (int)sizeof(sub))
			continue;
		if (dwarf_ko_name(de->d_name, mod) && dwarf_exists(sub)) {
			strbuf_reset(out);
			strbuf_addstr(out, sub);
			found = true;
		} else if (depth > 0 && (de->d_type == DT_DIR || de->d_type == DT_UNKNOWN)) {
			found = dwarf_find_ko(sub, mod, depth - 1, budget, out);
		}
	}
	closedir(dd);
	return found;
}

static struct dwarf_mod *dwarf_module(struct kb_dwarf *d, const char *mod)
{
	struct strbuf path = STRBUF_INIT;
	unsigned int budget = DWARF_SEARCH_ENTRIES;
	struct dwarf_mod *m;
	size_t i;

	if (!mod[0])
		return d->vmlinux.dwfl ? &d->vmlinux : NULL;
	for (i = 0; i < d->mods_nr; i++)
		if (!strcmp(d->mods[i].name, mod))
			return d->mods[i].dwfl ? &d->mods[i] : NULL;
	if (!d->modules_dir || d->mods_nr == DWARF_MAX_MODULES)
		return NULL;
	m = &d->mods[d->mods_nr++];
	snprintf(m->name, sizeof(m->name), "%s", mod);
	if (dwarf_find_ko(d->modules_dir, mod, DWARF_SEARCH_DEPTH, &budget, &path))
		dwarf_load(d, m, mod, path.buf);
	strbuf_release(&path);
	return m->dwfl ? m : NULL;
}

/* The kernel-tree path in a DWARF file name ("/build/linux-6.12/./drivers/x.c"). */
static const char *dwarf_relpath(const char *file)
{
	static const char *const tops[] = { "arch", "block", "certs", "crypto", "drivers", "fs",
		"include", "init", "io_uring", "ipc", "kernel", "lib", "mm", "net", "rust",
		"samples", "security", "sound", "usr", "virt", NULL };
	const char *best = NULL;
	size_t i;

	while (file[0] == '.' && file[1] == '/')
		file += 2;
	for (i = 0; tops[i]; i++) {
		char pat[32];
		const char *p;

		snprintf(pat, sizeof(pat), "/%s/", tops[i]);
		p = strstr(file, pat);
		if (p && (!best || p < best))
			best = p;
		if (!strncmp(file, pat + 1, strlen(pat) - 1))
			return file;
	}
	return best ? best + 1 : file;
}

static bool dwarf_symbol(struct kb_dwarf *d, struct Dwfl_Module *mod, const struct kb_frame *f,
			 uint64_t *addr)
{
	int i, n = d->fn.getsymtab(mod);
	bool found = false;

	for (i = 1; i < n; i++) {
		kb_gelf_sym_t sym;
		uint64_t a;
		const char *name = d->fn.getsym_info(mod, i, &sym, &a, NULL, NULL, NULL);

		if (!name || strcmp(name, f->func) || GELF_ST_TYPE(sym.st_info) != STT_FUNC)
			continue;
		*addr = a;
		found = true;
		if (!f->size || sym.st_size == f->size)
			break;
	}
	return found;
}

int kb_dwarf_resolve(struct kb_dwarf *d, struct kb_rep *r)
{
	size_t i;
	int done = 0;

	for (i = 0; i < r->frames_nr; i++) {
		struct kb_frame *f = &r->frames[i];
		struct dwarf_mod *m;
		uint64_t addr;
		struct Dwfl_Line *line;
		const char *file;
		int lineno = 0;

		if (f->file[0] || !f->has_off)
			continue;
		m = dwarf_module(d, f->module);
		if (!m || !dwarf_symbol(d, m->mod, f, &addr))
			continue;
		addr += f->off;
		if (!f->ip && f->off)
			addr--;		/* a return address: the call is the byte before */
		line = d->fn.getsrc(m->mod, addr);
		file = line ? d->fn.lineinfo(line, NULL, &lineno, NULL, NULL, NULL) : NULL;
		if (!file)
			continue;
		snprintf(f->file, sizeof(f->file), "%s", dwarf_relpath(file));
		f->line = lineno;
		f->resolved = true;
		done++;
	}
	if (done)
		r->resolved = true;
	return done;
}

void kb_dwarf_close(struct kb_dwarf *d)
{
	size_t i;

	if (!d)
		return;
	if (d->vmlinux.dwfl)
		d->fn.end(d->vmlinux.dwfl);
	for (i = 0; i < d->mods_nr; i++)
		if (d->mods[i].dwfl)
			d->fn.end(d->mods[i].dwfl);
	free(d->modules_dir);
	free(d);
}
