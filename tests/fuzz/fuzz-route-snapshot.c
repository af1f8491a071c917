// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A snapshot of parsed MAINTAINERS tables (collector/route/snapshot.c) is
 * read back from the user's cache: outside input. The target saves the
 * snapshot of a small MAINTAINERS once, then alters it as each input says
 * (bytes written at an offset; the checksum made right again unless the
 * first byte's top bit is set, so that the bounds checks behind the
 * checksum are what is tested) and routes paths through it. A damaged
 * snapshot may be refused or routes refused; nothing may crash or leak.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "route/internal.h"
#include "route/route.h"
#include "util/log.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char text[] =
	"List of maintainers\n===================\n\n"
	"THE REST\nM:\tLinus Torvalds <torvalds@linux-foundation.org>\n"
	"L:\tlinux-kernel@vger.kernel.org\nS:\tBuried alive in reporters\nF:\t*\nF:\t*/\n\n"
	"ALPHA DRIVER\nM:\tA Person <a@example.org>\nR:\tB Person <b@example.org>\n"
	"L:\talpha@example.org (moderated for non-subscribers)\nS:\tMaintained\n"
	"B:\thttps://bugzilla.kernel.org/enter_bug.cgi?product=Drivers&component=alpha\n"
	"F:\tdrivers/alpha/\nF:\tinclude/linux/alpha*.h\nX:\tdrivers/alpha/old/\n"
	"N:\t[^a-z]alpha\nK:\t\\balpha_\\w+\n\n"
	"NET\nM:\tC Person <c@example.org>\nL:\tnetdev@vger.kernel.org\nS:\tOdd Fixes\n"
	"F:\tdrivers/net/\nF:\tnet/\nF:\tDocumentation/networking/*.rst\n"
	"N:\tnet(dev|link)\nX:\tnet/bluetooth/\n\n"
	"E1000\nM:\tD Person <d@example.org>\nS:\tSupported\nW:\thttps://example.org\n"
	"F:\tdrivers/net/ethernet/intel/e1000/\nF:\tdrivers/net/ethernet/intel/e1000?/\n"
	"T:\tgit git://example.org/e1000.git\n";

static unsigned char *base;
static size_t base_len;

static void make_base(void)
{
	struct kbug_maint *m;
	struct strbuf p = STRBUF_INIT, b = STRBUF_INIT;

	strbuf_addf(&p, "/tmp/kbug-fuzz-snapshot.%ld/x.idx", (long)getpid());
	if (!kbug_maint_parse(text, sizeof(text) - 1, "fuzz", &m)) {
		if (!maint_snapshot_write(m, p.buf, 1) && strbuf_read_file(&b, p.buf, 1 << 20) > 0) {
			base = malloc(b.len);
			if (base) {
				memcpy(base, b.buf, b.len);
				base_len = b.len;
			}
		}
		kbug_maint_free(m);
	}
	unlink(p.buf);
	*strrchr(p.buf, '/') = '\0';
	rmdir(p.buf);
	strbuf_release(&p);
	strbuf_release(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const paths[] = { "drivers/alpha/a.c", "drivers/alpha/old/o.c",
		"drivers/net/ethernet/intel/e1000/e1000_main.c", "net/core/dev.c",
		"include/linux/alpha1.h", "Documentation/networking/x.rst", "README", "x/y/z" };
	struct kbug_maint *m;
	struct strbuf out = STRBUF_INIT;
	struct json_object *j;
	unsigned char *map;
	size_t at, i;

	kbug_log_level = -1;
	if (!base)
		make_base();
	if (!base || size < 2)
		return 0;
	map = mmap(NULL, base_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED)
		return 0;
	memcpy(map, base, base_len);
	at = ((size_t)(data[0] & 0x7f) << 8 | data[1]) % base_len;
	for (i = 2; i < size && at < base_len; i++)
		map[at++] = data[i];
	if (!(data[0] & 0x80))
		maint_snapshot_fix_sum(map, base_len);
	if (maint_from_snapshot(text, sizeof(text) - 1, map, base_len, 1, &m)) {
		munmap(map, base_len);
		return 0;
	}
	for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		strbuf_reset(&out);
		kbug_route_format_gm(m, paths[i], i & 1, &out);
		if (!kbug_route_path(m, paths[i], &j))
			json_object_put(j);
	}
	kbug_maint_free(m);
	strbuf_release(&out);
	return 0;
}
