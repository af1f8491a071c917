/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stddef.h>

/*
 * Load a shared library on demand, as systemd does with dlopen(): the
 * delivery and debugging libraries (libcurl, libsystemd, libdw) stay off
 * the paths that do not need them. `syms` names the functions; `ptrs`
 * receives them in the same order. Returns the handle, or NULL with a
 * message in *err (static storage) naming the library and what failed.
 * A second call with the same soname returns the cached handle.
 */
void *kbug_dlopen(const char *soname, const char *const *syms, void **ptrs, size_t n,
		  const char **err);
