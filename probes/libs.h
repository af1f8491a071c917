/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <libkmod.h>
#include <libudev.h>
#include <pci/pci.h>

/*
 * libpci, libudev and libkmod, loaded on first use (util/dl.h): libkmod
 * alone pulls libcrypto, liblzma and libzstd into a process, ~2 ms of
 * start-up that `kbug route` and `kbug analyze` must not pay. The fields
 * carry the libraries' own names: kbug_libs.pci_alloc(), kbug_libs.udev_new().
 */
struct kbug_libs {
	/* libpci */
	struct pci_access *(*pci_alloc)(void);
	void (*pci_init)(struct pci_access *acc);
	void (*pci_cleanup)(struct pci_access *acc);
	void (*pci_scan_bus)(struct pci_access *acc);
	int (*pci_fill_info)(struct pci_dev *dev, int flags);
	char *(*pci_lookup_name)(struct pci_access *acc, char *buf, int size, int flags, ...);
	int (*pci_set_param)(struct pci_access *acc, char *param, char *value);
	/* libudev */
	struct udev *(*udev_new)(void);
	struct udev *(*udev_unref)(struct udev *udev);
	struct udev_hwdb *(*udev_hwdb_new)(struct udev *udev);
	struct udev_hwdb *(*udev_hwdb_unref)(struct udev_hwdb *hwdb);
	struct udev_list_entry *(*udev_hwdb_get_properties_list_entry)(struct udev_hwdb *hwdb,
								       const char *modalias,
								       unsigned int flags);
	struct udev_list_entry *(*udev_list_entry_get_next)(struct udev_list_entry *e);
	const char *(*udev_list_entry_get_name)(struct udev_list_entry *e);
	const char *(*udev_list_entry_get_value)(struct udev_list_entry *e);
	/* libkmod */
	struct kmod_ctx *(*kmod_new)(const char *dirname, const char * const *config_paths);
	struct kmod_ctx *(*kmod_unref)(struct kmod_ctx *ctx);
	void (*kmod_set_log_fn)(struct kmod_ctx *ctx,
				void (*log_fn)(void *data, int priority, const char *file,
					       int line, const char *fn, const char *format,
					       va_list args),
				const void *data);
	int (*kmod_module_new_from_name)(struct kmod_ctx *ctx, const char *name,
					 struct kmod_module **mod);
	const char *(*kmod_module_get_path)(const struct kmod_module *mod);
	struct kmod_module *(*kmod_module_unref)(struct kmod_module *mod);
};

extern struct kbug_libs kbug_libs;

enum kbug_lib {
	KBUG_LIB_PCI,
	KBUG_LIB_UDEV,
	KBUG_LIB_KMOD,
};

/* 0 once the library's functions in kbug_libs are set; -ENOSYS (logged at debug level) if not. */
int kbug_lib_load(enum kbug_lib lib, const char **err);
