/*
 * check_referee_games: whole games against real bot processes: the seed-42
 * game of CodinGame's referee, the exact bytes of a turn's input, an
 * opening applied by the referee, games in parallel threads. The bot
 * processes around a game (failure to start, a referee error, the stop
 * fd, signals, file descriptors) are check_referee_process's, the
 * misbehaving bots check_referee_hostile's, the loa-referee command line
 * check_referee_cli's.
 */
#include "referee_test_util.h"

/* ---------------------------------------------------------------- protocol */

START_TEST(seed_42_random_game_is_codingames)
{
    /* reference: both bots answer `random`, seed 42: a draw after 150 plies
     * opening g8e6 h2h8 c8c6 a5c5 e1e4 h8g7 b8c7 a2c4 g1h2 h7d7 e6h3 a4c2
     * c6a8 c2a2 d1d4 g7e5 */
    static const char *opening[] = {"g8e6", "h2h8", "c8c6", "a5c5", "e1e4", "h8g7", "b8c7", "a2c4",
                                    "g1h2", "h7d7", "e6h3", "a4c2", "c6a8", "c2a2", "d1d4", "g7e5"};
    game t;
    game_init(&t);
    game_play(&t, bot_cmd(&t, "hostile-random"), bot_cmd(&t, "hostile-random"), 1000, 1000, 150);
    ck_assert_msg(t.r->reason == REF_REASON_PLY_LIMIT, "%s: %s", ref_reason_name(t.r->reason),
                  t.r->detail);
    ck_assert_int_eq(t.r->plies, 150);
    ck_assert_int_eq(t.r->winner, -1);
    ck_assert_int_eq(t.r->scores[0], 0);
    ck_assert_int_eq(t.r->scores[1], 0);
    ck_assert_int_eq(ref_game_ply_count(t.g), 150);
    for (size_t i = 0; i < LOA_COUNT(opening); i++) {
        char m[LOA_MOVE_STRING_MAX];
        ck_assert_str_eq(loa_move_format(ref_game_ply(t.g, (int)i)->move, m), opening[i]);
        ck_assert_int_eq(ref_game_ply(t.g, (int)i)->random, 1);
    }
    ck_assert_int_eq(check_all_gone(&t), 2);
    game_done(&t);
}
END_TEST

/* The reference's start position in generation order (black), sorted. */
static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

START_TEST(first_turn_input_is_byte_exact)
{
    static const char *gen[] = {"b1h1", "g1a1", "b8h8", "g8a8", "b1b3", "b8b6", "c1c3", "c8c6",
                                "d1d3", "d8d6", "e1e3", "e8e6", "f1f3", "f8f6", "g1g3", "g8g6",
                                "c1a3", "d1b3", "e1c3", "f1d3", "g1e3", "b8d6", "c8e6", "d8f6",
                                "e8g6", "f8h6", "g8e6", "f8d6", "e8c6", "d8b6", "c8a6", "b1d3",
                                "c1e3", "d1f3", "e1g3", "f1h3"};
    const char *sorted[36];
    memcpy(sorted, gen, sizeof sorted);
    qsort(sorted, 36, sizeof sorted[0], cmp_str);
    char expect[1024];
    size_t o = (size_t)sprintf(expect, "b\n.bbbbbb.\n");
    for (int i = 0; i < 6; i++)
        o += (size_t)sprintf(expect + o, "w......w\n");
    o += (size_t)sprintf(expect + o, ".bbbbbb.\nnull\n36\n");
    for (int i = 0; i < 36; i++)
        o += (size_t)sprintf(expect + o, "%s\n", sorted[i]);

    game t;
    game_init(&t);
    char cmd[PATH_MAX + 32], path[PATH_MAX];
    snprintf(path, sizeof path, "%s/input", t.dir);
    snprintf(cmd, sizeof cmd, "exec 3>&1 cat > '%s'", path); /* stdout kept open */
    game_play(&t, cmd, BIN "/loa-first", 300, 150, 150);
    assert_fault(&t, REF_REASON_TIMEOUT, 0);
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    char got[2048];
    size_t n = fread(got, 1, sizeof got - 1, f);
    got[n] = '\0';
    fclose(f);
    ck_assert_str_eq(got, expect);
    unlink(path);
    game_done(&t);

    /* white's first turn: colour, the board after black's ply, lastMove */
    game_init(&t);
    snprintf(path, sizeof path, "%s/input", t.dir);
    snprintf(cmd, sizeof cmd, "exec 3>&1 cat > '%s'", path); /* stdout kept open */
    game_play(&t, BIN "/loa-first", cmd, 300, 150, 150);
    assert_fault(&t, REF_REASON_TIMEOUT, 1);
    f = fopen(path, "r");
    n = fread(got, 1, sizeof got - 1, f);
    got[n] = '\0';
    fclose(f);
    char m[LOA_MOVE_STRING_MAX], last[16];
    snprintf(last, sizeof last, "\n%s\n", loa_move_format(ref_game_ply(t.g, 0)->move, m));
    ck_assert(strncmp(got, "w\n", 2) == 0);
    ck_assert_msg(strstr(got, last) == got + 2 + 8 * 9 - 1, "lastMove line not after rows");
    unlink(path);
    game_done(&t);
}
END_TEST

/* ---------------------------------------------------------------- openings */

/* White, the first bot to move after the opening[0..n-1] (three plies),
 * sees the position after it and lastMove e1e3 (it never answers: a
 * timeout); the record keeps the opening and numbers the plies after it. */
static void the_first_bot_sees_the_position_after_the_opening(const loa_move *opening, int n)
{
    game t;
    game_init(&t);
    char cmd[PATH_MAX + 32], path[PATH_MAX];
    snprintf(path, sizeof path, "%s/input", t.dir);
    snprintf(cmd, sizeof cmd, "exec 3>&1 cat > '%s'", path); /* reads, never answers */
    ref_config c;
    ref_config_init(&c);
    c.players[0].command = BIN "/loa-first";
    c.players[1].command = cmd;
    c.limits.first_turn_ms = 300;
    c.opening = opening;
    c.opening_plies = n;
    ck_assert_int_eq(ref_game_run(&c, &t.g), REF_OK);
    t.r = ref_game_result(t.g);
    assert_fault(&t, REF_REASON_TIMEOUT, 1);
    ck_assert_int_eq(ref_game_ply_count(t.g), 1); /* white's failed turn only */
    ck_assert_int_eq(t.r->plies, 3);
    char got[2048];
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    size_t len = fread(got, 1, sizeof got - 1, f);
    got[len] = '\0';
    fclose(f);
    loa_board b;
    loa_board_init(&b);
    for (int i = 0; i < n; i++)
        loa_make_move(&b, opening[i], NULL);
    char rows[8 * 9 + 1];
    size_t o = 0;
    for (int rank = 7; rank >= 0; rank--) {
        for (int file = 0; file < 8; file++)
            rows[o++] = loa_board_square_char(&b, LOA_SQUARE(file, rank));
        rows[o++] = '\n';
    }
    rows[o] = '\0';
    ck_assert(strncmp(got, "w\n", 2) == 0);
    ck_assert_msg(strncmp(got + 2, rows, o) == 0, "board after the opening differs:\n%s", got);
    ck_assert(strncmp(got + 2 + o, "e1e3\n", 5) == 0);
    const loa_move *om;
    ck_assert_int_eq(ref_game_opening(t.g, &om), 3);
    ck_assert_uint_eq(om[2], opening[2]);
    cJSON *j = ref_game_to_json(t.g);
    ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(j, "opening")->valuestring, "b1d3 a2c2 e1e3");
    const cJSON *p0 = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(j, "plies"), 0);
    ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(p0, "ply")->valuestring, "4"); /* raw */
    ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(j, "moves")), 0);
    cJSON_Delete(j);
    unlink(path);
    game_done(&t);
}

/* The opening's players' config: loa-first against itself after opening. */
static ref_config after_opening(const loa_move *opening, int n)
{
    ref_config c;
    ref_config_init(&c);
    c.players[0].command = BIN "/loa-first";
    c.players[1].command = BIN "/loa-first";
    c.opening = opening;
    c.opening_plies = n;
    return c;
}

START_TEST(an_opening_is_applied_by_the_referee_and_counts_in_the_plies)
{
    /* b1d3 a2c2 e1e3: three plies, so white is the first bot to move; it
     * sees the position after them and lastMove e1e3. */
    loa_move opening[REF_OPENING_MAX];
    int n = 0;
    char err[160];
    ck_assert_int_eq(ref_opening_parse("b1d3 a2c2 e1e3", opening, REF_OPENING_MAX, &n, err,
                                       sizeof err),
                     REF_OK);
    the_first_bot_sees_the_position_after_the_opening(opening, n);

    /* The ply limit counts the opening: 3 + 7 bot plies = 10. */
    ref_config c = after_opening(opening, n);
    c.limits.max_plies = 10;
    ref_game *g;
    ck_assert_int_eq(ref_game_run(&c, &g), REF_OK);
    ck_assert_int_eq(ref_game_result(g)->reason, REF_REASON_PLY_LIMIT);
    ck_assert_int_eq(ref_game_result(g)->plies, 10);
    ck_assert_int_eq(ref_game_ply_count(g), 7);
    ck_assert_int_eq(ref_game_ply(g, 0)->player, 1);
    ref_game_free(g);

    /* An opening as long as the game, or an illegal one, is refused. */
    c.limits.max_plies = 3;
    ck_assert_int_eq(ref_game_run(&c, &g), REF_E_OPENING);
    ck_assert_ptr_null(g);
    c.limits.max_plies = 150;
    loa_move bad[2] = {opening[0], opening[0]};
    c.opening = bad;
    c.opening_plies = 2;
    ck_assert_int_eq(ref_game_run(&c, &g), REF_E_OPENING);
}
END_TEST

/* ---------------------------------------------------------------- threads */

typedef struct par {
    ref_game *g;
    int rc;
} par;

static void *run_par(void *arg)
{
    par *p = arg;
    ref_config c;
    ref_config_init(&c);
    c.players[0].command = BIN "/hostile-random";
    c.players[1].command = BIN "/hostile-random";
    c.seed = 7;
    c.limits.first_turn_ms = c.limits.turn_ms = 2000;
    p->rc = ref_game_run(&c, &p->g);
    return NULL;
}

START_TEST(parallel_games_in_threads_are_independent)
{
    enum { N = 4 };
    pthread_t th[N];
    par ps[N];
    memset(ps, 0, sizeof ps);
    for (int i = 0; i < N; i++)
        ck_assert_int_eq(pthread_create(&th[i], NULL, run_par, &ps[i]), 0);
    for (int i = 0; i < N; i++)
        pthread_join(th[i], NULL);
    for (int i = 0; i < N; i++) {
        ck_assert_int_eq(ps[i].rc, REF_OK);
        const ref_result *r = ref_game_result(ps[i].g);
        ck_assert_msg(!ref_reason_is_fault(r->reason), "game %d: %s", i, r->detail);
        /* same seed, same game: the generators are per game */
        ck_assert_int_eq(ref_game_ply_count(ps[i].g), ref_game_ply_count(ps[0].g));
        for (int k = 0; k < ref_game_ply_count(ps[0].g); k++)
            ck_assert_uint_eq(ref_game_ply(ps[i].g, k)->move, ref_game_ply(ps[0].g, k)->move);
    }
    for (int i = 0; i < N; i++)
        ref_game_free(ps[i].g);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"seed_42_random_game_is_codingames", seed_42_random_game_is_codingames, 60},
        {"first_turn_input_is_byte_exact", first_turn_input_is_byte_exact, 30},
        {"an_opening_is_applied_by_the_referee_and_counts_in_the_plies",
         an_opening_is_applied_by_the_referee_and_counts_in_the_plies, 30},
        {"parallel_games_in_threads_are_independent", parallel_games_in_threads_are_independent,
         60},
    };
    if (ref_global_init() != REF_OK)
        return EXIT_FAILURE;
    return loa_run_suite("referee_games", cases, LOA_COUNT(cases));
}
