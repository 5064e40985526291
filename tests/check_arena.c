/*
 * check_arena.c - unit tests of the arena: schedule (pair counts, colour
 * balance, seed derivation), the Elo fit on synthetic results with known
 * answers, the results store (append, resume, torn line, foreign lines,
 * league mismatch) and the league file / flags (every bad input).
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena_cli.h"
#include "arena_settings.h"
#include "arena_command.h"
#include "arena_error.h"
#include "arena_league_file.h"
#include "arena_progress.h"
#include "arena_ratings.h"
#include "arena_schedule.h"
#include "arena_standings.h"
#include "arena_store.h"

/* ---- helpers ---- */

static void league(arena_settings *s, int bots, int games)
{
    arena_settings_init(s);
    for (int i = 0; i < bots; i++) {
        char name[16];
        snprintf(name, sizeof name, "bot%d", i);
        ck_assert_int_eq(arena_settings_add_bot(s, name, "./x", NULL, NULL, 0), 0);
    }
    s->games = games;
    arena_set_string(&s->out_dir, "out");
}

static char g_tmp[256];

static const char *tmpdir(void)
{
    snprintf(g_tmp, sizeof g_tmp, "/tmp/check_arena_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(g_tmp));
    return g_tmp;
}

/* Removes the test's temporary directory (kept when a test fails, for a
 * look at what went wrong). */
static void cleanup(void)
{
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", g_tmp);
    ck_assert_int_eq(system(cmd), 0);
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* ---- schedule ---- */

START_TEST(test_pair_counts)
{
    ck_assert_int_eq(arena_pairing_count(ARENA_FORMAT_ROUND_ROBIN, 5), 10);
    ck_assert_int_eq(arena_pairing_count(ARENA_FORMAT_ROUND_ROBIN, 2), 1);
    ck_assert_int_eq(arena_pairing_count(ARENA_FORMAT_GAUNTLET, 5), 4);
    ck_assert_int_eq(arena_pairing_count(ARENA_FORMAT_ROUND_ROBIN, 1), 0);
    ck_assert_int_eq(arena_schedule_size(ARENA_FORMAT_ROUND_ROBIN, 6, 8), 15 * 8);

    for (int fmt = 0; fmt < 2; fmt++) {
        arena_settings s;
        league(&s, 6, 8);
        s.format = (arena_format)fmt;
        if (fmt == ARENA_FORMAT_GAUNTLET)
            arena_set_string(&s.gauntlet_bot, "bot2");
        arena_game_spec *g;
        int n;
        ck_assert_int_eq(arena_schedule_build(&s, &g, &n), 0);
        ck_assert_int_eq(n, (fmt ? 5 : 15) * 8);
        int meet[6][6] = {{0}}, black[6][6] = {{0}};
        for (int i = 0; i < n; i++) {
            ck_assert_int_eq(g[i].id, i);
            ck_assert_int_ne(g[i].black, g[i].white);
            int a = g[i].black < g[i].white ? g[i].black : g[i].white;
            int b = g[i].black + g[i].white - a;
            meet[a][b]++;
            black[g[i].black][g[i].white]++;
            if (fmt == ARENA_FORMAT_GAUNTLET)
                ck_assert(g[i].black == 2 || g[i].white == 2);
        }
        for (int a = 0; a < 6; a++)
            for (int b = a + 1; b < 6; b++) {
                int expect = fmt == 0 || a == 2 || b == 2 ? 8 : 0;
                ck_assert_int_eq(meet[a][b], expect);
                /* colour balance: each side black in exactly half */
                ck_assert_int_eq(black[a][b], expect / 2);
                ck_assert_int_eq(black[b][a], expect / 2);
            }
        free(g);
        arena_settings_clear(&s);
    }
}
END_TEST

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

START_TEST(test_colour_swapped_pairs_and_seeds)
{
    arena_settings s;
    league(&s, 4, 6);
    s.seed = 12345;
    arena_game_spec *g;
    int n;
    ck_assert_int_eq(arena_schedule_build(&s, &g, &n), 0);
    ck_assert_int_eq(n, 36);
    int pairings = 6;
    for (int i = 0; i < n; i += 2) {
        /* game 2k and 2k+1: same pairing, same seed, colours swapped */
        ck_assert_int_eq(g[i].black, g[i + 1].white);
        ck_assert_int_eq(g[i].white, g[i + 1].black);
        ck_assert(g[i].seed == g[i + 1].seed);
        ck_assert_int_eq(g[i].pairing, (i / 2) % pairings);
        ck_assert_int_eq(g[i].round, (i / 2) / pairings);
        ck_assert(g[i].seed == arena_seed_derive(12345, g[i].round));
    }
    /* rounds differ in seed, pairings of one round share it */
    ck_assert(g[0].seed == g[2].seed);
    ck_assert(g[0].seed != g[12].seed);
    ck_assert(g[12].seed != g[24].seed);
    /* deterministic in the master seed, sensitive to it */
    ck_assert(arena_seed_derive(12345, 0) == arena_seed_derive(12345, 0));
    ck_assert(arena_seed_derive(12345, 0) != arena_seed_derive(12346, 0));
    ck_assert(arena_seed_derive(0, 0) != arena_seed_derive(0, 1));
    /* no collisions over many rounds */
    static int64_t seen[100000];
    for (int r = 0; r < 100000; r++)
        seen[r] = arena_seed_derive(-7, r);
    qsort(seen, 100000, sizeof seen[0], cmp_i64);
    for (int r = 1; r < 100000; r++)
        ck_assert(seen[r - 1] != seen[r]);
    free(g);
    arena_settings_clear(&s);
}
END_TEST

START_TEST(test_schedule_extends)
{
    /* raising the games per pairing only appends ids */
    arena_settings a, b;
    league(&a, 5, 4);
    league(&b, 5, 10);
    arena_game_spec *ga, *gb;
    int na, nb;
    ck_assert_int_eq(arena_schedule_build(&a, &ga, &na), 0);
    ck_assert_int_eq(arena_schedule_build(&b, &gb, &nb), 0);
    ck_assert_int_eq(na, 40);
    ck_assert_int_eq(nb, 100);
    for (int i = 0; i < na; i++) {
        ck_assert_int_eq(ga[i].id, gb[i].id);
        ck_assert_int_eq(ga[i].round, gb[i].round);
        ck_assert_int_eq(ga[i].pairing, gb[i].pairing);
        ck_assert_int_eq(ga[i].black, gb[i].black);
        ck_assert_int_eq(ga[i].white, gb[i].white);
        ck_assert(ga[i].seed == gb[i].seed);
    }
    free(ga);
    free(gb);
    arena_settings_clear(&a);
    arena_settings_clear(&b);
    arena_game_spec one;
    ck_assert_int_eq(arena_schedule_game(ARENA_FORMAT_ROUND_ROBIN, 3, 0, 3, 1, 0, &one),
                     ARENA_E_INVAL);
    ck_assert_int_eq(arena_schedule_game(ARENA_FORMAT_ROUND_ROBIN, 3, 0, 2, 1, 6, &one),
                     ARENA_E_INVAL);
    ck_assert_int_eq(arena_schedule_game(ARENA_FORMAT_ROUND_ROBIN, 3, 0, 2, 1, 5, &one), 0);
}
END_TEST

/* ---- ratings ---- */

static void set_pair(int n, double *games, double *points, int i, int j, double g, double si)
{
    games[i * n + j] = games[j * n + i] = g;
    points[i * n + j] = si;
    points[j * n + i] = g - si;
}

START_TEST(test_two_bots_known_answer)
{
    /* 100 games, 75%: MLE p = 0.75, so the gap is 400 log10(3) Elo; the
     * information of the gap is n p (1-p), so its sd is 1/sqrt(18.75) nats. */
    double games[4] = {0}, points[4] = {0};
    set_pair(2, games, points, 0, 1, 100, 75);
    arena_ratings r;
    ck_assert_int_eq(arena_ratings_fit(2, games, points, -1, -1, &r), 0);
    ck_assert(r.converged);
    double gap = 400 * log10(3.0);
    ck_assert_double_eq_tol(r.elo[0] - r.elo[1], gap, 1e-6);
    ck_assert_double_eq_tol(r.elo[0], gap / 2, 1e-6);
    double sd_gap = 1 / sqrt(100 * 0.75 * 0.25) * 400 / log(10.0);
    ck_assert_double_eq_tol(r.ci95[0], 1.959964 * sd_gap / 2, 1e-3);
    ck_assert_double_eq_tol(r.ci95[1], r.ci95[0], 1e-9);
    /* anchored on bot 1 */
    ck_assert_int_eq(arena_ratings_fit(2, games, points, 1, -1, &r), 0);
    ck_assert_double_eq_tol(r.elo[1], 0, 1e-9);
    ck_assert_double_eq_tol(r.elo[0], gap, 1e-6);
    ck_assert_double_eq_tol(r.ci95[0], 1.959964 * sd_gap, 1e-3);
    ck_assert_double_eq_tol(r.ci95[1], 0, 1e-12);
    /* LOS from the fit: Phi(gap / sd) */
    ck_assert_double_eq_tol(r.los[0][1], arena_phi(log(3.0) * sqrt(18.75)), 1e-9);
    ck_assert_double_eq_tol(r.los[0][1] + r.los[1][0], 1, 1e-12);
}
END_TEST

START_TEST(test_three_bots_consistent_data)
{
    /* Scores exactly as a Bradley-Terry model with Elo 0, 100, 300 predicts:
     * the likelihood's gradient is zero there, so the fit must return them. */
    double elo[3] = {0, 100, 300}, games[9] = {0}, points[9] = {0};
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++) {
            double p = 1 / (1 + pow(10, (elo[j] - elo[i]) / 400));
            set_pair(3, games, points, i, j, 1000, 1000 * p);
        }
    arena_ratings r;
    ck_assert_int_eq(arena_ratings_fit(3, games, points, 0, -1, &r), 0);
    ck_assert(r.converged);
    for (int i = 0; i < 3; i++)
        ck_assert_double_eq_tol(r.elo[i], elo[i], 1e-6);
    ck_assert_int_eq(arena_ratings_fit(3, games, points, -1, -1, &r), 0);
    ck_assert_double_eq_tol(r.elo[0], -400.0 / 3, 1e-6);
    ck_assert_double_eq_tol(r.elo[2], 500.0 / 3, 1e-6);
    ck_assert_double_eq_tol(r.elo[0] + r.elo[1] + r.elo[2], 0, 1e-9);
    /* more games, narrower intervals */
    double g2[9], p2[9];
    for (int k = 0; k < 9; k++) {
        g2[k] = games[k] * 4;
        p2[k] = points[k] * 4;
    }
    arena_ratings r4;
    ck_assert_int_eq(arena_ratings_fit(3, g2, p2, -1, -1, &r4), 0);
    for (int i = 0; i < 3; i++)
        ck_assert_double_eq_tol(r4.ci95[i], r.ci95[i] / 2, 1e-6);
    ck_assert(r.los[2][1] > 0.99 && r.los[1][0] > 0.99);
}
END_TEST

START_TEST(test_fit_is_the_maximum)
{
    /* Irregular data: any small move away from the fit lowers the
     * likelihood (checked by brute force, independent of Newton's method). */
    int n = 4;
    double games[16] = {0}, points[16] = {0};
    set_pair(n, games, points, 0, 1, 20, 13.5);
    set_pair(n, games, points, 0, 2, 10, 3);
    set_pair(n, games, points, 1, 2, 14, 6.5);
    set_pair(n, games, points, 1, 3, 8, 7);
    set_pair(n, games, points, 2, 3, 12, 10);
    arena_ratings r;
    ck_assert_int_eq(arena_ratings_fit(n, games, points, -1, -1, &r), 0);
    ck_assert(r.converged);
    double t[4];
    for (int i = 0; i < n; i++)
        t[i] = r.elo[i] / ARENA_ELO_PER_NAT;
    double best = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            double g = games[i * n + j], s = points[i * n + j];
            if (g == 0)
                continue;
            double p = 1 / (1 + exp(t[j] - t[i]));
            best += s * log(p) + (g - s) * log(1 - p);
        }
    for (int k = 0; k < n; k++)
        for (int sign = -1; sign <= 1; sign += 2) {
            double u[4];
            memcpy(u, t, sizeof u);
            u[k] += sign * 0.01;
            double l = 0;
            for (int i = 0; i < n; i++)
                for (int j = i + 1; j < n; j++) {
                    double g = games[i * n + j], s = points[i * n + j];
                    if (g == 0)
                        continue;
                    double p = 1 / (1 + exp(u[j] - u[i]));
                    l += s * log(p) + (g - s) * log(1 - p);
                }
            ck_assert(l < best);
        }
}
END_TEST

START_TEST(test_perfect_scores_and_los_wl)
{
    /* bot 0 wins everything: no finite maximum, so one virtual draw per
     * pairing: 10.5 of 11 against bot 1 and bot 2 */
    int n = 3;
    double games[9] = {0}, points[9] = {0};
    set_pair(n, games, points, 0, 1, 10, 10);
    set_pair(n, games, points, 0, 2, 10, 10);
    set_pair(n, games, points, 1, 2, 10, 7.5);
    arena_ratings r;
    ck_assert_int_eq(arena_ratings_fit(n, games, points, -1, -1, &r), 0);
    ck_assert(r.converged);
    ck_assert_double_eq(r.prior_draws, ARENA_PRIOR_DRAWS);
    ck_assert(isfinite(r.elo[0]) && r.elo[0] > r.elo[1] && r.elo[1] > r.elo[2]);
    ck_assert(isfinite(r.ci95[0]) && r.ci95[0] > 0);
    ck_assert(r.los[0][1] > 0.95);
    /* two bots, 10-0: with the virtual draw, 10.5/11, so 400 log10(21) */
    double g2[4] = {0}, p2[4] = {0};
    set_pair(2, g2, p2, 0, 1, 10, 10);
    ck_assert_int_eq(arena_ratings_fit(2, g2, p2, 1, -1, &r), 0);
    ck_assert_double_eq_tol(r.elo[0], 400 * log10(21.0), 1e-6);
    /* no prior when the maximum exists */
    set_pair(2, g2, p2, 0, 1, 10, 9.5);
    ck_assert_int_eq(arena_ratings_fit(2, g2, p2, 1, -1, &r), 0);
    ck_assert_double_eq(r.prior_draws, 0);
    ck_assert_double_eq_tol(r.elo[0], 400 * log10(19.0), 1e-6);
    /* a bot without games */
    double g0[9] = {0}, p0[9] = {0};
    set_pair(n, g0, p0, 0, 1, 4, 2);
    ck_assert_int_eq(arena_ratings_fit(n, g0, p0, -1, -1, &r), 0);
    ck_assert(isnan(r.elo[2]));
    ck_assert_double_eq_tol(r.elo[0], 0, 1e-9);
    /* inconsistent input */
    p0[0 * 3 + 1] = 3;
    ck_assert_int_eq(arena_ratings_fit(n, g0, p0, -1, -1, &r), ARENA_E_INVAL);
    /* head-to-head LOS, cutechess formula */
    ck_assert_double_eq_tol(arena_los_wl(10, 0), 0.5 + 0.5 * erf(10 / sqrt(20.0)), 1e-12);
    ck_assert_double_eq_tol(arena_los_wl(10, 0), 0.99922, 1e-5);
    ck_assert_double_eq_tol(arena_los_wl(7, 7), 0.5, 1e-12);
    ck_assert(isnan(arena_los_wl(0, 0)));
}
END_TEST

/* ---- store ---- */

static arena_game_record record_for(const arena_settings *s, int id, int winner)
{
    arena_game_spec g;
    ck_assert_int_eq(arena_schedule_game(s->format, s->bot_count, 0, s->games, s->seed, id, &g),
                     0);
    arena_game_record r;
    memset(&r, 0, sizeof r);
    r.id = id;
    r.round = g.round;
    r.pairing = g.pairing;
    r.black = g.black;
    r.white = g.white;
    r.seed = g.seed;
    r.winner = winner;
    r.fault = -1;
    r.scores[0] = winner == 0;
    r.scores[1] = winner == 1;
    r.reason = winner < 0 ? REF_REASON_PLY_LIMIT : REF_REASON_CONNECTED;
    r.plies = 40 + id;
    r.time[0].first_ms = 3.5;
    r.time[0].turns = 20;
    r.time[0].total_ms = 100;
    r.time[0].max_ms = 9.25;
    r.time[1].first_ms = 1;
    r.time[1].turns = 19;
    r.time[1].total_ms = 38;
    r.time[1].max_ms = 4;
    return r;
}

static int g_warnings;
static char g_last_warning[512];

static void count_warning(const char *msg, void *user)
{
    (void)user;
    g_warnings++;
    snprintf(g_last_warning, sizeof g_last_warning, "%s", msg);
}

START_TEST(test_store_append_resume)
{
    const char *dir = tmpdir();
    char sub[300];
    snprintf(sub, sizeof sub, "%s/a/b", dir);
    arena_settings s;
    league(&s, 3, 4);
    arena_store *st;
    char err[512];
    ck_assert_int_eq(arena_store_open(sub, &s, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err), 0);
    ck_assert_int_eq(arena_store_count(st), 0);
    for (int id = 0; id < 5; id++) {
        arena_game_record r = record_for(&s, id, id % 3 - 1);
        ck_assert_int_eq(arena_store_append(st, &r, err, sizeof err), 0);
    }
    arena_game_record dup = record_for(&s, 3, 0);
    ck_assert_int_eq(arena_store_append(st, &dup, err, sizeof err), ARENA_E_INVAL);
    /* one arena per directory */
    arena_store *second;
    ck_assert_int_eq(arena_store_open(sub, &s, ARENA_STORE_RESUME, NULL, NULL, &second, err,
                                      sizeof err), ARENA_E_IO);
    ck_assert_ptr_nonnull(strstr(err, "in use by another loa-arena"));
    arena_store_close(st);

    g_warnings = 0;
    ck_assert_int_eq(arena_store_open(sub, &s, ARENA_STORE_RESUME, count_warning, NULL, &st,
                                      err, sizeof err), 0);
    ck_assert_int_eq(g_warnings, 0);
    ck_assert_int_eq(arena_store_count(st), 5);
    for (int id = 0; id < 5; id++) {
        arena_game_record want = record_for(&s, id, id % 3 - 1);
        const arena_game_record *got = arena_store_get(st, id);
        ck_assert_int_eq(got->id, id);
        ck_assert_int_eq(got->black, want.black);
        ck_assert_int_eq(got->white, want.white);
        ck_assert(got->seed == want.seed);
        ck_assert_int_eq(got->winner, want.winner);
        ck_assert_int_eq(got->reason, want.reason);
        ck_assert_int_eq(got->plies, want.plies);
        ck_assert_double_eq_tol(got->time[0].max_ms, 9.25, 1e-9);
        ck_assert_int_eq(got->time[1].turns, 19);
        ck_assert(arena_store_has(st, id));
    }
    ck_assert(!arena_store_has(st, 5));
    arena_store_close(st);

    /* read-only from league.json alone */
    ck_assert_int_eq(arena_store_open(sub, NULL, ARENA_STORE_READ_ONLY, NULL, NULL, &st, err,
                                      sizeof err), 0);
    ck_assert_int_eq(arena_store_count(st), 5);
    ck_assert_int_eq(arena_store_settings(st)->bot_count, 3);
    ck_assert_str_eq(arena_store_settings(st)->bots[2].name, "bot2");
    arena_store_close(st);
    arena_settings_clear(&s);
    cleanup();
}
END_TEST

START_TEST(test_store_torn_and_foreign_lines)
{
    const char *dir = tmpdir();
    arena_settings s;
    league(&s, 3, 4);
    arena_store *st;
    char err[512], path[400];
    ck_assert_int_eq(arena_store_open(dir, &s, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err), 0);
    for (int id = 0; id < 3; id++) {
        arena_game_record r = record_for(&s, id, 0);
        ck_assert_int_eq(arena_store_append(st, &r, err, sizeof err), 0);
    }
    arena_store_close(st);
    snprintf(path, sizeof path, "%s/games.jsonl", dir);
    struct stat sb;
    ck_assert_int_eq(stat(path, &sb), 0);
    off_t good = sb.st_size;
    /* a torn last line, as kill -9 in the middle of a write leaves it */
    FILE *f = fopen(path, "ab");
    fputs("{\"id\":3,\"round\":0,\"pairing\":1,\"se", f);
    fclose(f);
    g_warnings = 0;
    ck_assert_int_eq(arena_store_open(dir, &s, ARENA_STORE_RESUME, count_warning, NULL, &st,
                                      err, sizeof err), 0);
    ck_assert_int_eq(g_warnings, 1);
    ck_assert_ptr_nonnull(strstr(g_last_warning, "torn"));
    ck_assert_int_eq(arena_store_count(st), 3);
    ck_assert_int_eq(stat(path, &sb), 0);
    ck_assert_int_eq(sb.st_size, good); /* cut off: appends start clean */
    arena_game_record r3 = record_for(&s, 3, 1);
    ck_assert_int_eq(arena_store_append(st, &r3, err, sizeof err), 0);
    arena_store_close(st);

    /* garbage, a repeated id, a foreign bot, a game outside the schedule */
    f = fopen(path, "ab");
    fputs("not json at all\n", f);
    char *line = read_text(path);
    char first[1024];
    snprintf(first, sizeof first, "%.*s", (int)(strchr(line, '\n') - line + 1), line);
    fputs(first, f);
    fputs("{\"id\":4,\"round\":0,\"pairing\":2,\"seed\":\"1\",\"black\":\"zz\",\"white\":\"bot1\","
          "\"winner\":null,\"fault\":null,\"scores\":[0,0],\"reason\":\"ply_limit\",\"plies\":1}\n",
          f);
    fputs("{\"id\":99,\"round\":0,\"pairing\":2,\"seed\":\"1\",\"black\":\"bot0\",\"white\":"
          "\"bot1\",\"winner\":null,\"fault\":null,\"scores\":[0,0],\"reason\":\"ply_limit\","
          "\"plies\":1}\n", f);
    fclose(f);
    g_warnings = 0;
    ck_assert_int_eq(arena_store_open(dir, &s, ARENA_STORE_READ_ONLY, count_warning, NULL, &st,
                                      err, sizeof err), 0);
    ck_assert_int_eq(g_warnings, 4);
    ck_assert_int_eq(arena_store_count(st), 4);
    arena_store_close(st);
    arena_settings_clear(&s);
    cleanup();
}
END_TEST

START_TEST(test_store_mismatch_and_archive)
{
    const char *dir = tmpdir();
    arena_settings s, t;
    league(&s, 3, 4);
    arena_store *st;
    char err[512];
    ck_assert_int_eq(arena_store_open(dir, &s, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err), 0);
    arena_game_record r = record_for(&s, 0, 0);
    ck_assert_int_eq(arena_store_append(st, &r, err, sizeof err), 0);
    arena_store_close(st);

    league(&t, 3, 4);
    t.seed = 2;
    ck_assert_int_eq(arena_store_open(dir, &t, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err), ARENA_E_MISMATCH);
    ck_assert_ptr_nonnull(strstr(err, "seed"));
    ck_assert_ptr_nonnull(strstr(err, "--force-new"));
    arena_settings_clear(&t);

    league(&t, 3, 4);
    free(t.bots[1].command);
    t.bots[1].command = strdup("./other");
    ck_assert_int_eq(arena_store_open(dir, &t, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err), ARENA_E_MISMATCH);
    ck_assert_ptr_nonnull(strstr(err, "./other"));
    arena_settings_clear(&t);

    league(&t, 4, 4);
    ck_assert_int_eq(arena_store_open(dir, &t, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err), ARENA_E_MISMATCH);
    arena_settings_clear(&t);

    /* more games per pairing: the same league, extended */
    league(&t, 3, 8);
    g_warnings = 0;
    ck_assert_int_eq(arena_store_open(dir, &t, ARENA_STORE_RESUME, count_warning, NULL, &st,
                                      err, sizeof err), 0);
    ck_assert_int_eq(arena_store_count(st), 1);
    ck_assert_int_eq(g_warnings, 1);
    arena_store_close(st);
    /* ... after which fewer is a mismatch */
    ck_assert_int_eq(arena_store_open(dir, &s, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err), ARENA_E_MISMATCH);
    ck_assert_int_eq(arena_store_archive(dir, err, sizeof err), 0);
    char path[400];
    snprintf(path, sizeof path, "%s/games.jsonl", dir);
    ck_assert_int_ne(access(path, F_OK), 0);
    ck_assert_int_eq(arena_store_open(dir, &s, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err), 0);
    ck_assert_int_eq(arena_store_count(st), 0);
    arena_store_close(st);
    arena_settings_clear(&t);
    arena_settings_clear(&s);
    cleanup();
}
END_TEST

START_TEST(test_standings_totals)
{
    arena_settings s;
    league(&s, 3, 2);
    arena_game_record recs[6];
    for (int id = 0; id < 6; id++)
        recs[id] = record_for(&s, id, -1);
    recs[0].winner = 0; /* bot0 (black) beats bot1 */
    recs[1].winner = 1; /* bot0 (white) beats bot1 */
    recs[2].winner = 1; /* bot2 (white) wins on a timeout of bot0 */
    recs[2].fault = 0;
    recs[2].reason = REF_REASON_TIMEOUT;
    recs[5].winner = 0;
    recs[5].fault = 1;
    recs[5].reason = REF_REASON_FAILED_TO_START;
    arena_standings *st = malloc(sizeof *st);
    ck_assert_int_eq(arena_standings_compute(&s, recs, 6, -1, st), 0);
    ck_assert_int_eq(st->games, 6);
    ck_assert_int_eq(st->expected, 6);
    const arena_bot_stats *b0 = &st->bots[0];
    ck_assert_int_eq(b0->games, 4);
    ck_assert_int_eq(b0->wins, 2);
    ck_assert_int_eq(b0->losses, 1);
    ck_assert_int_eq(b0->draws, 1);
    ck_assert_double_eq(b0->points, 2.5);
    ck_assert_int_eq(b0->timeouts, 1);
    ck_assert_int_eq(st->bots[recs[5].white].failed_to_start, 1);
    ck_assert_double_eq(st->pair_points[0 * 3 + 1], 2);
    ck_assert_double_eq(st->pair_games[0 * 3 + 1], 2);
    ck_assert_double_eq_tol(b0->max_ms, 9.25, 1e-9);
    cJSON *j = arena_standings_to_json(st, &s);
    ck_assert_ptr_nonnull(j);
    ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(j, "bots")), 3);
    ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(j, "pairs")), 3);
    cJSON_Delete(j);
    FILE *out = tmpfile();
    ck_assert_int_eq(arena_standings_print(st, &s, out), 0);
    fclose(out);
    free(st);
    arena_settings_clear(&s);
}
END_TEST

START_TEST(test_progress_modes)
{
    arena_settings s;
    league(&s, 3, 2);
    arena_game_record r = record_for(&s, 0, 0);
    r.duration_ms = 1234;
    static const char *const want[] = {
        "game 2/6 #000000 bot0 - bot1 1-0 connected, 40 plies, 1.23 s\n", /* LINES */
        "",                                                               /* QUIET */
    };
    for (int mode = 0; mode < 3; mode++) {
        FILE *out = tmpfile(), *err = tmpfile();
        arena_progress *p = arena_progress_create(out, err, mode, &s, 6, 1);
        ck_assert_ptr_nonnull(p);
        arena_progress_game(p, &r);
        arena_progress_warn(p, "careful");
        arena_progress_end(p);
        ck_assert_int_eq(arena_progress_played(p), 1);
        arena_progress_free(p);
        char buf[1024] = "", ebuf[256] = "";
        rewind(out);
        rewind(err);
        buf[fread(buf, 1, sizeof buf - 1, out)] = '\0';
        ebuf[fread(ebuf, 1, sizeof ebuf - 1, err)] = '\0';
        ck_assert_str_eq(ebuf, "loa-arena: warning: careful\n");
        if (mode == ARENA_PROGRESS_LIVE) {
            /* redrawn in place: done/total, leader, errors */
            ck_assert_ptr_nonnull(strstr(buf, "\r\033[K2/6 games (33%)"));
            ck_assert_ptr_nonnull(strstr(buf, "leader bot0 100.0%"));
            ck_assert_ptr_nonnull(strstr(buf, "errors 0"));
        } else {
            ck_assert_str_eq(buf, want[mode - 1]);
        }
        fclose(out);
        fclose(err);
    }
    arena_settings_clear(&s);
}
END_TEST

/* ---- league file and flags ---- */

static int load(const char *text, char *err, size_t errsz)
{
    arena_settings s;
    arena_settings_init(&s);
    int rc = arena_settings_load_text(&s, text, strlen(text), "l.json", ".", err, errsz);
    if (rc == 0) {
        arena_set_string(&s.out_dir, "o");
        rc = arena_settings_validate(&s, err, errsz);
    }
    arena_settings_clear(&s);
    return rc;
}

START_TEST(test_league_file_good)
{
    const char *text =
        "{\n"
        "  \"description\": \"x\",\n"
        "  \"bots\": [\n"
        "    {\"name\": \"ab\", \"command\": \"{bin}/loa-ab\"},\n"
        "    {\"name\": \"me\", \"command\": \"./me --fast\", \"cwd\": \"bots\"}\n"
        "  ],\n"
        "  \"format\": \"gauntlet\", \"gauntlet_bot\": \"me\", \"games\": 6,\n"
        "  \"concurrency\": 3, \"seed\": \"-9223372036854775808\", \"out\": \"res\",\n"
        "  \"turn_ms\": 50, \"first_turn_ms\": 500, \"max_plies\": 100, \"anchor\": \"ab\"\n"
        "}\n";
    arena_settings s;
    arena_settings_init(&s);
    char err[512];
    ck_assert_int_eq(arena_settings_load_text(&s, text, strlen(text), "dir/l.json", "dir", err,
                                              sizeof err), 0);
    ck_assert_int_eq(arena_settings_validate(&s, err, sizeof err), 0);
    ck_assert_int_eq(s.bot_count, 2);
    char want_cwd[4200];
    char *here = getcwd(NULL, 0);
    snprintf(want_cwd, sizeof want_cwd, "%s/dir/bots", here);
    free(here);
    ck_assert_str_eq(s.bots[1].cwd, want_cwd);
    ck_assert_str_eq(s.out_dir, "dir/res");
    ck_assert_int_eq(s.format, ARENA_FORMAT_GAUNTLET);
    ck_assert_int_eq(arena_settings_gauntlet_index(&s), 1);
    ck_assert(s.seed == INT64_MIN);
    ck_assert_int_eq(s.games, 6);
    ck_assert_int_eq(s.concurrency, 3);
    ck_assert_int_eq(s.turn_ms, 50);
    ck_assert_int_eq(s.first_turn_ms, 500);
    ck_assert_int_eq(s.max_plies, 100);
    char *cmd = arena_command_expand(s.bots[0].command, "/opt/it's", "dir");
    ck_assert_str_eq(cmd, "'/opt/it'\\''s'/loa-ab");
    free(cmd);
    /* the stored identity reads back as the same league */
    cJSON *j = arena_settings_to_json(&s);
    char *again = cJSON_Print(j);
    arena_settings t;
    arena_settings_init(&t);
    ck_assert_int_eq(arena_settings_load_text(&t, again, strlen(again), "x", "dir", err,
                                              sizeof err), 0);
    ck_assert_str_eq(t.bots[1].cwd, s.bots[1].cwd); /* absolute: read back unchanged */
    ck_assert_int_eq(arena_settings_compare(&s, &t, err, sizeof err), 0);
    cJSON_free(again);
    cJSON_Delete(j);
    arena_settings_clear(&t);
    arena_settings_clear(&s);
}
END_TEST

START_TEST(test_league_file_bad)
{
    static const struct {
        const char *text;
        int code;
        const char *needle;
    } cases[] = {
        {"{\n  \"bots\": [\n    {\"name\": \"a\",, \"command\": \"x\"}\n  ]\n}", ARENA_E_PARSE,
         "l.json:3:"},
        {"{\"bots\": [", ARENA_E_PARSE, "l.json:1:10: malformed JSON"},
        {"{\"bots\": []} x", ARENA_E_PARSE, "after the closing"},
        {"[1,2]", ARENA_E_CONFIG, "must be a JSON object"},
        {"{\"games\": 2}", ARENA_E_CONFIG, "missing \"bots\""},
        {"{\"bots\": {}}", ARENA_E_CONFIG, "must be a list"},
        {"{\"bots\": [{\"name\": \"a\"}, {\"name\": \"b\", \"command\": \"y\"}]}",
         ARENA_E_CONFIG, "missing bot command"},
        {"{\"bots\": [{\"name\": \"a\", \"command\": \"  \"}, {\"name\": \"b\", \"command\": "
         "\"y\"}]}", ARENA_E_CONFIG, "missing bot command"},
        {"{\"bots\": [{\"command\": \"x\"}]}", ARENA_E_CONFIG, "missing \"name\""},
        {"{\"bots\": [{\"name\": \"a\", \"command\": \"x\"}, {\"name\": \"a\", \"command\": "
         "\"y\"}]}", ARENA_E_CONFIG, "duplicate bot name 'a'"},
        {"{\"bots\": [{\"name\": \"a\", \"command\": \"x\"}]}", ARENA_E_CONFIG,
         "at least two bots"},
        {"{\"bots\": []}", ARENA_E_CONFIG, "at least two bots"},
        {"{\"bots\": [{\"name\": \"a\", \"command\": \"x\", \"dir\": \"d\"}]}", ARENA_E_CONFIG,
         "unknown key \"dir\""},
        {"{\"bots\": [], \"game\": 4}", ARENA_E_CONFIG, "unknown key \"game\""},
        {"{\"bots\": [], \"games\": \"4\"}", ARENA_E_CONFIG, "\"games\" must be an integer"},
        {"{\"bots\": [], \"games\": 2.5}", ARENA_E_CONFIG, "\"games\" must be an integer"},
        {"{\"bots\": [], \"bots\": []}", ARENA_E_CONFIG, "appears twice"},
        {"{\"bots\": [], \"format\": \"swiss\"}", ARENA_E_CONFIG, "'swiss'"},
        {"{\"bots\": [], \"seed\": \"12x\"}", ARENA_E_CONFIG, "\"seed\""},
        {"{\"bots\": [], \"seed\": 1e300}", ARENA_E_CONFIG, "\"seed\""},
        {"{\"bots\": [{\"name\": \"a\", \"command\": \"x\"}, {\"name\": \"b\", \"command\": "
         "\"y\"}], \"games\": 3}", ARENA_E_CONFIG, "even"},
        {"{\"bots\": [{\"name\": \"a\", \"command\": \"x\"}, {\"name\": \"b\", \"command\": "
         "\"y\"}], \"anchor\": \"c\"}", ARENA_E_CONFIG, "anchor 'c'"},
        {"{\"bots\": [{\"name\": \"a\", \"command\": \"x\"}, {\"name\": \"b\", \"command\": "
         "\"y\"}], \"gauntlet_bot\": \"c\"}", ARENA_E_CONFIG, "gauntlet bot 'c'"},
        {"{\"bots\": [{\"name\": \"\", \"command\": \"x\"}, {\"name\": \"b\", \"command\": "
         "\"y\"}]}", ARENA_E_CONFIG, "name is empty"},
        {"{\"bots\": [], \"turn_ms\": 0}", ARENA_E_CONFIG, "turn_ms"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[512] = "";
        int rc = load(cases[i].text, err, sizeof err);
        if (rc != cases[i].code || !strstr(err, cases[i].needle))
            ck_abort_msg("case %zu: rc %d, message '%s', expected %d with '%s'", i, rc, err,
                         cases[i].code, cases[i].needle);
        ck_assert_ptr_null(strchr(err, '\n'));
    }
}
END_TEST

START_TEST(test_league_too_large)
{
    arena_settings s;
    char err[256];
    league(&s, 64, 100000); /* 2016 pairings x 100000 */
    ck_assert_int_eq(arena_settings_validate(&s, err, sizeof err), ARENA_E_CONFIG);
    ck_assert_ptr_nonnull(strstr(err, "201600000 games"));
    s.games = 40000;
    ck_assert_int_eq(arena_settings_validate(&s, err, sizeof err), 0);
    arena_settings_clear(&s);
}
END_TEST

START_TEST(test_cli_flags)
{
    const char *dir = tmpdir();
    char path[400], err[512];
    snprintf(path, sizeof path, "%s/l.json", dir);
    write_text(path, "{\"bots\": [{\"name\": \"a\", \"command\": \"x\"}, {\"name\": \"b\", "
                     "\"command\": \"y\"}], \"games\": 4, \"seed\": 5}");
    char *argv1[] = {"loa-arena", "--games", "10", "--seed=-3", "-c", "2", "--turn-ms", "77",
                     path, NULL};
    arena_cli cli;
    ck_assert_int_eq(arena_cli_parse(9, argv1, &cli, err, sizeof err), 0);
    ck_assert_int_eq(cli.settings.games, 10);
    ck_assert(cli.settings.seed == -3);
    ck_assert_int_eq(cli.settings.concurrency, 2);
    ck_assert_int_eq(cli.settings.turn_ms, 77);
    ck_assert_int_eq(cli.settings.bot_count, 2);
    char want[420];
    snprintf(want, sizeof want, "%s/l-results", dir);
    ck_assert_str_eq(cli.settings.out_dir, want);
    arena_cli_clear(&cli);

    char *argv2[] = {"loa-arena", "--bot", "x=./x", "--bot", "y=./y arg", "--gauntlet-bot", "y",
                     NULL};
    ck_assert_int_eq(arena_cli_parse(7, argv2, &cli, err, sizeof err), 0);
    ck_assert_int_eq(cli.settings.format, ARENA_FORMAT_GAUNTLET);
    ck_assert_str_eq(cli.settings.bots[1].command, "./y arg");
    ck_assert_str_eq(cli.settings.out_dir, "arena-results");
    arena_cli_clear(&cli);

    static const struct {
        const char *args[6];
        const char *needle;
    } bad[] = {
        {{"--bot", "x=", "--bot", "y=./y"}, "missing bot command"},
        {{"--bot", "x", "--bot", "y=./y"}, "NAME=COMMAND"},
        {{"--bot", "x=./x", "--bot", "x=./y"}, "duplicate bot name 'x'"},
        {{"--bot", "x=./x"}, "at least two bots"},
        {{"--bot", "x=./x", "--bot", "y=./y", "--games", "ten"}, "--games: 'ten'"},
        {{"--bot", "x=./x", "--bot", "y=./y", "--games", "5"}, "even"},
        {{"--bot", "x=./x", "--bot", "y=./y", "--seed", "1.5"}, "--seed"},
        {{"--bot", "x=./x", "--bot", "y=./y", "--frobnicate"}, "unknown option"},
        {{"--bot", "x=./x", "--bot", "y=./y", "--games"}, "needs a value"},
        {{"/nonexistent/league.json"}, "cannot read the league file"},
        {{"a.json", "b.json"}, "more than one league file"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *argv[8] = {"loa-arena"};
        int argc = 1;
        for (int k = 0; k < 6 && bad[i].args[k]; k++)
            argv[argc++] = (char *)bad[i].args[k];
        argv[argc] = NULL;
        int rc = arena_cli_parse(argc, argv, &cli, err, sizeof err);
        if (rc == 0 || !strstr(err, bad[i].needle))
            ck_abort_msg("case %zu: rc %d, message '%s', expected '%s'", i, rc, err,
                         bad[i].needle);
        arena_cli_clear(&cli);
    }
    cleanup();
}
END_TEST

static Suite *arena_suite(void)
{
    Suite *s = suite_create("arena");
    TCase *tc = tcase_create("schedule");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_pair_counts);
    tcase_add_test(tc, test_colour_swapped_pairs_and_seeds);
    tcase_add_test(tc, test_schedule_extends);
    suite_add_tcase(s, tc);
    tc = tcase_create("ratings");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_two_bots_known_answer);
    tcase_add_test(tc, test_three_bots_consistent_data);
    tcase_add_test(tc, test_fit_is_the_maximum);
    tcase_add_test(tc, test_perfect_scores_and_los_wl);
    suite_add_tcase(s, tc);
    tc = tcase_create("store");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_store_append_resume);
    tcase_add_test(tc, test_store_torn_and_foreign_lines);
    tcase_add_test(tc, test_store_mismatch_and_archive);
    tcase_add_test(tc, test_standings_totals);
    tcase_add_test(tc, test_progress_modes);
    suite_add_tcase(s, tc);
    tc = tcase_create("config");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_league_file_good);
    tcase_add_test(tc, test_league_file_bad);
    tcase_add_test(tc, test_league_too_large);
    tcase_add_test(tc, test_cli_flags);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(arena_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
