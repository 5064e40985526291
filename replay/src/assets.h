/*
 * assets.h - the page files of replay/page/ (HTML templates, CSS,
 * JavaScript), embedded at build time by util/tools/embed.c (loa-embed), the
 * template filler shared by the game and league pages, and the name a page
 * gives its directory.
 */
#ifndef REPLAY_ASSETS_H
#define REPLAY_ASSETS_H

#include <stddef.h>

#include <cjson/cJSON.h>

typedef struct replay_asset {
    const char *name; /* file name in replay/page/, e.g. "replay.js" */
    const char *data; /* its bytes, NUL-terminated (static storage) */
    size_t size;      /* without the NUL */
} replay_asset;

extern const replay_asset replay_assets[];
extern const int replay_asset_count;

/* The asset named name, or NULL. */
const replay_asset *replay_asset_find(const char *name);

/* Fills the template asset `tpl` (an HTML file of replay/page/) into a new
 * NUL-terminated buffer *out (malloc; the caller frees), length *len (may be
 * NULL). Markers: {{title}} -> title, HTML-escaped; {{data}} -> data as
 * JSON (cJSON) with every '<' written \u003c so that nothing in it can end
 * or alter the <script> element holding it; {{asset:NAME}} -> the bytes of
 * asset NAME (CSS and JavaScript inlined). Returns 0, REPLAY_E_INVAL (a
 * missing asset or marker: a build error) or REPLAY_E_NOMEM. */
int replay_render(const char *tpl, const char *title, const cJSON *data, char **out, size_t *len,
                  char *err, size_t errsz);

/* The last component of the directory path dir, without its trailing
 * slashes, into buf[size] (cut to fit; size > 0): the name a league's or a
 * tune's page shows ("runs/mine", "runs/mine/" and "mine" are "mine"; "/"
 * is "/"). Returns buf. Thread-safe. */
const char *replay_dir_name(const char *dir, char *buf, size_t size);

#endif
