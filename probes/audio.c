// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The audio probe: the ALSA cards (/proc/asound/cards) and the HDA codecs
 * of each (/proc/asound/cardN/codec#M: the first lines only). Runs when
 * the suspect is in sound/ or an ALSA/SOF module, or when named.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "probes/internal.h"
#include "core/report.h"
#include "util/json.h"
#include "util/macro.h"
#include "util/path.h"
#include "util/strbuf.h"

#define AUDIO_MAX_CARDS 32
#define AUDIO_MAX_CODECS 8

static char *trim(char *s)
{
	char *e;

	s += strspn(s, " \t");
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

/* snd_card_info_read() prints "%2i [%-15s]: %s - %s\n" then "  %s\n" */
int kbug_asound_cards_parse(const char *text, struct json_object *arr)
{
	char *copy = strdup(text ? text : ""), *line, *save = NULL, *p, *q, *dash;
	struct json_object *last = NULL, *o;
	long idx;
	int n = 0;

	if (!copy)
		return -ENOMEM;
	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		idx = strtol(line, &p, 10);
		if (p == line || idx < 0 || *trim(p) != '[') {
			if (last && *trim(line) && !kj_get(last, "long_name"))
				kj_set_str(last, "long_name", trim(line));
			continue;
		}
		p = trim(p) + 1;
		q = strstr(p, "]:");
		if (!q)
			continue;
		*q = '\0';
		o = json_object_new_object();
		kj_set_int(o, "index", idx);
		kj_set_str(o, "id", trim(p));
		p = q + 2;
		dash = strstr(p, " - ");
		if (dash) {
			*dash = '\0';
			kj_set_str(o, "driver", trim(p));
			p = dash + 3;
		}
		kj_set_str(o, "name", trim(p));
		kj_append(arr, o);
		last = o;
		n++;
	}
	free(copy);
	return n;
}

/* print_codec_info() in sound/pci/hda/hda_proc.c writes these first */
int kbug_hda_codec_parse(const char *text, struct json_object *obj)
{
	static const char *const keys[][2] = {
		{ "Codec", "codec" }, { "Vendor Id", "vendor_id" },
		{ "Subsystem Id", "subsystem_id" }, { "Revision Id", "revision_id" },
	};
	char *copy = strdup(text ? text : ""), *line, *save = NULL, *colon;
	int n = 0, lines = 0;
	size_t i;

	if (!copy)
		return -ENOMEM;
	for (line = strtok_r(copy, "\n", &save); line && lines < 16;
	     line = strtok_r(NULL, "\n", &save), lines++) {
		colon = strchr(line, ':');
		if (!colon)
			continue;
		*colon = '\0';
		for (i = 0; i < ARRAY_SIZE(keys); i++) {
			if (strcmp(trim(line), keys[i][0]) || kj_get(obj, keys[i][1]))
				continue;
			kj_set_str(obj, keys[i][1], trim(colon + 1));
			n++;
		}
	}
	free(copy);
	return n;
}

static struct json_object *card_codecs(int idx)
{
	struct json_object *arr = json_object_new_array(), *o;
	struct strbuf p = STRBUF_INIT, v = STRBUF_INIT;
	int m;

	for (m = 0; m < AUDIO_MAX_CODECS; m++) {
		strbuf_reset(&p);
		strbuf_addf(&p, "/proc/asound/card%d/codec#%d", idx, m);
		strbuf_reset(&v);
		/* the head is in the first 4 KiB; the widgets after it are long */
		if (kbug_path_read(&v, p.buf, 4096) < 0 && !v.len)
			continue;
		o = json_object_new_object();
		kj_set_int(o, "address", m);
		kbug_hda_codec_parse(v.buf, o);
		kj_append(arr, o);
	}
	strbuf_release(&p);
	strbuf_release(&v);
	return arr;
}

static int audio_run(struct kbug_probe_ctx *ctx, struct json_object **out)
{
	struct json_object *cards = json_object_new_array();
	struct strbuf v = STRBUF_INIT;
	long n = kbug_path_read(&v, "/proc/asound/cards", 64u << 10);
	size_t i;

	if (n < 0 && n != -EFBIG) {
		json_object_put(cards);
		strbuf_release(&v);
		kbug_report_error(ctx->report, "audio", "cannot read '/proc/asound/cards': %s",
				  strerror((int)-n));
		return (int)n;
	}
	kbug_asound_cards_parse(v.buf, cards);
	for (i = 0; i < json_object_array_length(cards) && i < AUDIO_MAX_CARDS; i++) {
		struct json_object *c = json_object_array_get_idx(cards, i);
		struct json_object *codecs = card_codecs((int)kj_get_int(c, "index", 0));

		if (json_object_array_length(codecs))
			kj_set(c, "codecs", codecs);
		else
			json_object_put(codecs);
	}
	kj_set(*out, "cards", cards);
	strbuf_release(&v);
	return 0;
}

static const char *const audio_dirs[] = { "sound/", "include/sound/", NULL };
static const char *const audio_modules[] = { "snd", "snd_*", "soundcore", "ac97_bus", NULL };

static const struct kbug_area audio_area = { audio_dirs, audio_modules };

const struct kbug_probe kbug_probe_audio = {
	.name = "audio",
	.help = "ALSA cards and HDA codecs (codec, vendor, subsystem, revision ids); runs when the suspect is in sound/ or an snd_* module, or with --probe audio",
	.reads = "/proc/asound/cards, /proc/asound/card*/codec#* (first lines)",
	.area = &audio_area,
	.run = audio_run,
};
