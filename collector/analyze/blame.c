// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The blamer: which source file to send the report to.
 *
 * 1. A driver failure names its file in the catalogue (sig-driver.c).
 * 2. A symbolized log: the first "path/file.c:N" of the report that is
 *    not reporting machinery, headers, lib/ or core code every trace
 *    passes through (syzkaller's guilty-file rule); for RCU stalls the
 *    search starts at the timer interrupt, where the stalled code is.
 *    A file outside the tree (a DKMS build, treepath.c) blames no file:
 *    the report is marked out of tree.
 * 3. Otherwise the guilty frame's function through the tree index
 *    (index.c: its definition, chosen among namesakes by [module] and
 *    the other frames' directories; else the module's directory).
 *    Failing that, the [module] through the modules section's
 *    source_dir: with a kernel tree at hand ($KBUG_KERNEL_SRC or
 *    opts->kernel_src), the directory's .c file that defines the
 *    function. Without a tree the rule is: a module named like its
 *    directory is a multi-file driver, so the directory is blamed
 *    ("drivers/net/ethernet/intel/e1000/", which MAINTAINERS F: patterns
 *    match); any other module is taken to be the single file
 *    source_dir/NAME.c (drivers/net/dummy.c).
 * 4. Else the first file the report names at all, even in lib/ (a
 *    WARNING's own "at FILE:LINE"), as the least bad answer.
 */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/index.h"
#include "analyze/internal.h"
#include "analyze/sig-driver.h"
#include "util/json.h"
#include "util/macro.h"

/*
 * kernel/rcu/tree_stall.h: the stalled code is below the scheduling-clock
 * interrupt's entry in the stack (x86 apic_timer_interrupt, arm64
 * el1h_64_irq, older el1_irq); its line, or -1.
 */
static int blame_stall_irq(const struct kb_rep *r)
{
	int j = kb_rep_find(r, r->hdr, "apic_timer_interrupt+0x");

	if (j < 0)
		j = kb_rep_find(r, r->hdr, " el1h_64_irq+0x");
	if (j < 0)
		j = kb_rep_find(r, r->hdr, " el1_irq+0x");
	return j;
}

/*
 * A header's inline code warned (WARN_ON in include/net/nexthop.h's
 * nexthop_path_fib_result(), "at include/net/nexthop.h:283
 * fib_nh_match+0x1fc"): the compiler inlined it into the function the
 * line names, whose one definition in the index is the code that ran.
 */
static bool blame_inlined_into(struct kb_rep *r, const char *header)
{
	const struct kb_index *ix;
	const char *def[2];
	size_t n = strlen(header);

	if (n < 2 || strcmp(header + n - 2, ".h") || !r->guilty_func[0])
		return false;
	ix = kb_index_get();
	if (!ix || kb_index_func(ix, r->guilty_func, def, ARRAY_SIZE(def)) != 1)
		return false;
	n = strlen(def[0]);
	if (n < 2 || strcmp(def[0] + n - 2, ".c") || kb_file_blacklisted(def[0]) ||
	    kb_skip_file(def[0]))
		return false;
	snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", def[0]);
	r->blame_reason = "a header's inline code, inlined into the function the report names: "
			  "the file defining it (the tree's index)";
	r->blame_source = KB_SRC_INDEX;
	return true;
}

static bool blame_text_file(struct kb_rep *r, bool any)
{
	size_t i = r->hdr;
	char path[256];

	if (!strncmp(r->title.buf, "INFO: rcu detected stall", 24)) {
		int j = blame_stall_irq(r);

		if (j >= 0)
			for (i = j; i < r->cut; i++) {
				const char *p = kb_rep_line(r, i);

				while ((p = kb_find_file(p, path, sizeof(path), NULL)))
					if (!kb_file_blacklisted(path))
						goto found;
			}
		i = r->hdr;
	}
	for (; i < r->cut; i++) {
		const char *p = kb_rep_line(r, i);

		while ((p = kb_find_file(p, path, sizeof(path), NULL)))
			if (!kb_file_blacklisted(path))
				goto found;
	}
	/* every file is machinery: the first one still says most */
	for (i = r->hdr; any && i < r->cut; i++) {
		const char *p = kb_rep_line(r, i);

		p = kb_find_file(p, path, sizeof(path), NULL);
		if (p && blame_inlined_into(r, path))
			return true;
		if (p) {
			snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", path);
			r->blame_reason = "the only source files in the trace are generic code";
			r->blame_source = KB_SRC_GUESS;
			return true;
		}
	}
	return false;
found:
	if (kb_oot_tree_copy(r, kb_rep_line(r, i), path))
		return false;	/* the tree's driver built from its upstream: the index places it */
	if (kb_path_outside(path)) {
		/* built outside the tree (treepath.c): no in-tree maintainer to blame */
		r->out_of_tree = true;
		if (!r->guilty_module[0])
			kb_path_dkms_module(path, r->guilty_module, sizeof(r->guilty_module));
		r->blame_reason = "the trace's first source file is outside the kernel tree";
		return true;
	}
	snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", path);
	r->blame_reason = "first source file in the trace outside the reporting machinery";
	r->blame_source = KB_SRC_LOG;
	r->own_file = true;
	return true;
}

/* Debug info gave the frames files: the first good frame's file not machinery. */
static bool blame_resolved_file(struct kb_rep *r)
{
	size_t i;

	for (i = r->guilty >= 0 ? (size_t)r->guilty : 0; i < r->frames_nr; i++) {
		const struct kb_frame *f = &r->frames[i];

		if (!f->file[0] || !f->reliable || kb_skip_file(f->file) ||
		    kb_skip_func(f->func, KB_USE_BLAME))
			continue;
		snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", f->file);
		r->blame_reason = "the guilty frame's source file, from debug info";
		r->blame_source = KB_SRC_DWARF;
		return true;
	}
	return false;
}

static struct json_object *blame_module_entry(struct json_object *modules, const char *name)
{
	struct json_object *arr = modules;
	size_t i, n;

	if (modules && json_object_is_type(modules, json_type_object)) {
		arr = kj_get(modules, "modules");
		if (!arr)
			arr = kj_get(modules, "loaded");
	}
	if (!arr || !json_object_is_type(arr, json_type_array))
		return NULL;
	n = json_object_array_length(arr);
	for (i = 0; i < n; i++) {
		struct json_object *m = json_object_array_get_idx(arr, i);
		const char *mn = kj_get_str(m, "name");
		size_t k;

		if (!mn)
			continue;
		for (k = 0; mn[k] && name[k]; k++)
			if (mn[k] != name[k] && !(strchr("-_", mn[k]) && strchr("-_", name[k])))
				break;
		if (!mn[k] && !name[k])
			return m;
	}
	return NULL;
}

/*
 * Was the report symbolized with files (syzkaller's symbolizer, a kernel
 * with debug info, decode_stacktrace.sh)? Then the files it names are the
 * ones to blame and the function index is not needed. A distribution
 * kernel names a file only in its report's first line (WARN() and BUG()
 * print __FILE__, UBSAN and might_sleep() their site): its frames are
 * placed by the index.
 */
static bool blame_names_file(const struct kb_rep *r)
{
	char path[256];
	size_t i;

	for (i = r->hdr; i < r->cut; i++)
		if ((i > r->hdr || !r->frames_nr) &&
		    kb_find_file(kb_rep_line(r, i), path, sizeof(path), NULL) &&
		    !kb_oot_tree_copy(r, kb_rep_line(r, i), path))
			return true;
	return false;
}

/*
 * No frame was parsed (a pasted excerpt) but the title names the
 * function ("KFENCE: use-after-free read in FUNC", syzkaller's "TITLE in
 * FUNC" form): look that function up in the tree index.
 */
static bool blame_title_func(struct kb_rep *r)
{
	const char *in = strstr(r->title.buf, " in ");
	struct kb_frame f = { .reliable = true };
	size_t n;

	while (in && strstr(in + 1, " in "))
		in = strstr(in + 1, " in ");
	if (!in)
		return false;
	in += 4;
	n = strspn(in, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
	if (!n || in[n] || n >= sizeof(f.func) || !strcmp(in, "corrupted"))
		return false;
	memcpy(f.func, in, n);
	if (!kb_index_blame(r, &f, NULL))
		return false;
	if (!r->guilty_func[0])
		snprintf(r->guilty_func, sizeof(r->guilty_func), "%s", f.func);
	return true;
}

/* The modules section's source_dir for the frame's [module], or NULL. */
static const char *blame_module_dir(struct json_object *modules, const struct kb_frame *f)
{
	struct json_object *m = f->module[0] ? blame_module_entry(modules, f->module) : NULL;

	return m ? kj_get_str(m, "source_dir") : NULL;
}

/*
 * With a kernel tree (the user's own, of any version): the .c file of
 * dir that defines func at a line's start. Asked only when the tree
 * index (index.c, linux 6.12) knows neither function nor module.
 */
static bool blame_find_def(const char *tree, const char *dir, const char *func, char *out,
			   size_t size)
{
	char path[1024], line[512];
	struct dirent *de;
	DIR *d;
	size_t fl = strlen(func);
	bool found = false;
	int files = 0;

	if (snprintf(path, sizeof(path), "%s/%s", tree, dir) >= (int)sizeof(path))
		return false;
	d = opendir(path);
	if (!d)
		return false;
	while (!found && files < 400 && (de = readdir(d))) {
		size_t n = strlen(de->d_name);
		FILE *f;

		if (n < 3 || strcmp(de->d_name + n - 2, ".c"))
			continue;
		files++;
		if (snprintf(path, sizeof(path), "%s/%s/%s", tree, dir, de->d_name) >=
		    (int)sizeof(path))
			continue;
		f = fopen(path, "r");
		if (!f)
			continue;
		while (fgets(line, sizeof(line), f)) {
			const char *p = strstr(line, func);

			if (!p || (p > line && (isalnum((unsigned char)p[-1]) || p[-1] == '_')) ||
			    p[fl] != '(' || line[0] == ' ' || line[0] == '\t' || strchr(line, ';'))
				continue;
			found = snprintf(out, size, "%s/%s", dir, de->d_name) < (int)size;
			break;
		}
		fclose(f);
	}
	closedir(d);
	return found;
}

/*
 * Is the module built from its whole directory? It is when its name
 * holds a component of the directory's path (e1000 in .../intel/e1000,
 * snd_usb_audio in sound/usb, nvme in drivers/nvme/host); a module
 * named after nothing there is one file of a shared directory (dummy in
 * drivers/net, btusb in drivers/bluetooth).
 */
static bool blame_module_is_dir(const char *dir, const char *name)
{
	const char *p = dir;

	while (*p) {
		size_t n = strcspn(p, "/");
		char comp[64];

		if (n >= 3 && n < sizeof(comp)) {
			memcpy(comp, p, n);
			comp[n] = '\0';
			if (strstr(name, comp))
				return true;
		}
		p += n;
		while (*p == '/')
			p++;
	}
	return false;
}

static void blame_module(struct kb_rep *r, const struct kb_frame *f, struct json_object *mods,
			 const char *tree)
{
	struct json_object *m = blame_module_entry(mods, f->module);
	const char *dir = m ? kj_get_str(m, "source_dir") : NULL;
	char d[128], name[64];
	size_t n, i;

	if (!dir || !*dir)
		return;
	n = strlen(dir);
	while (n > 1 && dir[n - 1] == '/')
		n--;
	snprintf(d, sizeof(d), "%.*s", (int)n, dir);
	if (tree && blame_find_def(tree, d, f->func, r->guilty_file, sizeof(r->guilty_file))) {
		r->blame_reason = "the module's source file that defines the function";
		r->blame_source = KB_SRC_MODULE;
		return;
	}
	snprintf(name, sizeof(name), "%s", f->module);
	for (i = 0; name[i]; i++)
		if (name[i] == '-')
			name[i] = '_';
	if (blame_module_is_dir(d, name)) {
		snprintf(r->guilty_file, sizeof(r->guilty_file), "%s/", d);
		r->blame_reason = "the directory of the module named in the frame";
		r->blame_source = KB_SRC_MODULE;
	} else {
		snprintf(r->guilty_file, sizeof(r->guilty_file), "%s/%s.c", d, name);
		r->blame_reason = "the source file of the single-file module named in the frame";
		r->blame_source = KB_SRC_MODULE;
	}
}

static void blame_header_file(struct kb_rep *r)
{
	const char *l = kb_rep_line(r, r->hdr);
	const char *at = strstr(l, " at ");
	char path[256];

	if (!at || !kb_find_file(at, path, sizeof(path), NULL))
		return;
	if (kb_oot_tree_copy(r, l, path)) {
		kb_oot_tree_copy_place(r, l);
		return;
	}
	snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", path);
	r->blame_reason = "the file named in the report's first line";
	r->blame_source = KB_SRC_LOG;
}

/*
 * A frame's file: the log's, else (in a log that names no file at all,
 * which loads the tree index anyway) its function's only definition in
 * the index. NULL when unknown.
 */
static const char *blame_index_file(const struct kb_frame *f)
{
	const struct kb_index *ix = kb_index_get();
	const char *def[2];
	char name[128];

	if (!ix)
		return NULL;
	snprintf(name, sizeof(name), "%.*s", (int)strcspn(f->func, "."), f->func);
	return kb_index_func(ix, name, def, ARRAY_SIZE(def)) == 1 ? def[0] : NULL;
}

/* Does the index define f's function in path (and nowhere else)? */
static bool blame_defined_in(const struct kb_frame *f, const char *path)
{
	const char *def = blame_index_file(f);

	return def && !strcmp(def, path);
}

static const char *blame_frame_file(const struct kb_rep *r, const struct kb_frame *f)
{
	size_t i;

	if (f->file[0])
		return f->file;
	/* the function whose file the report's header gave (WARN()'s __FILE__) */
	if (r->site_file[0] && !strcmp(r->site.func, f->func))
		return r->site_file;
	for (i = 0; i < r->frames_nr; i++)
		if (r->frames[i].file[0] && !strcmp(r->frames[i].func, f->func))
			return r->frames[i].file;
	if (blame_names_file(r))
		return NULL;
	return blame_index_file(f);
}

/*
 * Code that runs on behalf of its caller: a skip rule names its function
 * or its file, whether the log printed the file or the index found it
 * (an unsymbolized __free_irq is kernel/irq/ as much as a symbolized one).
 */
/*
 * A vendor's module carries its own assertion machinery, as the kernel
 * has BUG() and panic(): OpenZFS's SPL prints "SPL PANIC" from
 * spl_debug_bug(), others name theirs *_bug, *_assert, *assfail. In a
 * module no Makefile of the tree builds, such a frame reports for its
 * caller.
 */
static bool blame_oot_assert(const struct kb_frame *f)
{
	static const char *const ends[] = { "_bug", "_assert", "assfail", "assert_failed" };
	size_t i, n = strcspn(f->func, "."), e;

	for (i = 0; i < ARRAY_SIZE(ends); i++) {
		e = strlen(ends[i]);
		if (n > e && !strncmp(f->func + n - e, ends[i], e))
			return kb_oot_module(f->module);
	}
	return false;
}

/*
 * A name the index defines in several files, every one of them machinery
 * (arm64's and riscv's arch/ARCH/lib/strcmp.S both give __pi_strcmp):
 * whichever it was, it was a helper.
 */
static bool blame_index_all_skipped(const struct kb_rep *r, const struct kb_frame *f)
{
	const struct kb_index *ix = kb_index_get();
	const char *def[9];	/* eight at most: more is no helper's */
	char name[128];
	size_t n, i;

	if (!ix || f->module[0] || blame_names_file(r))
		return false;
	snprintf(name, sizeof(name), "%.*s", (int)strcspn(f->func, "."), f->func);
	n = kb_index_func(ix, name, def, ARRAY_SIZE(def));
	if (n < 2 || n == ARRAY_SIZE(def))
		return false;
	for (i = 0; i < n; i++)
		if (!kb_skip_file(def[i]))
			return false;
	return true;
}

static bool blame_helper(const struct kb_rep *r, const struct kb_frame *f)
{
	const char *file;

	if (kb_skip_func(f->func, KB_USE_BLAME) || blame_oot_assert(f))
		return true;
	file = blame_frame_file(r, f);
	if (file)
		return kb_skip_file(file);
	return blame_index_all_skipped(r, f);
}

/*
 * Where one stack ends and an unrelated one begins: KASAN's allocation
 * and free stacks, the interrupted task below an interrupt's frames
 * (arch/x86/kernel/dumpstack_64.c prints <EOI>, </IRQ>), lockdep's
 * dependency chains, the end of the report.
 */
static bool blame_stack_end(const char *l)
{
	return strstr(l, "Allocated by task") || strstr(l, "Freed by task") ||
		strstr(l, "</IRQ>") || strstr(l, "<EOI>") || strstr(l, "</TASK>") ||
		strstr(l, "---[ end") || strstr(l, "-> #") || strstr(l, "stack backtrace:") ||
		strstr(l, "Last potentially related work");
}

/* Is frame i (i > 0) in the report and the stack of frame i - 1? */
static bool blame_same_stack(const struct kb_rep *r, size_t i)
{
	size_t l;

	if (r->frames[i].idx >= r->cut)
		return false;
	for (l = r->frames[i - 1].idx + 1; l < r->frames[i].idx; l++)
		if (blame_stack_end(kb_rep_line(r, l)))
			return false;
	return true;
}

/*
 * The title's frame is a helper (skip.c: a string routine, a container,
 * the allocator, the worker loop): blame its nearest caller in the same
 * stack that is none, if there is one.
 */
/*
 * A helper (a string routine, a copy) is a leaf function: it calls
 * nothing, so ARM's link register still holds its caller's return
 * address, which __show_regs() prints (arch/arm/kernel/process.c "LR is
 * at %pS", arch/arm64/kernel/process.c "lr : %pS"; riscv's " ra : %pS",
 * mips's "ra    : %0*lx %pS"). For a faulting helper whose caller the
 * excerpt does not show; and for a jump to an address no function holds
 * (the IP names none, "epc   : 702e7da4 0x702e7da4"), with no trace: the
 * return address is in the function that made the call.
 */
static const char *blame_lr_text(const struct kb_rep *r, int *at)
{
	static const char *const forms[] = { "LR is at ", "lr : ", " ra : ", "ra    : " };
	const char *l, *p;
	size_t k;

	for (k = 0; k < ARRAY_SIZE(forms); k++) {
		*at = kb_rep_find(r, r->hdr, forms[k]);
		if (*at < 0)
			continue;
		l = kb_rep_line(r, (size_t)*at);
		p = strstr(l, forms[k]) + strlen(forms[k]);
		if (k == 3) {	/* the register's value first */
			p += strspn(p, "0123456789abcdef");
			p += strspn(p, " ");
		}
		return p;
	}
	return NULL;
}

static bool blame_link_register(struct kb_rep *r, bool unplaced)
{
	struct kb_frame f;
	const char *l;
	int i;
	size_t k;

	for (k = 0; k < r->frames_nr && !r->frames[k].ip; k++)
		;
	if (k == r->frames_nr ? r->frames_nr != 0 :
	    !unplaced && !blame_helper(r, &r->frames[k]))
		return false;
	l = blame_lr_text(r, &i);
	if (!l || !kb_frame_parse(l, &f) || !f.has_off || blame_helper(r, &f) ||
	    (unplaced && !f.file[0] && !f.module[0] && !kb_index_places(&f)))
		return false;
	f.idx = i;
	f.reliable = true;
	r->guilty = kb_rep_add_frame(r, &f);
	return true;
}

static void blame_caller(struct kb_rep *r)
{
	size_t i;

	if (r->guilty < 0 || r->by_extractor || !blame_helper(r, &r->frames[r->guilty]))
		return;
	for (i = (size_t)r->guilty + 1; i < r->frames_nr && blame_same_stack(r, i); i++) {
		const struct kb_frame *c = &r->frames[i];

		if (!c->reliable || c->ip || blame_helper(r, c))
			continue;
		r->guilty = (int)i;
		return;
	}
	blame_link_register(r, false);
}

/*
 * A built-in function nothing places (not in the log's files, the
 * index, or a prefix's directory: arm_dma_free, gone since 5.x) says
 * nothing about where the bug is; its nearest caller in the same stack
 * that is placed and no helper does. Only for a trace that printed no
 * file:line for it.
 */
static void blame_unplaced(struct kb_rep *r)
{
	const struct kb_frame *g;
	size_t i;

	if (r->guilty < 0 || r->by_extractor)
		return;
	g = &r->frames[r->guilty];
	if (g->file[0] || g->module[0] || blame_frame_file(r, g) || kb_index_places(g))
		return;
	for (i = (size_t)r->guilty + 1; i < r->frames_nr && blame_same_stack(r, i); i++) {
		const struct kb_frame *c = &r->frames[i];

		if (!c->reliable || c->ip || blame_helper(r, c))
			continue;
		if (c->file[0] || c->module[0] || blame_frame_file(r, c) ||
		    blame_index_file(c)) {
			r->guilty = (int)i;
			return;
		}
	}
	/* an excerpt cut before the trace: arm's link register is the caller */
	if (g->ip)
		blame_link_register(r, true);
}

/* Do two files lie in one directory? */
static bool blame_same_dir(const char *a, const char *b)
{
	const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');

	return sa && sb && sa - a == sb - b && !strncmp(a, b, (size_t)(sa - a));
}

#define BLAME_ARG_LOAD 0x40	/* the first 16 instructions of a 4-byte ISA */

/* Is f a function the tree exports (EXPORT_SYMBOL*()), an API other modules call? */
static bool blame_exported(const struct kb_frame *f)
{
	const struct kb_index *ix = kb_index_get();
	char name[128];

	snprintf(name, sizeof(name), "%.*s", (int)strcspn(f->func, "."), f->func);
	return ix && kb_index_exported(ix, name);
}

/*
 * A NULL pointer dereference in an exported function's first
 * instructions is a load through a pointer it was passed, before it
 * computed any of its own: its caller passed NULL (lan78xx's phydev to
 * phylib's phy_ethtool_ksettings_get(), a driver's uninitialized
 * timecounter to timecounter_read()). When the caller lies in another
 * directory, a driver calling a subsystem's API, the caller is to blame;
 * within one directory the two are one piece of code. The caller: the
 * next frame of the stack, else arm's link register (the trace cut).
 * Not for a function the tree does not export: a driver's callback
 * (ext4_writepages() from do_writepages()) is given what its subsystem
 * holds, and its own bug is its own.
 */
static void blame_null_argument(struct kb_rep *r)
{
	const struct kb_frame *g, *entry = NULL;
	const char *gf, *cf;
	int was = r->guilty;
	size_t i;

	if (r->guilty < 0 || r->by_extractor ||
	    !kb_starts(r->title.buf, "BUG: unable to handle kernel NULL pointer dereference"))
		return;
	g = &r->frames[r->guilty];
	if (!g->ip || !g->has_off || g->off >= BLAME_ARG_LOAD || !blame_exported(g))
		return;
	gf = blame_frame_file(r, g);
	for (i = (size_t)r->guilty + 1; i < r->frames_nr && blame_same_stack(r, i); i++) {
		const struct kb_frame *c = &r->frames[i];

		if (!c->reliable || c->ip || blame_helper(r, c))
			continue;
		cf = blame_frame_file(r, c);
		if (!gf || !cf) {
			r->guilty = (int)i;
			return;
		}
		if (!blame_same_dir(gf, cf)) {
			/*
			 * past the subsystem's own frames: a module that called
			 * into it through an exported function passed the NULL
			 * (uvcvideo -> usb_set_interface() ->
			 * usb_hcd_alloc_bandwidth() -> usb_ifnum_to_if()); core
			 * code built in calls an exported callback through its
			 * ops (ethtool's get_link_ksettings = phylib's), and the
			 * callback's subsystem keeps the blame
			 */
			if (!entry || (blame_exported(entry) && c->module[0] &&
				       strcmp(c->module, g->module)))
				r->guilty = (int)i;
			return;
		}
		entry = c;
	}
	if (entry)
		return;
	if (!blame_link_register(r, true))
		return;
	cf = blame_frame_file(r, &r->frames[r->guilty]);
	if (gf && cf && blame_same_dir(gf, cf))
		r->guilty = was;
}

/*
 * Built-in code of the tree that a module called directly through an
 * exported function (EXPORT_SYMBOL*: an API for modules) faulted or
 * warned in that function: the module's frame, the API's caller, passed
 * what the API choked on (vfio_pci_core's vfio_pci_mmap_fault() ->
 * remap_pfn_range(), nvme_tcp's nvme_tcp_get_address() ->
 * kernel_getsockname() on a released socket). Deeper in the core (HID's
 * hid_process_event() below the hid_input_report() a transport driver
 * called) the core's own processing failed, and keeps the blame; so does
 * a function nobody exports (a core callback), and a trace without
 * [module] tags (syzkaller's kernels build everything in).
 */
static void blame_module_caller(struct kb_rep *r)
{
	const struct kb_frame *g;
	size_t i;

	/* lockdep's stacks show where a lock was taken, not an API misused */
	if (r->guilty < 0 || r->by_extractor || kb_starts(r->title.buf, "possible ") ||
	    kb_starts(r->title.buf, "inconsistent lock"))
		return;
	g = &r->frames[r->guilty];
	if (g->module[0] || !g->has_off)
		return;
	for (i = (size_t)r->guilty + 1; i < r->frames_nr && blame_same_stack(r, i); i++) {
		const struct kb_frame *c = &r->frames[i];

		if (!c->reliable || c->ip)
			continue;
		if (c->module[0] && !blame_helper(r, c) && !kb_oot_module(c->module) &&
		    blame_exported(g))
			r->guilty = (int)i;
		return;
	}
}

#define BLAME_GUESSED_TRACE 4	/* "? " frames that make a trace with no other */

/*
 * x86's show_trace_log_lvl() marks "? " an address the unwinder did not
 * reach; when it reached none (no frame pointers or ORC, a task blocked
 * in the scheduler), every frame is "? " and the stack's words, read in
 * order, are the only trace there is. The title stays "corrupted" (as
 * syzkaller has it); the blame takes the first such frame that is no
 * machinery, at low confidence.
 */
static void blame_guessed(struct kb_rep *r)
{
	size_t i, guesses = 0, machinery = 0;

	for (i = 0; i < r->frames_nr; i++) {
		if (r->frames[i].ip)
			continue;
		if (r->frames[i].reliable)
			machinery++;	/* blame_pick() found none that is no machinery */
		else
			guesses++;
	}
	/*
	 * Either no frame was reached, or the ones reached all report (a
	 * module's own assert helper that dumps the stack, then an excerpt
	 * cut after it): the "? " words are what is left.
	 */
	if (guesses < (machinery ? 1 : BLAME_GUESSED_TRACE))
		return;
	for (i = 0; i < r->frames_nr; i++) {
		const struct kb_frame *f = &r->frames[i];

		/* a guess needs a place: a file (the log's, the index's) or a module */
		if (f->ip || !f->has_off || f->idx >= r->cut || blame_helper(r, f) ||
		    (!blame_frame_file(r, f) && !f->module[0]))
			continue;
		r->guilty = (int)i;
		r->guessed = true;
		return;
	}
}

/*
 * An RCU stall's title names the syscall the stalled task was in, as
 * syzbot's do; the blame is the first frame below the interrupt that is
 * no machinery (the loop that did not let go of the CPU).
 */
static void blame_stalled(struct kb_rep *r)
{
	int j = blame_stall_irq(r);
	size_t i;

	for (i = 0; j >= 0 && i < r->frames_nr; i++) {
		const struct kb_frame *f = &r->frames[i];

		if (f->idx <= (size_t)j || f->idx >= r->cut || f->ip || !f->reliable ||
		    !f->has_off || blame_helper(r, f))
			continue;
		r->guilty = (int)i;
		return;
	}
}

/*
 * A report cut before its trace (or printed without one) may still list
 * the locks the task holds: lockdep's print_lock() writes
 * " #N: ADDR (NAME){....}-{N:N}, at: %pS", the place each was taken, in the
 * order taken. The last one taken by code that is no machinery is where
 * the task was (sleeping in atomic context, a hung task): a guess.
 */
static void blame_held_locks(struct kb_rep *r)
{
	size_t i;

	for (i = r->cut; i-- > r->hdr;) {
		const char *l = kb_rep_line(r, i), *at = strstr(l, ", at: "), *file;
		struct kb_frame f;

		l += strspn(l, " ");
		if (l[0] != '#' || !isdigit((unsigned char)l[1]) || !at ||
		    !kb_frame_parse(at + 6, &f) || !f.has_off)
			continue;
		f.reliable = false;
		f.idx = i;
		/* the index, even when the header names a file: no frame names one */
		file = blame_index_file(&f);
		if (kb_skip_func(f.func, KB_USE_BLAME) || (file && kb_skip_file(file)) ||
		    (!file && !f.module[0]))
			continue;
		r->guilty = kb_rep_add_frame(r, &f);
		r->guessed = true;
		if (file) {
			snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", file);
			r->blame_reason = "where the task took the last lock it holds, from the "
					  "function index";
			r->blame_source = KB_SRC_INDEX;
		}
		return;
	}
}

/*
 * The WARN()'s own message, printed between "[ cut here ]" and the
 * "WARNING:" line, may name the code it warns about with %pS or %pB
 * ("refcount_t overflow at afs_cache_permit+0x57d/0x5c0 [kafs]"): when
 * the report has no frame of its own that is no machinery, that one.
 */
static void blame_message_symbol(struct kb_rep *r)
{
	size_t i;

	for (i = 0; i < r->hdr; i++) {
		const char *l = kb_rep_line(r, i), *p = l;
		struct kb_frame f;

		while ((p = strstr(p, "+0x"))) {
			const char *b = p;

			while (b > l && (isalnum((unsigned char)b[-1]) || b[-1] == '_' ||
					 b[-1] == '.'))
				b--;
			p += 3;
			if (b == p - 3 || !kb_frame_parse(b, &f) || !f.has_off ||
			    blame_helper(r, &f))
				continue;
			f.idx = i;
			r->guilty = kb_rep_add_frame(r, &f);
			r->text_frame = true;
			return;
		}
	}
}

/*
 * A kworker's report names the work it ran: print_worker_info()
 * (kernel/workqueue.c) prints "Workqueue: NAME FUNC [module]" among the
 * task's details. With no frame to blame, the work's function is the
 * code the worker was running for: a guess.
 */
static void blame_workqueue(struct kb_rep *r)
{
	size_t i;

	/* from the report's first line: a paste's "Workqueue: " may come before the stack */
	for (i = 0; i < r->cut; i++) {
		const char *l = kb_rep_line(r, i), *w = strstr(l, "Workqueue: "), *fn, *m;
		struct kb_frame f = { .idx = i };
		size_t n;

		if (!w)
			continue;
		fn = strchr(w + 11, ' ');
		n = fn ? strcspn(fn + 1, " ") : 0;
		if (!n || n >= sizeof(f.func))
			return;
		memcpy(f.func, fn + 1, n);
		m = fn[1 + n] == ' ' && fn[2 + n] == '[' ? fn + 3 + n : NULL;
		if (m && strcspn(m, "]") < sizeof(f.module) && m[strcspn(m, "]")])
			snprintf(f.module, sizeof(f.module), "%.*s", (int)strcspn(m, "]@"), m);
		/* a framework's event work is where it ran, though it serves a client */
		if (!kb_func_serves_client(f.func) && blame_helper(r, &f))
			return;
		r->guilty = kb_rep_add_frame(r, &f);
		r->guessed = true;
		r->text_frame = true;
		return;
	}
}

/*
 * __warn() prints "WARNING: CPU: N PID: N at FILE:LINE FUNC+off/size",
 * and x86's BUG() on old kernels "kernel BUG at FILE:LINE!" with the
 * RIP's FUNC after: the header's file is its function's, even when the
 * frames have none.
 */
/*
 * The sanitizers' "BUG: KASAN: KIND in FUNC+off/size" (mm/kasan/report.c,
 * KFENCE's and KMSAN's alike) names the function that made the access;
 * with CONFIG_KASAN's inline chain, one header line per inlined level
 * ("in memset include/linux/string.h:391 [inline]") and the real
 * function last. The line of that last one, or 0.
 */
#define BLAME_SAN_CHAIN 8

static size_t blame_san_site(const struct kb_rep *r, struct kb_frame *f)
{
	const char *h = kb_rep_line(r, r->hdr);
	size_t i, found = 0, n;

	if (strncmp(h, "BUG: K", 6))
		return 0;
	n = strcspn(h, " ") + 1;
	n += strcspn(h + n, " ") + 1;	/* "BUG: KASAN: " */
	for (i = r->hdr; i < r->cut && i < r->hdr + BLAME_SAN_CHAIN; i++) {
		const char *l = kb_rep_line(r, i), *in;

		if (strncmp(l, h, n))
			break;
		in = strstr(l, " in ");
		if (in && kb_frame_parse(in + 4, f) && f->has_off)
			found = i;
	}
	if (found)
		kb_frame_parse(strstr(kb_rep_line(r, found), " in ") + 4, f);
	return found;
}

static void blame_site(struct kb_rep *r)
{
	const char *l = kb_rep_line(r, r->hdr), *at = strstr(l, " at "), *p;
	char file[sizeof(r->site_file)];
	size_t san;

	r->site_file[0] = '\0';
	r->site.func[0] = '\0';
	san = at ? 0 : blame_san_site(r, &r->site);
	if (san) {
		r->site.idx = san;
		if (r->site.file[0] && (!kb_skip_file(r->site.file) ||
					blame_defined_in(&r->site, r->site.file)))
			snprintf(r->site_file, sizeof(r->site_file), "%s", r->site.file);
		r->site.file[0] = '\0';
		return;
	}
	if (!at)
		return;
	p = kb_find_file(at, file, sizeof(file), NULL);
	if (!p) {
		/* 6.16's __warn(): "WARNING: FILE:LINE at FUNC+off/size, CPU#N: comm/pid" */
		const char *e = kb_find_file(l, file, sizeof(file), NULL);

		p = e && e <= at + 1 ? at + 4 : NULL;
	}
	if (!p || !kb_frame_parse(p, &r->site) || !r->site.has_off) {
		r->site.func[0] = '\0';
		return;
	}
	r->site.idx = r->hdr;
	/*
	 * A skipped file (kernel/dma/debug.c's check_unmap()) is the
	 * function's own when the index defines it there; else it is a
	 * helper's inlined into the function (lib/list_debug.c's check in an
	 * old kernel's module).
	 */
	if (kb_oot_tree_copy(r, l, file))
		return;	/* the tree's driver built from its upstream: the index places it */
	if (!kb_skip_file(file) || blame_defined_in(&r->site, file))
		snprintf(r->site_file, sizeof(r->site_file), "%s", file);
}

/*
 * No frame of the trace to blame (a trace of "? " words, or none): the
 * function the WARN() is in, from the report's first line, unless it is
 * machinery itself.
 */
static void blame_site_frame(struct kb_rep *r)
{
	struct kb_frame f = r->site;

	if (!f.func[0] || kb_skip_func(f.func, KB_USE_BLAME) || blame_oot_assert(&f) ||
	    (r->site_file[0] && kb_skip_file(r->site_file)))
		return;
	snprintf(f.file, sizeof(f.file), "%s", r->site_file);
	r->guilty = kb_rep_add_frame(r, &f);
}

/*
 * No frame at all: print_modules() marks "+" the module being loaded
 * ("vboxdrv(OE+)"); when it is a vendor's, the report is that module's.
 */
static bool blame_loading(struct kb_rep *r)
{
	struct kb_modlist it;
	const char *fl;
	char name[64];
	size_t f;

	if (!kb_modlist_start(r, &it))
		return false;
	while (kb_modlist_next(&it, name, sizeof(name), &fl, &f)) {
		if (memchr(fl, '+', f) && kb_oot_module(name) && kb_oot_blame(r, name)) {
			r->blame_reason = "out-of-tree module being loaded ('+' in 'Modules "
					  "linked in'); report it to its vendor";
			return true;
		}
	}
	return false;
}

/*
 * The tree's code that a vendor's module called (cfg80211's wiphy_new_nm()
 * checking the ops the module passed, a list helper on its list): the
 * module's frame below in the same stack makes the report the vendor's.
 */
static void blame_vendor_caller(struct kb_rep *r)
{
	const struct kb_frame *g = &r->frames[r->guilty];
	size_t i;

	if (g->module[0] && kb_oot_module(g->module))
		return;	/* kb_oot_blame() takes the frame's own module */
	for (i = (size_t)r->guilty + 1; i < r->frames_nr && blame_same_stack(r, i); i++) {
		const struct kb_frame *c = &r->frames[i];

		if (c->reliable && !c->ip && c->module[0] && kb_oot_module(c->module)) {
			r->guilty = (int)i;
			return;
		}
	}
}

static void blame_pick(struct kb_rep *r, struct json_object *modules, const char *tree)
{
	const struct kb_frame *f;
	size_t i;

	/* a title that names no frame: blame the first one that is no machinery */
	for (i = 0; r->guilty < 0 && !(r->sig->flags & KB_SIG_DRIVER) && i < r->frames_nr; i++)
		if (r->frames[i].reliable && r->frames[i].has_off &&
		    !kb_skip_func(r->frames[i].func, KB_USE_BLAME))
			r->guilty = (int)i;
	if (!(r->sig->flags & KB_SIG_DRIVER)) {
		blame_caller(r);
		blame_unplaced(r);
		blame_null_argument(r);
		blame_module_caller(r);
		if (r->guilty < 0)
			blame_link_register(r, false);
	}
	if (!strncmp(r->title.buf, "INFO: rcu detected stall", 24))
		blame_stalled(r);
	if (r->guilty < 0 && !(r->sig->flags & KB_SIG_DRIVER))
		blame_site_frame(r);
	if (r->guilty < 0 && !(r->sig->flags & KB_SIG_DRIVER))
		blame_message_symbol(r);
	/*
	 * the work a kworker ran is certainly on its stack; "? " words are
	 * stale values that look like return addresses
	 */
	if (r->guilty < 0 && !(r->sig->flags & KB_SIG_DRIVER))
		blame_workqueue(r);
	if (r->guilty < 0 && !(r->sig->flags & KB_SIG_DRIVER))
		blame_guessed(r);
	if (r->guilty < 0 && !(r->sig->flags & KB_SIG_DRIVER))
		blame_held_locks(r);
	/*
	 * a helper the excerpt shows no caller of: the work the worker ran,
	 * else a "? " word that has a place (a module's function the
	 * unwinder skipped: device_create()'s caller in a module's init)
	 */
	if (r->guilty >= 0 && !r->by_extractor && !(r->sig->flags & KB_SIG_DRIVER) &&
	    blame_helper(r, &r->frames[r->guilty])) {
		int g = r->guilty;

		r->guilty = -1;
		blame_workqueue(r);
		if (r->guilty < 0)
			blame_guessed(r);
		if (r->guilty < 0)
			r->guilty = g;
	}
	if (r->guilty < 0 && !(r->sig->flags & KB_SIG_DRIVER))
		blame_workqueue(r);
	if (r->guilty < 0 && !(r->sig->flags & KB_SIG_DRIVER) && blame_loading(r))
		return;
	if (r->guilty >= 0 && !(r->sig->flags & KB_SIG_DRIVER))
		blame_vendor_caller(r);
	f = r->guilty >= 0 ? &r->frames[r->guilty] : NULL;
	/* the tree's driver built from its upstream: its copy's file names no tree file */
	if (f && f->file[0] && kb_oot_tree_copy(r, kb_rep_line(r, f->idx), f->file))
		r->frames[r->guilty].file[0] = '\0';

	if (f) {
		snprintf(r->guilty_func, sizeof(r->guilty_func), "%s", f->func);
		r->guilty_func[strcspn(r->guilty_func, ".")] = '\0';
		if (f->module[0])
			snprintf(r->guilty_module, sizeof(r->guilty_module), "%s", f->module);
		/* a vendor's module: no in-tree file is to blame */
		if (f->module[0] && kb_oot_blame(r, f->module))
			return;
	}
	if (r->sig->module && !r->guilty_module[0])
		snprintf(r->guilty_module, sizeof(r->guilty_module), "%s", r->sig->module);
	if (r->guilty_file[0])
		return;
	if (r->sig->file && r->sig->file[strlen(r->sig->file) - 1] != '/') {
		snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", r->sig->file);
		r->blame_reason = "the driver that prints this failure";
		r->blame_source = KB_SRC_MESSAGE;
		return;
	}
	/* hung tasks: the frame the title names is where the task waits */
	if (f && f->file[0] && !kb_file_blacklisted(f->file) && r->by_extractor) {
		snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", f->file);
		r->blame_reason = "the file of the function the task hangs in";
		r->blame_source = KB_SRC_LOG;
		return;
	}
	/*
	 * the header's FILE is the WARN site's: a guilty frame below it (a
	 * caller the rules moved to) is placed by the index first
	 */
	if (f && !f->file[0] && r->site.func[0] && strcmp(f->func, r->site.func) &&
	    !blame_names_file(r) && kb_index_blame(r, f, blame_module_dir(modules, f)))
		return;
	/* the site a header names without a file (a sanitizer's): the index places it */
	if (f && !f->file[0] && r->site.func[0] && !strcmp(f->func, r->site.func) &&
	    !r->site_file[0] && kb_index_blame(r, f, blame_module_dir(modules, f)))
		return;
	if (blame_text_file(r, false))
		return;
	if (r->resolved && blame_resolved_file(r))
		return;
	/* only for a log that names no file (those with files never load the index) */
	if (f && !f->file[0] && (!blame_names_file(r) || r->text_frame) &&
	    kb_index_blame(r, f, blame_module_dir(modules, f)))
		return;
	if (!f && !blame_names_file(r) && blame_title_func(r))
		return;
	if (f && f->module[0]) {
		blame_module(r, f, modules, tree);
		if (r->guilty_file[0])
			return;
	}
	/* a module's frame without file:line in a trace symbolized for vmlinux only */
	if (f && !f->file[0] && f->module[0] && blame_names_file(r) && !r->text_frame &&
	    kb_index_blame(r, f, blame_module_dir(modules, f)))
		return;
	if (blame_text_file(r, true))
		return;
	blame_header_file(r);
}

static bool blame_is_stack_key(const char *l)
{
	return strstr(l, "Call Trace") || strstr(l, "Call trace:") || strstr(l, "Backtrace:") ||
		strstr(l, "Allocated by task") || strstr(l, "Freed by task") ||
		((strstr(l, " backtrace:") || strstr(l, " backtrace (")) &&
		 !strstr(l, "stack backtrace:"));
}

void kb_check_corrupted(struct kb_rep *r)
{
	const char *t = r->title.buf;
	const char *b = strchr(t, '[');
	bool has_stack = false;
	size_t i, j;

	if (b && isdigit((unsigned char)b[strspn(b + 1, " ") + 1]) && strchr(b, ']') &&
	    memchr(b, '.', strchr(b, ']') - b))
		r->corrupted = true;
	if (r->sig->flags & (KB_SIG_NOSTACK | KB_SIG_DRIVER))
		return;
	for (i = r->hdr + 1; i < r->cut && i < r->hdr + 4; i++) {
		struct kb_frame f;

		if (kb_frame_parse(kb_rep_line(r, i), &f))
			has_stack = true;	/* KMSAN, KFENCE: the frames follow at once */
	}
	for (i = r->hdr; i < r->cut; i++) {
		const char *l = kb_rep_line(r, i);
		bool ok = false;

		if (!blame_is_stack_key(l))
			continue;
		has_stack = true;
		if (i + 3 >= r->cut) {
			r->corrupted = true;
			return;
		}
		for (j = i + 1; j < r->cut && j < i + 16; j++) {
			const char *x = kb_rep_line(r, j);
			struct kb_frame f;

			if (blame_is_stack_key(x))
				break;
			if (strstr(x, "(stack is not available)") ||
			    (kb_frame_parse(x, &f) && f.reliable)) {
				ok = true;
				break;
			}
		}
		if (!ok) {
			r->corrupted = true;
			return;
		}
	}
	/* no trace at all is damage, unless the report stops after a header naming its site */
	if (!has_stack && !(r->guilty >= 0 && r->frames[r->guilty].idx == r->hdr) &&
	    !(r->site.func[0] && r->site.idx == r->hdr))
		r->corrupted = true;
}

/*
 * How sure the blame is: a file:line the kernel printed (or debug info
 * gave) for a frame is high; a file found from a function or module
 * name, or named by the failure's own message, is medium; anything else
 * (a driver error no catalogue row knows, a frame the unwinder did
 * not reach) is low.
 */
static const char *blame_confidence(const struct kb_rep *r)
{
	const char *s = r->blame_source;

	/* a driver's error the catalogue does not know may be harmless noise */
	if (!r->guilty_file[0] || !s || r->sig == &kb_drv_generic.sig ||
	    r->sig == &kb_drv_indexed.sig || r->sig == &kb_drv_vendor.sig ||
	    r->sig == &kb_drv_error_text.sig || r->sig == &kb_drv_warning_text.sig || r->guessed)
		return KB_CONF_LOW;
	if (!strcmp(s, KB_SRC_LOG) || !strcmp(s, KB_SRC_DWARF))
		return KB_CONF_HIGH;
	if (!strcmp(s, KB_SRC_GUESS))
		return KB_CONF_LOW;
	return KB_CONF_MEDIUM;
}

/*
 * A core message that names only the subsystem (the HCI core's command
 * timeout: drivers/bluetooth/), then the same device's next message from
 * a driver's own file in it ("Reading QCA version information failed",
 * btqca.c): that file.
 */
static void blame_refine(struct kb_rep *r)
{
	const char *f = r->refine ? r->refine->file : NULL;
	size_t n = strlen(r->guilty_file);

	if (!f || !n || r->guilty_file[n - 1] != '/' || f[strlen(f) - 1] == '/' ||
	    strncmp(f, r->guilty_file, n))
		return;
	snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", f);
	r->blame_reason = "the file of the same device's next message";
	r->blame_source = KB_SRC_MESSAGE;
}

/*
 * A driver's failure that only its directory places (the module its
 * prefix names has many files): the file of that directory whose format
 * string's constant text logs the message (the index's messages part),
 * when one file does. kbug's catalogue rows name a file already.
 */
#define IX_DRM_DEFS 16	/* definitions of a DRM_ERROR()'s function looked at */
#define BLAME_MODULE_FILES 2048	/* a module's sources looked at (amdgpu has some 700) */

/* Is file one of the sources of the module called name? */
static bool blame_module_has(const struct kb_index *ix, const char *name, const char *file)
{
	const char *files[BLAME_MODULE_FILES], *dir;
	int n, i;

	n = name[0] ? kb_index_module(ix, name, 0, &dir, files, BLAME_MODULE_FILES) : -1;
	for (i = 0; i < n; i++)
		if (!strcmp(files[i], file))
			return true;
	return false;
}

static bool blame_same_subsystem(const char *a, const char *b);

/* Does file's directory register a device driver (another driver's, not a helper's)? */
static bool blame_driver_dir(const struct kb_index *ix, const char *file)
{
	char dir[sizeof(((struct kb_rep *)0)->guilty_file)];
	const char *slash = strrchr(file, '/');

	if (!slash)
		return false;
	snprintf(dir, sizeof(dir), "%.*s", (int)(slash + 1 - file), file);
	return kb_index_dir_has_driver(ix, dir);
}

/*
 * DRM_ERROR()'s "[drm:FUNC [MODULE]] *ERROR* ..." names the function that
 * printed it (__func__): its definition under the driver's directory, or
 * its one definition under drivers/gpu/drm/.
 */
static const char *blame_drm_func(const struct kb_index *ix, const char *l, const char *dir)
{
	const char *def[IX_DRM_DEFS], *end;
	char func[128];
	size_t n, k, nd, hit = 0, dl = strlen(dir);
	const char *found = NULL;

	if (strncmp(l, "[drm:", 5))
		return NULL;
	end = l + 5 + strcspn(l + 5, " ]\n");
	n = (size_t)(end - l) - 5;
	if (!n || n >= sizeof(func) || (*end != ' ' && *end != ']'))
		return NULL;
	memcpy(func, l + 5, n);
	func[n] = '\0';
	nd = kb_index_func(ix, func, def, ARRAY_SIZE(def));
	for (k = 0; k < nd && k < ARRAY_SIZE(def); k++)
		if (!strncmp(def[k], dir, dl)) {
			found = def[k];
			hit++;
		}
	if (hit == 1)
		return found;
	return nd == 1 && kb_starts(def[0], "drivers/gpu/drm/") ? def[0] : NULL;
}

/*
 * A driver's failure that only its directory places (the module its
 * prefix names has many files): the file of that directory whose format
 * string's constant text logs the message (the index's messages part),
 * when one file does. Not there, the one file of the tree that logs it
 * at KERN_ERR (IX_ERR_MIN bytes of text at least), when that file is
 * one of the module's own sources in another directory (amdgpu's
 * amd/pm/swsmu/smu_cmn.c: "SMU is in hanged state") or a helper of its
 * subsystem that logs on the driver's device (i915's "Failed to get
 * ACT": drm/display/drm_dp_mst_topology.c). kbug's catalogue rows name
 * a file already.
 */
static void blame_message_file(struct kb_rep *r)
{
	const struct kb_index *ix;
	const char *l, *file;
	char place[sizeof(r->guilty_file)];
	size_t n = strlen(r->guilty_file), len;

	if (!(r->sig->flags & KB_SIG_DRIVER) || r->out_of_tree || !n ||
	    r->guilty_file[n - 1] != '/')
		return;
	ix = kb_index_get();
	if (!ix)
		return;
	l = kb_rep_line(r, r->hdr);
	l += strspn(l, " \t");
	len = strcspn(l, "\n");
	file = blame_drm_func(ix, l, r->guilty_file);
	if (file) {
		snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", file);
		r->blame_reason = "the file defining the function DRM_ERROR() names";
		r->blame_source = KB_SRC_INDEX;
		return;
	}
	file = kb_index_message(ix, l, len, r->guilty_file);
	if (file) {
		snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", file);
		r->blame_reason =
			"the file of the driver's directory whose format string logs the message";
		r->blame_source = KB_SRC_MESSAGE_INDEX;
		return;
	}
	if (r->sig != &kb_drv_generic.sig ||
	    !kb_index_error_place(ix, l, len, NULL, 0, NULL, place, sizeof(place)) ||
	    place[strlen(place) - 1] == '/' || kb_skip_file(place))
		return;
	if (!blame_module_has(ix, r->guilty_module, place) &&
	    (!blame_same_subsystem(place, r->guilty_file) || kb_drv_on_behalf(place) ||
	     blame_driver_dir(ix, place)))
		return;
	snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", place);
	r->blame_reason = "the one file of the driver's module or subsystem whose format "
			  "string logs the message (on the driver's device)";
	r->blame_source = KB_SRC_MESSAGE_INDEX;
}

/*
 * "Kernel panic - not syncing: MSG" with no frame that places it (the
 * paste holds no trace, or one of panic's machinery only): the file whose
 * panic() format is MSG, from the index's texts ("Attempted to kill
 * init! exitcode=0x": kernel/exit.c; "VFS: Unable to mount root fs on":
 * init/do_mounts.c), at least half the message, or else the one whose
 * format begins as the message does (its conversions, a device's name or
 * an init's path, may be most of it); never a detector's
 * ("softlockup: hung tasks") or machinery's. Not after another report:
 * the panic is its consequence (an oops killed init).
 */
static void blame_panic_message(struct kb_rep *r)
{
	const struct kb_index *ix;
	const char *l, *p;
	char place[sizeof(r->guilty_file)];
	size_t n;

	if (!r->sig->kind || strcmp(r->sig->kind, "panic") || r->out_of_tree || r->follows ||
	    r->guilty_file[0] || r->guilty_module[0])
		return;
	l = kb_rep_line(r, r->hdr);
	p = strstr(l, "not syncing: ");
	if (!p)
		return;
	p += strlen("not syncing: ");
	n = strcspn(p, "\n");
	while (n && p[n - 1] == ' ')
		n--;
	ix = kb_index_get();
	if (!ix)
		return;
	if (!kb_index_error_place(ix, p, n, NULL, (n + 1) / 2, NULL, place, sizeof(place)) &&
	    !kb_index_start_place(ix, p, n, 'e', place, sizeof(place)))
		return;
	if (kb_drv_on_behalf(place))
		return;
	snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", place);
	r->blame_reason = "the file whose panic() message this is, from the tree index's texts";
	r->blame_source = KB_SRC_MESSAGE_INDEX;
}

/* Do a and b share their first two directories ("fs/bcachefs/", "drivers/gpu/")? */
static bool blame_same_subsystem(const char *a, const char *b)
{
	const char *s = strchr(a, '/');

	s = s ? strchr(s + 1, '/') : NULL;
	return s && !strncmp(a, b, (size_t)(s - a) + 1);
}

/*
 * A file the log printed that 6.12 does not have: the logging kernel is
 * older or newer, and code moves between releases (fs/io_uring.c became
 * io_uring/io_uring.c, drivers/iommu/dmar.c drivers/iommu/intel/dmar.c).
 * The 6.12 file that defines the frame's function, when the index knows
 * one and it keeps the file's name or its subsystem; else the directory
 * a file was split into (arch/powerpc/kernel/ptrace.c became ptrace/).
 */
/* Does the report's "CPU: N PID: M ... ainted ... 6.12.118" line name the index's release? */
static bool blame_index_release(const struct kb_rep *r)
{
	size_t i;

	for (i = 0; i < r->nr; i++) {
		const char *l = kb_rep_line(r, i), *p = strstr(l, "ainted");

		if (!p || !strstr(l, "PID: "))
			continue;
		p = strstr(p, " " KB_INDEX_RELEASE);
		return p && (p[strlen(KB_INDEX_RELEASE) + 1] == '.' ||
			     p[strlen(KB_INDEX_RELEASE) + 1] == '-');
	}
	return false;
}

/* The last two names of path's directory ("interface/vchiq_arm"), up to *end */
static const char *blame_dir_tail(const char *path, const char **end)
{
	const char *p = strrchr(path, '/');
	int slashes = 0;

	*end = p;
	while (p && p > path) {
		p--;
		if (*p == '/' && ++slashes == 2)
			return p + 1;
	}
	return NULL;
}

/*
 * Do a's and b's directories end in the same two names? A directory that
 * moved whole (drivers/misc/vc04_services/interface/vchiq_arm/ went to
 * drivers/staging/ in 4.x) keeps them.
 */
static bool blame_same_dir_tail(const char *a, const char *b)
{
	const char *ea, *eb, *pa = blame_dir_tail(a, &ea), *pb = blame_dir_tail(b, &eb);

	return pa && pb && ea - pa == eb - pb && !memcmp(pa, pb, (size_t)(ea - pa));
}

static void blame_moved_file(struct kb_rep *r)
{
	const struct kb_index *ix;
	const char *def[2], *base, *ext, *func;
	char name[128];
	size_t n = strlen(r->guilty_file);

	/* a 6.12 kernel's files are the index's: no need to load it */
	if (r->out_of_tree || !n || r->guilty_file[n - 1] == '/' ||
	    !r->blame_source || strcmp(r->blame_source, KB_SRC_LOG) || blame_index_release(r))
		return;
	ix = kb_index_get();
	if (!ix || kb_index_has_file(ix, r->guilty_file))
		return;
	base = strrchr(r->guilty_file, '/');
	base = base ? base + 1 : r->guilty_file;
	/* the guilty frame's function, else the one the header's file:line is in */
	func = r->guilty_func[0] ? r->guilty_func :
	       !strcmp(r->site_file, r->guilty_file) ? r->site.func : "";
	snprintf(name, sizeof(name), "%.*s", (int)strcspn(func, "."), func);
	/* (a function only 6.1 had is in the log's file still: no 6.12 file moved it) */
	if (name[0] && kb_index_func(ix, name, def, ARRAY_SIZE(def)) == 1 &&
	    kb_index_has_file(ix, def[0])) {
		const char *dbase = strrchr(def[0], '/');

		if ((dbase && !strcmp(dbase + 1, base)) ||
		    blame_same_subsystem(r->guilty_file, def[0]) ||
		    blame_same_dir_tail(r->guilty_file, def[0])) {
			snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", def[0]);
			r->blame_reason =
				"the 6.12 file that defines the function (the log's file moved)";
			r->blame_source = KB_SRC_INDEX;
			return;
		}
	}
	ext = strrchr(base, '.');
	n = ext && ext > base ? (size_t)(ext - r->guilty_file) : 0;
	if (n && kb_index_has_dir(ix, r->guilty_file, n)) {
		snprintf(r->guilty_file + n, sizeof(r->guilty_file) - n, "/");
		r->blame_reason = "the directory the log's file was split into in 6.12";
		r->blame_source = KB_SRC_INDEX;
	}
}

/*
 * A function or module the index knows only from the older tree (6.1:
 * mm/slab.c's drain_array, removed with SLAB in 6.8; kernel/sched/fair.c's
 * check_preempt_wakeup, renamed in 6.6; snd_soc_skl's
 * sound/soc/intel/skylake, which 6.12 no longer has): its file or
 * directory there may be gone from 6.12, whose files kbug names; the
 * deepest directory 6.12 still has. (A file the log names is blame_moved_file()'s.)
 */
static void blame_gone_file(struct kb_rep *r)
{
	const struct kb_index *ix;
	size_t n = strlen(r->guilty_file);
	bool dir;

	if (r->out_of_tree || !n || !r->blame_source || !strcmp(r->blame_source, KB_SRC_LOG) ||
	    !kb_index_loaded())
		return;
	ix = kb_index_get();
	dir = r->guilty_file[n - 1] == '/';
	if (!ix || (dir ? kb_index_has_dir(ix, r->guilty_file, n - 1) :
		    kb_index_has_file(ix, r->guilty_file)))
		return;
	n -= dir;
	while (n && (r->guilty_file[n] != '/' || !kb_index_has_dir(ix, r->guilty_file, n)))
		n--;
	if (!n)
		return;
	r->guilty_file[n + 1] = '\0';
	r->blame_reason = "gone since linux 6.1: the 6.12 directory of its place there";
}

/*
 * A driver's failure whose module the log's module loader named as built
 * outside the tree ("vboxsf: loading out-of-tree module taints kernel."):
 * a vendor's module of an in-tree name (VirtualBox's vboxsf, a DKMS
 * amdgpu, Realtek's r8152) is not the tree's code.
 */
static void blame_oot_named(struct kb_rep *r)
{
	if (!(r->sig->flags & KB_SIG_DRIVER) || r->out_of_tree ||
	    !kb_oot_hinted(r, r->guilty_module))
		return;
	kb_oot_mark(r, "the module its message names was loaded from outside the tree "
		    "(its load message says it taints the kernel): its vendor's",
		    KB_SRC_MODULE, KB_CONF_MEDIUM);
}

/*
 * A driver's failure naming a module no Makefile of 6.12 builds, and no
 * driver or file of the tree either ("apex 0000:01:00.0: probe failed",
 * Coral's gasket driver), in a log of a kernel not newer than 6.12: a
 * vendor's module, or one the tree dropped or renamed; low confidence.
 */
static void blame_oot_unbuilt(struct kb_rep *r)
{
	if (!(r->sig->flags & KB_SIG_DRIVER) || r->out_of_tree || r->guilty_file[0] ||
	    !r->guilty_module[0] || kb_release_newer(r->release) ||
	    !kb_oot_unknown_name(r->guilty_module))
		return;
	kb_oot_mark(r, "no Makefile, driver or file of linux 6.12 has this module's name: a "
		    "vendor's module, or one the tree has dropped or renamed; report it to "
		    "whoever ships it", KB_SRC_MODULE, KB_CONF_LOW);
}

/* No guilty file, a guess, or a file of machinery: the blame says little. */
static bool blame_weak(const struct kb_rep *r)
{
	/* a helper no caller replaced (a registration API's own frame) */
	if (r->guilty >= 0 && !r->by_extractor && blame_helper(r, &r->frames[r->guilty]))
		return true;
	if (r->out_of_tree)
		return false;
	return !r->guilty_file[0] || r->guessed ||
		(r->blame_source && !strcmp(r->blame_source, KB_SRC_GUESS)) ||
		kb_skip_file(r->guilty_file);
}

/*
 * A hung task or a soft lockup whose trace named nothing (cut in the
 * scheduler or the locking code): the header's task, when a kernel
 * thread named for its subsystem ("INFO: task btrfs-cleaner:4934
 * blocked", "soft lockup - CPU#6 stuck for 67s! [jbd2/sda1-8:312]").
 */
/*
 * "irq/166-nvidia": the thread of a threaded interrupt handler, which
 * setup_irq_thread() (kernel/irq/manage.c) names after the name its
 * driver gave request_threaded_irq(), mostly the driver's own: that
 * driver, out of the tree when the tree has no module of that name.
 */
static bool blame_irq_thread(struct kb_rep *r, const char *comm)
{
	char name[32];
	size_t n;

	if (!kb_starts(comm, "irq/"))
		return false;
	comm += 4 + strspn(comm + 4, "0123456789");
	if (*comm != '-' || !comm[1])
		return false;
	n = strcspn(comm + 1, "/:[ ");
	if (n < 2 || n >= sizeof(name))
		return false;
	snprintf(name, sizeof(name), "%.*s", (int)n, comm + 1);
	/* a device's instance ("mmc1", "spi1.0") names no module, unless the list has it */
	if (kb_oot_module(name))
		return (kb_oot_listed(r, name) || !isdigit((unsigned char)name[n - 1])) &&
		       kb_oot_blame(r, name);
	kb_drv_blame(r, name, NULL, false);
	if (!r->guilty_file[0])
		return false;
	r->blame_reason = "the task is an interrupt handler's thread, named after the driver "
			  "that requested the interrupt";
	r->blame_source = KB_SRC_INDEX;
	r->confidence = KB_CONF_LOW;
	return true;
}

static void blame_task(struct kb_rep *r)
{
	const char *l = kb_rep_line(r, r->hdr), *p;
	char comm[64];
	int at = kb_rep_find(r, 0, " Comm: ");

	/* "watchdog: " (and "NMI watchdog: " before 4.16) before it */
	p = strstr(l, "BUG: soft lockup") ? strrchr(l, '[') : NULL;
	if (p)
		p++;
	else if (kb_starts(l, "INFO: task "))
		p = l + 11;
	else if (kb_starts(l, "BUG: scheduling while atomic: "))
		p = l + 30;
	else if (at >= 0)
		p = strstr(kb_rep_line(r, (size_t)at), " Comm: ") + 7;
	else
		return;
	snprintf(comm, sizeof(comm), "%.*s", (int)strcspn(p, ": ]"), p);
	if (blame_irq_thread(r, comm)) {
		r->guilty = -1;
		r->guilty_func[0] = '\0';
		return;
	}
	if (!kb_starts(l, "INFO: task ") && !strstr(l, "BUG: soft lockup"))
		return;
	if (comm[0] && kb_index_blame_task(r, comm)) {
		r->guilty = -1;
		r->guilty_func[0] = '\0';
	}
}

void kb_blame(struct kb_rep *r, struct json_object *modules, const char *tree)
{
	if (r->no_culprit) {
		r->guilty = -1;
		return;
	}
	blame_site(r);
	/* core code that warns for a driver and names it (sig-driver.c) */
	if (!kb_drv_named(r))
		blame_pick(r, modules, tree);
	/* frames that named only machinery, or none: the device the warning names */
	if (blame_weak(r) && kb_drv_named_device(r)) {
		r->guilty = -1;
		r->guilty_func[0] = '\0';
	}
	if (blame_weak(r))
		blame_task(r);
	/* the newest module's, unless the guilty frame is in it already */
	if (blame_weak(r) && kb_blame_listed_module(r) &&
	    (r->guilty < 0 || strcmp(r->frames[r->guilty].module, r->guilty_module))) {
		r->guilty = -1;
		r->guilty_func[0] = '\0';
	}
	blame_moved_file(r);
	blame_gone_file(r);
	blame_oot_named(r);
	blame_refine(r);
	blame_message_file(r);
	blame_oot_unbuilt(r);
	blame_panic_message(r);
	/* built outside the tree, module unnamed: the one whose load tainted the kernel */
	if (r->out_of_tree && !r->guilty_module[0] && r->oot_hint && r->oot_hint[0])
		snprintf(r->guilty_module, sizeof(r->guilty_module), "%s", r->oot_hint);
	if (r->guilty_file[0] && !r->blame_source)
		r->blame_source = KB_SRC_GUESS;
	/* the index or oot.c may have said it already, of a frame that was a guess */
	if (!r->confidence || r->guessed)
		r->confidence = blame_confidence(r);
}
