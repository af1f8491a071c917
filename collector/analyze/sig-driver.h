/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "analyze/internal.h"

/*
 * The catalogue of driver failures printed through dev_printk() (its
 * rows in sig-driver-wifi.c, sig-driver-gpu.c, sig-driver-sys.c; the
 * rule that reads the driver off the message in sig-driver.c).
 *
 * dev_printk() starts every message with dev_driver_string() and
 * dev_name(): "iwlwifi 0000:00:14.3: ", "nvme nvme0: "; so a row
 * matches the message's body (what follows that prefix) and the driver
 * comes from the prefix, whichever device printed it. A row's `src` is
 * the file of the printk in linux 6.12. When that file is the driver's
 * own, it is blamed; when it is core code printing for the driver (the
 * firmware loader, the PM core, the DRM atomic helpers, the USB HCD
 * core, the packet scheduler's watchdog: `core`), the driver the prefix
 * names is blamed instead.
 */
struct kb_drv_row {
	struct kb_sig sig;	/* first: the scanner hands back &row->sig */
	const char *driver;	/* dev_driver_string() required: "iwlwifi", "ath11k_*"; NULL any */
	const char *src;	/* the source file that prints the message */
	bool core;		/* src prints on a driver's behalf: blame the driver */
	bool fixed;		/* src reports on the device for itself: blame src, any prefix */
	/*
	 * the title, when more than the row's ("%s" in sig.title is the
	 * driver); it may name another driver, for a message that does
	 */
	void (*retitle)(struct kb_rep *r, char *driver, size_t size);
	/* after the blame: a closer file the message names, if any */
	void (*place)(struct kb_rep *r);
};

void kb_drv_title(struct kb_rep *r);

/*
 * sig.prefix is the body's start ("" for any body: then the row is
 * found by its driver's first letter and `has` is searched).
 */
#define KB_DRV_ROW(drv, start, has, ttl, file, is_core, fn, re)				\
	{ .sig = { .prefix = (start), .contains = (has), .kind = "driver", .title = (ttl),	\
		   .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK, .custom = kb_drv_title,	\
		   .match = (fn) },							\
	  .driver = (drv), .src = (file), .core = (is_core), .retitle = (re) }

/* A row of the driver's own code: blame `file`. */
#define KB_DRV(drv, start, has, ttl, file) KB_DRV_ROW(drv, start, has, ttl, file, false, NULL, NULL)
/* The same, then place() may name a closer file from the message. */
#define KB_DRV_PLACE(drv, start, has, ttl, file, fn)					\
	{ .sig = { .prefix = (start), .contains = (has), .kind = "driver", .title = (ttl),	\
		   .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK, .custom = kb_drv_title },	\
	  .driver = (drv), .src = (file), .place = (fn) }
/* The same, when `file` is built into another module than the driver's (nvme_core). */
#define KB_DRV_IN(drv, start, has, ttl, file, mod)					\
	{ .sig = { .prefix = (start), .contains = (has), .kind = "driver", .title = (ttl),	\
		   .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK, .custom = kb_drv_title,	\
		   .module = (mod) },							\
	  .driver = (drv), .src = (file) }
/*
 * A subsystem's own report about a device, whichever driver the prefix
 * names (PCIe AER's "nvme 0000:01:00.0: AER: ..."), or under its own
 * pr_fmt() tag (drv: "mce: "; NULL any): blame `file`.
 */
#define KB_DRV_FIXED(drv, start, has, ttl, file, mod)					\
	{ .sig = { .prefix = (start), .contains = (has), .kind = "driver", .title = (ttl),	\
		   .flags = KB_SIG_DRIVER | KB_SIG_NOSTACK, .custom = kb_drv_title,	\
		   .module = (mod) },							\
	  .driver = (drv), .src = (file), .fixed = true }
/* A row of core code printing for any driver: blame the driver of the prefix. */
#define KB_DRV_CORE(start, has, ttl, file, fn)					\
	KB_DRV_ROW(NULL, start, has, ttl, file, true, fn, NULL)

/* The areas' tables, each ended by a row with a NULL sig.prefix. */
extern const struct kb_drv_row kb_drv_wifi[], kb_drv_gpu[], kb_drv_sys[];

/* Every module of the driver areas and its sources (sig-driver-modules.c, generated). */
struct kb_drv_module {
	const char *name;	/* '-' as '_' */
	const char *path;	/* "drivers/net/ethernet/ethoc.c", or a directory ".../igb/" */
};
extern const struct kb_drv_module kb_drv_modules[];
extern const unsigned int kb_drv_modules_nr;

/*
 * Core code that warns for a driver and names it in the report's own
 * lines (before 4.x the transmit watchdog's WARNING printed "NETDEV
 * WATCHDOG: eth0 (ethoc): ..." after its header): blame that driver.
 * true when it did; for the blamer (blame.c), before its own rules.
 */
bool kb_drv_named(struct kb_rep *r);
/*
 * A warning printed through dev_printk() ("DRIVER DEVNAME: ...", DMA-API's
 * "DMA-API: DRIVER DEVNAME: ...") when the frames named nothing better:
 * blame the device's driver. False when no line near the header says.
 */
bool kb_drv_named_device(struct kb_rep *r);

/*
 * A report that nothing placed, and a line printed right before it: blame
 * the driver or filesystem the line's prefix names, as a guess. False when
 * the prefix names none kbug can place.
 */
bool kb_drv_context(struct kb_rep *r, const char *line);

/* A row that starts a report at this dev_printk() line, or NULL (the hot path). */
const struct kb_sig *kb_sig_driver_match(const char *msg, size_t len);
/* The driver and body of a dev_printk() line; false when it has no such prefix. */
bool kb_drv_split(const char *msg, size_t len, size_t *drv_len, size_t *body);
/*
 * Blame the driver `drv` (a dev_driver_string() or module name) for a
 * failure printed by `src` (core: on the driver's behalf).
 */
void kb_drv_blame(struct kb_rep *r, const char *drv, const char *src, bool core);

/* The message ends in -ENOENT: "... failed with error -2", "(-2)". */
bool kb_drv_fw_enoent(const char *msg, size_t len);

/*
 * A driver's error the catalogue does not list: a dev_printk()/pr_fmt
 * prefix naming a driver kbug can place and a body that says it failed,
 * at KERN_ERR or worse when the log kept the level (-1: unknown); a
 * missing firmware file (-ENOENT) is none. 0: not one, 1: a weak word (a
 * reset, a loss), 2: a failure. The scanner reports the latest of the
 * highest rank (kb_drv_generic) only when the log has no other report.
 *
 * KB_DRV_UNPLACED: a failure under a prefix kbug does not place
 * ("Bluetooth: hci0: ", "eth0: "), for kb_drv_index_place() to try.
 */
#define KB_DRV_UNPLACED (-2)
int kb_drv_generic_rank(const char *msg, size_t len, int level);
extern const struct kb_drv_row kb_drv_generic;

/*
 * Where the tree's format strings place such a failure (a file, or the
 * directory its files share): false when they do not, or when the code
 * that logs it is the driver core or other machinery printing on a
 * device's behalf. Loads the tree index.
 */
bool kb_drv_index_place(const char *msg, size_t len, char *place, size_t size);
/*
 * A line that says something failed and whose text a file under dir
 * logs (the index's messages): that file. For a failure placed at its
 * driver's directory, from the driver's own error before it.
 */
bool kb_drv_failed_file(const char *line, const char *dir, char *file, size_t size);
/* Its report (the scanner's, when the log has no other). */
extern const struct kb_drv_row kb_drv_indexed;

/*
 * Such a failure that no format string places, logged by dev_printk()
 * for a driver of a name no Makefile, driver or file of the tree has
 * ("xone-dongle 5-2:1.0: init radio failed"): that driver's module name
 * ('-' as '_'). The scanner asks it for a log whose module loader said a
 * module came from outside the tree, or whose kernel is not newer than
 * the index's (a newer one may have added the driver). Loads the tree
 * index.
 */
bool kb_drv_vendor_module(const char *msg, size_t len, char *module, size_t size);
/* Its report: out of the tree, the module's vendor's. */
extern const struct kb_drv_row kb_drv_vendor;

/*
 * A line that says nothing failed but whose text (IX_ERR_MIN bytes at
 * least) a format of the tree logs at KERN_ERR or worse ("hid-generic
 * 0003:046D:C52B.0003: unbalanced collection at end of report
 * description"): that file, or the directory its files share; false
 * when none does, or when it is code that logs on a device's behalf.
 * Loads the tree index.
 */
bool kb_drv_error_text_place(const char *msg, size_t len, char *place, size_t size);
/*
 * The same for a text the driver logs at KERN_WARNING: the last resort
 * of a log that says nothing worse ("atkbd serio0: Unknown key pressed").
 */
bool kb_drv_warning_text_place(const char *msg, size_t len, char *place, size_t size);
/*
 * Is place (a file or directory) code that logs on another's behalf: the
 * driver core, the suspend core, the IOMMU, the hung-task, lockup and
 * OOM detectors, or machinery skip.c names?
 */
bool kb_drv_on_behalf(const char *place);
/* Its report (the scanner's, when the log has no other), low confidence. */
extern const struct kb_drv_row kb_drv_error_text;
extern const struct kb_drv_row kb_drv_warning_text;

/*
 * ACPICA's "ACPI Warning: SystemIO range A-B conflicts with OpRegion C-D"
 * (drivers/acpi/acpica/utaddress.c, from acpi_check_resource_conflict()
 * in drivers/acpi/osl.c): a native driver asked for I/O ports the
 * firmware's AML uses, and is refused them (acpi_enforce_resources=strict)
 * or warned off. Is line one?
 */
bool kb_drv_acpi_conflict_line(const char *line, size_t len);
/*
 * The driver a line's prefix names (dev_printk()'s or pr_fmt()'s), as
 * kb_drv_context() takes it: false when it names none kbug places.
 */
bool kb_drv_prefix_name(const char *line, char *drv, size_t size);
/*
 * Its report, when the log has no other: the driver whose line came
 * right before the conflict (the scanner puts its name in guilty_module
 * before the title is made), else drivers/acpi/osl.c.
 */
extern const struct kb_drv_row kb_drv_acpi_conflict;
