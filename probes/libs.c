// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdarg.h>
#include <string.h>

#include "util/dl.h"
#include "util/log.h"
#include "util/macro.h"
#include "probes/libs.h"

struct kbug_libs kl;

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

static const struct {
	const char *soname;
	const char *const *syms;
	size_t n;
	void **first;
} libs[] = {
	[KBUG_LIB_PCI] = { "libpci.so.3", pci_syms, ARRAY_SIZE(pci_syms),
			   (void **)&kl.pci_alloc },
	[KBUG_LIB_UDEV] = { "libudev.so.1", udev_syms, ARRAY_SIZE(udev_syms),
			    (void **)&kl.udev_new },
	[KBUG_LIB_KMOD] = { "libkmod.so.2", kmod_syms, ARRAY_SIZE(kmod_syms),
			    (void **)&kl.kmod_new },
};

_Static_assert(sizeof(kl) == (ARRAY_SIZE(pci_syms) + ARRAY_SIZE(udev_syms) +
			      ARRAY_SIZE(kmod_syms)) * sizeof(void *),
	       "struct kbug_libs and the symbol tables disagree");

int kbug_lib_load(enum kbug_lib lib, const char **err)
{
	static int state[ARRAY_SIZE(libs)];	/* 0 untried, 1 loaded, -1 failed */
	static const char *why[ARRAY_SIZE(libs)];
	const char *e = NULL;

	if (!state[lib]) {
		if (kbug_dlopen(libs[lib].soname, libs[lib].syms, libs[lib].first,
				libs[lib].n, &e)) {
			state[lib] = 1;
		} else {
			state[lib] = -1;
			why[lib] = strdup(e);
			DBG("%s", e);
		}
	}
	if (state[lib] < 0 && err)
		*err = why[lib];
	return state[lib] > 0 ? 0 : -ENOSYS;
}
