// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The skip table: the frames and source files never to blame, one table
 * by function and by file, each rule with the kernel structure that
 * makes it innocent (docs/blame-rules.md is rendered from it by
 * `kbug analyze --explain-rules`, `make skip-doc`).
 *
 * A frame is skipped when its function matches a function rule or its
 * file a file rule: such code runs on behalf of a caller (a string
 * helper, a list check, the allocator), or is the machinery that noticed
 * and printed the bug (printk, the WARN and BUG paths, a sanitizer), or
 * the loop that runs every work item, timer, softirq and syscall (the
 * workqueue worker, the timer wheel, the entry code). The caller is to
 * blame. The facts follow syzkaller's pkg/report/linux.go (its frame and
 * guilty-file skip lists), checked against linux 6.12's sources.
 *
 * Rules of use KB_USE_TITLE also choose the function that names a report
 * (syzbot's titles are made with them); KB_USE_BLAME rules only move the
 * blame from a helper to its caller, since syzbot titles do name such
 * helpers ("KASAN: ... in rhashtable_lookup").
 *
 * The table is looked at per frame of a report, never per log line.
 */
#include <stdio.h>
#include <string.h>

#include "analyze/analyze.h"
#include "analyze/internal.h"
#include "util/json.h"
#include "util/macro.h"

/* One class of innocent code: an id and why its frames are skipped. */
struct kb_skip_class {
	const char *id;
	const char *why;
};

static const struct kb_skip_class c_report = {
	.id = "reporting",
	.why = "kernel/panic.c (__warn, panic), lib/bug.c (report_bug), lib/dump_stack.c, "
		"arch/*/kernel/traps.c and dumpstack.c: they print the report for the code that hit it",
};
static const struct kb_skip_class c_printk = {
	.id = "printk",
	.why = "kernel/printk/ and the dev_printk family of drivers/base/core.c: the message, not its "
		"author",
};
static const struct kb_skip_class c_sanitizer = {
	.id = "sanitizer",
	.why = "mm/kasan/, mm/kmsan/, mm/kfence/, kernel/kcsan/, lib/ubsan.c, mm/usercopy.c, "
		"kernel/kcov.c: the checker run inside the instrumented code reports the caller's access",
};
static const struct kb_skip_class c_lock = {
	.id = "locking",
	.why = "kernel/locking/ (lockdep.c, mutex.c, rwsem.c, spinlock.c, qspinlock.c): the lock "
		"primitives and lockdep act on the lock the caller passes",
};
static const struct kb_skip_class c_debugobj = {
	.id = "debugobjects",
	.why = "lib/debugobjects.c: checks the timer or work object its owner passes",
};
static const struct kb_skip_class c_string = {
	.id = "string",
	.why = "lib/string.c, lib/string_helpers.c, lib/vsprintf.c, lib/hexdump.c, arch/*/lib/mem*.S: "
		"str*/mem*/printf/hex helpers called on behalf of a caller with the caller's buffer",
};
static const struct kb_skip_class c_usercopy = {
	.id = "usercopy",
	.why = "lib/usercopy.c, lib/iov_iter.c, arch/*/lib/copy_user*.S, include/linux/uaccess.h: "
		"copies to and from user space for the caller",
};
static const struct kb_skip_class c_context = {
	.id = "context-checks",
	.why = "kernel/sched/core.c (__might_sleep, __cant_sleep) and mm/memory.c (__might_fault): "
		"checks of the calling context, which is the caller's",
};
static const struct kb_skip_class c_refcount = {
	.id = "refcount",
	.why = "lib/refcount.c: saturation and underflow checks of the counter its owner passes",
};
static const struct kb_skip_class c_list = {
	.id = "containers",
	.why = "lib/list_debug.c, lib/rbtree.c, lib/xarray.c, lib/idr.c, lib/radix-tree.c, "
		"lib/rhashtable.c, lib/klist.c, lib/bitmap.c, lib/find_bit.c, include/linux/list.h: "
		"generic containers; a corrupt node is its user's bug",
};
static const struct kb_skip_class c_crc = {
	.id = "crc-crypto",
	.why = "lib/crc*.c, lib/crypto/ (aes, sha, chacha, poly1305...), crypto/ API wrappers "
		"(shash, skcipher, scatterwalk): checksum and cipher routines run over the caller's data",
};
static const struct kb_skip_class c_atomic = {
	.id = "atomics-bitops",
	.why = "include/linux/atomic/, arch/*/include/asm/bitops.h: atomic and bit operations on the "
		"caller's word",
};
static const struct kb_skip_class c_alloc = {
	.id = "allocator",
	.why = "mm/slub.c, mm/slab_common.c, mm/page_alloc.c, mm/vmalloc.c, mm/percpu.c, mm/util.c, "
		"mm/failslab.c, lib/fault-inject.c: allocator internals report the caller's misuse "
		"(double free, bad page) or run a failure the caller asked for",
};
static const struct kb_skip_class c_entry = {
	.id = "entry",
	.why = "arch/*/entry/, kernel/entry/common.c, arch/arm64/kernel/entry-common.c, "
		"arch/x86/kernel/apic/, kernel/irq/: syscall, interrupt and exception entry every "
		"trace starts from",
};
static const struct kb_skip_class c_idle = {
	.id = "idle",
	.why = "kernel/sched/idle.c (do_idle, cpu_startup_entry), drivers/cpuidle/cpuidle.c, "
		"init/main.c, arch/x86/kernel/head64.c and smpboot.c: the idle loop and CPU bring-up "
		"under every interrupt taken while idle",
};
static const struct kb_skip_class c_sched = {
	.id = "scheduler",
	.why = "kernel/sched/core.c (__schedule, schedule): the switch away from the caller that "
		"waits, and arch/*/kernel/process*.c and entry (__switch_to, __switch_to_asm); "
		"kernel/sched/wait.c and wait_bit.c: the wait queues and their wake callbacks "
		"(autoremove_wake_function, wake_bit_function)",
};
static const struct kb_skip_class c_unwind = {
	.id = "unwind-trace",
	.why = "arch/*/kernel/unwind_*.c, stacktrace.c, kernel/stacktrace.c, and the tracepoints' "
		"and perf's hooks (trace_*, perf_trace_*, __traceiter_*): the stack walkers and "
		"tracepoints that print or record the trace. Not all of kernel/trace/: a WARNING "
		"of ftrace's own (ftrace_bug) or the ring buffer's is the tracer's bug",
};
static const struct kb_skip_class c_timer = {
	.id = "timers-softirq",
	.why = "kernel/time/timer.c, kernel/time/hrtimer.c, kernel/softirq.c, net/core/dev.c "
		"(net_rx_action, __napi_poll): the timer wheel, hrtimers, softirqs and NAPI run every "
		"callback a driver registered; kernel/time/timekeeping.c (ktime_get): the clock "
		"every caller reads",
};
static const struct kb_skip_class c_workqueue = {
	.id = "workqueue-kthread",
	.why = "kernel/workqueue.c (process_one_work, worker_thread), kernel/kthread.c, "
		"kernel/smpboot.c: worker threads run every work item and kthread function",
};
static const struct kb_skip_class c_rcu = {
	.id = "rcu",
	.why = "kernel/rcu/ (tree.c rcu_core, rcu_do_batch; srcutree.c): the RCU core invokes every "
		"callback queued by call_rcu",
};
static const struct kb_skip_class c_kobject = {
	.id = "kobject-device",
	.why = "lib/kobject.c (kobject_* naming and uevents), drivers/base/core.c (device_add, "
		"device_del), fs/sysfs/ and fs/kernfs/: the driver core acts for the subsystem that "
		"registers the object (a duplicate name is the registering code's)",
};
static const struct kb_skip_class c_register = {
	.id = "driver-register",
	.why = "drivers/base/bus.c, driver.c and dd.c (driver_register, bus_add_driver, "
		"really_probe), each bus's *_register_driver and usb_(de)register_dev(), and every "
		"subsystem's *_register*() and register_*() (hwmon_device_register_with_info, "
		"register_netdevice): the core binds or publishes a caller's object for the "
		"module that registers it",
};
static const struct kb_skip_class c_teardown = {
	.id = "teardown",
	.why = "drivers/usb/core/urb.c and message.c, net/core/dev.c unregister, drivers/i2c/, "
		"drivers/char/hw_random/, drivers/tty/: generic registration and teardown every "
		"driver's exit passes through",
};
static const struct kb_skip_class c_skb = {
	.id = "skb",
	.why = "net/core/skbuff.c, sock_queue_rcv_skb(): socket buffer helpers (kfree_skb, skb_put) on "
		"the caller's buffer",
};
static const struct kb_skip_class c_vfs = {
	.id = "vfs-generic",
	.why = "fs/inode.c, fs/dcache.c, fs/buffer.c, fs/fs-writeback.c, mm/filemap.c: generic VFS "
		"code a file system's bug passes through",
};
static const struct kb_skip_class c_fault = {
	.id = "fault-entry",
	.why = "arch/*/mm/fault.c, arch/*/mm/physaddr.c: the page-fault handler that met the bad "
		"access, not the code that made it",
};
static const struct kb_skip_class c_header = {
	.id = "headers",
	.why = "include/ and *.h: inline helpers expanded into their caller; *.S: assembly entry and "
		"copy routines",
};
static const struct kb_skip_class c_lib = {
	.id = "library",
	.why = "lib/ and virt/lib/: the kernel's generic library, called on behalf of its caller",
};
static const struct kb_skip_class c_client = {
	.id = "client-api",
	.why = "frameworks that check the calls of the driver using them: kernel/dma/, "
		"arch/*/mm/dma-mapping*.c and drivers/iommu/dma-iommu.c (the DMA mapping API and "
		"its back ends; debug.c's check_unmap() names the driver), drivers/base/devres.c "
		"(devm_* managed resources), drivers/regulator/core.c and drivers/clk/clk.c "
		"(unbalanced enable and disable counts), drivers/gpio/gpiolib.c (an invalid "
		"descriptor), DRM's drm_atomic_helper.c and drm_vblank.c (a vblank that never "
		"came is the driver's display engine) and drm_mode_config_cleanup() (the objects "
		"a driver leaked at unload), V4L2's v4l2-dev.c and v4l2-ioctl.c (the "
		"driver's video_device and what its ioctls returned), cfg80211's sme.c (a connect, "
		"roam or disconnect result a fullmac driver reported) and the event work that hands "
		"it the driver's events",
};
static const struct kb_skip_class c_core = {
	.id = "core",
	.why = "net/core/dev.c, net/core/sock.c, net/socket.c, kernel/bpf/core.c, fs/proc/generic.c, "
		"drivers/clocksource/, drivers/irqchip/, mm/memory.c, mm/percpu*.c: core code every "
		"trace of its kind passes through",
};

enum {
	KB_FN_SUB,		/* the function name contains the pattern */
	KB_FN_PREFIX,		/* it starts with it */
	KB_FN_EXACT,		/* it is it */
	KB_FILE_PREFIX,		/* the path starts with it ("*" matches one component) */
	KB_FILE_SUFFIX,		/* the path ends with it */
};

struct kb_skip_rule {
	unsigned char kind;
	unsigned char use;	/* KB_USE_TITLE (and blame) or KB_USE_BLAME only */
	const char *pat;
	const struct kb_skip_class *cls;
};

/* title and blame */
#define S(p, c) { KB_FN_SUB, KB_USE_TITLE | KB_USE_BLAME, (p), &(c) }
#define P(p, c) { KB_FN_PREFIX, KB_USE_TITLE | KB_USE_BLAME, (p), &(c) }
#define X(p, c) { KB_FN_EXACT, KB_USE_TITLE | KB_USE_BLAME, (p), &(c) }
/* title only: syzbot's titles skip it, the blame does not (see its rule) */
#define TS(p, c) { KB_FN_SUB, KB_USE_TITLE, (p), &(c) }
/* blame only */
#define BP(p, c) { KB_FN_PREFIX, KB_USE_BLAME, (p), &(c) }
#define BX(p, c) { KB_FN_EXACT, KB_USE_BLAME, (p), &(c) }
#define BS(p, c) { KB_FN_SUB, KB_USE_BLAME, (p), &(c) }
/* files: blame only (titles name functions) */
#define F(p, c) { KB_FILE_PREFIX, KB_USE_BLAME, (p), &(c) }
#define FS(p, c) { KB_FILE_SUFFIX, KB_USE_BLAME, (p), &(c) }

static const struct kb_skip_rule skip_rules[] = {
	/* reporting machinery */
	S("dump_stack", c_report), S("dumpstack", c_report), S("show_stack", c_report),
	S("show_regs", c_report),
	S("show_trace", c_report), S("panic", c_report), P("__warn", c_report),
	S("warn_slowpath", c_report), P("warn_alloc", c_report), S("report_bug", c_report),
	S("fixup_bug", c_report), P("handle_bug", c_report), P("do_error", c_report),
	S("invalid_op", c_report), P("do_trap", c_report),
	/*
	 * syzbot's titles skip any "_trap" function; for the blame that is too
	 * wide (amdkfd's kfd_ioctl_set_trap_handler, devlink's and mlxsw's
	 * packet traps, KVM's exit handlers are code with bugs of their own):
	 * the trap handlers are arch/<arch>/kernel/traps.c's, a file rule
	 */
	TS("_trap", c_report),
	P("exc_", c_report), P("asm_exc_", c_report), P("die", c_report), P("oops_", c_report),
	P("__die", c_report), P("nmi_", c_report), P("do_int3", c_report),
	P("bad_page", c_report), P("print_", c_report), P("kmsg_dump", c_report),
	S("program_check_exception", c_report), S("program_check_common", c_report),
	P("warn_", c_report), S("assertfail", c_report), S("dump_backtrace", c_report),
	/* lib/nmi_backtrace.c's callers: each arch's IPI that makes CPUs print */
	X("arch_trigger_cpumask_backtrace", c_report), S("backtrace_ipi", c_report),
	X("unwind_backtrace", c_report),
	F("kernel/panic.c", c_report), F("arch/*/kernel/traps.c", c_report),
	F("arch/*/kernel/dumpstack", c_report), F("trusty/", c_report),
	/* printk */
	S("printk", c_printk), P("vprintk", c_printk), P("_printk", c_printk),
	P("dev_printk", c_printk), P("_dev_", c_printk), P("dev_info", c_printk),
	P("dev_notice", c_printk), P("dev_warn", c_printk), P("dev_err", c_printk),
	P("dev_alert", c_printk), P("dev_crit", c_printk), P("dev_emerg", c_printk),
	F("kernel/printk/", c_printk),
	/* sanitizer runtimes */
	S("__sanitizer", c_sanitizer), S("__asan", c_sanitizer), S("kasan", c_sanitizer),
	S("__msan", c_sanitizer), S("kmsan", c_sanitizer), S("__tsan", c_sanitizer),
	S("kcsan", c_sanitizer), S("ubsan", c_sanitizer), S("__ubsan", c_sanitizer),
	S("kfence", c_sanitizer), S("__hwasan", c_sanitizer),
	S("check_memory_region", c_sanitizer), S("read_word_at_a_time", c_sanitizer),
	P("check_stack_object", c_sanitizer), S("print_address_description", c_sanitizer),
	P("__check_heap_object", c_sanitizer), P("__check_object_size", c_sanitizer),
	P("check_object_size", c_sanitizer), P("usercopy_", c_sanitizer), P("__kcov", c_sanitizer),
	P("write_comp_data", c_sanitizer), S("__fortify", c_sanitizer),
	S("fortify_panic", c_sanitizer), P("ref_tracker", c_sanitizer),
	F("mm/kasan/", c_sanitizer), F("mm/kmsan/", c_sanitizer), F("mm/kfence/", c_sanitizer),
	F("kernel/kcsan/", c_sanitizer), F("kernel/kcov.c", c_sanitizer),
	F("mm/usercopy.c", c_sanitizer), F("mm/debug", c_sanitizer),
	/* lockdep and the locking primitives */
	S("lockdep", c_lock), P("lock_acquire", c_lock), P("lock_release", c_lock),
	S("lock_class", c_lock), P("reacquire_held_locks", c_lock), P("__lock_acquire", c_lock),
	P("lock_is_held", c_lock), S("spin_lock", c_lock), S("spin_trylock", c_lock),
	S("spin_unlock", c_lock), P("_raw_", c_lock), P("raw_read_lock", c_lock),
	P("raw_write_lock", c_lock), P("queued_", c_lock), P("native_queued_", c_lock),
	P("do_raw_", c_lock), P("__raw_", c_lock), X("down", c_lock), P("down_read", c_lock),
	P("down_write", c_lock), P("__down", c_lock), P("up_read", c_lock),
	P("up_write", c_lock), X("up", c_lock), P("mutex_lock", c_lock),
	P("mutex_trylock", c_lock), P("mutex_unlock", c_lock), P("__mutex_", c_lock),
	P("mutex_remove_waiter", c_lock), S("mutex_optimistic", c_lock), P("osq_lock", c_lock),
	P("osq_unlock", c_lock), P("rwsem_", c_lock), P("__rwsem", c_lock),
	P("rt_mutex", c_lock), P("__rt_mutex", c_lock), P("percpu_down", c_lock),
	P("percpu_up", c_lock), P("ww_mutex", c_lock), P("__ww_mutex", c_lock),
	P("debug_lockdep", c_lock), P("lock_sock_nested", c_lock), P("_local_bh_enable", c_lock),
	P("__local_bh_enable", c_lock), P("local_bh_enable", c_lock),
	P("preempt_count", c_lock), P("preempt_schedule", c_lock),
	S("atomic_dec_and_lock", c_lock), P("lock_timer_base", c_lock),
	S("task_rq_lock", c_lock), BP("__pv_queued", c_lock), BP("pv_queued", c_lock),
	BP("mark_lock", c_lock), BP("validate_chain", c_lock), BP("check_prev_add", c_lock),
	BP("check_noncircular", c_lock), BP("lock_contended", c_lock),
	BP("lock_acquired", c_lock), BP("spin_bug", c_lock), BP("spin_dump", c_lock),
	BP("rwlock_bug", c_lock), BP("rwbase_", c_lock), BP("rtlock_", c_lock),
	F("kernel/locking/", c_lock),
	/* debug objects */
	S("debug_object", c_debugobj), S("timer_is_static_object", c_debugobj),
	S("work_is_static_object", c_debugobj),
	/* string, printf and hex helpers */
	P("memcpy", c_string), P("__memcpy", c_string), P("memcmp", c_string),
	P("memset", c_string), P("__memset", c_string), P("memchr", c_string),
	P("memmove", c_string), P("__memmove", c_string), P("strcmp", c_string),
	P("strncmp", c_string), P("strcpy", c_string), P("strlcpy", c_string),
	P("strncpy", c_string), P("strscpy", c_string), P("strlen", c_string),
	P("strnstr", c_string), P("strnlen", c_string), P("strchr", c_string),
	P("strrchr", c_string), P("strstr", c_string), P("sized_strscpy", c_string),
	X("string", c_string), X("pointer", c_string), P("vsnprintf", c_string),
	P("snprintf", c_string), P("scnprintf", c_string), P("vscnprintf", c_string),
	P("kasprintf", c_string), P("kvasprintf", c_string), P("sprintf", c_string),
	P("memdup", c_string), P("kmemdup", c_string), P("kstrdup", c_string),
	P("vmemdup", c_string), S("_indirect_thunk_", c_string),
	P("__x86_return_thunk", c_string), P("rep_movs", c_string),
	BP("strcat", c_string), BP("strncat", c_string), BP("strlcat", c_string),
	BP("strsep", c_string), BP("strspn", c_string), BP("strcspn", c_string),
	BP("strpbrk", c_string), BP("strreplace", c_string), BP("memscan", c_string),
	BP("kstrto", c_string), BP("_kstrto", c_string), BP("_parse_integer", c_string),
	BP("simple_strto", c_string), BP("string_escape", c_string),
	BP("string_unescape", c_string), BP("string_get_size", c_string),
	BP("format_decode", c_string), BX("number", c_string), BP("va_format", c_string),
	BP("symbol_string", c_string), BP("hex_string", c_string), BP("ip4_string", c_string),
	BP("ip6_string", c_string), BP("hex_dump_to_buffer", c_string),
	BP("print_hex_dump", c_string), BP("hex2bin", c_string), BP("bin2hex", c_string),
	BP("hex_to_bin", c_string),
	/* user copies */
	S("copy_to_user", c_usercopy), S("copy_from_user", c_usercopy), P("_copy_", c_usercopy),
	P("__copy_", c_usercopy), P("copyin", c_usercopy), P("copyout", c_usercopy),
	P("raw_copy_", c_usercopy), P("copy_user_", c_usercopy), P("put_user", c_usercopy),
	P("__put_user", c_usercopy), P("get_user", c_usercopy), P("__get_user", c_usercopy),
	P("copy_page_to_iter", c_usercopy), P("copy_page_from_iter", c_usercopy),
	P("_copy_to_iter", c_usercopy), P("_copy_from_iter", c_usercopy),
	P("copy_to_iter", c_usercopy), P("copy_from_iter", c_usercopy),
	/* context checks */
	P("might_fault", c_context), P("__might_fault", c_context), P("might_sleep", c_context),
	P("__might_sleep", c_context), P("___might_sleep", c_context),
	P("__might_resched", c_context), P("__cant_sleep", c_context),
	/* refcount */
	P("refcount_", c_refcount), P("__refcount_", c_refcount),
	/* lists, trees, xarrays and other containers */
	P("list_add", c_list), P("list_del", c_list), P("__list_add", c_list),
	P("__list_del", c_list), P("list_replace", c_list), P("list_move", c_list),
	P("list_splice", c_list), P("__list_", c_list), P("hlist_", c_list),
	P("__hlist_", c_list), P("bitmap_", c_list), P("__bitmap_", c_list),
	P("find_next_bit", c_list), P("_find_", c_list), P("rb_", c_list), P("__rb_", c_list),
	P("xas_", c_list), P("xa_", c_list), P("klist_", c_list),
	BP("__xa_", c_list), BP("__xas_", c_list), BP("idr_", c_list), BP("ida_", c_list),
	BP("radix_tree_", c_list), BP("__radix_tree_", c_list), BP("rhashtable_", c_list),
	BP("__rhashtable_", c_list), BP("rhltable_", c_list), BP("rht_", c_list),
	BP("bucket_table_", c_list), BP("llist_", c_list), BP("plist_", c_list),
	/* crc and crypto library routines */
	P("crc_", c_crc), P("crc32", c_crc), P("__crc32", c_crc),
	BP("crc16", c_crc), BP("crc_ccitt", c_crc), BP("crc_itu_t", c_crc),
	BP("crc_t10dif", c_crc), BP("crc7", c_crc), BP("crc8", c_crc), BP("crc4", c_crc),
	BP("crc64", c_crc), BP("__crc64", c_crc), BP("crc32c", c_crc),
	BP("aes_encrypt", c_crc), BP("aes_decrypt", c_crc), BP("aes_expandkey", c_crc),
	BP("sha1_transform", c_crc), BP("sha256", c_crc), BP("sha512", c_crc),
	BP("blake2s", c_crc), BP("chacha", c_crc), BP("hchacha", c_crc),
	BP("poly1305", c_crc), BP("curve25519", c_crc), BP("des_encrypt", c_crc),
	BP("des_decrypt", c_crc), BP("arc4_crypt", c_crc), BP("gf128mul", c_crc),
	BP("crypto_memneq", c_crc), BP("__crypto_memneq", c_crc), BP("crypto_shash_", c_crc),
	BP("crypto_ahash_", c_crc), BP("crypto_skcipher_", c_crc), BP("crypto_aead_", c_crc),
	BP("scatterwalk_", c_crc), BP("crypto_cipher_", c_crc),
	F("crypto/scatterwalk.c", c_crc), F("crypto/shash.c", c_crc),
	F("crypto/cipher.c", c_crc),
	/* atomics and bit operations */
	P("atomic_", c_atomic), P("arch_atomic", c_atomic), P("raw_atomic", c_atomic),
	P("test_and_", c_atomic), P("test_bit", c_atomic), P("set_bit", c_atomic),
	P("clear_bit", c_atomic), P("__set_bit", c_atomic), P("__clear_bit", c_atomic),
	P("constant_test_bit", c_atomic), P("arch_test_", c_atomic),
	P("arch_set_bit", c_atomic), P("arch_clear_bit", c_atomic),
	/* the allocators */
	P("should_fail", c_alloc), P("__should_fail", c_alloc), P("fail_dump", c_alloc),
	P("should_failslab", c_alloc), P("slab_pre_alloc_hook", c_alloc),
	P("check_slab", c_alloc), P("__slab_free", c_alloc), P("free_debug_processing", c_alloc),
	P("alloc_debug_processing", c_alloc), P("check_bytes_and_report", c_alloc),
	P("object_err", c_alloc), P("slab_err", c_alloc), P("check_object", c_alloc),
	P("on_freelist", c_alloc), P("__free_pages_ok", c_alloc),
	P("free_pages_prepare", c_alloc), P("free_page_is_bad", c_alloc), X("kfree", c_alloc),
	P("kvfree", c_alloc), P("kfree_sensitive", c_alloc), P("__alloc_pages", c_alloc),
	P("alloc_pages", c_alloc), P("__get_free_pages", c_alloc), P("kmalloc_order", c_alloc),
	S("kmalloc_large", c_alloc), P("__kmalloc", c_alloc), P("kmalloc", c_alloc),
	S("kmem_cache_alloc", c_alloc), P("kmem_cache_free", c_alloc), S("_noprof", c_alloc),
	P("__alloc_frozen_pages", c_alloc), S("kvmalloc", c_alloc), P("vzalloc", c_alloc),
	P("vmalloc", c_alloc), P("__vmalloc", c_alloc),
	BP("__free_pages", c_alloc), BX("free_pages", c_alloc), BP("free_pcp", c_alloc),
	BP("free_unref_page", c_alloc), BP("free_unref_folios", c_alloc),
	BP("__free_one_page", c_alloc), BP("free_one_page", c_alloc),
	BP("__folio_put", c_alloc), BP("slab_free", c_alloc), BP("do_slab_free", c_alloc),
	BP("___slab_alloc", c_alloc), BP("__slab_alloc", c_alloc), BP("slab_alloc", c_alloc),
	BP("allocate_slab", c_alloc), BP("new_slab", c_alloc),
	BP("get_page_from_freelist", c_alloc), BP("rmqueue", c_alloc),
	BP("kvfree_call_rcu", c_alloc), BP("kfree_rcu", c_alloc), BP("krealloc", c_alloc),
	BP("kcalloc", c_alloc), BP("kzalloc", c_alloc), BP("vfree", c_alloc),
	F("mm/slab.c", c_alloc), F("mm/slub.c", c_alloc), F("mm/slob.c", c_alloc),
	F("mm/slab_common.c", c_alloc), F("mm/page_alloc.c", c_alloc),
	BP("free_percpu", c_alloc), BP("__alloc_percpu", c_alloc),
	F("mm/vmalloc.c", c_alloc), F("mm/util.c", c_alloc), F("mm/folio-compat.c", c_alloc),
	F("mm/percpu", c_alloc),
	/* syscall, interrupt and exception entry */
	P("entry_SYSCALL", c_entry), P("entry_SYSENTER", c_entry), P("entry_INT80", c_entry),
	P("do_syscall_", c_entry), P("do_fast_syscall", c_entry), P("x64_sys_call", c_entry),
	P("ret_from_fork", c_entry), P("irq_exit", c_entry), P("__irq_exit_rcu", c_entry),
	P("irqentry_", c_entry), P("sysvec_", c_entry), P("asm_sysvec_", c_entry),
	P("asm_common_interrupt", c_entry), P("common_interrupt", c_entry),
	P("apic_timer_interrupt", c_entry), P("smp_apic_timer_interrupt", c_entry),
	P("__sysvec_", c_entry), P("el0_", c_entry), P("el1_", c_entry), P("el0t_", c_entry),
	P("el1h_", c_entry), P("syscall_exit_to_user_mode", c_entry),
	P("__do_kernel_fault", c_entry), P("do_tag_check_fault", c_entry),
	P("do_mem_abort", c_entry), P("do_bad_area", c_entry), P("do_translation_fault", c_entry),
	P("die_kernel_fault", c_entry), P("__do_page_fault", c_entry), P("do_sea", c_entry),
	BP("asm_", c_entry), BP("do_el0_svc", c_entry), BP("invoke_syscall", c_entry),
	BP("syscall_enter_from_user_mode", c_entry), BP("exit_to_user_mode", c_entry),
	BP("handle_irq_event", c_entry), BP("__handle_irq_event_percpu", c_entry),
	BP("handle_edge_irq", c_entry), BP("handle_fasteoi_irq", c_entry),
	BP("handle_level_irq", c_entry), BP("generic_handle_irq", c_entry),
	BP("__common_interrupt", c_entry),
	F("arch/*/entry/", c_entry), F("arch/*/kernel/entry", c_entry),
	F("kernel/entry/", c_entry), F("arch/*/kernel/apic/", c_entry), F("kernel/irq/", c_entry),
	/* idle and CPU bring-up */
	BX("do_idle", c_idle), BP("cpu_startup_entry", c_idle), BP("start_secondary", c_idle),
	BX("rest_init", c_idle), BP("start_kernel", c_idle), BP("x86_64_start_", c_idle),
	BP("secondary_startup_64", c_idle), BP("common_startup_64", c_idle),
	BP("cpuidle_enter", c_idle), BX("call_cpuidle", c_idle), BP("default_idle", c_idle),
	BP("arch_cpu_idle", c_idle), BP("cpu_idle_poll", c_idle),
	BP("secondary_start_kernel", c_idle), BX("kernel_init", c_idle),
	F("kernel/sched/idle.c", c_idle), F("drivers/cpuidle/cpuidle.c", c_idle),
	/* the scheduler */
	P("__schedule", c_sched), X("schedule", c_sched), P("schedule_timeout", c_sched),
	P("wait_for_completion", c_sched), S("finish_wait", c_sched), P("__wake_up", c_sched),
	BX("complete", c_sched), BP("schedule_preempt_disabled", c_sched),
	BP("io_schedule", c_sched), P("__switch_to", c_sched),
	X("autoremove_wake_function", c_sched),
	X("default_wake_function", c_sched), X("woken_wake_function", c_sched),
	X("wake_bit_function", c_sched), X("wake_atomic_t_function", c_sched),
	F("kernel/sched/", c_sched),
	/* stack walkers and tracing */
	P("perf_trace", c_unwind), P("trace_", c_unwind), P("__traceiter", c_unwind),
	P("__bpf_trace", c_unwind), S("walk_stackframe", c_unwind), P("unwind_", c_unwind),
	P("arch_stack_walk", c_unwind), P("stack_trace_", c_unwind),
	F("arch/*/kernel/unwind", c_unwind), F("arch/*/kernel/stacktrace.c", c_unwind),
	F("kernel/stacktrace.c", c_unwind),
	/* timers, hrtimers, softirqs */
	P("del_timer", c_timer), P("timer_delete", c_timer), P("__mod_timer", c_timer),
	P("mod_timer", c_timer), P("add_timer", c_timer), P("__do_softirq", c_timer),
	P("handle_softirqs", c_timer), P("do_softirq", c_timer),
	P("__softirqentry_text_start", c_timer), P("invoke_softirq", c_timer),
	BP("call_timer_fn", c_timer), BP("__run_timers", c_timer), BP("run_timer_softirq", c_timer),
	BP("run_timer_base", c_timer), BP("expire_timers", c_timer), BP("__run_hrtimer", c_timer),
	BP("__hrtimer_run_queues", c_timer), BP("hrtimer_interrupt", c_timer),
	BP("hrtimer_run_softirq", c_timer), BP("hrtimer_run_queues", c_timer),
	BP("tasklet_action", c_timer), BP("tasklet_hi_action", c_timer),
	BP("net_rx_action", c_timer), BP("__napi_poll", c_timer), BP("run_ksoftirqd", c_timer),
	BP("tick_sched_", c_timer), BP("tick_nohz_", c_timer), BP("update_process_times", c_timer),
	F("kernel/time/timer.c", c_timer), F("kernel/time/hrtimer.c", c_timer),
	F("kernel/time/tick-sched.c", c_timer), F("kernel/softirq.c", c_timer),
	P("ktime_get", c_timer), F("kernel/time/timekeeping.c", c_timer),
	/* workqueues and kthreads */
	X("kthread", c_workqueue), P("__flush_work", c_workqueue), S("flush_work", c_workqueue),
	S("__cancel_work_timer", c_workqueue), P("__cancel_work", c_workqueue),
	S("cancel_work_sync", c_workqueue), S("cancel_delayed_work_sync", c_workqueue),
	S("try_to_grab_pending", c_workqueue), S("flush_workqueue", c_workqueue),
	S("drain_workqueue", c_workqueue), S("destroy_workqueue", c_workqueue),
	S("kthread_stop", c_workqueue), P("insert_work", c_workqueue),
	P("__queue_work", c_workqueue), P("queue_work", c_workqueue),
	S("queue_delayed_work", c_workqueue),
	BP("process_one_work", c_workqueue), BP("process_scheduled_works", c_workqueue),
	BX("worker_thread", c_workqueue), BX("rescuer_thread", c_workqueue),
	BP("kthread_worker_fn", c_workqueue), BP("smpboot_thread_fn", c_workqueue),
	F("kernel/workqueue.c", c_workqueue), F("kernel/kthread.c", c_workqueue),
	/* RCU core */
	BX("rcu_core", c_rcu), BX("rcu_core_si", c_rcu), BP("rcu_do_batch", c_rcu),
	BP("rcu_cpu_kthread", c_rcu), BP("rcu_gp_", c_rcu), BP("srcu_invoke_callbacks", c_rcu),
	BP("rcu_nocb_", c_rcu), BP("nocb_cb_wait", c_rcu), BP("rcu_sched_clock_irq", c_rcu),
	BX("rcu_pending", c_rcu), BP("rcu_read_unlock_special", c_rcu),
	BP("rcu_note_context_switch", c_rcu),
	F("kernel/rcu/", c_rcu),
	/* kobjects, devices and sysfs */
	P("kobject_del", c_kobject), P("kobject_put", c_kobject), P("kobject_release", c_kobject),
	P("kobject_uevent", c_kobject), S("add_uevent_var", c_kobject),
	S("get_device_parent", c_kobject), P("device_add", c_kobject), P("device_del", c_kobject),
	P("device_unregister", c_kobject), P("device_destroy", c_kobject),
	P("device_release", c_kobject), P("devres_release", c_kobject),
	BP("device_create", c_kobject), BX("put_device", c_kobject),
	S("device_for_each_child", c_kobject), S("sysfs_remove", c_kobject),
	S("device_remove_file", c_kobject),
	BP("kobject_", c_kobject), BP("kset_", c_kobject), BP("kvasprintf_const", c_kobject),
	BP("kstrdup_const", c_kobject),
	BP("sysfs_", c_kobject), BP("kernfs_", c_kobject), F("fs/sysfs/", c_kobject),
	F("fs/kernfs/", c_kobject),
	/* driver registration and binding */
	BP("driver_register", c_register), BP("bus_add_driver", c_register),
	BP("__pci_register_driver", c_register), BP("pci_register_driver", c_register),
	BP("usb_register_driver", c_register), BP("usb_deregister_dev", c_register),
	BP("usb_register_dev", c_register),
	BP("__platform_driver_register", c_register), BP("i2c_register_driver", c_register),
	F("drivers/base/bus.c", c_register), F("drivers/base/driver.c", c_register),
	F("drivers/base/dd.c", c_register),
	BS("_register", c_register), BP("register_", c_register), BS("_unregister", c_register),
	/* generic teardown */
	S("hwrng_unregister", c_teardown), S("i2c_del_adapter", c_teardown),
	S("__unregister_client", c_teardown), S("rollback_registered", c_teardown),
	S("unregister_netdev", c_teardown), S("tty_unregister_device", c_teardown),
	S("dummy_urb_enqueue", c_teardown), S("usb_kill_urb", c_teardown),
	S("usb_kill_anchored_urbs", c_teardown), S("usb_control_msg", c_teardown),
	S("usb_hcd_submit_urb", c_teardown), S("usb_submit_urb", c_teardown),
	P("usb_hcd_map_urb", c_teardown), P("usb_hcd_unmap_urb", c_teardown),
	F("drivers/usb/core/urb.c", c_teardown),
	/* socket buffers */
	P("kfree_skb", c_skb), P("__kfree_skb", c_skb), P("skb_put", c_skb), P("skb_push", c_skb),
	BP("sock_queue_rcv_skb", c_skb), BP("__sock_queue_rcv_skb", c_skb),
	F("net/core/skbuff.c", c_skb),
	/* generic VFS */
	P("inc_nlink", c_vfs), P("drop_nlink", c_vfs), P("clear_nlink", c_vfs),
	P("set_nlink", c_vfs), P("folio_unlock", c_vfs), P("unlock_page", c_vfs),
	P("iput", c_vfs), P("mark_buffer_dirty", c_vfs), P("fast_dput", c_vfs), X("dput", c_vfs),
	F("fs/inode.c", c_vfs), F("fs/fs-writeback.c", c_vfs), F("fs/dcache.c", c_vfs),
	F("fs/buffer.c", c_vfs),
	/* fault handlers */
	F("arch/*/mm/fault.c", c_fault), F("arch/*/mm/physaddr.c", c_fault),
	/* headers, assembly and library code */
	FS(".h", c_header), FS(".S", c_header), F("include/", c_header), F("lib/", c_lib),
	F("virt/lib/", c_lib), F("arch/*/lib/", c_string),
	/* core code every trace of its kind passes through */
	F("net/core/dev.c", c_core), F("net/core/sock.c", c_core), F("net/socket.c", c_core),
	F("kernel/bpf/core.c", c_core), F("fs/proc/generic.c", c_core),
	F("drivers/clocksource/", c_core), F("drivers/irqchip/", c_core),
	F("mm/memory.c", c_core), F("mm/percpu", c_core), F("arch/*/kernel/process.c", c_core),
	/* frameworks that check their client driver's calls */
	F("kernel/dma/", c_client), F("arch/*/mm/dma-mapping", c_client),
	F("drivers/iommu/dma-iommu.c", c_client), F("drivers/base/devres.c", c_client),
	BP("devm_", c_client),
	F("drivers/regulator/core.c", c_client), F("drivers/clk/clk.c", c_client),
	F("drivers/gpio/gpiolib.c", c_client), F("drivers/gpu/drm/drm_atomic_helper.c", c_client),
	F("drivers/gpu/drm/drm_vblank.c", c_client), BX("drm_mode_config_cleanup", c_client),
	F("drivers/media/v4l2-core/v4l2-dev.c", c_client),
	F("drivers/media/v4l2-core/v4l2-ioctl.c", c_client),
	F("net/wireless/sme.c", c_client), BX("cfg80211_process_wdev_events", c_client),
	BX("cfg80211_process_rdev_events", c_client), BX("cfg80211_event_work", c_client),
};

#undef S
#undef P
#undef X
#undef BP
#undef BX
#undef F
#undef FS

static bool skip_fn_match(const struct kb_skip_rule *r, const char *func)
{
	size_t n;

	switch (r->kind) {
	case KB_FN_SUB:
		return strstr(func, r->pat);
	case KB_FN_PREFIX:
		return kb_starts(func, r->pat);
	case KB_FN_EXACT:
		/* "func.cold", "func.isra.0" are the function "func" */
		n = strlen(r->pat);
		return !strncmp(func, r->pat, n) && (!func[n] || func[n] == '.');
	}
	return false;
}

/* "arch/STAR/..." matches one path component. */
static bool skip_glob(const char *path, const char *pat)
{
	while (*pat) {
		if (*pat == '*') {
			while (*path && *path != '/')
				path++;
			pat++;
			continue;
		}
		if (*path != *pat)
			return false;
		path++, pat++;
	}
	return true;
}

static bool skip_file_match(const struct kb_skip_rule *r, const char *path)
{
	size_t n, l;

	switch (r->kind) {
	case KB_FILE_PREFIX:
		return skip_glob(path, r->pat);
	case KB_FILE_SUFFIX:
		n = strlen(r->pat);
		l = strlen(path);
		return l > n && !strcmp(path + l - n, r->pat);
	}
	return false;
}

static bool skip_is_file(const struct kb_skip_rule *r)
{
	return r->kind == KB_FILE_PREFIX || r->kind == KB_FILE_SUFFIX;
}

const struct kb_skip_rule *kb_skip_func(const char *func, unsigned int use)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(skip_rules); i++)
		if ((skip_rules[i].use & use) && !skip_is_file(&skip_rules[i]) &&
		    skip_fn_match(&skip_rules[i], func))
			return &skip_rules[i];
	return NULL;
}

const struct kb_skip_rule *kb_skip_file(const char *path)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(skip_rules); i++)
		if (skip_is_file(&skip_rules[i]) && skip_file_match(&skip_rules[i], path))
			return &skip_rules[i];
	return NULL;
}

bool kb_file_blacklisted(const char *path)
{
	return kb_skip_file(path);
}

/*
 * For WARN()'s title: a site in generic code names the caller, as
 * syzkaller's titles do. A framework's check of its client keeps its own
 * name there (syzbot's "WARNING in drm_wait_one_vblank"); only the blame
 * moves to the client.
 */
bool kb_file_warns_for_caller(const char *path)
{
	const struct kb_skip_rule *r = kb_skip_file(path);

	return r && r->cls != &c_client;
}

/* A function a framework runs for its clients (its event work): client-api. */
bool kb_func_serves_client(const char *func)
{
	const struct kb_skip_rule *r = kb_skip_func(func, KB_USE_BLAME);

	return r && r->cls == &c_client;
}

/* A signature's own list: "x" contains x, "^x" starts with x, "^x$" is x. */
static bool skip_extra_match(const char *func, const char *pat)
{
	size_t n, fl;

	if (pat[0] != '^')
		return strstr(func, pat);
	pat++;
	n = strlen(pat);
	if (n && pat[n - 1] == '$') {
		fl = strlen(func);
		return fl == n - 1 && !strncmp(func, pat, n - 1);
	}
	return !strncmp(func, pat, n);
}

bool kb_frame_skipped(const char *func, const char *const *extra)
{
	size_t i;

	if (kb_skip_func(func, KB_USE_TITLE))
		return true;
	for (i = 0; extra && extra[i]; i++)
		if (skip_extra_match(func, extra[i]))
			return true;
	return false;
}

static const char *skip_kind_name(const struct kb_skip_rule *r)
{
	switch (r->kind) {
	case KB_FN_SUB:
		return "function contains";
	case KB_FN_PREFIX:
		return "function prefix";
	case KB_FN_EXACT:
		return "function";
	case KB_FILE_PREFIX:
		return "file prefix";
	case KB_FILE_SUFFIX:
		return "file suffix";
	}
	return "?";
}

void kb_skip_describe(const struct kb_skip_rule *r, struct json_object *o)
{
	kj_set_str(o, "rule", r->pat);
	kj_set_str(o, "rule_kind", skip_kind_name(r));
	kj_set_str(o, "rule_class", r->cls->id);
	kj_set_str(o, "reason", r->cls->why);
}

static void explain_nullable(struct json_object *o, const char *key, const char *val)
{
	if (val && *val)
		kj_set_str(o, key, val);
	else
		kj_set(o, key, NULL);
}

/*
 * The frames before the blamed one that a rule skips, each with the rule,
 * then what was blamed and why. The frames between are skipped by a
 * signature's own title rule or are no part of the same stack.
 */
struct json_object *kb_explain(const struct kb_rep *r)
{
	struct json_object *a = json_object_new_array(), *o;
	size_t i, end = r->guilty >= 0 ? (size_t)r->guilty : r->frames_nr;

	for (i = 0; i < end && i < r->frames_nr; i++) {
		const struct kb_frame *f = &r->frames[i];
		const struct kb_skip_rule *rule;

		rule = kb_skip_func(f->func, KB_USE_TITLE | KB_USE_BLAME);

		if (!rule && f->file[0])
			rule = kb_skip_file(f->file);
		if (!rule || f->idx >= r->cut)
			continue;
		o = json_object_new_object();
		kj_set_str(o, "action", "skipped");
		kj_set_int(o, "frame", (int64_t)i);
		kj_set_str(o, "function", f->func);
		explain_nullable(o, "file", f->file);
		kb_skip_describe(rule, o);
		kj_append(a, o);
	}
	o = json_object_new_object();
	kj_set_str(o, "action", "blamed");
	if (r->guilty >= 0)
		kj_set_int(o, "frame", r->guilty);
	else
		kj_set(o, "frame", NULL);
	explain_nullable(o, "function", r->guilty_func);
	explain_nullable(o, "module", r->guilty_module);
	explain_nullable(o, "file", r->guilty_file);
	explain_nullable(o, "source", r->blame_source);
	explain_nullable(o, "reason", r->blame_reason);
	kj_append(a, o);
	return a;
}

/* docs/blame-rules.md: one section per class, its rules in a table. */
void kbug_analyze_rules_doc(FILE *out)
{
	const struct kb_skip_class *done[64];
	size_t nd = 0, i, j, k;

	fprintf(out, "<!-- generated by `kbug analyze --explain-rules` (make skip-doc): do not "
		"edit -->\n"
		"# Frames and files never blamed\n\n"
		"`kbug analyze` blames the first frame of a report, and the first source file,\n"
		"that no rule below skips: the skipped code runs on behalf of its caller or is\n"
		"the machinery that noticed the bug. Rules used for **title** also choose the\n"
		"function that names a report, as syzbot's titles do; **blame** rules only move\n"
		"the blame to the caller. `kbug analyze --explain` shows which rule skipped\n"
		"which frame. The table is in collector/analyze/ (skip.c); %zu rules.\n",
		ARRAY_SIZE(skip_rules));
	for (i = 0; i < ARRAY_SIZE(skip_rules); i++) {
		const struct kb_skip_class *c = skip_rules[i].cls;
		size_t n = 0;

		for (j = 0; j < nd && done[j] != c; j++)
			;
		if (j < nd || nd == ARRAY_SIZE(done))
			continue;
		done[nd++] = c;
		for (k = i; k < ARRAY_SIZE(skip_rules); k++)
			n += skip_rules[k].cls == c;
		fprintf(out, "\n## %s (%zu rules)\n\n%s.\n\n| match | pattern | used for |\n"
			"|---|---|---|\n", c->id, n, c->why);
		for (k = i; k < ARRAY_SIZE(skip_rules); k++) {
			const struct kb_skip_rule *r = &skip_rules[k];

			if (r->cls != c)
				continue;
			fprintf(out, "| %s | `%s` | %s |\n", skip_kind_name(r), r->pat,
				!(r->use & KB_USE_BLAME) ? "title" :
				(r->use & KB_USE_TITLE) ? "title, blame" : "blame");
		}
	}
}
