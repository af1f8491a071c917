/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <json-c/json.h>

#include "util/strbuf.h"

/*
 * Internals of the analyze stage, shared by its files only:
 *   input.c      log lines: prefixes (timestamps, syslog, /dev/kmsg) off
 *   signatures.c the table of report headers, one row per family file
 *   sig-*.c      one family of reports each: how to title it
 *   frames.c     call-trace frames
 *   skip.c       the table of frames and files never to blame, --explain
 *   oot.c        out-of-tree modules
 *   blame.c      the guilty frame, file and module
 *   scan.c       the streaming scanner: reports delimited, JSON built
 *   dwarf.c      optional file:line resolution through libdw
 */

#define KB_LINE_MAX 1024	/* longer lines are cut there */
#define KB_REP_LINES 1200	/* lines kept per report; the rest only counted */
#define KB_CTX_MAX 12

/* One log line with its prefixes taken off. */
struct kb_line {
	const char *text;	/* the kernel's message, not NUL-terminated */
	size_t len;
	unsigned long no;	/* 1-based line number in the log */
	char ctx[KB_CTX_MAX];	/* caller id "T123"/"C1", "console" (stamp only), "" */
	bool skip;		/* not kernel output (another daemon's syslog line) */
	int level;		/* the printk level (KERN_ERR 3) when the log says, else -1 */
};

/* Splits and cleans the input; state carried across lines. */
struct kb_input {
	bool kmsg;		/* /dev/kmsg records seen: " KEY=val" lines are dictionary */
	bool indent_seen;	/* a line with text came */
	size_t indent;		/* the paste's own indentation: columns before every line */
};

void kb_input_clean(struct kb_input *in, const char *raw, size_t len, struct kb_line *out);

struct kb_frame {
	char func[128];
	char module[64];
	char file[192];
	unsigned long off, size;
	int line;		/* 0: unknown */
	bool inl;		/* "[inline]" */
	bool reliable;		/* not a "? func" guess */
	bool has_off;
	bool pc_only;		/* arm's "(func) from": a pc in func, its offset not printed */
	bool ip;		/* from a RIP:/IP:/pc : line */
	bool resolved;		/* file:line from debug info, not from the log */
	unsigned int idx;	/* report line it came from */
};

/* A report being read: its lines (bounded) and, once closed, its analysis. */
struct kb_rep {
	const struct kb_sig *sig;
	const struct kb_sig *refine;	/* the same driver's next message's row, if any */
	const char *oot_hint;		/* the last module that tainted the kernel, or "" */
	const char *release;		/* the log's "Linux version" release, or "" */
	bool follows;			/* another report of the log came before it */
	size_t hdr;		/* index of the header line */
	struct strbuf arena;	/* the lines' text, NUL after each */
	size_t *off;		/* line i: arena.buf + off[i] */
	unsigned long *no;
	size_t nr, alloc;
	size_t cut;		/* lines from here are not used for the title */
	unsigned long first_line, last_line, seen;
	char ctx[KB_CTX_MAX];
	bool cpu_traceback;	/* "Sending NMI from CPU": other CPUs' lines belong */
	bool truncated;		/* more lines than kept */
	bool skip_rest;		/* a panic or lockdep report followed: not for the title */
	size_t cut_at;
	unsigned int quiet;	/* lines since the last one that looked like a report's */

	/* results */
	struct strbuf title;
	const char *kind;
	bool corrupted;
	struct kb_frame *frames;
	size_t frames_nr, frames_alloc;
	int guilty;		/* index in frames, -1: none */
	bool by_extractor;	/* picked by the hung-task rule */
	bool no_culprit;	/* no frame of the report can be the culprit: blame the check */
	bool guessed;		/* blamed on a "? " frame: the trace had no other */
	bool text_frame;	/* blamed on a symbol of the report's text, not of a trace */
	bool resolved;		/* some frames got file:line from debug info */
	bool own_file;		/* the guilty file is named in the report's own lines */
	bool saw_trace;		/* a call trace has begun */
	int ended;		/* lines since "---[ end trace": x86's summary may follow */
	char guilty_func[128];
	char guilty_file[256];
	/*
	 * WARN()'s "at FILE:LINE FUNC+off [mod]": the function (and module)
	 * the WARN() is in, and FILE, its file unless FILE is a skipped
	 * helper's inlined into it (lib/list_debug.c in an old kernel) rather
	 * than the function's own (kernel/dma/debug.c's check_unmap())
	 */
	struct kb_frame site;
	char site_file[sizeof(((struct kb_frame *)0)->file)];
	char guilty_module[64];
	const char *blame_reason;
	/*
	 * How the guilty file was found (KB_SRC_*) and how sure that is
	 * (KB_CONF_*); set by kb_blame(), shown in the JSON and by route.
	 */
	const char *blame_source;
	const char *confidence;
	bool out_of_tree;	/* the guilty module is not built from the kernel tree */
};

/* blame_source values: where the guilty file came from */
#define KB_SRC_LOG "log"			/* a file:line printed in the log */
#define KB_SRC_DWARF "dwarf"			/* debug info resolved the frame */
#define KB_SRC_INDEX "function-index"		/* the function index (data/) */
#define KB_SRC_MODULE "module-directory"	/* the [module]'s source directory */
#define KB_SRC_MESSAGE "message"		/* the failure's message names the driver */
#define KB_SRC_MESSAGE_INDEX "message-index"	/* the file that logs the message (data/) */
#define KB_SRC_GUESS "guess"			/* the least bad answer */

/* confidence values */
#define KB_CONF_HIGH "high"	/* an in-tree frame with file:line (log or DWARF) */
#define KB_CONF_MEDIUM "medium"	/* a unique function-index hit, a module directory, a message */
#define KB_CONF_LOW "low"	/* a guess */

static inline const char *kb_rep_line(const struct kb_rep *r, size_t i)
{
	return r->arena.buf + r->off[i];
}

/*
 * A row of a family's table: a line whose message starts with `prefix`
 * (and holds `contains`, when set) starts a report of this kind. Its
 * title is `title` + " in " + the function picked by `parts` (skipping
 * `skip` besides the common table), or just `title` when parts is 0;
 * `custom` replaces all that for the odd formats.
 */
enum {
	KB_SIG_INNER = 1 << 0,	/* does not start a new report inside one (panic, invalid opcode) */
	KB_SIG_DRIVER = 1 << 1,	/* a driver failure: spans its driver's next lines */
	KB_SIG_NOSTACK = 1 << 2,	/* no call trace expected */
	KB_SIG_CORRUPT = 1 << 3,	/* seeing this header means the real one was lost */
	KB_SIG_IGNORE = 1 << 4,	/* looks like a header but is none */
	KB_SIG_EXACT = 1 << 5,	/* nothing but blanks may follow the prefix */
};

struct kb_sig {
	const char *prefix;
	const char *contains;
	const char *kind;
	const char *title;
	unsigned int parts;
	const char *const *skip;
	unsigned int flags;
	void (*custom)(struct kb_rep *r);
	const char *file;	/* driver rows: the source file to blame */
	const char *module;	/* driver rows: the module */
	bool (*match)(const char *msg, size_t len);	/* a further test, may be NULL */
	/*
	 * the checker that detects this kind of report (mm/page_alloc.c's
	 * bad_page()): a low-confidence guess when nothing else places it
	 */
	const char *home;
};

/* The families' tables, each ended by a row with a NULL prefix. */
extern const struct kb_sig kb_sigs_bug[], kb_sigs_warning[], kb_sigs_info[],
	kb_sigs_fault[], kb_sigs_sanitizer[], kb_sigs_driver[];

/*
 * A report whose header is not in the log (a paste that starts inside
 * one): its row, and the lines that reveal it (register dump, trace).
 */
extern const struct kb_sig kb_sig_headless;
bool kb_sig_headless_line(const char *msg, size_t len);
/* The OOM killer's report, whose header starts with a task's name. */
#define KB_OOM_TITLE "out of memory: oom-killer invoked"
extern const struct kb_sig kb_sig_oom;
/* Which row starts a report at this line, NULL for none (the hot path). */
const struct kb_sig *kb_sig_match(const char *msg, size_t len);
/* Shared by the BUG: and WARNING: forms of the same lockdep reports. */
void kb_unlock_balance(struct kb_rep *r);
void kb_held_freed(struct kb_rep *r);
void kb_lock_user(struct kb_rep *r);
void kb_locks_held(struct kb_rep *r);
void kb_suspicious_rcu(struct kb_rep *r);
/* Build r->title (and r->guilty) from the report's lines. */
void kb_sig_title(struct kb_rep *r);

/* ---- frames.c ---- */
/* Parse a call-trace line; false when it is no frame. */
bool kb_frame_parse(const char *s, struct kb_frame *f);
/* Parse "RIP: 0010:func+0x1/0x2", "IP: [<..>] func", "pc : func", "PC is at func". */
bool kb_frame_parse_ip(const char *s, struct kb_frame *f);
void kb_rep_parse_frames(struct kb_rep *r);
/* The arch/ directory's name of the architecture that printed r, or NULL. */
const char *kb_rep_arch(const struct kb_rep *r);
/* Append a frame (one the report names outside its trace): its index. */
int kb_rep_add_frame(struct kb_rep *r, const struct kb_frame *f);
/* First "dir/file.c:123" in s: copies the path, returns the position after it. */
const char *kb_find_file(const char *s, char *path, size_t size, int *line);

/* ---- skip.c: the frames and files never to blame ---- */
enum {
	KB_USE_TITLE = 1 << 0,	/* the rule also chooses the function a title names */
	KB_USE_BLAME = 1 << 1,	/* the rule moves the blame to the caller */
};

struct kb_skip_rule;
/* The first rule of `use` matching the function, NULL when none does. */
const struct kb_skip_rule *kb_skip_func(const char *func, unsigned int use);
/* The first file rule matching the tree-relative path, NULL when none does. */
const struct kb_skip_rule *kb_skip_file(const char *path);
/* Title rules, or one of `extra` (a signature's: "x" contains, "^x" starts, "^x$" is). */
bool kb_frame_skipped(const char *func, const char *const *extra);
bool kb_file_blacklisted(const char *path);
bool kb_file_warns_for_caller(const char *path);
bool kb_func_serves_client(const char *func);
/* Put the rule's pattern, kind, class and reason into o. */
void kb_skip_describe(const struct kb_skip_rule *r, struct json_object *o);
/* The report's "explain" array: the frames skipped and by which rule, what was blamed. */
struct json_object *kb_explain(const struct kb_rep *r);

/* ---- oot.c: out-of-tree modules ---- */
/*
 * Is `module` (a frame's [module]) built outside the kernel tree, as the
 * report's lines tell? Sets r->out_of_tree and its blame fields when so.
 */
bool kb_oot_blame(struct kb_rep *r, const char *module);
/* Does the report's "Modules linked in:" list the module? */
bool kb_oot_listed(const struct kb_rep *r, const char *module);
bool kb_blame_listed_module(struct kb_rep *r);
bool kb_oot_tree_copy(const struct kb_rep *r, const char *line, const char *path);
bool kb_oot_tree_copy_place(struct kb_rep *r, const char *line);
/* No Makefile of the tree builds a module of this name (false without an index) */
bool kb_oot_module(const char *module);
/*
 * Is name (a driver's, as its messages print it) nothing of the tree: no
 * module, no device driver and no NAME.c of that name? False without an
 * index.
 */
bool kb_oot_unknown_name(const char *name);
/* Is the log's kernel ("6.14.2-arch1-1", "Linux version"'s) newer than the index's? */
bool kb_release_newer(const char *release);
/*
 * Did the log's module loader name this module as one from outside the
 * tree ("MOD: loading out-of-tree module taints kernel.", scan.c)?
 */
bool kb_oot_hinted(const struct kb_rep *r, const char *module);
/* Mark the report out of the tree (its guilty_module set): no in-tree file, and why. */
void kb_oot_mark(struct kb_rep *r, const char *reason, const char *source, const char *conf);

/* ---- title helpers (frames.c) ---- */
enum {
	KB_PART_IP = 1 << 0,		/* the RIP/IP/pc line's function first */
	KB_PART_TRACE = 1 << 1,	/* then the frames after "Call Trace:" */
	KB_PART_AFTER_HDR = 1 << 2,	/* frames right after the header line */
	KB_PART_BACKTRACE = 1 << 3,	/* after " backtrace:" (kmemleak) */
	KB_PART_STALL = 1 << 4,	/* stall/lockup rule: the frame above an anchor */
	KB_PART_HUNG = 1 << 5,	/* hung-task rule */
	KB_PART_FROM_IRQ = 1 << 6,	/* start from the timer interrupt (rcu stalls) */
	KB_PART_IP_SPUN = 1 << 7,	/* stall rule without its anchor: the IP, where it spun */
};

/* Line index of the first line containing s at or after `from`, -1 if none. */
int kb_rep_find(const struct kb_rep *r, size_t from, const char *s);

/* The report's "Modules linked in:" list, module by module, over its printk lines. */
struct kb_modlist {
	const struct kb_rep *r;
	size_t line;
	const char *p;
};

bool kb_modlist_start(const struct kb_rep *r, struct kb_modlist *it);
/* the next module's name and its flags inside "(...)" (f long, 0 without); false at the end */
bool kb_modlist_next(struct kb_modlist *it, char *name, size_t size, const char **flags,
		     size_t *f);
/* The frame that names the report, or NULL; sets r->guilty. */
const struct kb_frame *kb_rep_pick(struct kb_rep *r, unsigned int parts, const char *const *skip);
/* title = prefix + " in " + picked function (or "corrupted", marking the report). */
void kb_title_in(struct kb_rep *r, const char *prefix, unsigned int parts,
		 const char *const *skip);
void kb_title_lockdep(struct kb_rep *r, const char *marker, const char *prefix);
void kb_title_func(struct kb_rep *r, const char *prefix, const char *func);
bool kb_func_after(const struct kb_rep *r, size_t from, size_t within, const char *marker,
		   char *buf, size_t size);
/* Copy the word after `after` in line i (up to a char in stop) into buf. */
bool kb_word_after(const char *line, const char *after, const char *stop, char *buf, size_t size);
bool kb_starts(const char *s, const char *prefix);

/* ---- treepath.c ---- */
/*
 * A source path from the log made tree-relative in out ("..", "." and
 * "//" collapsed, a build root before the tree dropped); false when it
 * is not in the tree (a DKMS or other out-of-tree build, no directory).
 */
bool kb_path_tree(const char *in, char *out, size_t size);
/* kb_path_tree() in place; a path outside the tree is left as it was. */
void kb_path_norm(char *path, size_t size);
/* Is this path (as kb_path_norm left it) outside the kernel tree? */
bool kb_path_outside(const char *path);
bool kb_path_built_elsewhere(const char *path);
/* The NAME of a ".../dkms/NAME/VERSION/..." path. */
bool kb_path_dkms_module(const char *path, char *name, size_t size);

/* ---- index.c: blame through the tree index (index.h) ---- */
/*
 * The guilty frame f has no file: find it from its function (and
 * [module], modules-section directory sec_dir, neighbouring frames) or
 * its module's directory. False when the index cannot say.
 */
bool kb_index_blame(struct kb_rep *r, const struct kb_frame *f, const char *sec_dir);
/*
 * Is a [module] no Makefile of the tree builds an object since merged
 * into another module: a frame of it runs a function of the tree's file
 * named after it (nf_nat_redirect_ipv4 [nf_nat_redirect], in nf_nat
 * since 5.1)?
 */
bool kb_index_merged_object(const struct kb_rep *r, const char *module);
/*
 * Is module one only the older tree (6.1) builds, of which the report's
 * frames name functions that tree never defined in its directory
 * (another module of the same name)?
 */
bool kb_index_old_stranger(const struct kb_rep *r, const char *module);
/*
 * Can the index place f's function at all: a definition, or a prefix
 * that names a directory? True too when no index is loaded (no opinion).
 */
bool kb_index_places(const struct kb_frame *f);
/*
 * A hung or stuck task whose trace named nothing: a kernel thread's name
 * ("btrfs-cleaner", "jbd2/sda1-8") starts with its subsystem's prefix.
 */
bool kb_index_blame_task(struct kb_rep *r, const char *comm);

/* ---- blame.c ---- */
void kb_blame(struct kb_rep *r, struct json_object *modules, const char *tree);
void kb_check_corrupted(struct kb_rep *r);

/* ---- dwarf.c ---- */
struct kbug_analyze_opts;
struct kb_dwarf;
struct kb_dwarf *kb_dwarf_open(const struct kbug_analyze_opts *o, const char *release);
/* Fill in file/line of frames that lack them; 0 or -errno. */
int kb_dwarf_resolve(struct kb_dwarf *d, struct kb_rep *r);
void kb_dwarf_close(struct kb_dwarf *d);
