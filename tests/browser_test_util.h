/*
 * Shared by the suites that drive headless Chromium (check_replay_browser,
 * check_replay_index_browser, check_analysis_browser, ...): the browser on
 * a fresh profile in a test's temporary directory, allowed to load only its
 * files, and expressions evaluated in the page as a string or an integer.
 */
#ifndef BROWSER_TEST_UTIL_H
#define BROWSER_TEST_UTIL_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "cdp.h"

/* Chromium with its profile in dir/profile, loading only file://dir/ and
 * about:blank. Fails the test when there is no chromium (main() skips the
 * suite then unless CI is set). */
static inline cdp *browser_in(const char *dir)
{
    const char *chromium = cdp_find_chromium();
    ck_assert_msg(chromium, "chromium is not installed (scripts/install-deps.sh installs it); "
                            "required because CI is set");
    char prof[600], err[600], allow[600];
    snprintf(prof, sizeof prof, "%s/profile", dir);
    ck_assert_int_eq(mkdir(prof, 0700), 0);
    cdp *c;
    int rc = cdp_start(chromium, prof, &c, err, sizeof err);
    ck_assert_msg(rc == 0, "cannot drive %s: %s", chromium, err);
    snprintf(allow, sizeof allow, "file://%s/", dir);
    const char *prefixes[] = {allow, "about:blank"};
    cdp_allow_urls(c, prefixes, 2);
    return c;
}

/* The string expr evaluates to in the page (malloc; the caller frees). */
static inline char *eval_string(cdp *c, const char *expr)
{
    cJSON *v = cdp_eval(c, expr, 10000);
    ck_assert_msg(cJSON_IsString(v), "%s: %s", expr, cdp_error(c));
    char *s = strdup(v->valuestring);
    cJSON_Delete(v);
    return s;
}

/* The number expr evaluates to in the page, as an int. */
static inline int eval_int(cdp *c, const char *expr)
{
    cJSON *v = cdp_eval(c, expr, 10000);
    ck_assert_msg(cJSON_IsNumber(v), "%s: %s", expr, cdp_error(c));
    int n = v->valueint;
    cJSON_Delete(v);
    return n;
}

#endif
