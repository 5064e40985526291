/*
 * cdp.h - a minimal client of Chromium's DevTools protocol over
 * --remote-debugging-pipe (messages are JSON texts ended by a NUL byte, the
 * browser reads fd 3 and writes fd 4), for the replay viewer's browser
 * tests: no node, no puppeteer, only headless Chromium and cJSON.
 *
 * One browser, one page target attached in flat mode; every call waits for
 * its answer up to a deadline while recording the events the tests judge:
 * JavaScript exceptions, console and log errors, and network requests.
 * Not thread-safe; one cdp per test process.
 */
#ifndef LOA_TEST_CDP_H
#define LOA_TEST_CDP_H

#include <cjson/cJSON.h>

typedef struct cdp cdp;

/* The chromium executable to use: $LOA_CHROMIUM, else the first of
 * chromium, chromium-browser, google-chrome found in $PATH; NULL when none
 * (static storage). */
const char *cdp_find_chromium(void);

/* Starts headless Chromium (no sandbox: tests may run as root; no network:
 * every host resolves to nothing and a dead proxy is set) with a fresh
 * profile in profile_dir (must exist), attaches to its page and enables the
 * Page, Runtime, Network and Log domains. Returns 0 and *out, or -1 with a
 * message in err. */
int cdp_start(const char *chromium, const char *profile_dir, cdp **out, char *err, size_t errsz);

/* Sends method(params) to the page (params consumed; NULL for none) and
 * waits up to timeout_ms for the answer. Returns the "result" object (the
 * caller frees with cJSON_Delete), or NULL on error, timeout or browser
 * exit (message in the cdp's last error, cdp_error()). */
cJSON *cdp_call(cdp *c, const char *method, cJSON *params, int timeout_ms);

/* Navigates to url and waits for its load event (a fresh document each
 * time: about:blank is loaded first so a change of fragment alone is a
 * real load). Returns 0 or -1. */
int cdp_open(cdp *c, const char *url, int timeout_ms);

/* Evaluates expression in the page (promises awaited) and returns its
 * value as JSON (the caller frees), or NULL when it threw or failed. */
cJSON *cdp_eval(cdp *c, const char *expression, int timeout_ms);

/* A key press (keyDown then keyUp) of a DOM key name: "ArrowRight",
 * "ArrowLeft", "Home", "End", " " (Space). Returns 0 or -1. */
int cdp_key(cdp *c, const char *key);

/* A left click at CSS pixel (x, y) of the viewport. Returns 0 or -1. */
int cdp_click(cdp *c, double x, double y);

/* Events recorded since the start or the last cdp_reset_events():
 * exceptions and error messages (console.error, log entries of level
 * error such as CSP violations), and network requests to any URL not
 * starting with one of the allowed prefixes set by cdp_allow_urls(). */
int cdp_errors(const cdp *c);
int cdp_requests(const cdp *c);
/* The first recorded error or request, for messages ("" when none). */
const char *cdp_first_event(const cdp *c);
void cdp_reset_events(cdp *c);
/* URL prefixes that are not counted as network requests (the page's own
 * file:// URL, about:blank); up to 4, copied. */
void cdp_allow_urls(cdp *c, const char *const *prefixes, int n);

/* The last failure, for messages. */
const char *cdp_error(const cdp *c);

/* Ends the browser (closes the pipe, SIGTERM then SIGKILL, reaps it) and
 * frees c. NULL is fine. */
void cdp_stop(cdp *c);

#endif
