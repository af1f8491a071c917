// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A json-c tree written out as json_object_to_json_string_ext() writes it,
 * byte for byte (tests/unit/test-json.c holds it to that), but streamed
 * through a small buffer to a FILE or a strbuf. json-c builds the whole
 * text in one growing printbuf, escapes a byte at a time and formats
 * every integer with snprintf(); a report is mostly long strings (the
 * kernel log and config), which here go out in runs of plain bytes.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdio_ext.h>
#include <unistd.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "util/json.h"
#include "util/macro.h"
#include "util/strbuf.h"

#define KJW_BUF 16384

struct kjw {
	FILE *f;
	struct strbuf *sb;
	int flags;
	bool err;
	size_t n;
	char buf[KJW_BUF];
};

/*
 * Out to the stream's file in write(2)s of its own while the stream holds
 * nothing (stdio would cut each block in two: the part that fills its
 * buffer, then the rest); what a write leaves, the stream takes, so that
 * an error lands in its error flag, where the caller looks.
 */
static size_t kjw_write_fd(FILE *f, const char *p, size_t len)
{
	int fd = fileno(f), tries = 0;
	size_t done = 0;

	if (fd < 0 || __fpending(f))
		return 0;
	while (done < len && tries++ < 64) {
		ssize_t n = write(fd, p + done, len - done);

		if (n <= 0) {
			if (n < 0 && errno == EINTR)
				continue;
			break;
		}
		done += (size_t)n;
	}
	return done;
}

static void kjw_flush(struct kjw *w)
{
	size_t done;

	if (w->sb) {
		strbuf_add(w->sb, w->buf, w->n);
	} else if (w->n) {
		done = kjw_write_fd(w->f, w->buf, w->n);
		if (done < w->n && fwrite(w->buf + done, 1, w->n - done, w->f) != w->n - done)
			w->err = true;
	}
	w->n = 0;
}

static void kjw_put(struct kjw *w, const char *p, size_t len)
{
	if (len > KJW_BUF - w->n) {
		kjw_flush(w);
		if (len >= KJW_BUF) {
			size_t done = w->sb ? 0 : kjw_write_fd(w->f, p, len);

			if (w->sb)
				strbuf_add(w->sb, p, len);
			else if (done < len && fwrite(p + done, 1, len - done, w->f) != len - done)
				w->err = true;
			return;
		}
	}
	memcpy(w->buf + w->n, p, len);
	w->n += len;
}

#define kjw_lit(w, s) kjw_put(w, s, sizeof(s) - 1)

static void kjw_indent(struct kjw *w, int level)
{
	static const char tabs[] = "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t"
				   "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t";
	static const char blanks[] = "                                ";
	bool tab = w->flags & JSON_C_TO_STRING_PRETTY_TAB;
	size_t n = (size_t)(level > 0 ? level : 0) * (tab ? 1 : 2);

	_Static_assert(sizeof(tabs) == sizeof(blanks), "indentation pieces of one size");
	if (!(w->flags & JSON_C_TO_STRING_PRETTY))
		return;
	while (n) {
		size_t k = n < sizeof(blanks) - 1 ? n : sizeof(blanks) - 1;

		kjw_put(w, tab ? tabs : blanks, k);
		n -= k;
	}
}

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

/* does any byte of x equal c, or (lt) is any below 0x20? (Bit Twiddling Hacks) */
static inline uint64_t has_byte(uint64_t x, unsigned char c)
{
	x ^= ONES * c;
	return (x - ONES) & ~x & HIGHS;
}

/*
 * The length of the run of bytes at p json-c copies as they are (what
 * kjw_string_blocks() leaves, and all of it without SSE2).
 */
static size_t plain_run(const unsigned char *p, const unsigned char *end, const bool *ok,
			bool slash)
{
	const unsigned char *s = p;

	/*
	 * Eight bytes at a time while none is a control character, '"', '\\'
	 * or '/'; in the word that has one, the lowest flag marks the first
	 * byte to escape (little-endian: a flag can be wrong only above a
	 * right one).
	 */
	while (end - p >= 8) {
		uint64_t x, m;

		memcpy(&x, p, 8);
		m = ((x - ONES * 0x20) & ~x & HIGHS) | has_byte(x, '"') | has_byte(x, '\\') |
		    (slash ? has_byte(x, '/') : 0);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		if (m)
			return (size_t)(p - s) + ((size_t)__builtin_ctzll(m) >> 3);
#else
		if (m)
			break;	/* the first byte is the highest: flags are not exact there */
#endif
		p += 8;
	}
	while (p < end && ok[*p])
		p++;
	return (size_t)(p - s);
}

static const char short_esc[256] = {
	['\b'] = 'b', ['\n'] = 'n', ['\r'] = 'r', ['\t'] = 't', ['\f'] = 'f',
	['"'] = '"', ['\\'] = '\\', ['/'] = '/',
};

/* the escape of c at o ("\\n", "\\u001f"): returns its length */
static size_t kjw_escape(char *o, unsigned char c)
{
	static const char hex[] = "0123456789abcdef";

	o[0] = '\\';
	o[1] = short_esc[c];
	if (o[1])
		return 2;
	memcpy(o + 1, "u00", 3);
	o[4] = hex[c >> 4];
	o[5] = hex[c & 15];
	return 6;
}

#ifdef __SSE2__
/*
 * Sixteen bytes at a time straight into the buffer: each block is stored
 * whole and the buffer then takes only its bytes before the first one to
 * escape (all sixteen when there is none), so a run costs no memcpy()
 * and an escape only its own bytes. Returns where it stopped (fewer than
 * sixteen bytes before end).
 */
static const unsigned char *kjw_string_blocks(struct kjw *w, const unsigned char *p,
					      const unsigned char *end, bool slash)
{
	const __m128i bias = _mm_set1_epi8((char)0x80), low = _mm_set1_epi8((char)(0x20 ^ 0x80));
	const __m128i quote = _mm_set1_epi8('"'), bsl = _mm_set1_epi8('\\');
	const __m128i sl = _mm_set1_epi8(slash ? '/' : '"');

	while (end - p >= 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)p);
		__m128i m = _mm_or_si128(_mm_cmplt_epi8(_mm_xor_si128(x, bias), low),
					 _mm_or_si128(_mm_cmpeq_epi8(x, quote),
						      _mm_or_si128(_mm_cmpeq_epi8(x, bsl),
								   _mm_cmpeq_epi8(x, sl))));
		unsigned int bits = (unsigned int)_mm_movemask_epi8(m), k;

		/* room for the block, or for up to fifteen bytes and an escape */
		if (KJW_BUF - w->n < 16 + 6)
			kjw_flush(w);
		_mm_storeu_si128((__m128i *)(w->buf + w->n), x);
		if (!bits) {
			w->n += 16;
			p += 16;
			continue;
		}
		k = (unsigned int)__builtin_ctz(bits);
		w->n += k;
		p += k;
		w->n += kjw_escape(w->buf + w->n, *p++);
	}
	return p;
}
#endif

/* json-c's json_escape_str(): the same escapes, plain bytes copied in runs */
static void kjw_string(struct kjw *w, const char *s, size_t len)
{
	static const bool plain[256] = {
		/* all but control characters, '"' (0x22), '/' (0x2f) and '\\' (0x5c) */
		[0x20 ... 0x21] = true, [0x23 ... 0x2e] = true, [0x30 ... 0x5b] = true,
		[0x5d ... 0xff] = true,
	}, plain_slash[256] = {
		[0x20 ... 0x21] = true, [0x23 ... 0x5b] = true, [0x5d ... 0xff] = true,
	};
	const unsigned char *p = (const unsigned char *)s, *end = p + len, *run;
	bool slash = !(w->flags & JSON_C_TO_STRING_NOSLASHESCAPE);
	const bool *ok = slash ? plain : plain_slash;
	char esc[6];

	kjw_lit(w, "\"");
#ifdef __SSE2__
	p = kjw_string_blocks(w, p, end, slash);
#endif
	while (p < end) {
		run = p;
		p += plain_run(p, end, ok, slash);
		if (p > run)
			kjw_put(w, (const char *)run, (size_t)(p - run));
		if (p == end)
			break;
		kjw_put(w, esc, kjw_escape(esc, *p++));
	}
	kjw_lit(w, "\"");
}

/* i, or (i is INT64_MAX) u: straight into the buffer, written from its last digit */
static void kjw_num(struct kjw *w, int64_t i, uint64_t u)
{
	static const uint64_t pow10[] = {
		1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull,
		100000000ull, 1000000000ull, 10000000000ull, 100000000000ull,
		1000000000000ull, 10000000000000ull, 100000000000000ull,
		1000000000000000ull, 10000000000000000ull, 100000000000000000ull,
		1000000000000000000ull, 10000000000000000000ull,
	};
	bool neg = i < 0;
	size_t nd = 1;
	char *p;

	if (i != INT64_MAX)
		u = neg ? -(uint64_t)i : (uint64_t)i;
	while (nd < ARRAY_SIZE(pow10) && u >= pow10[nd])
		nd++;
	if (KJW_BUF - w->n < 21)
		kjw_flush(w);
	if (neg)
		w->buf[w->n++] = '-';
	w->n += nd;
	p = w->buf + w->n;
	/* two digits per 64-bit division: a timestamp's eleven take six */
	while (u >= 100) {
		unsigned int d = (unsigned int)(u % 100);

		u /= 100;
		*--p = (char)('0' + d % 10);
		*--p = (char)('0' + d / 10);
	}
	if (u >= 10)
		*--p = (char)('0' + u % 10);
	*--p = (char)('0' + (u >= 10 ? u / 10 : u));
}

static void kjw_int(struct kjw *w, struct json_object *v)
{
	int64_t i = json_object_get_int64(v);

	/* an int beyond INT64_MAX is json-c's uint64, read as INT64_MAX */
	kjw_num(w, i, i == INT64_MAX ? json_object_get_uint64(v) : 0);
}

/*
 * json-c's layout of a container: '{' or '[', then per member a comma
 * after the first, a newline and indentation (pretty) or a blank
 * (spaced), and the closing bracket on its own line (pretty, not empty).
 */
static void kjw_open(struct kjw *w, char bracket)
{
	kjw_put(w, &bracket, 1);
	if (w->flags & JSON_C_TO_STRING_PRETTY)
		kjw_lit(w, "\n");
}

static void kjw_member(struct kjw *w, bool first, int level)
{
	bool pretty = w->flags & JSON_C_TO_STRING_PRETTY;

	if (!first) {
		kjw_lit(w, ",");
		if (pretty)
			kjw_lit(w, "\n");
	}
	if ((w->flags & JSON_C_TO_STRING_SPACED) && !pretty)
		kjw_lit(w, " ");
	kjw_indent(w, level + 1);
}

static void kjw_close(struct kjw *w, bool empty, int level, char bracket)
{
	bool pretty = w->flags & JSON_C_TO_STRING_PRETTY;

	if (pretty) {
		if (!empty)
			kjw_lit(w, "\n");
		kjw_indent(w, level);
	}
	if ((w->flags & JSON_C_TO_STRING_SPACED) && !pretty)
		kjw_lit(w, " ");
	kjw_put(w, &bracket, 1);
}

static void kjw_key(struct kjw *w, const char *key)
{
	kjw_string(w, key, strlen(key));
	if (w->flags & JSON_C_TO_STRING_SPACED)
		kjw_lit(w, ": ");
	else
		kjw_lit(w, ":");
}

static void kjw_value(struct kjw *w, struct json_object *v, int level);

static void kjw_object(struct kjw *w, struct json_object *o, int level)
{
	bool first = true;

	kjw_open(w, '{');
	json_object_object_foreach(o, key, val) {
		kjw_member(w, first, level);
		first = false;
		kjw_key(w, key);
		kjw_value(w, val, level + 1);
	}
	kjw_close(w, first, level, '}');
}

/*
 * A kj_table's rows, as the objects kj_table_expand() would make of them.
 * What goes before a column's value (the comma, the indentation, the
 * key) is the same in every row: it is made once per column, first in
 * its object or not, and copied.
 */
static void kjw_table(struct kjw *w, const struct kj_table *t, int level)
{
	enum { ROW_FIRST, ROW_NEXT, ROW_SHUT, ROW_SHUT_EMPTY, ROW_PIECES };
	size_t r, c, rows = kj_table_rows(t), ncol = kj_table_ncols(t);
	struct strbuf pre[2][KJ_TABLE_MAX_COLS], row[ROW_PIECES];
	bool is_str[KJ_TABLE_MAX_COLS];
	struct kjw *kw = malloc(sizeof(*kw));
	int f;

	if (!kw) {
		w->err = true;
		return;
	}
	kw->f = NULL;
	kw->flags = w->flags;
	kw->err = false;
	kw->n = 0;
	for (f = 0; f < 2; f++) {
		for (c = 0; c < ncol; c++) {
			strbuf_init(&pre[f][c], 0);
			kw->sb = &pre[f][c];
			kjw_member(kw, f == 0, level + 1);
			kjw_key(kw, kj_table_col(t, c)->key);
			kjw_flush(kw);
		}
	}
	/* what goes before a row (the first, the others) and after it */
	for (f = 0; f < ROW_PIECES; f++) {
		strbuf_init(&row[f], 0);
		kw->sb = &row[f];
		if (f <= ROW_NEXT) {
			kjw_member(kw, f == ROW_FIRST, level);
			kjw_open(kw, '{');
		} else {
			kjw_close(kw, f == ROW_SHUT_EMPTY, level + 1, '}');
		}
		kjw_flush(kw);
	}
	free(kw);
	for (c = 0; c < ncol; c++)
		is_str[c] = kj_table_col(t, c)->type == KJ_COL_STR;
	kjw_open(w, '[');
	for (r = 0; r < rows; r++) {
		bool first = true;

		kjw_put(w, row[r ? ROW_NEXT : ROW_FIRST].buf, row[r ? ROW_NEXT : ROW_FIRST].len);
		for (c = 0; c < ncol; c++) {
			const char *s;
			size_t len;

			if (!kj_table_has(t, r, c))
				continue;
			kjw_put(w, pre[first ? 0 : 1][c].buf, pre[first ? 0 : 1][c].len);
			first = false;
			if (is_str[c]) {
				s = kj_table_str(t, r, c, &len);
				kjw_string(w, s, len);
			} else {
				int64_t v = kj_table_int(t, r, c);

				kjw_num(w, v, (uint64_t)v);
			}
		}
		f = first ? ROW_SHUT_EMPTY : ROW_SHUT;
		kjw_put(w, row[f].buf, row[f].len);
	}
	kjw_close(w, !rows, level, ']');
	for (f = 0; f < 2; f++)
		for (c = 0; c < ncol; c++)
			strbuf_release(&pre[f][c]);
	for (f = 0; f < ROW_PIECES; f++)
		strbuf_release(&row[f]);
}

static void kjw_array(struct kjw *w, struct json_object *a, int level)
{
	const struct kj_table *t = kj_table_of(a);
	size_t i, n = json_object_array_length(a);

	if (t) {
		kjw_table(w, t, level);
		return;
	}

	kjw_open(w, '[');
	for (i = 0; i < n; i++) {
		kjw_member(w, !i, level);
		kjw_value(w, json_object_array_get_idx(a, i), level + 1);
	}
	kjw_close(w, !n, level, ']');
}

static void kjw_value(struct kjw *w, struct json_object *v, int level)
{
	const struct kj_text *t;
	const char *s;

	switch (json_object_get_type(v)) {
	case json_type_null:
		kjw_lit(w, "null");
		break;
	case json_type_boolean:
		if (json_object_get_boolean(v))
			kjw_lit(w, "true");
		else
			kjw_lit(w, "false");
		break;
	case json_type_int:
		kjw_int(w, v);
		break;
	case json_type_string:
		t = json_object_get_userdata(v);	/* only kj_text_new() sets one */
		if (t)
			kjw_string(w, t->text, t->len);
		else
			kjw_string(w, json_object_get_string(v),
				   (size_t)json_object_get_string_len(v));
		break;
	case json_type_object:
		kjw_object(w, v, level);
		break;
	case json_type_array:
		kjw_array(w, v, level);
		break;
	default:
		/* a double: json-c's own formatting (and a parsed one's source text) */
		s = json_object_to_json_string_ext(v, w->flags);
		kjw_put(w, s, strlen(s));
		break;
	}
}

int kj_write(struct json_object *o, int flags, FILE *f, struct strbuf *sb)
{
	return kj_write_level(o, flags, 0, f, sb);
}

int kj_write_level(struct json_object *o, int flags, int level, FILE *f, struct strbuf *sb)
{
	struct kjw *w = malloc(sizeof(*w));
	int ret;

	if (!w)
		return -ENOMEM;
	w->f = f;
	w->sb = sb;
	w->flags = flags;
	w->err = false;
	w->n = 0;
	kjw_value(w, o, level);
	kjw_flush(w);
	ret = w->err ? -EIO : 0;
	free(w);
	return ret;
}

/* json-c's side of a kj_text: json_object_to_json_string() of it still works */
static int kj_text_to_json(struct json_object *jso, struct printbuf *pb, int level, int flags)
{
	struct strbuf sb = STRBUF_INIT;
	int ret = kj_write(jso, flags, NULL, &sb);

	(void)level;
	if (!ret && printbuf_memappend(pb, sb.buf, (int)sb.len) < 0)
		ret = -ENOMEM;
	strbuf_release(&sb);
	return ret ? -1 : 0;
}

struct json_object *kj_text_new(struct kj_text *t)
{
	struct json_object *s = json_object_new_string("");

	if (s)
		json_object_set_serializer(s, kj_text_to_json, t, NULL);
	return s;
}
