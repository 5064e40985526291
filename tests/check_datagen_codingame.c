/*
 * check_datagen_codingame - loa-datagen --protocol codingame end to end
 * with loa-ab in CodinGame mode (its budget its own: --nodes): every
 * record's score and depth are the metric lines loa-ab printed for that
 * ply, as loa-referee records them in the same game; the file is the same
 * whatever the number of workers; its moves replay as a legal game; and a
 * bot without a score metric, a bot that breaks the protocol, a budget
 * option or another protocol on resume are one line naming it; with
 * --win-score, loa-ab's wins and losses are proven scores.
 */
#include <check.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "check_main.h"
#include "datagen_test_util.h"

#define AB LOA_BIN_DIR "/loa-ab -q --nodes 1000 --hash 1"
#define DG LOA_BIN_DIR "/loa-datagen -q --protocol codingame"

static void run_ok(const char *cmd)
{
    char full[1024], out[4096];
    snprintf(full, sizeof full, "%s 2>&1", cmd);
    ck_assert_msg(run(full, out, sizeof out) == 0, "%s: %s", cmd, out);
}

static void one_line_error(const char *cmd, int status, const char *want)
{
    char full[1024], out[4096];
    snprintf(full, sizeof full, "%s 2>&1", cmd);
    ck_assert_msg(run(full, out, sizeof out) == status, "%s: %s", cmd, out);
    ck_assert_msg(dg_one_line(out) && strstr(out, want), "%s: %s (want %s)", cmd, out, want);
}

static cJSON *read_json(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    cJSON *j = cJSON_Parse(buf);
    ck_assert_ptr_nonnull(j);
    return j;
}

/* A number member of o, which must be there. */
static int num(const cJSON *o, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
    ck_assert_msg(cJSON_IsNumber(v), "no number '%s'", name);
    return v->valueint;
}

START_TEST(scores_and_depths_are_the_bots_metric_lines_of_each_ply)
{
    char dir[64], cmd[1024], path[128];
    dg_tmpdir(dir, sizeof dir, "datagen_cg");
    snprintf(cmd, sizeof cmd, "printf 'b1d3 a2c2\\nc1c3 h2f2\\n' > %s/o.txt", dir);
    run_ok(cmd);
    snprintf(cmd, sizeof cmd, DG " -b '" AB "' -o %s/cg.bin --openings %s/o.txt", dir, dir);
    run_ok(cmd);
    snprintf(path, sizeof path, "%s/cg.bin", dir);
    int64_t n;
    datagen_record *r = dg_records(path, &n);
    /* the same games, played by loa-referee with the seed datagen gives game g */
    const char *opening[2] = {"b1d3 a2c2", "c1c3 h2f2"};
    int64_t at = 0, matched = 0;
    for (int g = 0; g < 2; g++) {
        snprintf(cmd, sizeof cmd,
                 LOA_BIN_DIR "/loa-referee -p1 '" AB "' -p2 '" AB "' --seed %d --opening '%s' "
                             "--turn-ms 1000 -l %s/r%d.json",
                 g, opening[g], dir, g);
        run_ok(cmd);
        snprintf(path, sizeof path, "%s/r%d.json", dir, g);
        cJSON *j = read_json(path);
        const cJSON *p;
        cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(j, "plies"))
        {
            int ply = num(p, "ply") - 1; /* the record's ply: plies before the position */
            while (at < n && r[at].game == (uint32_t)g && r[at].ply < ply)
                at++; /* a duplicate dropped leaves a gap: skip to this ply */
            if (at >= n || r[at].game != (uint32_t)g || r[at].ply != ply)
                continue;
            const cJSON *m = cJSON_GetObjectItemCaseSensitive(p, "metrics");
            ck_assert_int_eq(r[at].score, num(m, "score"));
            ck_assert_int_eq(r[at].depth, num(m, "depth"));
            loa_move mv;
            ck_assert_int_eq(
                loa_move_parse(cJSON_GetObjectItemCaseSensitive(p, "move")->valuestring, &mv),
                LOA_OK);
            ck_assert_uint_eq(r[at].move, LOA_MOVE_SQUARES(mv));
            ck_assert_int_eq(r[at].game_plies,
                             num(cJSON_GetObjectItemCaseSensitive(j, "result"), "plies"));
            matched++;
            at++;
        }
        cJSON_Delete(j);
    }
    ck_assert_int_eq(matched, n);
    ck_assert_int_gt(n, 20);
    /* --win-score 30000 (loa-ab's): the same games, its wins and losses proven */
    snprintf(cmd, sizeof cmd, DG " -b '" AB "' -o %s/w.bin --openings %s/o.txt --win-score 30000",
             dir, dir);
    run_ok(cmd);
    snprintf(path, sizeof path, "%s/w.bin", dir);
    int64_t nw, proven = 0;
    datagen_record *w = dg_records(path, &nw);
    ck_assert_int_eq(nw, n);
    for (int64_t i = 0; i < n; i++) {
        int s = r[i].score, a = s < 0 ? -s : s;
        int want = a <= 29000 ? s : (s > 0 ? 1 : -1) * (DATAGEN_SCORE_WIN - (30000 - a));
        ck_assert_int_eq(w[i].score, want);
        ck_assert_int_eq(w[i].flags, r[i].flags | (a > 29000 ? DATAGEN_FLAG_PROVEN : 0));
        ck_assert(w[i].black == r[i].black && w[i].move == r[i].move);
        proven += a > 29000;
    }
    ck_assert_int_gt(proven, 0); /* the games end: the last plies are proven */
    free(w);
    free(r);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    run_ok(cmd);
}
END_TEST

START_TEST(the_file_is_the_same_whatever_the_concurrency_and_replays_as_a_game)
{
    char dir[64], cmd[1024], a[128];
    dg_tmpdir(dir, sizeof dir, "datagen_cg");
    for (int c = 1; c <= 2; c++) {
        snprintf(cmd, sizeof cmd, DG " -b '" AB "' -o %s/c%d.bin --games 6 -c %d", dir, c, c);
        run_ok(cmd);
    }
    snprintf(cmd, sizeof cmd, "cmp %s/c1.bin %s/c2.bin", dir, dir);
    run_ok(cmd);
    snprintf(a, sizeof a, "%s/c1.bin", dir);
    int64_t n;
    datagen_record *r = dg_records(a, &n);
    ck_assert_int_gt(n, 6 * 10);
    for (int64_t i = 0; i < n; i++) {
        loa_board b;
        b.pieces[LOA_BLACK] = r[i].black;
        b.pieces[LOA_WHITE] = r[i].white;
        b.side = r[i].side;
        b.ply = r[i].ply;
        loa_move m = r[i].move == DATAGEN_MOVE_PASS ? LOA_MOVE_PASS : (loa_move)r[i].move;
        ck_assert_msg(m == LOA_MOVE_PASS || loa_is_legal(&b, m), "record %lld", (long long)i);
        ck_assert_int_gt(r[i].depth, 0);
        ck_assert(!(r[i].flags & DATAGEN_FLAG_PROVEN)); /* metrics prove nothing */
        if (i + 1 < n && r[i + 1].game == r[i].game && r[i + 1].ply == r[i].ply + 1) {
            loa_make_move(&b, m, NULL);
            ck_assert(b.pieces[LOA_BLACK] == r[i + 1].black &&
                      b.pieces[LOA_WHITE] == r[i + 1].white);
        }
    }
    free(r);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    run_ok(cmd);
}
END_TEST

START_TEST(bad_bots_and_options_are_one_line_naming_them)
{
    char dir[64], cmd[1024];
    dg_tmpdir(dir, sizeof dir, "datagen_cg");
    snprintf(cmd, sizeof cmd, DG " -b '" LOA_BIN_DIR "/loa-mcts -q' -o %s/m.bin --games 1", dir);
    one_line_error(cmd, 1, "at ply 8: no score metric (its stderr must say");
    snprintf(cmd, sizeof cmd, DG " -b 'echo zz' -o %s/e.bin --games 1", dir);
    one_line_error(cmd, 1, "bot 'echo zz' (black), game 0 at ply 8: invalid_not_a_move");
    snprintf(cmd, sizeof cmd, DG " -b '" AB "' -o %s/a.bin --games 1 --nodes 100", dir);
    one_line_error(cmd, 2, "the bot's budget is its own command's");
    snprintf(cmd, sizeof cmd, DG " -o %s/a.bin --games 1", dir);
    one_line_error(cmd, 2, "--protocol codingame: give the bot, -b CMD");
    snprintf(cmd, sizeof cmd, DG " -b '" AB "' -o %s/a.bin --games 1 --protocol uci", dir);
    one_line_error(cmd, 2, "--protocol 'uci': expected analysis or codingame");
    snprintf(cmd, sizeof cmd, LOA_BIN_DIR "/loa-datagen -o %s/a.bin --games 1 --win-score 30000",
             dir);
    one_line_error(cmd, 2, "--win-score: for --protocol codingame");
    snprintf(cmd, sizeof cmd, DG " -b '" AB "' -o %s/a.bin --games 1", dir);
    run_ok(cmd);
    snprintf(cmd, sizeof cmd, LOA_BIN_DIR "/loa-datagen -q -b '" AB "' -o %s/a.bin --games 1", dir);
    one_line_error(cmd, 1, "other settings (protocol: \"codingame\" in the file, (none) now)");
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    run_ok(cmd);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"scores_and_depths_are_the_bots_metric_lines_of_each_ply",
         scores_and_depths_are_the_bots_metric_lines_of_each_ply, 120},
        {"the_file_is_the_same_whatever_the_concurrency_and_replays_as_a_game",
         the_file_is_the_same_whatever_the_concurrency_and_replays_as_a_game, 120},
        {"bad_bots_and_options_are_one_line_naming_them",
         bad_bots_and_options_are_one_line_naming_them, 120},
    };
    return loa_run_suite("datagen_codingame", cases, LOA_COUNT(cases));
}
