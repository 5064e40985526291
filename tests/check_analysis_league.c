/*
 * check_analysis_league - the analysis of a league's games end to end:
 *  - the lost games of a league become an openings file (issue 34) that
 *    replays to the positions chosen, and a league plays exactly those;
 *  - loa-arena --analyse lost: every decisive game analysed beside its
 *    page, its row in live.js linking the loser's worst moment; a rerun
 *    keeps the analyses made with the same engine and budget;
 *  - no analysis after an interrupted (continuous) league; an interrupt to
 *    the arena during its analysis stops loa-analyse and its engines.
 * loa-analyse and loa-ab --analyse on single games: check_analysis_cli.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "analysis/analysis.h"
#include "analysis_cli_test_util.h"
#include "check_main.h"
#include "loa/loa.h"
#include "replay_test_util.h"

/* ---- suites of lost games (issue 34) ---------------------------------------------- */

typedef struct suite_check {
    char lines[64][1024]; /* the suite's openings */
    int n;
    int analysed, checked;
} suite_check;

/* Each game rnd lost: its line in the suite is the game's first `cut`
 * moves, cut computed here: before the worst move where the game has an
 * analysis, else 10 plies before the end, rnd to move. */
static int check_game(const analysis_input_game *in, void *user)
{
    suite_check *s = user;
    const replay_info *info = replay_game_info(in->game);
    int side = strcmp(info->names[0], "rnd") == 0 ? 0 : 1;
    ck_assert_str_eq(info->winner, side ? "black" : "white");
    char err[512];
    replay_analysis *a = NULL;
    int cut;
    if (replay_analysis_load(in->game, in->analysis_path, &a, err, sizeof err) == 0) {
        int worst = 0;
        double drop = 0;
        for (int n = 1; n <= a->plies; n++)
            if (replay_game_ply(in->game, n)->player == side && a->moves[n - 1].drop > drop)
                drop = a->moves[n - 1].drop, worst = n;
        ck_assert_int_gt(worst, 1);
        cut = worst - 1;
        s->analysed++;
    } else {
        cut = info->plies - 10;
        if (replay_game_ply(in->game, cut + 1)->player != side)
            cut--;
    }
    replay_analysis_free(a);
    /* the position after `cut` plies has rnd to move */
    ck_assert_int_eq(replay_game_ply(in->game, cut + 1)->player, side);
    char want[1024] = "";
    for (int n = 1; n <= cut; n++)
        snprintf(want + strlen(want), sizeof want - strlen(want), "%s%s", n > 1 ? " " : "",
                 replay_game_ply(in->game, n)->move);
    int found = 0;
    for (int i = 0; i < s->n && !found; i++)
        found = strcmp(s->lines[i], want) == 0;
    ck_assert_msg(found, "%s: no line '%s'", in->label, want);
    /* and the line replays, with the SDK, to that position */
    loa_board b;
    loa_board_init(&b);
    char copy[1024];
    snprintf(copy, sizeof copy, "%s", want);
    for (char *sv = NULL, *t = strtok_r(copy, " ", &sv); t; t = strtok_r(NULL, " ", &sv)) {
        loa_move m;
        ck_assert_int_eq(loa_move_parse(t, &m), 0);
        ck_assert(loa_is_legal(&b, m));
        loa_make_move(&b, m, NULL);
    }
    const char *board = replay_game_board(in->game, cut);
    for (int i = 0; i < 64; i++)
        ck_assert_int_eq(loa_board_square_char(&b, LOA_SQUARE(i % 8, 7 - i / 8)), board[i]);
    s->checked++;
    return 0;
}

START_TEST(lost_games_become_a_suite_a_league_plays)
{
    setup();
    char cmd[4096], out[16384], err[512];
    /* a league where rnd loses every game */
    snprintf(cmd, sizeof cmd,
             BIN "loa-arena --bot rnd='" BIN "loa-random -s {seed}' --bot ab='" BIN
                 "loa-ab --nodes 3000' --games 4 --concurrency 2 --pages none -q --out %s 2>&1",
             tmp("league"));
    ck_assert_msg(run(cmd, out, sizeof out) == 0, "%s", out);
    /* two of its games analysed */
    snprintf(cmd, sizeof cmd,
             BIN "loa-analyse --nodes 3000 --game 0 --game 3 --no-pages -q %s 2>&1", tmp("league"));
    ck_assert_msg(run(cmd, out, sizeof out) == 0, "%s", out);
    ck_assert_msg(strstr(out, "loa-analyse: 2 games"), "%s", out);
    snprintf(cmd, sizeof cmd, BIN "loa-analyse --suite %s --bot rnd %s 2>&1", tmp("suite.txt"),
             tmp("league"));
    ck_assert_msg(run(cmd, out, sizeof out) == 0, "%s", out);
    ck_assert_msg(strstr(out, "4 openings"), "%s", out);
    suite_check s = {.n = 0};
    char *text = slurp(tmp("suite.txt"), NULL);
    for (char *sv = NULL, *l = strtok_r(text, "\n", &sv); l; l = strtok_r(NULL, "\n", &sv))
        if (l[0] != '#')
            snprintf(s.lines[s.n++], sizeof s.lines[0], "%s", l);
    free(text);
    ck_assert_int_eq(s.n, 4);
    ck_assert_int_eq(analysis_foreach_game(tmp("league"), NULL, check_game, &s, err, sizeof err),
                     0);
    ck_assert_int_eq(s.checked, 4);
    ck_assert_int_eq(s.analysed, 2);
    /* the next version plays exactly those positions, both colours */
    snprintf(cmd, sizeof cmd,
             BIN "loa-arena --bot new='" BIN "loa-ab --nodes 2000' --bot old='" BIN
                 "loa-ab --nodes 1000' --openings %s --games 8 --concurrency 2 --pages none -q "
                 "--out %s 2>&1",
             tmp("suite.txt"), tmp("next"));
    ck_assert_msg(run(cmd, out, sizeof out) == 0, "%s", out);
    char path[600];
    snprintf(path, sizeof path, "%s/games.jsonl", tmp("next"));
    text = slurp(path, NULL);
    int seen[4][2] = {{0}};
    for (char *sv = NULL, *l = strtok_r(text, "\n", &sv); l; l = strtok_r(NULL, "\n", &sv)) {
        cJSON *g = cJSON_Parse(l);
        const cJSON *op = cJSON_GetObjectItemCaseSensitive(g, "opening");
        const cJSON *black = cJSON_GetObjectItemCaseSensitive(g, "black");
        ck_assert(cJSON_IsString(op) && cJSON_IsString(black));
        int k = -1;
        for (int i = 0; i < s.n; i++)
            if (strcmp(s.lines[i], op->valuestring) == 0)
                k = i;
        ck_assert_msg(k >= 0, "opening '%s' is not the suite's", op->valuestring);
        seen[k][strcmp(black->valuestring, "new") == 0]++;
        cJSON_Delete(g);
    }
    free(text);
    for (int i = 0; i < 4; i++)
        ck_assert_msg(seen[i][0] == 1 && seen[i][1] == 1, "opening %d played %d/%d", i, seen[i][0],
                      seen[i][1]);
    teardown();
}
END_TEST

/* loa-arena --analyse lost: after the league, every decisive game analysed
 * beside its page, and the row of each in the league's data (live.js, which
 * the index and the bot pages draw) linking its loser's worst moment. */
static int check_row(const analysis_input_game *in, void *user)
{
    const char *index = user;
    char err[512], want[64];
    replay_analysis *a;
    ck_assert_msg(replay_analysis_load(in->game, in->analysis_path, &a, err, sizeof err) == 0, "%s",
                  err);
    int loser = strcmp(replay_game_info(in->game)->winner, "black") == 0 ? 1 : 0;
    replay_side_summary s = replay_analysis_side(a, in->game, loser);
    ck_assert_int_gt(s.worst, 0);
    snprintf(want, sizeof want, "\"worst\":%d,\"worst_name\":\"rnd\"", s.worst);
    ck_assert_msg(strstr(index, want), "%s: no %s in live.js", in->label, want);
    /* a league's page: its data, the league's one viewer beside the index */
    char *page = slurp(in->page_path, NULL);
    ck_assert_msg(strstr(page, "src=\"../viewer.js\""), "%s: not a league's page", in->page_path);
    free(page);
    replay_analysis_free(a);
    return 0;
}

START_TEST(loa_arena_analyse_links_each_lost_games_worst_moment)
{
    setup();
    char cmd[4096], out[16384], err[512], path[600];
    snprintf(cmd, sizeof cmd,
             BIN "loa-arena --bot rnd='" BIN "loa-random -s {seed}' --bot ab='" BIN
                 "loa-ab --nodes 3000' --games 4 --concurrency 2 --pages none -q --out %s "
                 "--analyse lost 2>&1",
             tmp("league"));
    ck_assert_msg(run(cmd, out, sizeof out) == 0, "%s", out);
    ck_assert_msg(strstr(out, "loa-analyse: 4 games"), "%s", out);
    snprintf(path, sizeof path, "%s/live.js", tmp("league"));
    char *index = slurp(path, NULL);
    ck_assert_int_eq(analysis_foreach_game(tmp("league"), NULL, check_row, index, err, sizeof err),
                     0);
    /* the league's charts kept by loa-analyse's rewrite of the pages */
    ck_assert_msg(strstr(index, "\"elo_history\""), "no dashboard in live.js");
    free(index);
    snprintf(cmd, sizeof cmd, BIN "loa-arena --bot a=x --bot b=y --analyse some 2>&1");
    ck_assert_int_eq(run(cmd, out, sizeof out), 2);
    ck_assert_msg(strstr(out, "--analyse: 'some' is not lost, faults or all"), "%s", out);
    teardown();
}
END_TEST

/* ---- a rerun keeps the analyses made the same way ---------------------------------- */

typedef struct analyses {
    char text[8][65536]; /* each game's analysis file, in the league's order */
    char path[8][600];
    int n;
} analyses;

static int read_analysis(const analysis_input_game *in, void *user)
{
    analyses *a = user;
    ck_assert_int_lt(a->n, 8);
    snprintf(a->path[a->n], sizeof a->path[a->n], "%s", in->analysis_path);
    FILE *f = fopen(in->analysis_path, "r");
    size_t len = f ? fread(a->text[a->n], 1, sizeof a->text[a->n] - 1, f) : 0;
    a->text[a->n][len] = '\0';
    if (f)
        fclose(f);
    a->n++;
    return 0;
}

/* The positions searched that loa-analyse's last line gives, after "(K kept), ". */
static long long positions_after(const char *out, const char *kept)
{
    const char *at = strstr(out, kept);
    long long n = -1;
    ck_assert_msg(at && sscanf(at + strlen(kept), ", %lld positions", &n) == 1, "no '%s': %s", kept,
                  out);
    return n;
}

START_TEST(a_rerun_analyses_only_what_is_new)
{
    setup();
    char arena[4096], cmd[4096], out[16384], err[512];
    const char *league = tmp("league");
    snprintf(arena, sizeof arena,
             BIN "loa-arena --bot rnd='" BIN "loa-random -s {seed}' --bot ab='" BIN
                 "loa-ab --nodes 3000' --games 4 --concurrency 2 --pages none -q --out %s "
                 "--analyse lost 2>&1",
             league);
    analysis_filter lost = {.lost = 1};
    static analyses first, again;
    ck_assert_msg(run(arena, out, sizeof out) == 0, "%s", out);
    ck_assert_int_gt(positions_after(out, "loa-analyse: 4 games (0 kept)"), 0);
    ck_assert_int_eq(analysis_foreach_game(league, &lost, read_analysis, &first, err, sizeof err),
                     0);
    ck_assert_int_eq(first.n, 4);
    /* the same command again: nothing to play, nothing to analyse, the same files */
    ck_assert_msg(run(arena, out, sizeof out) == 0, "%s", out);
    ck_assert_int_eq(positions_after(out, "loa-analyse: 4 games (4 kept)"), 0);
    ck_assert_int_eq(analysis_foreach_game(league, &lost, read_analysis, &again, err, sizeof err),
                     0);
    for (int i = 0; i < 4; i++)
        ck_assert_msg(first.text[i][0] && strcmp(first.text[i], again.text[i]) == 0, "%s changed",
                      first.path[i]);
    /* an analysis removed: that game alone analysed again, as it was */
    ck_assert_int_eq(remove(first.path[2]), 0);
    ck_assert_msg(run(arena, out, sizeof out) == 0, "%s", out);
    ck_assert_int_gt(positions_after(out, "loa-analyse: 4 games (3 kept)"), 0);
    again.n = 0;
    ck_assert_int_eq(analysis_foreach_game(league, &lost, read_analysis, &again, err, sizeof err),
                     0);
    ck_assert_str_eq(again.text[2], first.text[2]);
    /* another budget or another engine command: every game analysed again */
    snprintf(cmd, sizeof cmd, BIN "loa-analyse --keep --lost --nodes 1000 -q %s 2>&1", league);
    ck_assert_msg(run(cmd, out, sizeof out) == 0, "%s", out);
    ck_assert_int_gt(positions_after(out, "loa-analyse: 4 games (0 kept)"), 0);
    snprintf(cmd, sizeof cmd,
             BIN "loa-analyse --keep --lost --nodes 1000 --engine '" BIN
                 "loa-ab  --analyse' -q %s 2>&1",
             league);
    ck_assert_msg(run(cmd, out, sizeof out) == 0, "%s", out);
    ck_assert_int_gt(positions_after(out, "loa-analyse: 4 games (0 kept)"), 0);
    again.n = 0;
    ck_assert_int_eq(analysis_foreach_game(league, &lost, read_analysis, &again, err, sizeof err),
                     0);
    for (int i = 0; i < 4; i++)
        ck_assert_msg(strstr(again.text[i], "\"value\":\t1000") &&
                          strstr(again.text[i], "loa-ab  --analyse"),
                      "%s: not the last run's", again.path[i]);
    teardown();
}
END_TEST

/* ---- interrupts -------------------------------------------------------------------- */

/* The games stored in dir's league so far (its database, through the
 * sqlite3 shell); -1 before it exists. */
static long stored_games(const char *dir)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "sqlite3 '%s/league.db' 'SELECT count(*) FROM games' 2>/dev/null",
             dir);
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    long n = -1;
    if (fscanf(p, "%ld", &n) != 1)
        n = -1;
    pclose(p);
    return n;
}

START_TEST(an_interrupted_continuous_league_is_not_analysed)
{
    setup();
    const char *dir = tmp("league");
    char rnd[300], ab[300];
    snprintf(rnd, sizeof rnd, "rnd=" BIN "loa-random -s {seed}");
    snprintf(ab, sizeof ab, "ab=" BIN "loa-ab --nodes 2000");
    char *argv[] = {BIN "loa-arena", "--bot",     rnd,       "--bot", ab,   "--continuous",
                    "--concurrency", "2",         "--pages", "none",  "-q", "--out",
                    (char *)dir,     "--analyse", "lost",    NULL};
    pid_t arena = spawn_to(argv, tmp("out.txt"));
    for (int waited = 0; stored_games(dir) < 4 && waited < 60000; waited += 50)
        nap_ms(50);
    long long took;
    int status = exit_after(arena, SIGINT, 60000, &took);
    char *out = slurp(tmp("out.txt"), NULL);
    size_t len = strlen(out);
    const char *tail = out + (len > 1500 ? len - 1500 : 0); /* Check's messages are short */
    ck_assert_msg(status == 0 && strstr(out, "Stopped: "), "exit %d: ...%s", status, tail);
    ck_assert_msg(!strstr(out, "loa-analyse"), "analysed after the interrupt: ...%s", tail);
    free(out);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "ls %s/games 2>/dev/null | grep -c analysis.json", dir);
    FILE *p = popen(cmd, "r");
    long files = -1;
    ck_assert_int_eq(fscanf(p, "%ld", &files), 1);
    pclose(p);
    ck_assert_int_eq(files, 0);
    teardown();
}
END_TEST

/* _i: SIGINT (loa-analyse stops its engines and says so; the arena exits
 * 130), SIGKILL (the arena's watchdog ends loa-analyse's group and tree,
 * ref/process.h): either way nothing of the analysis is left running. */
START_TEST(an_interrupt_or_a_kill_9_stops_the_arenas_analysis)
{
    static const int sigs[] = {SIGINT, SIGKILL};
    setup();
    const char *dir = tmp("league");
    char rnd[300], ab[300];
    snprintf(rnd, sizeof rnd, "rnd=" BIN "loa-random -s {seed}");
    snprintf(ab, sizeof ab, "ab=" BIN "loa-ab --nodes 2000");
    /* 8 games at the default budget: far more than the 5 s given below */
    char *argv[] = {BIN "loa-arena", "--bot", rnd,       "--bot", ab,      "--games",   "8",
                    "--concurrency", "2",     "--pages", "none",  "--out", (char *)dir, "--analyse",
                    "all",           NULL};
    pid_t arena = spawn_to(argv, tmp("out.txt"));
    pid_t analyse = child_named(arena, "loa-analyse", 120000);
    ck_assert_msg(analyse > 0, "no loa-analyse started");
    /* its engines started (its two, loa-ab exec'd without a shell, and
     * the watchdog: ref/process.h) */
    pid_t family[64];
    int n = 0;
    for (int waited = 0; (n = descendants(analyse, family, 64)) < 3 && waited < 10000; waited += 20)
        nap_ms(20);
    nap_ms(300);
    n = descendants(analyse, family, 64);
    ck_assert_int_ge(n, 3);
    long long took;
    int status = exit_after(arena, sigs[_i], 20000, &took); /* the arena alone, not its group */
    char *out = slurp(tmp("out.txt"), NULL);
    size_t len = strlen(out);
    const char *tail = out + (len > 1500 ? len - 1500 : 0); /* Check's messages are short */
    if (sigs[_i] == SIGINT) {
        ck_assert_msg(status == 130 && took < 5000, "exit %d after %lld ms: ...%s", status, took,
                      tail);
        ck_assert_msg(strstr(out, "loa-analyse: interrupted"), "...%s", tail);
    } else {
        ck_assert_int_eq(status, 1000 + SIGKILL);
    }
    free(out);
    int left = 0;
    for (int waited = 0; waited < 5000; waited += 20) {
        left = !ended(analyse);
        for (int i = 0; i < n; i++)
            left += !ended(family[i]);
        if (!left)
            break;
        nap_ms(20);
    }
    for (int i = 0; i < n && left; i++)
        kill(family[i], SIGKILL);
    if (left)
        kill(analyse, SIGKILL);
    ck_assert_msg(!left, "%d processes of the analysis left running", left);
    teardown();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"lost_games_become_a_suite_a_league_plays", lost_games_become_a_suite_a_league_plays, 240},
        {"loa_arena_analyse_links_each_lost_games_worst_moment",
         loa_arena_analyse_links_each_lost_games_worst_moment, 240},
        {"a_rerun_analyses_only_what_is_new", a_rerun_analyses_only_what_is_new, 240},
        {"an_interrupted_continuous_league_is_not_analysed",
         an_interrupted_continuous_league_is_not_analysed, 180},
    };
    const loa_loop_tcase loops[] = {
        {"an_interrupt_or_a_kill_9_stops_the_arenas_analysis",
         an_interrupt_or_a_kill_9_stops_the_arenas_analysis, 240, 2},
    };
    return loa_run_suite_loops("analysis_league", cases, LOA_COUNT(cases), loops, LOA_COUNT(loops));
}
