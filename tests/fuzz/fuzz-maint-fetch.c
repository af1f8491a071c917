// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What `kbug maintainers --update` takes from outside: a downloaded body
 * (plain or gzip'd, anything a server sends) checked as MAINTAINERS, and
 * the running kernel's release and /proc/version turned into a tag. The
 * input is "RELEASE\0PROC_VERSION\0BODY"; never a crash, a leak or a
 * hang; a version picked is one git names a tag by (X.Y, X.Y.Z, X.Y-rcN).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "route/fetch.h"
#include "util/log.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* "X.Y", "X.Y.Z" or "X.Y-rcN", numbers without a leading zero but 0 */
static int tag_shape(const char *v)
{
	int dots = 0, rc = 0;
	const char *s = v;

	for (;;) {
		if (*s < '0' || *s > '9' || (s[0] == '0' && s[1] >= '0' && s[1] <= '9'))
			return 0;
		while (*s >= '0' && *s <= '9')
			s++;
		if (!*s)
			return dots >= 1;
		if (*s == '.' && !rc && dots < 2)
			dots++, s++;
		else if (!strncmp(s, "-rc", 3) && dots == 1 && !rc)
			rc = 1, s += 3;
		else
			return 0;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *in = (const char *)data, *rel, *pv;
	struct kbug_maint_pick p = KBUG_MAINT_PICK_INIT;
	struct strbuf why = STRBUF_INIT, body = STRBUF_INIT, r = STRBUF_INIT, v = STRBUF_INIT;
	const char *z1 = memchr(in, '\0', size), *z2;
	unsigned int ns = 0;

	kbug_log_level = -1;
	if (!z1 || !(z2 = memchr(z1 + 1, '\0', size - (size_t)(z1 + 1 - in))))
		return 0;
	strbuf_add(&r, in, (size_t)(z1 - in));
	strbuf_add(&v, z1 + 1, (size_t)(z2 - z1 - 1));
	rel = r.buf;
	pv = v.len ? v.buf : NULL;
	if (!kbug_maint_pick_from(rel, pv, &p, &why) && !tag_shape(p.ver.buf))
		abort();
	strbuf_add(&body, z2 + 1, size - (size_t)(z2 + 1 - in));
	if (!kbug_maint_check_text(&body, "fuzz", &ns, &why) && ns < 100)
		abort();
	kbug_maint_pick_release(&p);
	strbuf_release(&why);
	strbuf_release(&body);
	strbuf_release(&r);
	strbuf_release(&v);
	return 0;
}
