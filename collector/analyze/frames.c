// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Call-trace frames and the helpers that read them; the frames never to
 * blame are skip.c's table.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/internal.h"
#include "util/macro.h"

bool kb_starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static bool frames_idch(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '$';
}

static bool frames_pathch(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '-' || c == '.' || c == '/' ||
		c == '+';
}

const char *kb_find_file(const char *s, char *path, size_t size, int *line)
{
	const char *p = s;

	while ((p = strchr(p, ':'))) {
		const char *b, *d = p + 1;
		size_t n;

		if (p - s < 3 || (p[-1] != 'c' && p[-1] != 'h' && p[-1] != 'S' && p[-1] != 's') ||
		    p[-2] != '.' || !isdigit((unsigned char)*d)) {
			p++;
			continue;
		}
		b = p - 2;
		while (b > s && frames_pathch(b[-1]))
			b--;
		/*
		 * "./x"; "../x" of a build with O= (the tree one level up) or
		 * deeper ones stay for kb_path_norm() to place
		 */
		while (b[0] == '.' && b[1] == '/')
			b += 2;
		n = p - b;
		if (n < 3 || (b[0] == '.' && b[1] != '.') ||
		    (b > s && (isalnum((unsigned char)b[-1])))) {
			p++;
			continue;
		}
		if (n >= size)
			n = size - 1;
		memcpy(path, b, n);
		path[n] = '\0';
		kb_path_norm(path, size);
		if (line)
			*line = atoi(d);
		while (isdigit((unsigned char)*d))
			d++;
		return d;
	}
	return NULL;
}

/*
 * "0x1a", or "0\u00d7" + "1a": blog engines (WordPress's wptexturize)
 * turn the x between digits into a multiplication sign, so pasted traces
 * read "kobject_add+0\u00d783/0xd7".
 */
static const char *frames_hex(const char *s, unsigned long *v)
{
	char *end;
	size_t n;

	if (s[0] != '0')
		return NULL;
	if (s[1] == 'x')
		n = 2;
	else if ((unsigned char)s[1] == 0xc3 && (unsigned char)s[2] == 0x97)
		n = 3;
	else
		return NULL;
	if (!isxdigit((unsigned char)s[n]))
		return NULL;
	*v = strtoul(s + n, &end, 16);
	return end;
}

/* The part after "func": "+0x1/0x2 [mod] file.c:12 [inline]". */
static bool frames_tail(const char *p, struct kb_frame *f)
{
	const char *q;

	if (*p == '+') {
		p = frames_hex(p + 1, &f->off);
		/* a line cut after the offset ("RIP: 0010:func+0x20", a paste's last line) */
		if (p && !*p) {
			f->has_off = true;
			return true;
		}
		if (!p || *p != '/')
			return false;
		p = frames_hex(p + 1, &f->size);
		if (!p)
			return false;
		f->has_off = true;
	} else if (*p != ' ') {
		return false;
	}
	if (*p == ')')
		p++;
	while (*p == ' ')
		p++;
	if (*p == '[' && p[1] != '<' && strncmp(p, "[inline]", 8)) {
		/*
		 * "[mod buildid]" (CONFIG_STACKTRACE_BUILD_ID, %pSb): the name ends
		 * at a blank; OpenWrt's kernels name an address in a module whose
		 * symbols are stripped "[mod@base+size]"
		 */
		size_t n = strcspn(p + 1, " ]@");

		q = strchr(p, ']');
		if (q && n < sizeof(f->module) && n) {
			memcpy(f->module, p + 1, n);
			f->module[n] = '\0';
			p = q + 1;
		}
	}
	q = kb_find_file(p, f->file, sizeof(f->file), &f->line);
	if (q && q - p > 200)
		q = NULL, f->file[0] = '\0';
	if (!q)
		f->file[0] = '\0';
	if (strstr(p, "[inline]"))
		f->inl = true;
	/* powerpc's show_stack(): a frame whose link register was not saved yet */
	if (strstr(p, "(unreliable)"))
		f->reliable = false;
	if (!f->has_off && (!f->file[0] || !f->inl))
		return false;
	return true;
}

static bool frames_ident(const char **pp, struct kb_frame *f)
{
	const char *p = *pp;
	size_t n = 0;

	while (frames_idch(p[n]))
		n++;
	if (!n || n >= sizeof(f->func) || isdigit((unsigned char)p[0]))
		return false;
	memcpy(f->func, p, n);
	f->func[n] = '\0';
	*pp = p + n;
	return true;
}

/*
 * The crash utility's "bt" on a kdump vmcore (what enterprise reports
 * paste): " #6 [ffffb4a0c1d3fd28] func at ffffffffc0a1c3b0 [mod]", one
 * frame a line, with no offset ("bt -s" adds one, "func+176"). The stack
 * address may be elided as "[...]" by the paster.
 */
static bool frames_crash_bt(const char *p, struct kb_frame *f)
{
	const char *q;
	size_t n;

	p++;
	while (isdigit((unsigned char)*p))
		p++;
	q = strchr(p, ']');
	if (p[0] != ' ' || p[1] != '[' || !q || q - p > 24)
		return false;
	p = q + 1;
	while (*p == ' ')
		p++;
	if (!frames_ident(&p, f))
		return false;
	if (*p == '+')	/* "bt -s": decimal */
		for (f->off = 0, p++; isdigit((unsigned char)*p); p++)
			f->off = f->off * 10 + (unsigned long)(*p - '0');
	if (strncmp(p, " at ", 4))
		return false;
	f->has_off = true;
	q = strchr(p + 4, '[');
	n = q ? strcspn(q + 1, " ]") : 0;
	if (n && n < sizeof(f->module) && strchr(q, ']')) {
		memcpy(f->module, q + 1, n);
		f->module[n] = '\0';
	}
	return true;
}

/*
 * where: for arm's "[<pc>] (func) from [<lr>] (caller+0x18/0x1c)", func's
 * own frame (its pc, the offset not printed), when where is not NULL
 */
static bool frames_parse(const char *s, struct kb_frame *f, struct kb_frame *where)
{
	const char *p = s;
	int i;

	memset(f, 0, sizeof(*f));
	f->reliable = true;
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p == '#' && isdigit((unsigned char)p[1]))
		return frames_crash_bt(p, f);
	/* User-mode Linux's show_stack() before 4.x: "%p:  [<%08lx>] %pS", the slot first */
	for (i = 0; isxdigit((unsigned char)p[i]); i++)
		;
	if (i >= 8 && !strncmp(p + i, ":  [<", 5))
		p += i + 3;
	for (i = 0; i < 2 && *p == '['; i++) {
		const char *q = strchr(p, ']');

		if (!q || q - p > 24 || p[1] == 'i')
			return false;
		p = q + 1;
		while (*p == ' ')
			p++;
	}
	if (*p == '?' && p[1] == ' ') {
		f->reliable = false;
		p += 2;
		while (*p == ' ')
			p++;
	}
	if (*p == '(') {
		p++;
		if (!frames_ident(&p, f))
			return false;
		/* %ps of a module's function: "(zs_map_object [zsmalloc]) from" */
		if (p[0] == ' ' && p[1] == '[') {
			const char *e = strchr(p + 2, ']');

			if (e && e[1] == ')' && (size_t)(e - p - 2) < sizeof(f->module)) {
				memcpy(f->module, p + 2, (size_t)(e - p - 2));
				f->module[e - p - 2] = '\0';
				p = e + 1;
			}
		}
		/*
		 * arm: "[<pc>] (func) from [<pc>] (caller+0x18/0x1c)": the line
		 * is the caller's frame, as its offset shows
		 */
		if (p[0] == ')' && !strncmp(p, ") from ", 7)) {
			const char *c = strstr(p, "] (");

			if (!c)
				return false;
			if (where) {
				*where = *f;
				where->has_off = true;
				where->pc_only = true;
			}
			c += 3;
			f->module[0] = '\0';	/* the caller's own, if any, follows */
			return frames_ident(&c, f) && frames_tail(c, f);
		}
		return frames_tail(p, f);
	}
	if (!frames_ident(&p, f))
		return false;
	if (!frames_tail(p, f))
		return false;
	/* "func.cold" and "func.isra.0" are the function "func" */
	return true;
}

bool kb_frame_parse(const char *s, struct kb_frame *f)
{
	return frames_parse(s, f, NULL);
}

/* crash's "bt": the frame that took the exception, "[exception RIP: func+160]" */
static bool frames_exception(const char *p, struct kb_frame *f)
{
	char buf[160];
	size_t n = strcspn(p, "]");

	if (!p[n] || n >= sizeof(buf))
		return false;
	memcpy(buf, p, n);
	buf[n] = '\0';
	memset(f, 0, sizeof(*f));
	f->reliable = true;
	p = buf;
	if (!frames_ident(&p, f) || *p != '+')
		return false;
	/* crash prints the offset in decimal, or in hex with "0x" */
	f->off = strtoul(p + 1, NULL, p[1] == '0' && p[2] == 'x' ? 16 : 10);
	f->has_off = true;
	return true;
}

bool kb_frame_parse_ip(const char *s, struct kb_frame *f)
{
	const char *p = s;

	while (*p == ' ')
		p++;
	if (kb_starts(p, "RIP: ") || kb_starts(p, "EIP: ") || kb_starts(p, "NIP: "))
		p += 5;
	else if (kb_starts(p, "NIP ["))
		p += 4;	/* powerpc's show_regs(): "NIP [%lx] %pS" */
	else if (kb_starts(p, "IP: "))
		p += 4;
	else if (kb_starts(p, "EIP is at "))
		p += 10;	/* i386's die() before 2.6.25: "EIP is at %s" */
	else if (kb_starts(p, "pc : ") || kb_starts(p, "PC is at "))
		p += p[1] == 'c' ? 5 : 9;
	else if (kb_starts(p, "epc : "))
		p += 6;
	else if (kb_starts(p, "epc   : ") && strchr(p + 8, ' '))
		p = strchr(p + 8, ' ');	/* mips's __show_regs(): "epc   : %0*lx %pS" */
	else if (kb_starts(p, "ERA: ") && strchr(p + 5, ' '))
		p = strchr(p + 5, ' ');	/* loongarch's __show_regs(): "  ERA: %0*lx %pS" */
	else if (kb_starts(p, "--- interrupt: ") && strstr(p, " at "))
		p = strstr(p, " at ") + 4;	/* powerpc show_stack(): the interrupted nip */
	else if (kb_starts(p, "[exception RIP: ") || kb_starts(p, "[exception EIP: "))
		return frames_exception(p + 16, f);
	else if (kb_starts(p, "unchecked MSR access error: ") && strstr(p, " at rIP: 0x") &&
		 strstr(strstr(p, " at rIP: 0x"), " ("))
		/* x86's ex_handler_msr(): "... at rIP: 0x%lx (%pS)" */
		p = strstr(strstr(p, " at rIP: 0x"), " (") + 2;
	else
		return false;
	/*
	 * x86's __show_regs() prints "RIP: %04x:%pS", the code segment first:
	 * 0010 natively, e030 for a Xen PV kernel (arch/x86/include/asm/segment.h
	 * __KERNEL_CS, FLAT_RING3_CS64 under Xen).
	 */
	if (isxdigit((unsigned char)p[0]) && isxdigit((unsigned char)p[1]) &&
	    isxdigit((unsigned char)p[2]) && isxdigit((unsigned char)p[3]) && p[4] == ':')
		p += 5;
	if (kb_starts(p, "0x"))
		return false;
	while (*p == ' ')
		p++;
	return kb_frame_parse(p, f);
}

/*
 * The architecture that printed the report, from the register dump its
 * die() path prints (each arch's __show_regs() or show_regs()): x86's
 * "RIP: " ("EIP: ", "IP: [<" before 2.6.25) and page_fault_oops()'s
 * "#PF: "; arm64's "pc : func" and "pstate: "; arm's "PC is at" or
 * "pc : [<"; riscv's "epc : "; mips's "epc   : "; powerpc's "NIP"; s390's
 * "Krnl PSW"; loongarch's "ERA: " and "PRMD: ". The name of its arch/
 * directory, NULL when no line says.
 */
const char *kb_rep_arch(const struct kb_rep *r)
{
	static const struct {
		const char *mark, *arch;
	} marks[] = {
		{ "RIP: ", "x86" }, { "EIP: ", "x86" }, { "EIP is at ", "x86" },
		{ "IP: [<", "x86" }, { "#PF: ", "x86" }, { "EFLAGS: ", "x86" },
		{ "pc : [<", "arm" }, { "PC is at ", "arm" }, { "LR is at ", "arm" },
		{ "pc : ", "arm64" }, { "pstate: ", "arm64" },
		{ "epc   : ", "mips" }, { "epc : ", "riscv" },
		{ "NIP:  ", "powerpc" }, { "NIP [", "powerpc" },
		{ "Krnl PSW : ", "s390" }, { "ERA: ", "loongarch" }, { "PRMD: ", "loongarch" },
	};
	size_t i, k;

	for (i = 0; i < r->nr; i++) {
		const char *l = kb_rep_line(r, i);

		l += strspn(l, " ");
		for (k = 0; k < ARRAY_SIZE(marks); k++)
			if (kb_starts(l, marks[k].mark))
				return marks[k].arch;
	}
	return NULL;
}

int kb_rep_add_frame(struct kb_rep *r, const struct kb_frame *f)
{
	if (r->frames_nr == r->frames_alloc) {
		r->frames_alloc = r->frames_alloc ? 2 * r->frames_alloc : 32;
		r->frames = realloc(r->frames, r->frames_alloc * sizeof(*r->frames));
		if (!r->frames)
			abort();
	}
	r->frames[r->frames_nr] = *f;
	return (int)r->frames_nr++;
}

/*
 * In crash's "bt", the frames above "[exception RIP: ...]" are the
 * exception's and the dump's own (oops_end, crash_kexec, machine_kexec),
 * printed after the fact: the trace of the bug starts at the exception.
 */
static void frames_crash_dumping(struct kb_rep *r)
{
	size_t i;

	for (i = 0; i < r->frames_nr; i++) {
		const char *l = kb_rep_line(r, r->frames[i].idx);

		l += strspn(l, " \t");
		if (l[0] == '#' && isdigit((unsigned char)l[1]))
			r->frames[i].reliable = false;
	}
}

/* Does some frame of r so far run in func? */
static bool frames_seen(const struct kb_rep *r, const char *func)
{
	size_t i;

	for (i = 0; i < r->frames_nr; i++)
		if (!strcmp(r->frames[i].func, func))
			return true;
	return false;
}

void kb_rep_parse_frames(struct kb_rep *r)
{
	size_t i;
	struct kb_frame f, where;

	for (i = 0; i < r->nr; i++) {
		const char *l = kb_rep_line(r, i);

		where.func[0] = '\0';
		if (kb_frame_parse_ip(l, &f)) {
			f.ip = true;
			if (strstr(l, "[exception "))
				frames_crash_dumping(r);
		} else if (!frames_parse(l, &f, &where)) {
			continue;
		}
		/*
		 * arm's line is its caller's frame; the function it names first
		 * is the frame the line before gave ("PC is at", the previous
		 * line's caller), unless the excerpt starts here: then it would
		 * be lost, though it is where the oops was
		 */
		if (where.func[0] && !frames_seen(r, where.func)) {
			where.idx = i;
			kb_rep_add_frame(r, &where);
		}
		f.idx = i;
		kb_rep_add_frame(r, &f);
	}
}

int kb_rep_find(const struct kb_rep *r, size_t from, const char *s)
{
	size_t i;

	for (i = from; i < r->cut; i++)
		if (strstr(kb_rep_line(r, i), s))
			return (int)i;
	return -1;
}

bool kb_word_after(const char *line, const char *after, const char *stop, char *buf,
		   size_t size)
{
	const char *p = strstr(line, after);
	size_t n = 0;

	if (!p)
		return false;
	p += strlen(after);
	while (p[n] && !strchr(stop, p[n]) && n + 1 < size)
		n++;
	if (!n)
		return false;
	memcpy(buf, p, n);
	buf[n] = '\0';
	return true;
}

/*
 * print_modules() (kernel/module/main.c): "Modules linked in:", then
 * " NAME" or " NAME(FLAGS)" per module (module_flags(): taint letters,
 * "+" loading, "-" unloading), then " [last unloaded: NAME]". printk
 * breaks a long list into lines that go on with " NAME ...". A word
 * that is no module name ends the list.
 */
static bool modlist_word(const char *p, size_t *name, size_t *len)
{
	size_t n = 0, k;

	while (isalnum((unsigned char)p[n]) || p[n] == '_' || p[n] == '-')
		n++;
	if (!n)
		return false;
	k = n;
	/* Red Hat's kernels print their own flag apart: "emlog(+)(U)" */
	while (p[k] == '(' && k < n + 16) {
		for (k++; isupper((unsigned char)p[k]) || p[k] == '+' || p[k] == '-'; k++)
			;
		if (p[k++] != ')')
			return false;
	}
	if (p[k] && p[k] != ' ')
		return false;
	*name = n;
	*len = k;
	return true;
}

bool kb_modlist_start(const struct kb_rep *r, struct kb_modlist *it)
{
	size_t i;

	for (i = 0; i < r->nr; i++) {
		const char *p = strstr(kb_rep_line(r, i), "Modules linked in:");

		if (p) {
			it->r = r;
			it->line = i;
			it->p = p + strlen("Modules linked in:");
			return true;
		}
	}
	return false;
}

bool kb_modlist_next(struct kb_modlist *it, char *name, size_t size, const char **flags,
		     size_t *f)
{
	size_t n, len;

	while (*it->p == ' ')
		it->p++;
	if (!*it->p) {
		/* printk's continuation: the next line goes on with module names */
		const char *l = it->line + 1 < it->r->nr ? kb_rep_line(it->r, it->line + 1) : "";

		if (l[0] != ' ' || !modlist_word(l + strspn(l, " "), &n, &len))
			return false;
		it->line++;
		it->p = l + strspn(l, " ");
	}
	/* "[last unloaded: x]", or text that is no list; MODULE_NAME_LEN is 56 */
	if (!modlist_word(it->p, &n, &len) || n >= size)
		return false;
	snprintf(name, size, "%.*s", (int)n, it->p);
	*flags = it->p + n + (len > n);
	*f = len > n ? len - n - 2 : 0;
	it->p += len;
	return true;
}
