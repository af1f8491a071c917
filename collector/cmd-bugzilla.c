// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kbug bugzilla: talk to a Bugzilla server directly. `whoami` checks the
 * server and the API key, `products` lists components and versions,
 * `search` finds bugs by title, `file` files a saved report through the
 * outbox (what `kbug report --to bugzilla` does after collecting).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/settings.h"
#include "front.h"
#include "kbug.h"
#include "core/report.h"
#include "deliver/bugzilla.h"
#include "deliver/deliver.h"
#include "deliver/outbox.h"
#include "util/json.h"
#include "util/log.h"
#include "util/prompt.h"
#include "util/strbuf.h"

static const char bugzilla_usage[] =
	"usage: kbug bugzilla whoami   [--bugzilla-url URL] [--api-key-file FILE]\n"
	"       kbug bugzilla products [--bugzilla-url URL] PRODUCT...\n"
	"       kbug bugzilla search   [--bugzilla-url URL] [--product P] --summary TEXT\n"
	"       kbug bugzilla file     --report FILE [--bugzilla-url URL] [--api-key-file FILE]\n"
	"                              [--product P --component C] [--outbox DIR]\n"
	"                              [--yes] [--new] [--dry-run]\n";

static const char bugzilla_details[] =
	"whoami prints the server's version and who the key belongs to; file prints\n"
	"'filed: URL/show_bug.cgi?id=N' last, or exits 3 with the report kept in the\n"
	"outbox for 'kbug outbox --retry'.\n";

struct bz_args {
	struct kbug_deliver_opts d;
	const char *report, *outbox, *summary;
	char **rest;
	int nrest;
};

static const struct kbug_option bugzilla_options[] = {
	OPT_GROUP(kbug_bugzilla_options, struct bz_args, d),
	OPT_INT("timeout", "SECONDS", struct bz_args, d.timeout_s, 1, 3600, "seconds",
		"per request (default 60)"),
	OPT_STRING("report", 0, "FILE", struct bz_args, report,
		   "a saved report (kbug collect -o, report.json)"),
	OPT_STRING("summary", 0, "TEXT", struct bz_args, summary,
		   "search: the title to look for"),
	OPT_GROUP(kbug_product_options, struct bz_args, d),
	OPT_STRING("outbox", 0, "DIR", struct bz_args, outbox,
		   "the outbox (default: ~/.local/share/kbug/outbox)"),
	OPT_GROUP(kbug_yes_options, struct bz_args, d),
	OPT_FLAG("dry-run", 0, struct bz_args, d.dry_run,
		 "check everything, print the JSON it would POST, file nothing"),
	OPT_END
};

static int parse_args(int argc, char **argv, struct bz_args *a)
{
	int i, n = kbug_opt_parse("bugzilla", bugzilla_options, a, argc - 1, argv + 1);

	if (n < 0)
		return -n;
	for (i = 0; i < n; i++)
		a->rest[a->nrest++] = argv[2 + i];
	if (!a->d.bugzilla_url)
		a->d.bugzilla_url = kbug_config_get("bugzilla", "url");
	return 0;
}

static int connect_or_fail(struct bz_args *a, bool need_key, struct kbug_bz **bz)
{
	if (!a->d.bugzilla_url) {
		ERR("no Bugzilla URL: give --bugzilla-url or set [bugzilla] url in the config");
		return KBUG_EXIT_ERROR;
	}
	return kbug_bugzilla_connect(a->d.bugzilla_url, &a->d, need_key, bz) ?
	       KBUG_EXIT_ERROR : 0;
}

static int do_whoami(struct bz_args *a)
{
	struct strbuf ver = STRBUF_INIT, login = STRBUF_INIT, name = STRBUF_INIT;
	struct kbug_bz *bz;
	long id;
	int ret = connect_or_fail(a, true, &bz);

	if (ret)
		return ret;
	if (kbug_bz_version(bz, &ver) ||
	    kbug_bz_whoami(bz, kbug_config_get("identity", "email"), &login, &id, &name)) {
		ERR("%s", kbug_bz_error(bz));
		ret = KBUG_EXIT_ERROR;
	} else if (kbug_opts.json) {
		struct json_object *o = json_object_new_object();

		kj_set_str(o, "url", kbug_bz_base(bz));
		kj_set_str(o, "version", ver.buf);
		kj_set_str(o, "login", login.len ? login.buf : NULL);
		kj_set_str(o, "real_name", name.len ? name.buf : NULL);
		if (id)
			kj_set_int(o, "id", id);
		kj_set_bool(o, "api_key_valid", true);
		fprintf(kbug_output(), "%s\n",
			json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY |
						       JSON_C_TO_STRING_NOSLASHESCAPE));
		json_object_put(o);
	} else {
		fprintf(kbug_output(), "%s: Bugzilla %s\n", kbug_bz_base(bz), ver.buf);
		if (login.len)
			fprintf(kbug_output(), "API key valid: logged in as %s%s%s%s (id %ld)\n",
				login.buf, name.len ? " (" : "", name.buf, name.len ? ")" : "", id);
		else
			fprintf(kbug_output(),
				"API key valid (this Bugzilla has no /rest/whoami to tell whose)\n");
	}
	kbug_bz_free(bz);
	strbuf_release(&ver);
	strbuf_release(&login);
	strbuf_release(&name);
	return ret;
}

static int do_products(struct bz_args *a)
{
	struct kbug_bz *bz;
	int i, ret = connect_or_fail(a, false, &bz);

	if (ret)
		return ret;
	if (!a->nrest) {
		kbug_bz_free(bz);
		return kbug_usage_error("bugzilla", "products: name at least one product");
	}
	for (i = 0; i < a->nrest && !ret; i++) {
		struct json_object *p, *arr;
		size_t j, n;

		if (kbug_bz_product(bz, a->rest[i], &p)) {
			ERR("%s", kbug_bz_error(bz));
			ret = KBUG_EXIT_ERROR;
			break;
		}
		fprintf(kbug_output(), "%s%s\n  components:", kj_get_str(p, "name"),
			kj_get_bool(p, "is_active", true) ? "" : " (closed for new bugs)");
		arr = kj_get(p, "components");
		n = arr ? json_object_array_length(arr) : 0;
		for (j = 0; j < n; j++) {
			struct json_object *c = json_object_array_get_idx(arr, j);

			if (kj_get_bool(c, "is_active", true))
				fprintf(kbug_output(), " \"%s\"", kj_get_str(c, "name") ?: "");
		}
		fputs("\n  versions:", kbug_output());
		arr = kj_get(p, "versions");
		n = arr ? json_object_array_length(arr) : 0;
		for (j = 0; j < n; j++)
			fprintf(kbug_output(), " \"%s\"",
				kj_get_str(json_object_array_get_idx(arr, j), "name") ?: "");
		fputc('\n', kbug_output());
		json_object_put(p);
	}
	kbug_bz_free(bz);
	return ret;
}

static int do_search(struct bz_args *a)
{
	struct json_object *bugs;
	struct strbuf u = STRBUF_INIT;
	struct kbug_bz *bz;
	size_t i, n;
	int ret;

	if (!a->summary)
		return kbug_usage_error("bugzilla", "search needs --summary TEXT");
	ret = connect_or_fail(a, false, &bz);
	if (ret)
		return ret;
	if (kbug_bz_search(bz, a->d.product, a->summary, NULL, &bugs)) {
		ERR("%s", kbug_bz_error(bz));
		kbug_bz_free(bz);
		return KBUG_EXIT_ERROR;
	}
	n = json_object_array_length(bugs);
	for (i = 0; i < n; i++) {
		struct json_object *b = json_object_array_get_idx(bugs, i);

		fprintf(kbug_output(), "%s [%s] %s / %s: %s\n",
			kbug_bz_bug_url(bz, kj_get_int(b, "id", 0), &u),
			kj_get_str(b, "status") ?: "?", kj_get_str(b, "product") ?: "?",
			kj_get_str(b, "component") ?: "?", kj_get_str(b, "summary") ?: "");
	}
	json_object_put(bugs);
	strbuf_release(&u);
	kbug_bz_free(bz);
	return 0;
}

static int do_file(struct bz_args *a)
{
	struct kbug_report r;
	struct kbug_delivery d = {
		.mode = a->d.dry_run ? KBUG_DELIVER_TRIAL : KBUG_DELIVER_SEND,
		.outbox = a->outbox, .channel = &kbug_channel_bugzilla,
		.choose = kbug_interactive(a->d.yes) ? kbug_ask_choice : NULL,
		.preview = kbug_output(),
	};
	int ret, exit_code = KBUG_EXIT_ERROR;

	if (!a->report)
		return kbug_usage_error("bugzilla", "file needs --report FILE");
	if (kbug_report_init(&r))
		return KBUG_EXIT_ERROR;
	/* a saved report went through the filter when it was saved */
	r.redact = false;
	if (kbug_report_load(&r, a->report))
		goto out;
	ret = kbug_deliver(&r, &a->d, &d);
	if (d.mode == KBUG_DELIVER_TRIAL) {
		exit_code = ret ? KBUG_EXIT_ERROR : KBUG_EXIT_OK;
	} else if (d.saved && !ret && kbug_delivery_filed(d.item)) {
		/* the one line scripts wait for, last on stdout */
		if (!kbug_opts.json)
			fprintf(kbug_output(), "filed: %s\n", kbug_delivery_filed(d.item));
		exit_code = KBUG_EXIT_OK;
	} else if (d.saved) {
		fprintf(stderr, "kbug: the report stays in the outbox as %s: 'kbug outbox --retry %s' sends it later\n",
			kbug_outbox_item_id(d.item), kbug_outbox_item_id(d.item));
		exit_code = KBUG_EXIT_QUEUED;
	}
out:
	kbug_outbox_item_free(d.item);
	kbug_report_release(&r);
	return exit_code;
}

static int cmd_bugzilla(int argc, char **argv)
{
	struct bz_args a = { .nrest = 0 };
	int ret;

	if (argc < 2)
		return kbug_usage_error("bugzilla", "which: whoami, products, search or file?");
	a.rest = calloc((size_t)argc, sizeof(*a.rest));
	if (!a.rest)
		return KBUG_EXIT_ERROR;
	if (kbug_config_load()) {
		free(a.rest);
		return KBUG_EXIT_ERROR;
	}
	ret = parse_args(argc, argv, &a);
	if (ret) {
		free(a.rest);
		return ret;
	}
	if (!strcmp(argv[1], "whoami"))
		ret = do_whoami(&a);
	else if (!strcmp(argv[1], "products"))
		ret = do_products(&a);
	else if (!strcmp(argv[1], "search"))
		ret = do_search(&a);
	else if (!strcmp(argv[1], "file"))
		ret = do_file(&a);
	else
		ret = kbug_usage_error("bugzilla", "'%s' is not a bugzilla subcommand", argv[1]);
	free(a.rest);
	if (kbug_output_close() && !ret)
		ret = KBUG_EXIT_ERROR;
	return ret;
}

const struct kbug_cmd kbug_cmd_bugzilla = {
	.name = "bugzilla",
	.run = cmd_bugzilla,
	.summary = "check a Bugzilla server and key, list products, file a saved report",
	.usage = bugzilla_usage,
	.options = bugzilla_options,
	.details = bugzilla_details,
};
