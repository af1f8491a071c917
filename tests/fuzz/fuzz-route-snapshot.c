// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A snapshot of parsed MAINTAINERS tables (collector/route/snapshot.c) is
 * read back from the user's cache: outside input. The target saves two
 * snapshots of a small MAINTAINERS once, that of a plain file and that of
 * a gzip'd one (which carries the text too), then alters one as each input
 * says (the first byte's bit 6 picks the gzip'd one; bytes written at an
 * offset; the checksum made right again unless the first byte's top bit
 * is set, so that the bounds checks behind the checksum are what is
 * tested) and routes paths through it. A damaged snapshot may be refused
 * or routes refused; nothing may crash or leak.
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

/* [0]: a plain file's snapshot (key 1), [1]: a gzip'd one's, with the text (key 2) */
static unsigned char *base[2];
static size_t base_len[2];

static void make_base(void)
{
	struct kbug_maint *m;
	struct strbuf p = STRBUF_INIT, b = STRBUF_INIT;
	int k;

	strbuf_addf(&p, "/tmp/kbug-fuzz-snapshot.%ld/x.idx", (long)getpid());
	if (!kbug_maint_parse(text, sizeof(text) - 1, "fuzz", &m)) {
		for (k = 0; k < 2; k++) {
			strbuf_reset(&b);
			if (maint_snapshot_write(m, p.buf, 1 + k, k) ||
			    strbuf_read_file(&b, p.buf, 1 << 20) <= 0)
				continue;
			base[k] = malloc(b.len);
			if (base[k]) {
				memcpy(base[k], b.buf, b.len);
				base_len[k] = b.len;
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
	size_t at, i, len;
	int gz;

	kbug_log_level = -1;
	if (!base[0])
		make_base();
	if (!base[0] || !base[1] || size < 2)
		return 0;
	gz = !!(data[0] & 0x40);
	len = base_len[gz];
	map = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED)
		return 0;
	memcpy(map, base[gz], len);
	at = ((size_t)(data[0] & 0x3f) << 8 | data[1]) % len;
	for (i = 2; i < size && at < len; i++)
		map[at++] = data[i];
	if (!(data[0] & 0x80))
		maint_snapshot_fix_sum(map, len);
	/* the text of a gzip'd source is the snapshot's */
	if (maint_from_snapshot(gz ? NULL : text, gz ? 0 : sizeof(text) - 1, map, len, 1 + gz,
				&m)) {
		munmap(map, len);
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
