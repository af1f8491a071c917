// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdarg.h>

#include "util/dl.h"
#include "util/macro.h"
#include "probes/libs.h"

struct kbug_libs kbug_libs;

static const char *const pci_syms[] = {
	"pci_alloc", "pci_init", "pci_cleanup", "pci_scan_bus", "pci_fill_info",
	"pci_lookup_name", "pci_set_param",
};

static const char *const udev_syms[] = {
	"udev_new", "udev_unref", "udev_hwdb_new", "udev_hwdb_unref",
	"udev_hwdb_get_properties_list_entry", "udev_list_entry_get_next",
	"udev_list_entry_get_name", "udev_list_entry_get_value",
};

static const char *const kmod_syms[] = {
	"kmod_new", "kmod_unref", "kmod_set_log_fn", "kmod_module_new_from_name",
	"kmod_module_get_path", "kmod_module_unref",
};

static struct kbug_dl libs[] = {
	[KBUG_LIB_PCI] = { .soname = "libpci.so.3", .syms = pci_syms,
			   .n = ARRAY_SIZE(pci_syms), .ptrs = (void **)&kbug_libs.pci_alloc },
	[KBUG_LIB_UDEV] = { .soname = "libudev.so.1", .syms = udev_syms,
			    .n = ARRAY_SIZE(udev_syms), .ptrs = (void **)&kbug_libs.udev_new },
	[KBUG_LIB_KMOD] = { .soname = "libkmod.so.2", .syms = kmod_syms,
			    .n = ARRAY_SIZE(kmod_syms), .ptrs = (void **)&kbug_libs.kmod_new },
};

_Static_assert(sizeof(kbug_libs) == (ARRAY_SIZE(pci_syms) + ARRAY_SIZE(udev_syms) +
			      ARRAY_SIZE(kmod_syms)) * sizeof(void *),
	       "struct kbug_libs and the symbol tables disagree");

int kbug_lib_load(enum kbug_lib lib, const char **err)
{
	return kbug_dl_load(&libs[lib], err);
}
