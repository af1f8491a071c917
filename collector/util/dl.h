/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include <stddef.h>

/*
 * Load a shared library on demand, as systemd does with dlopen(): the
 * libraries only some commands need (libcurl, libsystemd, libdw, libpci,
 * libudev, libkmod, zlib, PCRE2) stay off the paths that do not need them.
 * `syms` names the functions; `ptrs` receives them in the same order.
 * Returns the handle, or NULL with a message in *err (static storage)
 * naming the library and what failed. Never exits.
 */
void *kbug_dlopen(const char *soname, const char *const *syms, void **ptrs, size_t n,
		  const char **err);

/*
 * A library loaded once: the first kbug_dl_load() tries, later ones
 * return what it found. ptrs points at n function pointers in a row (a
 * struct of them), set in the order of syms.
 */
struct kbug_dl {
	const char *soname;
	const char *const *syms;
	size_t n;
	void **ptrs;
	/* kept by kbug_dl_load() */
	void *handle;
	int state;		/* 0 untried, 1 loaded, -1 failed */
	char *why;		/* the failure's message */
};

/* 0 once l's functions are set; else -ENOSYS and, if err, the message in *err. */
int kbug_dl_load(struct kbug_dl *l, const char **err);

/* A function l may lack (one of another version), once l is loaded; NULL if absent. */
void *kbug_dl_sym(const struct kbug_dl *l, const char *name);
