// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The dmesg probe: the whole kernel log. Sources, in order:
 *   --log FILE          the given file ("file")
 *   /dev/kmsg           every record, non-blocking, until EAGAIN ("kmsg")
 *   klogctl(2)          SYSLOG_ACTION_READ_ALL ("klogctl")
 *   the systemd journal _TRANSPORT=kernel via libsystemd ("journal"),
 *                       also for --boot -N (an earlier boot)
 * The section keeps the records (bounded by the output budget) and the
 * count; the attachment "dmesg.txt" holds the log in dmesg(1)'s form.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/stat.h>
#include <unistd.h>
#include <systemd/sd-journal.h>

#include "probes/internal.h"
#include "core/report.h"
#include "util/dl.h"
#include "util/json.h"
#include "util/log.h"
#include "util/macro.h"
#include "util/path.h"
#include "util/strbuf.h"

#define KMSG_MAX_RECORDS 4000000u	/* far above any ring buffer: a loop bound */

/* ---- parsing ---------------------------------------------------------- */

/* Append text, undoing the kernel's \xNN escapes of unprintable bytes. */
static void add_unescaped(struct strbuf *sb, const char *s, size_t n)
{
	const char *end = s + n;

	while (s < end) {
		const char *bs = memchr(s, '\\', (size_t)(end - s));
		int hi = -1, lo = -1;

		if (!bs) {
			strbuf_add(sb, s, (size_t)(end - s));
			break;
		}
		strbuf_add(sb, s, (size_t)(bs - s));
		if (end - bs > 3 && bs[1] == 'x') {
			hi = kbug_hexval((unsigned char)bs[2]);
			lo = kbug_hexval((unsigned char)bs[3]);
		}
		if (hi >= 0 && lo >= 0) {
			strbuf_addch(sb, hi << 4 | lo);
			s = bs + 4;
		} else {
			strbuf_addch(sb, '\\');
			s = bs + 1;
		}
	}
}

static bool parse_u64(const char **p, const char *end, uint64_t *v)
{
	const char *s = *p;
	uint64_t x = 0;

	if (s >= end || !isdigit((unsigned char)*s))
		return false;
	while (s < end && isdigit((unsigned char)*s)) {
		unsigned int d = (unsigned int)(*s - '0');

		if (x > (UINT64_MAX - d) / 10)
			return false;
		x = x * 10 + d;
		s++;
	}
	*p = s;
	*v = x;
	return true;
}

int kbug_kmsg_parse(const char *rec, size_t len, struct kbug_kmsg *out)
{
	const char *p = rec, *end = rec + len, *semi, *nl;
	uint64_t prio, seq, ts;

	semi = memchr(rec, ';', len);
	if (!semi)
		return -EINVAL;
	if (!parse_u64(&p, semi, &prio) || p >= semi || *p++ != ',' ||
	    !parse_u64(&p, semi, &seq) || p >= semi || *p++ != ',' ||
	    !parse_u64(&p, semi, &ts) || (p < semi && *p != ','))
		return -EINVAL;
	if (prio > 0xffffff)
		return -EINVAL;
	out->level = (int)(prio & 7);
	out->facility = (int)(prio >> 3);
	out->seq = seq;
	out->has_seq = true;
	out->ts_usec = ts;
	p = semi + 1;
	nl = memchr(p, '\n', (size_t)(end - p));
	strbuf_reset(out->text);
	add_unescaped(out->text, p, (size_t)((nl ? nl : end) - p));
	return 0;
}

int kbug_klog_parse_line(const char *line, size_t len, struct kbug_kmsg *out)
{
	const char *p = line, *end = line + len;
	uint64_t prio = 6, sec, frac = 0;

	out->has_seq = false;
	out->seq = 0;
	out->ts_usec = 0;
	if (p < end && *p == '<') {
		p++;
		if (!parse_u64(&p, end, &prio) || p >= end || *p != '>' || prio > 0xffffff)
			return -EINVAL;
		p++;
	}
	out->level = (int)(prio & 7);
	out->facility = (int)(prio >> 3);
	if (p < end && *p == '[') {
		const char *q = p + 1, *f;

		while (q < end && *q == ' ')
			q++;
		if (parse_u64(&q, end, &sec) && q < end && *q == '.') {
			f = ++q;
			if (parse_u64(&q, end, &frac) && q < end && *q == ']' && q - f <= 9) {
				int digits = (int)(q - f);

				while (digits < 6) {
					frac *= 10;
					digits++;
				}
				while (digits-- > 6)
					frac /= 10;
				out->ts_usec = sec * 1000000u + frac;
				p = q + 1;
				if (p < end && *p == ' ')
					p++;
			}
		}
	}
	strbuf_reset(out->text);
	strbuf_add(out->text, p, (size_t)(end - p));
	return 0;
}

/* "[%5llu.%06llu] TEXT\n" (the text may hold any byte) */
void kbug_kmsg_format(struct strbuf *sb, const struct kbug_kmsg *m)
{
	strbuf_addf(sb, "[%5" PRIu64 ".%06" PRIu64 "] ", m->ts_usec / 1000000u,
		    m->ts_usec % 1000000u);
	strbuf_add(sb, m->text->buf, m->text->len);
	strbuf_addch(sb, '\n');
}

/* ---- collecting ------------------------------------------------------- */

struct dmesg_state {
	struct kbug_probe_ctx *ctx;
	struct json_object *records;	/* an array of {level, facility, seq, ts_usec, text} */
	struct strbuf log;		/* dmesg.txt */
	size_t json_bytes;		/* text bytes put into records */
	uint64_t count;
	uint64_t first_seq;
	bool have_first;
	bool cut;			/* records or log stopped at the budget */
	char *boot_id;			/* journal: the boot read */
};

static void add_record(struct dmesg_state *st, const struct kbug_kmsg *m)
{
	size_t max = st->ctx->max_output;

	st->count++;
	if (m->has_seq && !st->have_first) {
		st->first_seq = m->seq;
		st->have_first = true;
	}
	if (!max || st->log.len + m->text->len + 20 <= max)
		kbug_kmsg_format(&st->log, m);
	else
		st->cut = true;
	/* the JSON copy holds the text again, plus ~80 bytes of keys */
	if (!max || st->json_bytes + m->text->len + 96 <= max) {
		struct json_object *rec = json_object_new_object();

		if (!rec || !st->records) {
			json_object_put(rec);
			st->cut = true;
			return;
		}
		kj_set_int(rec, "level", m->level);
		kj_set_int(rec, "facility", m->facility);
		if (m->has_seq)
			kj_set_int(rec, "seq", (int64_t)m->seq);
		kj_set_int(rec, "ts_usec", (int64_t)m->ts_usec);
		kj_set(rec, "text", json_object_new_string_len(m->text->buf, (int)m->text->len));
		kj_append(st->records, rec);
		st->json_bytes += m->text->len + 96;
	} else {
		st->cut = true;
	}
}

/* Records from a regular file in /dev/kmsg's place (fixture roots, saved logs). */
static int kmsg_from_file(struct dmesg_state *st, int fd)
{
	struct strbuf data = STRBUF_INIT, text = STRBUF_INIT;
	struct kbug_kmsg m = { .text = &text };
	const char *p, *end;
	long n = strbuf_read_fd(&data, fd, 256u << 20);
	int bad = 0;

	if (n < 0 && n != -EFBIG) {
		strbuf_release(&data);
		return (int)n;
	}
	p = data.buf;
	end = data.buf + data.len;
	while (p < end && st->count < KMSG_MAX_RECORDS) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;

		/* " KEY=VALUE" lines continue the record before them */
		if (le > p && *p != ' ') {
			if (kbug_kmsg_parse(p, (size_t)(le - p), &m))
				bad++;
			else
				add_record(st, &m);
		}
		p = nl ? nl + 1 : end;
	}
	if (bad)
		kbug_report_error(st->ctx->report, "dmesg", "%d line%s of '/dev/kmsg' not a kmsg record",
				  bad, bad == 1 ? "" : "s");
	strbuf_release(&data);
	strbuf_release(&text);
	return 0;
}

static int kmsg_read(struct dmesg_state *st)
{
	struct strbuf text = STRBUF_INIT;
	struct kbug_kmsg m = { .text = &text };
	char buf[8192 + 1];
	struct stat sb;
	int fd, ret = 0, lost = 0;

	fd = kbug_path_open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode)) {
		ret = kmsg_from_file(st, fd);
		close(fd);
		return ret;
	}
	while (st->count < KMSG_MAX_RECORDS) {
		ssize_t n = read(fd, buf, sizeof(buf) - 1);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EPIPE && lost++ < 1000)
				continue;	/* overwritten while we read: go on */
			if (errno != EAGAIN)
				ret = -errno;
			break;
		}
		if (n == 0)
			break;
		buf[n] = '\0';
		if (!kbug_kmsg_parse(buf, (size_t)n, &m))
			add_record(st, &m);
		if (kbug_probe_expired(st->ctx)) {
			st->cut = true;
			break;
		}
	}
	if (lost)
		kbug_report_error(st->ctx->report, "dmesg",
				  "records were overwritten while reading /dev/kmsg (%d times)",
				  lost);
	close(fd);
	strbuf_release(&text);
	return ret;
}

static int klogctl_read(struct dmesg_state *st)
{
	struct strbuf text = STRBUF_INIT;
	struct kbug_kmsg m = { .text = &text };
	int size = klogctl(10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0), n;
	char *buf, *p, *end;

	if (size < 0)
		return -errno;
	if (size == 0 || size > (256 << 20))
		size = 1 << 20;
	buf = malloc((size_t)size + 1);
	if (!buf)
		return -ENOMEM;
	n = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, size);
	if (n < 0) {
		n = -errno;
		free(buf);
		return n;
	}
	buf[n] = '\0';
	for (p = buf, end = buf + n; p < end;) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		char *le = nl ? nl : end;

		if (le > p && !kbug_klog_parse_line(p, (size_t)(le - p), &m))
			add_record(st, &m);
		p = nl ? nl + 1 : end;
	}
	free(buf);
	strbuf_release(&text);
	return 0;
}

/* ---- the systemd journal, loaded on demand ----------------------------- */

struct sdj {
	int (*open)(sd_journal **ret, int flags);
	int (*open_directory)(sd_journal **ret, const char *path, int flags);
	void (*close)(sd_journal *j);
	int (*add_match)(sd_journal *j, const void *data, size_t size);
	void (*flush_matches)(sd_journal *j);
	int (*seek_head)(sd_journal *j);
	int (*seek_tail)(sd_journal *j);
	int (*next)(sd_journal *j);
	int (*previous)(sd_journal *j);
	int (*get_data)(sd_journal *j, const char *field, const void **data, size_t *l);
};

static const char *const sdj_syms[] = {
	"sd_journal_open", "sd_journal_open_directory", "sd_journal_close", "sd_journal_add_match",
	"sd_journal_flush_matches", "sd_journal_seek_head", "sd_journal_seek_tail",
	"sd_journal_next", "sd_journal_previous", "sd_journal_get_data",
};

/* The value of FIELD of the current entry into out; false when absent. */
static bool sdj_field(struct sdj *f, sd_journal *j, const char *field, struct strbuf *out)
{
	const void *data;
	size_t len, fl = strlen(field);

	if (f->get_data(j, field, &data, &len) < 0 || len <= fl)
		return false;
	strbuf_reset(out);
	strbuf_add(out, (const char *)data + fl + 1, len - fl - 1);
	return true;
}

/*
 * The boot N boots before the current one (N > 0) into boot (32 hex
 * digits), walking the kernel messages from the newest. With the current
 * boot unknown (a saved root without boot_id), the newest boot is it.
 */
static int sdj_find_boot(struct dmesg_state *st, struct sdj *f, sd_journal *j,
			 const char *current, int back, struct strbuf *boot)
{
	struct strbuf id = STRBUF_INIT, seen = STRBUF_INIT;
	unsigned long steps = 0;
	int found = 0, ret = -ENOENT;

	if (f->seek_tail(j) < 0)
		return -EIO;
	if (*current)
		strbuf_addf(&seen, "%s,", current);
	while (f->previous(j) > 0 && steps++ < 20000000ul) {
		if (!sdj_field(f, j, "_BOOT_ID", &id) || !id.len || strchr(id.buf, ','))
			continue;
		strbuf_addch(&id, ',');
		if (strstr(seen.buf, id.buf))
			continue;
		if (seen.len > (1u << 20))
			break;	/* tens of thousands of boots: enough */
		strbuf_addstr(&seen, id.buf);
		if (!*current && seen.len == id.len)
			continue;	/* the newest boot stands for the current one */
		if (++found == back) {
			strbuf_reset(boot);
			strbuf_add(boot, id.buf, id.len - 1);
			ret = 0;
			break;
		}
		if (kbug_probe_expired(st->ctx))
			break;
	}
	strbuf_release(&id);
	strbuf_release(&seen);
	return ret;
}

/* libsystemd loaded into f and the journal opened into *j, or an error reported. */
static int sdj_open(struct dmesg_state *st, struct sdj *f, sd_journal **j)
{
	const char *err = NULL;
	int ret;

	if (!kbug_dlopen("libsystemd.so.0", sdj_syms, (void **)f, ARRAY_SIZE(sdj_syms), &err)) {
		kbug_report_error(st->ctx->report, "dmesg", "no systemd journal: %s",
				  err ? err : "cannot load libsystemd.so.0");
		return -ENOSYS;
	}
	/* a --sysroot tree's own journal: its /var/log/journal and /run/log/journal */
	if (*kbug_path_root())
		ret = f->open_directory(j, kbug_path_root(), SD_JOURNAL_OS_ROOT);
	else
		ret = f->open(j, SD_JOURNAL_LOCAL_ONLY);
	if (ret < 0)
		kbug_report_error(st->ctx->report, "dmesg", "cannot open the systemd journal: %s",
				  strerror(-ret));
	return ret < 0 ? ret : 0;
}

/* the current boot's id, as the journal spells it (no dashes); empty when unknown */
static void current_boot_id(struct strbuf *cur)
{
	struct strbuf v = STRBUF_INIT;
	size_t i;

	if (!kbug_path_read_line(&v, "/proc/sys/kernel/random/boot_id"))
		for (i = 0; i < v.len; i++)
			if (v.buf[i] != '-')
				strbuf_addch(cur, v.buf[i]);
	strbuf_release(&v);
}

/* The id of the boot asked for (0: the current one, -N: N boots before) into want. */
static int sdj_want_boot(struct dmesg_state *st, struct sdj *f, sd_journal *j, int boot,
			 const char *cur, struct strbuf *want)
{
	int ret;

	if (boot >= 0) {
		strbuf_addstr(want, cur);
		return 0;
	}
	ret = sdj_find_boot(st, f, j, cur, -boot, want);
	if (ret)
		kbug_report_error(st->ctx->report, "dmesg",
				  "the journal holds no kernel messages of boot %d", boot);
	return ret;
}

/* Every matching record from the oldest, as a kernel message. */
static void sdj_records(struct dmesg_state *st, struct sdj *f, sd_journal *j)
{
	struct strbuf v = STRBUF_INIT, text = STRBUF_INIT;
	struct kbug_kmsg m = { .text = &text };
	unsigned long steps = 0;
	int ret = f->seek_head(j);

	while (ret >= 0 && f->next(j) > 0 && steps++ < KMSG_MAX_RECORDS) {
		if (!sdj_field(f, j, "MESSAGE", &text))
			continue;
		m.level = 6;
		m.facility = 0;
		if (sdj_field(f, j, "PRIORITY", &v))
			m.level = atoi(v.buf) & 7;
		m.ts_usec = 0;
		if (sdj_field(f, j, "_SOURCE_MONOTONIC_TIMESTAMP", &v))
			m.ts_usec = strtoull(v.buf, NULL, 10);
		m.has_seq = false;
		add_record(st, &m);
		if (kbug_probe_expired(st->ctx)) {
			st->cut = true;
			break;
		}
	}
	strbuf_release(&v);
	strbuf_release(&text);
}

static int journal_read(struct dmesg_state *st, int boot)
{
	struct strbuf cur = STRBUF_INIT, want = STRBUF_INIT, match = STRBUF_INIT;
	struct sdj f;
	sd_journal *j = NULL;
	int ret;

	ret = sdj_open(st, &f, &j);
	if (ret)
		return ret;
	current_boot_id(&cur);
	f.add_match(j, "_TRANSPORT=kernel", 0);
	ret = sdj_want_boot(st, &f, j, boot, cur.buf, &want);
	if (ret)
		goto out;
	if (want.len) {
		strbuf_addf(&match, "_BOOT_ID=%s", want.buf);
		f.add_match(j, match.buf, match.len);
	}
	sdj_records(st, &f, j);
	if (!st->count) {
		/* an empty answer is no kernel log: say so, let the caller go on */
		if (boot)
			kbug_report_error(st->ctx->report, "dmesg",
					  "the systemd journal holds no kernel messages of boot %d",
					  boot);
		else
			kbug_report_error(st->ctx->report, "dmesg",
					  "the systemd journal holds no kernel messages of this boot");
		ret = -ENODATA;
		goto out;
	}
	if (want.len)
		st->boot_id = strbuf_detach(&want, NULL);
out:
	f.close(j);
	strbuf_release(&cur);
	strbuf_release(&want);
	strbuf_release(&match);
	return ret;
}

/* ---- pstore: what an earlier crash left ------------------------------ */

#define PSTORE_MAX_FILES 64
#define PSTORE_MAX_DEPTH 1

/*
 * The kernel's pstore file system (fs/pstore/inode.c) shows each record a
 * backend (efi, ramoops, erst) kept across a reboot as a file named
 * TYPE-BACKEND-ID in /sys/fs/pstore; dmesg-* hold the log of a crash
 * (kmsg_dump at panic or oops). systemd-pstore moves them into
 * /var/lib/systemd/pstore, one directory per crash. Each dmesg record is
 * listed as {path, size} in "pstore".
 */
static void pstore_dir(struct json_object *list, const char *dir, int depth)
{
	struct dirent **names = NULL;
	int i, n = kbug_path_scandir(dir, &names, alphasort);

	for (i = 0; i < n; i++) {
		const char *nm = names[i]->d_name;
		struct strbuf p = STRBUF_INIT;
		struct stat sb;

		if (nm[0] == '.' || json_object_array_length(list) >= PSTORE_MAX_FILES)
			goto next;
		strbuf_addf(&p, "%s/%s", dir, nm);
		{
			struct strbuf real = STRBUF_INIT;

			if (stat(kbug_path(&real, p.buf), &sb)) {
				strbuf_release(&real);
				goto next;
			}
			strbuf_release(&real);
		}
		if (S_ISDIR(sb.st_mode) && depth < PSTORE_MAX_DEPTH) {
			pstore_dir(list, p.buf, depth + 1);
		} else if (S_ISREG(sb.st_mode) && !strncmp(nm, "dmesg", 5)) {
			struct json_object *e = json_object_new_object();

			kj_set_str(e, "path", p.buf);
			kj_set_int(e, "size", (int64_t)sb.st_size);
			kj_append(list, e);
		}
next:
		strbuf_release(&p);
		free(names[i]);
	}
	free(names);
}

static void pstore_scan(struct json_object *out)
{
	struct json_object *list = json_object_new_array();

	pstore_dir(list, "/sys/fs/pstore", 0);
	pstore_dir(list, "/var/lib/systemd/pstore", 0);
	if (json_object_array_length(list))
		kj_set(out, "pstore", list);
	else
		json_object_put(list);
}

/* ---- the probe -------------------------------------------------------- */

static int log_file_read(struct dmesg_state *st, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	size_t max = st->ctx->max_output, i;
	/* "-": standard input (a log piped in: journalctl -k -b -1 | kbug report --log -) */
	long n = strcmp(path, "-") ? strbuf_read_file(&sb, path, max ? max : SIZE_MAX / 2) :
		 strbuf_read_fd(&sb, STDIN_FILENO, max ? max : SIZE_MAX / 2);

	if (n < 0 && n != -EFBIG) {
		kbug_report_error(st->ctx->report, "dmesg", "cannot read '%s': %s", path,
				  strerror((int)-n));
		strbuf_release(&sb);
		return (int)n;
	}
	if (n == -EFBIG)
		st->cut = true;
	for (i = 0; i < sb.len; i++)
		if (sb.buf[i] == '\n')
			st->count++;
	if (sb.len && sb.buf[sb.len - 1] != '\n')
		st->count++;
	strbuf_add(&st->log, sb.buf, sb.len);
	strbuf_release(&sb);
	return 0;
}

/* This boot's log: /dev/kmsg, else klogctl, else the journal. */
static int live_log(struct dmesg_state *st, bool real, const char **source)
{
	struct kbug_report *r = st->ctx->report;
	int kret, lret = 0;

	kret = kmsg_read(st);
	if (!kret || st->count) {
		*source = "kmsg";
		if (kret)
			kbug_report_error(r, "dmesg", "reading '/dev/kmsg' stopped: %s",
					  strerror(-kret));
		return 0;
	}
	/* klogctl is the running kernel's: not for a --sysroot tree */
	lret = real ? klogctl_read(st) : -ENOENT;
	if (!lret)
		*source = "klogctl";
	else if (!journal_read(st, 0))
		*source = "journal";
	if (!*source) {
		kbug_report_error(r, "dmesg", "cannot read '/dev/kmsg': %s", strerror(-kret));
		if (real)
			kbug_report_error(r, "dmesg", "cannot read the log with klogctl: %s",
					  strerror(-lret));
		return kret;
	}
	INFO("cannot read '/dev/kmsg' (%s): the log comes from %s", strerror(-kret), *source);
	return 0;
}

static int dmesg_run(struct kbug_probe_ctx *ctx, struct json_object **out)
{
	struct dmesg_state st = { .ctx = ctx, .log = STRBUF_INIT };
	const char *source = NULL;
	bool real = !*kbug_path_root();
	int ret = 0;

	st.records = json_object_new_array();
	if (ctx->log_file) {
		ret = log_file_read(&st, ctx->log_file);
		source = ret ? NULL : "file";
		kj_set_str(*out, "path", ctx->log_file);
	} else if (ctx->boot != 0) {
		ret = journal_read(&st, ctx->boot);
		source = ret ? NULL : "journal";
	} else {
		ret = live_log(&st, real, &source);
	}
	kj_set_str(*out, "source", source);
	if (st.boot_id) {
		kj_set_str(*out, "boot_id", st.boot_id);
		kj_set_int(*out, "boot", ctx->boot);
	}
	if (source && strcmp(source, "file")) {
		kj_set(*out, "records", st.records);
		st.records = NULL;
		if (st.have_first) {
			kj_set_int(*out, "first_seq", (int64_t)st.first_seq);
			kj_set_bool(*out, "wrapped", st.first_seq > 0);
		}
	} else if (source) {
		json_object_object_add(*out, "text",
				       json_object_new_string_len(st.log.buf, (int)st.log.len));
	}
	kj_set_int(*out, "count", (int64_t)st.count);
	pstore_scan(*out);
	if (st.cut) {
		kj_set_bool(*out, "truncated", true);
		kbug_report_error(ctx->report, "dmesg",
				  "the log was cut at the output budget of %zu bytes (%" PRIu64 " records in all)",
				  ctx->max_output, st.count);
	}
	if (source) {
		size_t len = st.log.len;

		kbug_report_attach_take(ctx->report, "dmesg.txt", "text/plain", "the kernel log",
					strbuf_detach(&st.log, NULL), len);
	}
	json_object_put(st.records);
	strbuf_release(&st.log);
	free(st.boot_id);
	return ret;
}

const struct kbug_probe kbug_probe_dmesg = {
	.name = "dmesg",
	.help = "the whole kernel log (records, and dmesg.txt), or --log FILE, or --boot -N",
	.reads = "/dev/kmsg, else klogctl(2), else the systemd journal (_TRANSPORT=kernel); "
		 "the crash records in /sys/fs/pstore and /var/lib/systemd/pstore",
	.run = dmesg_run,
};
