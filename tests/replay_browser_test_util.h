/*
 * Shared by the replay's browser suites (check_replay_browser,
 * check_replay_index_browser): a temporary directory per test, Chromium
 * on it (browser_test_util.h), the ply a replay page shows, and the
 * colours of a screenshot (a blank page has one or two).
 */
#ifndef REPLAY_BROWSER_TEST_UTIL_H
#define REPLAY_BROWSER_TEST_UTIL_H

#include <check.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "browser_test_util.h"
#include "cdp.h"

#define FIXTURES LOA_SOURCE_DIR "/tests/fixtures/replay/"

static char tmpdir[] = "/tmp/check_replay_browser.XXXXXX";

static inline int rm_entry(const char *p, const struct stat *sb, int flag, struct FTW *f)
{
    (void)sb, (void)flag, (void)f;
    return remove(p);
}

/* Each test (a forked process of its own) makes its temp dir first and
 * removes it last (a failing test leaves it, for inspection). */
static inline void setup(void)
{
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}
static inline void teardown(void)
{
    nftw(tmpdir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static inline cdp *browser(void)
{
    return browser_in(tmpdir);
}

static inline int shown_ply(cdp *c)
{
    return eval_int(c, "Number(document.getElementById('board').getAttribute('data-ply'))");
}

/* Distinct colours of a PNG (base64), sampled, counted by the browser. */
static inline int png_colours(cdp *c, const char *b64)
{
    size_t n = strlen(b64) + 512;
    char *expr = malloc(n);
    snprintf(expr, n,
             "new Promise((ok) => { const i = new Image(); i.onload = () => {"
             " const c = document.createElement('canvas'); c.width = i.width; c.height = i.height;"
             " const x = c.getContext('2d'); x.drawImage(i, 0, 0);"
             " const d = x.getImageData(0, 0, c.width, c.height).data; const s = new Set();"
             " for (let k = 0; k < d.length; k += 4 * 7) s.add((d[k] << 16) | (d[k + 1] << 8) | "
             "d[k + 2]);"
             " ok(s.size); }; i.onerror = () => ok(-1); i.src = 'data:image/png;base64,%s'; })",
             b64);
    int k = eval_int(c, expr);
    free(expr);
    return k;
}

/* The colours of a screenshot of the page shown, after checking that it
 * logged no error and loaded nothing; leaves about:blank open. */
static inline int shown_colours(cdp *c)
{
    cJSON *p = cJSON_CreateObject();
    cJSON_AddStringToObject(p, "format", "png");
    cJSON *shot = cdp_call(c, "Page.captureScreenshot", p, 20000);
    const cJSON *data = cJSON_GetObjectItem(shot, "data");
    ck_assert_msg(cJSON_IsString(data), "screenshot: %s", cdp_error(c));
    ck_assert_msg(cdp_errors(c) == 0 && cdp_requests(c) == 0, "%s", cdp_first_event(c));
    /* Counted on about:blank: the pages' CSP forbids data: images. */
    ck_assert_int_eq(cdp_open(c, "about:blank", 20000), 0);
    int colours = png_colours(c, data->valuestring);
    cJSON_Delete(shot);
    return colours;
}

#endif
