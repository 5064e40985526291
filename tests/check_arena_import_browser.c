/*
 * check_arena_import_browser - an imported league's dashboard (loa-arena
 * import, app/import.h) in headless Chromium: the triage is the first
 * panel, the contestant's losses by its timeout, then its invalid answer,
 * then on the board by plies to the end (shortest first), each linking its
 * replay page; a hostile opponent's name shown as text; no JavaScript
 * error, nothing loaded from elsewhere. Without chromium the suite is
 * skipped (exit 77) unless CI is set.
 */
#include <unistd.h>

#include "app/import.h"
#include "arena_import_test_util.h"
#include "arena_test_util.h"
#include "browser_test_util.h"
#include "check_main.h"

START_TEST(the_triage_comes_first_faults_then_shortest_losses)
{
    const char *t = tmpdir();
    char in[512], out[512], url[600], err[1024];
    snprintf(in, sizeof in, "%s/in", t);
    snprintf(out, sizeof out, "%s/league", t);
    ck_assert_int_eq(mkdir(in, 0755), 0);
    /* battles 0..9 (imp_battle): the contestant loses 1 (random-and-comments,
     * black, 32 plies), 3 (invalid, its invalid answer), 5 (normal, white,
     * 19 plies), 7 (timeout, white, its timeout) */
    /* hostile names: HTML, and a right-to-left override (U+202E) */
    const char *const opp[] = {"<b>bold</b>", "bob\xe2\x80\xae"};
    for (int i = 0; i < 10; i++)
        ck_assert_int_eq(imp_battle(in, i, 7000, "Me", opp, 2), 0);
    const char *files[] = {in};
    arena_import_opts o = {.dir = out, .files = files, .nfiles = 1};
    arena_import_result r;
    FILE *quiet = fopen("/dev/null", "w");
    ck_assert_int_eq(arena_import(&o, quiet, quiet, &r, err, sizeof err), 0);
    fclose(quiet);
    ck_assert_int_eq(r.added, 10);
    cdp *c = browser_in(t);
    snprintf(url, sizeof url, "file://%s/index.html", out);
    ck_assert_msg(cdp_open(c, url, 20000) == 0, "%s: %s", url, cdp_error(c));
    char *first = eval_string(c, "document.querySelector('.panel:not([hidden])').id");
    ck_assert_str_eq(first, "triage-panel");
    free(first);
    char *faults = eval_string(
        c, "Array.from(document.querySelectorAll('#triage tr[data-id]')).map(function (r) "
           "{ return r.getAttribute('data-fault') + ':' + r.children[3].textContent; }).join(',')");
    ck_assert_str_eq(faults, "timeout:9,invalid:6,:19,:32");
    free(faults);
    /* the contestant's colours, and its page by opponent and colour */
    char *words = eval_string(c, "document.getElementById('triage-words').textContent");
    ck_assert_msg(strstr(words, "4 games lost, 2 by a timeout, an invalid answer or a crash; "
                                "as black 2-1-2, as white 2-1-2 (W-D-L);"),
                  "%s", words);
    free(words);
    ck_assert_int_eq(eval_int(c, "document.querySelectorAll('#triage-bot[href^=\"bot-\"]').length"),
                     1);
    /* each row links its game's page, which is there */
    ck_assert_int_eq(eval_int(c, "document.querySelectorAll('#triage a[href^=\"games/\"]').length"),
                     4);
    char *href = eval_string(c, "document.querySelector('#triage a').getAttribute('href')");
    char page[1200];
    snprintf(page, sizeof page, "%s/%s", out, href);
    ck_assert_msg(access(page, R_OK) == 0, "%s: no page", page);
    free(href);
    /* the hostile name is text: no <b> element made of it */
    ck_assert_int_eq(eval_int(c, "document.querySelectorAll('b').length"), 0);
    ck_assert_int_ge(eval_int(c, "document.getElementById('standings').textContent.indexOf("
                                 "'<b>bold</b>')"),
                     0);
    /* the override is shown as a marker, in the triage as everywhere */
    ck_assert_int_ge(eval_int(c, "document.getElementById('triage').textContent.indexOf("
                                 "'bob<U+202E>')"),
                     0);
    ck_assert_int_eq(eval_int(c, "document.body.textContent.indexOf('\\u202e')"), -1);
    ck_assert_msg(cdp_errors(c) == 0 && cdp_requests(c) == 0, "%s", cdp_first_event(c));
    cdp_stop(c);
    cleanup();
}
END_TEST

int main(void)
{
    if (!cdp_find_chromium() && !getenv("CI")) {
        fprintf(stderr, "check_arena_import_browser: SKIPPED: chromium is not installed "
                        "(scripts/install-deps.sh installs it)\n");
        return 77;
    }
    const loa_tcase cases[] = {
        {"the_triage_comes_first_faults_then_shortest_losses",
         the_triage_comes_first_faults_then_shortest_losses, 120},
    };
    return loa_run_suite("arena_import_browser", cases, LOA_COUNT(cases));
}
