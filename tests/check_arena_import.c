/*
 * check_arena_import - `loa-arena import` (app/import.h): a contestant's
 * CodinGame battles (tests/arena_import_test_util.h: the engine games of
 * ../shared/cases/codingame as the site and the public tools save them, in
 * each shape) as a league: every shape read, the same files imported
 * twice add nothing, bad files named and skipped (non-JSON, a truncated
 * download, another puzzle's game, a changed move, one game id with other
 * content), the contestant found or named twice, hostile names and stderr escaped on
 * every page, more opponents than a league holds kept (the least met as one
 * bot), a league not imported left alone, and an imported one never played
 * (its players cannot run).
 */
#include <dirent.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "app/import.h"
#include "arena_import_test_util.h"
#include "arena_test_util.h"
#include "check_main.h"
#include "core/error.h"
#include "store/store.h"

static const char *const opponents[] = {"alice", "bob", "carol", "dave"};

/* The file at path, whole (caller frees). */
static char *slurp(const char *path)
{
    char *text = NULL;
    size_t len;
    ck_assert_msg(util_read_file(path, 64u << 20, &text, &len) == 0, "cannot read %s", path);
    return text;
}

/* dir/in with battles [from, from + n) of contestant me. */
static void battles(const char *in, int from, int n, const char *me, const char *const *opp,
                    int nopp)
{
    mkdir(in, 0755);
    for (int i = from; i < from + n; i++)
        ck_assert_int_eq(imp_battle(in, i, 7000, me, opp, nopp), 0);
}

/* Imports in into out with the --me names given; the report's text in
 * *report (caller frees) when asked. */
static int import(const char *out, const char *in, const char *me1, const char *me2,
                  arena_import_result *res, char **report)
{
    const char *files[] = {in};
    arena_import_opts o = {.dir = out, .files = files, .nfiles = 1};
    if (me1)
        o.me[o.nme++] = me1;
    if (me2)
        o.me[o.nme++] = me2;
    char *text = NULL, err[1024] = "";
    size_t len = 0;
    FILE *rep = open_memstream(&text, &len);
    FILE *quiet = fopen("/dev/null", "w");
    int rc = arena_import(&o, quiet, rep, res, err, sizeof err);
    fclose(quiet);
    fclose(rep);
    if (report)
        *report = text;
    else
        free(text);
    ck_assert_msg(rc == 0 || !report, "import: %s", err);
    return rc;
}

/* The contestant's wins and games in out's league (bot 0, the gauntlet). */
static void tally(const char *out, int *wins, int *games)
{
    arena_store *st = NULL;
    char err[512];
    ck_assert_int_eq(arena_store_open(out, NULL, NULL, ARENA_STORE_READ_ONLY, NULL, NULL, &st, err,
                                      sizeof err),
                     0);
    *games = arena_store_count(st);
    *wins = 0;
    for (int id = arena_store_next_id(st, 0); id >= 0; id = arena_store_next_id(st, id + 1)) {
        cJSON *rec = NULL;
        ck_assert_int_eq(arena_store_record(st, id, &rec, err, sizeof err), 0);
        const cJSON *res = cJSON_GetObjectItemCaseSensitive(rec, "result");
        const cJSON *w = cJSON_GetObjectItemCaseSensitive(res, "winner");
        const cJSON *pl = cJSON_GetObjectItemCaseSensitive(rec, "players");
        for (int k = 0; k < 2 && cJSON_IsString(w); k++) {
            const cJSON *p = cJSON_GetArrayItem(pl, k);
            const char *name = cJSON_GetObjectItemCaseSensitive(p, "name")->valuestring;
            const char *colour = cJSON_GetObjectItemCaseSensitive(p, "color")->valuestring;
            *wins += strncmp(name, "Me", 2) == 0 && strcmp(colour, w->valuestring) == 0;
        }
        cJSON_Delete(rec);
    }
    arena_store_close(st);
}

/* The contestant's wins among battles [0, n) (imp_battle's sides). */
static int expected_wins(int n)
{
    int w = 0;
    for (int i = 0; i < n; i++)
        w += imp_winner[i % 5] == (i / 5) % 2;
    return w;
}

START_TEST(every_shape_imports_and_again_adds_nothing)
{
    char in[512], out[512], more[512];
    const char *t = tmpdir();
    snprintf(in, sizeof in, "%s/in", t);
    snprintf(out, sizeof out, "%s/league", t);
    snprintf(more, sizeof more, "%s/more", t);
    battles(in, 0, 40, "Me", opponents, 4);
    arena_import_result r;
    char *report;
    import(out, in, NULL, NULL, &r, &report);
    ck_assert_msg(r.refused == 0, "%s", report);
    free(report);
    ck_assert_int_eq(r.files, 40);
    ck_assert_int_eq(r.added, 40);
    ck_assert_str_eq(r.me, "Me");
    int wins, games;
    tally(out, &wins, &games);
    ck_assert_int_eq(games, 40);
    ck_assert_int_eq(wins, expected_wins(40));
    import(out, in, NULL, NULL, &r, NULL);
    ck_assert_int_eq(r.added, 0);
    ck_assert_int_eq(r.already, 40);
    ck_assert_int_eq(r.games, 40);
    battles(more, 40, 10, "Me", opponents, 4); /* the next battles: only they are new */
    import(out, more, NULL, NULL, &r, NULL);
    ck_assert_int_eq(r.added, 10);
    ck_assert_int_eq(r.games, 50);
    tally(out, &wins, &games);
    ck_assert_int_eq(games, 50);
    ck_assert_int_eq(wins, expected_wins(50));
    cleanup();
}
END_TEST

static void write_raw(const char *dir, const char *name, const char *text, size_t n)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    ck_assert_int_eq(util_write_file_atomic(path, text, n), 0);
}

START_TEST(bad_files_are_named_and_the_rest_imported)
{
    char in[512], out[512], path[1024];
    const char *t = tmpdir();
    snprintf(in, sizeof in, "%s/in", t);
    snprintf(out, sizeof out, "%s/league", t);
    battles(in, 0, 5, "Me", opponents, 4);
    write_raw(in, "junk.json", "<html>rate limited</html>\n", 26);
    snprintf(path, sizeof path, "%s/7001.json", in);
    char *good = slurp(path);
    write_raw(in, "cut.json", good, strlen(good) / 2); /* a truncated download */
    free(good);
    const char *other = "{\"puzzleId\": 1, \"gameResult\": {\"gameId\": 5, \"scores\": [1, 0]}}";
    write_raw(in, "other.json", other, strlen(other));
    cJSON *site = imp_site(0); /* a move changed: the replay disagrees at frame 6 */
    imp_rename(site, 9001, "Me", "bob");
    cJSON *f6 = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(site, "frames"), 6);
    imp_set(f6, "stdout", cJSON_CreateString("a1a2\n"));
    snprintf(path, sizeof path, "%s/moved.json", in);
    ck_assert_int_eq(imp_write(path, site), 0);
    site = imp_site(0); /* game 7000 again, another opponent: other content */
    imp_rename(site, 7000, "Me", "mallory");
    snprintf(path, sizeof path, "%s/z-dup.json", in);
    ck_assert_int_eq(imp_write(path, site), 0);
    arena_import_result r;
    char *report;
    import(out, in, NULL, NULL, &r, &report);
    ck_assert_int_eq(r.added, 5);
    ck_assert_int_eq(r.refused, 5);
    static const char *const needles[] = {"junk.json: ",         "cut.json: ",
                                          "truncated download",  "other.json: not a game record",
                                          "moved.json: frame 6", "z-dup.json: game id 7000 is ",
                                          "7000.json's already"};
    for (size_t i = 0; i < LOA_COUNT(needles); i++)
        ck_assert_msg(strstr(report, needles[i]), "'%s' not in:\n%s", needles[i], report);
    free(report);
    /* the exit status counts them; the second time the league has the 5 */
    char *argv[] = {"import", out, in, NULL};
    fflush(stdout);
    ck_assert_int_eq(arena_import_main(3, argv), 5);
    cleanup();
}
END_TEST

/* The contestant's lines by colour (arena_import_contestant) against
 * battles [0, n): games, won, drawn, lost with each colour. */
static void by_colour(const char *out, int n)
{
    arena_store *st = NULL;
    char err[512], *text = NULL;
    size_t len = 0;
    ck_assert_int_eq(arena_store_open(out, NULL, NULL, ARENA_STORE_READ_ONLY, NULL, NULL, &st, err,
                                      sizeof err),
                     0);
    FILE *f = open_memstream(&text, &len);
    ck_assert_int_eq(arena_import_contestant(arena_store_settings(st), st, f, err, sizeof err), 0);
    fclose(f);
    arena_store_close(st);
    for (int side = 0; side < 2; side++) {
        int want[4] = {0, 0, 0, 0}, got[4] = {-1, -1, -1, -1};
        for (int i = 0; i < n; i++)
            if ((i / 5) % 2 == side) {
                int w = imp_winner[i % 5];
                want[0]++;
                want[w < 0 ? 2 : w == side ? 1 : 3]++;
            }
        const char *line = strstr(text, side ? "as white" : "as black");
        ck_assert_msg(line, "%s", text);
        ck_assert_int_eq(sscanf(line + 8, "%d %d %d %d", &got[0], &got[1], &got[2], &got[3]), 4);
        for (int k = 0; k < 4; k++)
            ck_assert_msg(got[k] == want[k], "side %d column %d: %d, want %d:\n%s", side, k, got[k],
                          want[k], text);
    }
    free(text);
}

START_TEST(the_contestant_is_the_most_seen_or_every_name_given)
{
    char in[512], out[512], out2[512];
    const char *t = tmpdir();
    snprintf(in, sizeof in, "%s/in", t);
    snprintf(out, sizeof out, "%s/by-count", t);
    snprintf(out2, sizeof out2, "%s/by-names", t);
    battles(in, 0, 12, "Me", opponents, 4);
    /* 8 more under the contestant's old name, against one opponent */
    for (int i = 12; i < 20; i++)
        ck_assert_int_eq(imp_battle(in, i, 7000, "Me-old", opponents, 1), 0);
    arena_import_result r;
    char *report;
    import(out, in, NULL, NULL, &r, &report);
    free(report);
    ck_assert_str_eq(r.me, "Me"); /* 12 files; alice is in 3 + 8 = 11 */
    ck_assert_int_eq(r.added, 12);
    ck_assert_int_eq(r.refused, 8); /* Me-old against alice: Me plays neither side */
    import(out2, in, "Me", "Me-old", &r, &report);
    ck_assert_msg(r.refused == 0, "%s", report);
    free(report);
    ck_assert_int_eq(r.added, 20);
    ck_assert_str_eq(r.me, "Me");
    int wins, games;
    tally(out2, &wins, &games);
    ck_assert_int_eq(games, 20);
    ck_assert_int_eq(wins, expected_wins(20));
    by_colour(out2, 20);
    /* the first league given both names: the 8 under Me-old are new */
    import(out, in, "Me", "Me-old", &r, NULL);
    ck_assert_int_eq(r.added, 8);
    ck_assert_int_eq(r.games, 20);
    /* the second named again with one name: written again without them */
    import(out2, in, "Me", NULL, &r, NULL);
    ck_assert_int_eq(r.added, 0);
    ck_assert_int_eq(r.renamed, 1);
    ck_assert_int_eq(r.games, 12);
    tally(out2, &wins, &games);
    ck_assert_int_eq(games, 12);
    import(out2, in, "Me", NULL, &r, NULL); /* the same names: nothing written */
    ck_assert_int_eq(r.renamed, 0);
    ck_assert_int_eq(r.already, 12);
    /* a --me name in no file (a typo) is refused before the league is
     * touched: it would have refused every game */
    const char *files[] = {in};
    arena_import_opts o = {.dir = out2, .files = files, .nfiles = 1};
    o.me[o.nme++] = "Mee";
    char err[512];
    FILE *quiet = fopen("/dev/null", "w");
    ck_assert_int_eq(arena_import(&o, quiet, quiet, &r, err, sizeof err), ARENA_E_CONFIG);
    fclose(quiet);
    ck_assert_msg(strstr(err, "--me 'Mee' plays in none of the 20 games (the name in the most: "
                              "'Me')"),
                  "%s", err);
    tally(out2, &wins, &games);
    ck_assert_int_eq(games, 12);
    cleanup();
}
END_TEST

/* 1 when needle occurs in an HTML file of dir or dir/games. */
static int in_any_file(const char *dir, const char *needle)
{
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    int found = 0;
    for (struct dirent *e; !found && (e = readdir(d));) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t n = strlen(e->d_name);
        /* live.js's JSON is script, never parsed as HTML: the pages put
         * its names in as text */
        if (n > 5 && strcmp(e->d_name + n - 5, ".html") == 0) {
            char *text = slurp(path);
            found = strstr(text, needle) != NULL;
            free(text);
        } else if (strcmp(e->d_name, "games") == 0) {
            found = in_any_file(path, needle);
        }
    }
    closedir(d);
    return found;
}

START_TEST(hostile_names_are_escaped_on_every_page)
{
    char in[512], out[512];
    const char *t = tmpdir();
    snprintf(in, sizeof in, "%s/in", t);
    snprintf(out, sizeof out, "%s/league", t);
    const char *const hostile[] = {"<script>alert(1)</script>", "\"'&<b>bold</b>",
                                   "tab\there and a name far longer than forty bytes, cut"};
    battles(in, 0, 6, "Me", hostile, 3);
    cJSON *site = imp_site(0);                /* and a hostile stderr */
    imp_rename(site, 9100, hostile[0], "Me"); /* Me loses: its page is written */
    cJSON *f1 = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(site, "frames"), 1);
    imp_set(f1, "stderr", cJSON_CreateString("<img src=x onerror=alert(3)>\n"));
    char path[1024];
    snprintf(path, sizeof path, "%s/stderr.json", in);
    ck_assert_int_eq(imp_write(path, imp_shape(site, IMP_INFORMATION)), 0);
    arena_import_result r;
    char *report;
    import(out, in, NULL, NULL, &r, &report);
    ck_assert_msg(r.added == 7 && r.refused == 0, "%s", report);
    free(report);
    ck_assert_msg(in_any_file(out, "onerror=alert(3)"), "the stderr is on no page");
    ck_assert_msg(!in_any_file(out, "<img src=x"), "a stderr's <img> unescaped");
    ck_assert_msg(!in_any_file(out, "<script>alert(1)"), "a name's <script> unescaped");
    ck_assert_msg(!in_any_file(out, "<b>bold</b>"), "a name's <b> unescaped");
    cleanup();
}
END_TEST

START_TEST(a_league_played_here_is_left_alone)
{
    char in[512], out[512], err[512];
    const char *t = tmpdir();
    snprintf(in, sizeof in, "%s/in", t);
    snprintf(out, sizeof out, "%s/league", t);
    arena_settings s;
    league(&s, 2, 2);
    arena_set_string(&s.out_dir, out);
    arena_store *st = NULL;
    ck_assert_int_eq(arena_store_open(out, &s, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err),
                     0);
    arena_store_close(st);
    arena_settings_clear(&s);
    battles(in, 0, 2, "Me", opponents, 4);
    arena_import_result r;
    ck_assert_int_eq(arena_error_kind(import(out, in, NULL, NULL, &r, NULL)), ARENA_E_CONFIG);
    char *argv[] = {"import", out, in, NULL};
    ck_assert_int_eq(arena_import_main(3, argv), ARENA_IMPORT_EXIT_USAGE);
    cleanup();
}
END_TEST

START_TEST(opponents_beyond_a_league_are_one_bot)
{
    char in[512], out[512], err[512];
    const char *t = tmpdir();
    snprintf(in, sizeof in, "%s/in", t);
    snprintf(out, sizeof out, "%s/league", t);
    /* 75 opponents, the first met twice: more than a league's ARENA_MAX_BOTS */
    char names[75][16];
    const char *opp[75];
    for (int i = 0; i < 75; i++)
        snprintf(names[i], sizeof names[i], "opp%02d", i), opp[i] = names[i];
    battles(in, 0, 75, "Me", opp, 75);
    ck_assert_int_eq(imp_battle(in, 75, 7000, "Me", opp, 75), 0); /* opp00 again */
    arena_import_result r;
    char *report;
    import(out, in, NULL, NULL, &r, &report);
    ck_assert_msg(r.added == 76 && r.refused == 0, "%s", report);
    free(report);
    arena_store *st = NULL;
    ck_assert_int_eq(arena_store_open(out, NULL, NULL, ARENA_STORE_READ_ONLY, NULL, NULL, &st, err,
                                      sizeof err),
                     0);
    const arena_settings *s = arena_store_settings(st);
    ck_assert_int_eq(s->bot_count, ARENA_MAX_BOTS);
    ck_assert_int_eq(arena_store_count(st), 76);
    /* the contestant, the 62 met first (opp00 most), then the 13 others */
    ck_assert_str_eq(s->bots[1].name, "opp00");
    ck_assert_str_eq(s->bots[ARENA_MAX_BOTS - 1].name, "others (13 players)");
    arena_store_close(st);
    cleanup();
}
END_TEST

START_TEST(an_imported_league_is_never_played)
{
    char in[512], out[512], cmd[1400];
    const char *t = tmpdir();
    snprintf(in, sizeof in, "%s/in", t);
    snprintf(out, sizeof out, "%s/league", t);
    battles(in, 0, 7, "Me", opponents, 4); /* slots left empty in its schedule */
    arena_import_result r;
    import(out, in, NULL, NULL, &r, NULL);
    ck_assert_int_eq(r.added, 7);
    snprintf(cmd, sizeof cmd, "'%s/loa-arena' --out '%s' -q 2>'%s/err.txt' >/dev/null", LOA_BIN_DIR,
             out, t);
    int st = system(cmd);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 2, "status %d", st);
    snprintf(cmd, sizeof cmd, "%s/err.txt", t);
    char *err = slurp(cmd);
    ck_assert_msg(strstr(err, "was made by loa-arena import"), "%s", err);
    free(err);
    int wins, games;
    tally(out, &wins, &games);
    ck_assert_int_eq(games, 7);
    cleanup();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"every_shape_imports_and_again_adds_nothing", every_shape_imports_and_again_adds_nothing,
         120},
        {"bad_files_are_named_and_the_rest_imported", bad_files_are_named_and_the_rest_imported,
         60},
        {"the_contestant_is_the_most_seen_or_every_name_given",
         the_contestant_is_the_most_seen_or_every_name_given, 60},
        {"hostile_names_are_escaped_on_every_page", hostile_names_are_escaped_on_every_page, 60},
        {"a_league_played_here_is_left_alone", a_league_played_here_is_left_alone, 60},
        {"an_imported_league_is_never_played", an_imported_league_is_never_played, 60},
        {"opponents_beyond_a_league_are_one_bot", opponents_beyond_a_league_are_one_bot, 120},
    };
    return loa_run_suite("arena_import", cases, LOA_COUNT(cases));
}
