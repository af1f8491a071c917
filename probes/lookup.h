/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

/*
 * Lookups the routing stage shares with the probes: which kernel source
 * directory a module was built from, and which driver and module a device
 * is bound to. Both read through util/path.h, so --sysroot applies.
 */

struct strbuf;
struct kmod_ctx;

/*
 * Module name ("e1000", "snd-hda-intel": '-' and '_' are the same) to
 * the directory of the kernel tree it was built from, with a trailing
 * slash ("drivers/net/ethernet/intel/e1000/"), into out (reset first).
 * Loadable modules come from libkmod's module path under
 * /lib/modules/RELEASE/kernel/, built-in ones from modules.builtin.
 * Returns 0, -ENOENT when the module is unknown or was not built from
 * the kernel tree (extra/, updates/), or another -errno.
 */
int kbug_module_source_dir(const char *module, struct strbuf *out);

/*
 * Device to the driver bound to it and that driver's module (both reset
 * first). device is a PCI slot ("0000:00:02.0", or "00:02.0" in domain 0,
 * optionally prefixed "pci:") or a USB bus-port path ("usb:1-1"; for USB
 * the driver of the device's first interface that is not "usb" or "hub").
 * A built-in driver has no module: module is then the driver's name.
 * Returns 0, -ENODEV when the device does not exist, -ENOENT when no
 * driver is bound, -EINVAL when device is neither form.
 */
int kbug_device_module(const char *device, struct strbuf *driver, struct strbuf *module);

/*
 * The libkmod context for /lib/modules/RELEASE of the running kernel
 * (below --sysroot), created once; NULL when it cannot be. release
 * receives the release when not NULL.
 */
struct kmod_ctx *kbug_kmod_ctx(struct strbuf *release);

/*
 * The tree-relative source directory of a module file path as libkmod or
 * modules.builtin give it (".../kernel/drivers/x/y.ko.xz" -> "drivers/x/");
 * -ENOENT when the path is not below a kernel/ directory.
 */
int kbug_module_path_source_dir(const char *path, struct strbuf *out);

/*
 * The file of a module: libkmod's path (absolute), else the line of a
 * text modules.dep ("kernel/.../x.ko.xz"); 0. A built-in module gives its
 * modules.builtin line and 1. -ENOENT when unknown, -EINVAL for a bad name.
 */
int kbug_module_path(const char *module, struct strbuf *path);

/* A path below --sysroot as the system sees it: the root prefix taken off. */
const char *kbug_path_unroot(const char *path);

/* Look a name up in modules.builtin; 0 and the "kernel/..." line, or -ENOENT. */
int kbug_module_builtin_path(const char *module, struct strbuf *path);
