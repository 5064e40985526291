/*
 * check_datagen - the datagen library without a bot: the format's bytes
 * (a record round-trips, its fields at the documented offsets, as a C
 * struct on this machine), a file written and read back, the files refused
 * (another version, cut mid-record, not a datagen file) with one line
 * naming them, a resume's cut to whole games, the positions' set, the
 * flags by the rules and the filters' rule, the settings compared, and a
 * merge that drops duplicates and sets the game ends anew.
 */
#include <check.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../datagen/src/keys.h"
#include "../datagen/src/label.h"
#include "check_main.h"
#include "datagen/datagen.h"
#include "datagen_test_util.h"
#include "loa/rng.h"

/* A record of random fields (a real position from random plies). */
static datagen_record random_record(loa_rng *g, uint32_t game)
{
    loa_board b;
    loa_board_init(&b);
    int plies = (int)loa_rng_below(g, 40);
    for (int i = 0; i < plies && !loa_board_status(&b, LOA_MAX_PLIES); i++) {
        loa_move mv[LOA_MAX_MOVES];
        int n = loa_generate_moves(&b, mv);
        loa_make_move(&b, n ? mv[loa_rng_below(g, (uint32_t)n)] : LOA_MOVE_PASS, NULL);
    }
    datagen_record r = {.black = b.pieces[0],
                        .white = b.pieces[1],
                        .ply = (uint16_t)b.ply,
                        .side = (uint8_t)b.side,
                        .game = game};
    r.score = (int16_t)(loa_rng_next(g) & 0xFFFF);
    r.move = (uint16_t)loa_rng_next(g);
    r.result = (int8_t)((int)loa_rng_below(g, 3) - 1);
    r.depth = (uint8_t)loa_rng_next(g);
    r.flags = (uint8_t)(loa_rng_next(g) & 0x1F);
    r.game_plies = (uint16_t)(b.ply + loa_rng_below(g, 50));
    return r;
}

START_TEST(a_record_round_trips_at_its_documented_offsets)
{
    loa_rng g;
    loa_rng_seed(&g, 45);
    for (int i = 0; i < 10000; i++) {
        datagen_record r = random_record(&g, (uint32_t)loa_rng_next(&g)), back;
        unsigned char b[DATAGEN_RECORD_SIZE];
        datagen_record_encode(&r, b);
        datagen_record_decode(b, &back);
        ck_assert_mem_eq(&r, &back, sizeof r);
        /* little-endian at the offsets of docs/datagen.md */
        ck_assert_uint_eq(b[0] | (uint64_t)b[7] << 56,
                          (r.black & 0xFF) | (r.black & 0xFFull << 56));
        ck_assert_int_eq((int16_t)(b[16] | b[17] << 8), r.score);
        ck_assert_uint_eq((unsigned)(b[20] | b[21] << 8), r.ply);
        ck_assert_int_eq((int8_t)b[23], r.result);
        ck_assert_uint_eq(b[28] | (uint32_t)b[31] << 24, (r.game & 0xFF) | (r.game & 0xFF000000u));
        /* the docs' C reader reads the bytes as the struct (this machine is little-endian) */
        datagen_record as_struct;
        memcpy(&as_struct, b, sizeof as_struct);
        ck_assert_mem_eq(&as_struct, &r, sizeof r);
    }
}
END_TEST

/* A file of n random records (game numbers ascending, a game end every 7). */
static void write_file(const char *path, int n, const char *settings)
{
    datagen_file *f;
    char err[1024];
    unlink(path);
    ck_assert_int_eq(datagen_file_create(path, settings, &f, err, sizeof err), 0);
    loa_rng g;
    loa_rng_seed(&g, 7);
    for (int i = 0; i < n; i++) {
        datagen_record r = random_record(&g, (uint32_t)(i / 7));
        r.flags = (uint8_t)((r.flags & ~DATAGEN_FLAG_GAME_END) |
                            (i % 7 == 6 || i == n - 1 ? DATAGEN_FLAG_GAME_END : 0));
        ck_assert_int_eq(datagen_file_append(f, &r, 1, err, sizeof err), 0);
    }
    datagen_file_close(f);
}

START_TEST(a_file_round_trips_with_its_settings)
{
    char dir[64], path[128];
    dg_tmpdir(dir, sizeof dir, "datagen");
    snprintf(path, sizeof path, "%s/a.bin", dir);
    write_file(path, 100, "{\"tool\":\"loa-datagen\",\"seed\":3}");
    int64_t n;
    datagen_record *r = dg_records(path, &n);
    ck_assert_int_eq(n, 100);
    loa_rng g;
    loa_rng_seed(&g, 7);
    for (int i = 0; i < n; i++) {
        datagen_record want = random_record(&g, (uint32_t)(i / 7));
        ck_assert_uint_eq(r[i].black, want.black);
        ck_assert_int_eq(r[i].score, want.score);
        ck_assert_uint_eq(r[i].game, (uint32_t)(i / 7));
    }
    free(r);
    datagen_file *f;
    char err[256];
    ck_assert_int_eq(datagen_file_open(path, DATAGEN_OPEN_READ, &f, err, sizeof err), 0);
    ck_assert_str_eq(datagen_file_settings(f), "{\"tool\":\"loa-datagen\",\"seed\":3}");
    datagen_file_close(f);
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq((st.st_size - 100 * 32) % 32, 0); /* the header: whole records */
    unlink(path);
    rmdir(dir);
}
END_TEST

/* Opens path strictly and expects code with a one-line message holding want. */
static void refused(const char *path, int code, const char *want)
{
    datagen_file *f = NULL;
    char err[1024];
    ck_assert_int_eq(datagen_file_open(path, DATAGEN_OPEN_READ, &f, err, sizeof err), code);
    ck_assert_ptr_null(f);
    ck_assert_msg(strstr(err, want) && strstr(err, path) && !strchr(err, '\n'), "%s", err);
}

START_TEST(files_of_another_version_or_cut_or_foreign_are_refused_by_name)
{
    char dir[64], path[128];
    dg_tmpdir(dir, sizeof dir, "datagen");
    snprintf(path, sizeof path, "%s/a.bin", dir);
    write_file(path, 20, "{}");
    int fd = open(path, O_WRONLY);
    ck_assert_int_eq(pwrite(fd, "\x02", 1, 8), 1); /* version 2 */
    close(fd);
    refused(path, DATAGEN_E_FORMAT, "version 2 (this loa-datagen reads version 1)");
    write_file(path, 20, "{}");
    struct stat st;
    stat(path, &st);
    ck_assert_int_eq(truncate(path, st.st_size - 5), 0);
    refused(path, DATAGEN_E_FORMAT, "cut mid-record (27 bytes after record 19)");
    fd = open(path, O_WRONLY | O_TRUNC);
    ck_assert_int_eq(write(fd, "# an openings file\nb1d3\n", 24), 24);
    close(fd);
    refused(path, DATAGEN_E_FORMAT, "not a loa-datagen file");
    ck_assert_int_eq(truncate(path, 0), 0);
    refused(path, DATAGEN_E_FORMAT, "not a loa-datagen file");
    unlink(path);
    refused(path, DATAGEN_E_IO, "No such file");
    rmdir(dir);
}
END_TEST

START_TEST(a_resume_cuts_a_torn_record_and_a_game_written_in_part)
{
    char dir[64], path[128], err[256];
    dg_tmpdir(dir, sizeof dir, "datagen");
    snprintf(path, sizeof path, "%s/a.bin", dir);
    write_file(path, 30, "{}"); /* games 0..3 end at records 6, 13, 20, 27; game 4 at 29 */
    struct stat st;
    stat(path, &st);
    off_t header = st.st_size - 30 * 32;
    /* records 0..24 and 11 bytes of record 25: game 3 (records 21..) written in part */
    ck_assert_int_eq(truncate(path, header + 25 * 32 + 11), 0);
    datagen_file *f;
    ck_assert_int_eq(datagen_file_open(path, DATAGEN_OPEN_RESUME, &f, err, sizeof err), 0);
    ck_assert_int_eq(datagen_file_count(f), 21);
    ck_assert_int_eq(datagen_file_cut(f), 4 * 32 + 11);
    datagen_file_close(f);
    stat(path, &st);
    ck_assert_int_eq(st.st_size, header + 21 * 32);
    int64_t n;
    datagen_record *r = dg_records(path, &n);
    ck_assert(r[n - 1].flags & DATAGEN_FLAG_GAME_END);
    free(r);
    unlink(path);
    rmdir(dir);
}
END_TEST

START_TEST(the_positions_set_drops_duplicates)
{
    datagen_keys k = {0};
    loa_rng g;
    loa_rng_seed(&g, 1);
    uint64_t keys[5000];
    for (int i = 0; i < 5000; i++) {
        keys[i] = i == 17 ? 0 : loa_rng_next(&g);
        ck_assert_int_eq(datagen_keys_add(&k, keys[i]), 1);
    }
    for (int i = 0; i < 5000; i++) {
        ck_assert_int_eq(datagen_keys_add(&k, keys[i]), 0);
        ck_assert(datagen_keys_has(&k, keys[i]));
    }
    ck_assert(!datagen_keys_has(&k, 12345));
    ck_assert_uint_eq(k.count, 4999); /* key 0 kept apart */
    datagen_keys_free(&k);
}
END_TEST

/* The flags by the rules: a position built for them, and over random
 * positions the move generator's capture bit and "some move leaves the
 * mover's checkers connected" (loa_connected) as oracles. */
START_TEST(the_flags_follow_the_rules)
{
    loa_board b;
    /* black a1 b3: a1-b2 (one checker on the a1-h8 diagonal) joins them;
     * white a8 h8 has no joining move */
    ck_assert_int_eq(
        loa_board_parse(
            "w......w/......../......../......../......../.b....../......../b....... b 9", &b),
        0);
    ck_assert_uint_eq(datagen_position_flags(&b, LOA_MOVE_MAKE(0, 9)), DATAGEN_FLAG_CONNECT);
    b.side = LOA_WHITE;
    ck_assert_uint_eq(datagen_position_flags(&b, LOA_MOVE_PASS), DATAGEN_FLAG_THREAT);
    loa_rng g;
    loa_rng_seed(&g, 3);
    int seen[3] = {0};
    for (int game = 0; game < 300; game++) {
        loa_board_init(&b);
        while (!loa_board_status(&b, LOA_MAX_PLIES)) {
            loa_move mv[LOA_MAX_MOVES];
            int n = loa_generate_moves(&b, mv), connects = 0;
            for (int i = 0; i < n; i++) {
                loa_board x = b;
                loa_make_move(&x, mv[i], NULL);
                connects |= loa_connected(x.pieces[b.side]);
            }
            loa_move m = n ? mv[loa_rng_below(&g, (uint32_t)n)] : LOA_MOVE_PASS;
            unsigned f = datagen_position_flags(&b, LOA_MOVE_SQUARES(m));
            ck_assert_int_eq(!!(f & DATAGEN_FLAG_CONNECT), connects);
            ck_assert_int_eq(!!(f & DATAGEN_FLAG_CAPTURE),
                             m != LOA_MOVE_PASS && (m & LOA_MOVE_CAPTURE));
            seen[0] += connects;
            seen[1] += !!(f & DATAGEN_FLAG_CAPTURE);
            seen[2] += !!(f & DATAGEN_FLAG_THREAT);
            loa_make_move(&b, m, NULL);
        }
    }
    ck_assert(seen[0] > 0 && seen[1] > 0 && seen[2] > 0); /* each flag met */
}
END_TEST

START_TEST(the_filters_drop_what_they_say)
{
    for (unsigned flags = 0; flags < 64; flags++)
        for (int ply = 0; ply < 30; ply += 7) {
            datagen_record r = {.flags = (uint8_t)flags, .ply = (uint16_t)ply};
            datagen_filter none = {0}, skip = {.skip_plies = 14}, tac = {.no_tactical = 1},
                           quiet = {.quiet = 1};
            ck_assert(datagen_filter_keeps(&none, &r));
            ck_assert_int_eq(datagen_filter_keeps(&skip, &r), ply >= 14);
            ck_assert_int_eq(datagen_filter_keeps(&tac, &r), !(flags & DATAGEN_FLAG_CONNECT));
            ck_assert_int_eq(datagen_filter_keeps(&quiet, &r),
                             !(flags & (DATAGEN_FLAG_CONNECT | DATAGEN_FLAG_THREAT |
                                        DATAGEN_FLAG_CAPTURE | DATAGEN_FLAG_PROVEN)));
        }
}
END_TEST

START_TEST(scores_map_to_the_files_scale)
{
    analysis_reply r = {.eval = REPLAY_EVAL_CP, .score = 88};
    ck_assert_int_eq(datagen_score_of(&r), 88);
    r.score = -40000;
    ck_assert_int_eq(datagen_score_of(&r), -(DATAGEN_SCORE_PROVEN - 1));
    r = (analysis_reply){.eval = REPLAY_EVAL_WIN, .score = 3};
    ck_assert_int_eq(datagen_score_of(&r), 31997);
    r = (analysis_reply){.eval = REPLAY_EVAL_LOSS, .score = 5000};
    ck_assert_int_eq(datagen_score_of(&r), -DATAGEN_SCORE_PROVEN);
}
END_TEST

START_TEST(settings_differ_by_the_key_named)
{
    datagen_settings s = {.bot = "loa-ab --analyse",
                          .limit = {ANALYSIS_LIMIT_NODES, 5000},
                          .seed = 1,
                          .random_plies = 8,
                          .shard_count = 1};
    char *a = datagen_settings_json(&s, NULL, 0), why[256];
    s.limit.value = 3000;
    char *b = datagen_settings_json(&s, NULL, 0);
    s.limit.value = 5000;
    s.shard_index = 1;
    s.shard_count = 2;
    char *c = datagen_settings_json(&s, NULL, 0);
    ck_assert_int_eq(datagen_settings_differ(a, a, 0, why, sizeof why), 0);
    ck_assert_int_eq(datagen_settings_differ(a, b, 0, why, sizeof why), 1);
    ck_assert_str_eq(why, "budget: 5000 in the file, 3000 now");
    ck_assert_int_eq(datagen_settings_differ(a, c, 0, why, sizeof why), 1);
    ck_assert_int_eq(datagen_settings_differ(a, c, 1, why, sizeof why), 0);
    ck_assert_int_eq(datagen_settings_differ("[1]", a, 0, why, sizeof why), 1);
    free(a);
    free(b);
    free(c);
}
END_TEST

START_TEST(a_merge_keeps_game_order_drops_duplicates_and_marks_game_ends)
{
    char dir[64], p[3][128], err[256];
    dg_tmpdir(dir, sizeof dir, "datagen");
    for (int i = 0; i < 3; i++)
        snprintf(p[i], sizeof p[i], "%s/%d.bin", dir, i);
    write_file(p[0], 40, "{}");
    write_file(p[1], 40, "{}"); /* the same records: every one a duplicate */
    int64_t written, dropped;
    const char *in[2] = {p[0], p[1]};
    ck_assert_int_eq(datagen_merge(p[2], in, 2, &written, &dropped, err, sizeof err), 0);
    int64_t n0, n2;
    datagen_record *a = dg_records(p[0], &n0), *m = dg_records(p[2], &n2);
    datagen_keys k = {0};
    int64_t distinct = 0;
    for (int i = 0; i < n0; i++)
        distinct += datagen_keys_add(&k, datagen_record_key(&a[i]));
    ck_assert_int_eq(n2, distinct);
    ck_assert_int_eq(written, n2);
    ck_assert_int_eq(dropped, 80 - n2);
    for (int i = 0; i < n2; i++) {
        ck_assert(i == 0 || m[i].game >= m[i - 1].game);
        int end = i == n2 - 1 || m[i + 1].game != m[i].game;
        ck_assert_int_eq(!!(m[i].flags & DATAGEN_FLAG_GAME_END), end);
    }
    datagen_keys_free(&k);
    free(a);
    free(m);
    for (int i = 0; i < 3; i++)
        unlink(p[i]);
    rmdir(dir);
}
END_TEST

START_TEST(error_codes_are_distinct_and_in_range)
{
    const char *seen[100] = {0};
#define XX(name, code, text)                               \
    ck_assert(code <= -901 && code >= -999);               \
    ck_assert_str_eq(datagen_strerror(code), text);        \
    for (int i = 0; i < 100; i++)                          \
        ck_assert(!seen[i] || strcmp(seen[i], text) != 0); \
    seen[-(code)-901] = text;
    DATAGEN_ERROR_MAP(XX)
#undef XX
    ck_assert_str_eq(datagen_strerror(0), "success");
    ck_assert_str_eq(datagen_strerror(-1), "unknown datagen error");
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"error_codes_are_distinct_and_in_range", error_codes_are_distinct_and_in_range, 10},
        {"a_record_round_trips_at_its_documented_offsets",
         a_record_round_trips_at_its_documented_offsets, 30},
        {"a_file_round_trips_with_its_settings", a_file_round_trips_with_its_settings, 30},
        {"files_of_another_version_or_cut_or_foreign_are_refused_by_name",
         files_of_another_version_or_cut_or_foreign_are_refused_by_name, 30},
        {"a_resume_cuts_a_torn_record_and_a_game_written_in_part",
         a_resume_cuts_a_torn_record_and_a_game_written_in_part, 30},
        {"the_positions_set_drops_duplicates", the_positions_set_drops_duplicates, 30},
        {"the_flags_follow_the_rules", the_flags_follow_the_rules, 30},
        {"the_filters_drop_what_they_say", the_filters_drop_what_they_say, 30},
        {"scores_map_to_the_files_scale", scores_map_to_the_files_scale, 30},
        {"settings_differ_by_the_key_named", settings_differ_by_the_key_named, 30},
        {"a_merge_keeps_game_order_drops_duplicates_and_marks_game_ends",
         a_merge_keeps_game_order_drops_duplicates_and_marks_game_ends, 30},
    };
    return loa_run_suite("datagen", cases, LOA_COUNT(cases));
}
