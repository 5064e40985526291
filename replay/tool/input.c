/*
 * input.c - `loa-replay --input`: the bytes a bot read on its stdin in a
 * recorded game, written by the referee's own writer (ref_turn_input,
 * through ref_input_walk), so that `loa-replay --input ... | ./mybot` puts
 * the bot where it was. Also the game as the walk takes it (tool_game),
 * which --through shares.
 */
#include <stdlib.h>
#include <string.h>

#include "ref/turn_input.h"
#include "tool.h"
#include "util/buf.h"
#include "util/parse.h"
#include "util/text.h"

/* The record's limits.time_mode and limits.time_margin_ms (absent in older
 * records: CodinGame's wall clock, no margin). */
static void record_timing(const replay_game *g, tool_game *t)
{
    const cJSON *lim = cJSON_GetObjectItemCaseSensitive(replay_game_record(g), "limits");
    const cJSON *mode = cJSON_GetObjectItemCaseSensitive(lim, "time_mode");
    const cJSON *margin = cJSON_GetObjectItemCaseSensitive(lim, "time_margin_ms");
    if (cJSON_IsString(mode) && strcmp(mode->valuestring, "cpu") == 0)
        t->time_mode = REF_TIME_CPU;
    if (cJSON_IsNumber(margin) && margin->valuedouble >= 0 &&
        margin->valuedouble <= REF_TIME_MARGIN_MS_MAX)
        t->limits.time_margin_ms = (int)margin->valuedouble;
}

int tool_game_of(const replay_game *g, tool_game *t, char *err, size_t errsz)
{
    const replay_info *in = replay_game_info(g);
    memset(t, 0, sizeof *t);
    t->plies = in->plies;
    t->opening_plies = in->opening_plies;
    t->failed_turn = in->error_turn != NULL;
    t->moves = malloc(sizeof *t->moves * (size_t)(in->plies + 1));
    t->random = calloc((size_t)in->plies + 1, 1);
    if (!t->moves || !t->random) {
        tool_game_free(t);
        return util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory");
    }
    for (int i = 0; i < in->plies; i++) {
        const replay_ply *p = replay_game_ply(g, i + 1);
        t->moves[i] = p->pass ? LOA_MOVE_PASS : LOA_MOVE_MAKE(p->from, p->to);
        t->random[i] = (unsigned char)(p->has_turn && p->turn.random);
    }
    if (util_parse_i64(in->seed_text, INT64_MIN, INT64_MAX, &t->seed) != 0) {
        tool_game_free(t);
        return util_fail(REPLAY_E_FIELD, err, errsz, "%s: seed '%s' is not a 64-bit integer",
                         in->source, in->seed_text);
    }
    ref_config c;
    ref_config_init(&c);
    t->limits = c.limits;
    t->limits.first_turn_ms = in->first_turn_ms;
    t->limits.turn_ms = in->turn_ms;
    t->limits.max_plies = in->max_plies;
    record_timing(g, t);
    return 0;
}

void tool_game_free(tool_game *t)
{
    free(t->moves);
    free(t->random);
    t->moves = NULL;
    t->random = NULL;
}

int tool_check_ply(const replay_game *g, int ply, char *err, size_t errsz)
{
    const replay_info *in = replay_game_info(g);
    int last = in->plies + (in->error_turn != NULL);
    if (ply < 1)
        return util_fail(REPLAY_E_PLY, err, errsz,
                         "ply %d: no bot plays it (ply 1 is the game's first move)", ply);
    if (ply > last)
        return util_fail(REPLAY_E_PLY, err, errsz,
                         "ply %d is past the end of %s (its last turn is ply %d)", ply, in->source,
                         last);
    if (ply <= in->opening_plies)
        return util_fail(REPLAY_E_PLY, err, errsz,
                         "ply %d is a ply of the game's opening (plies 1 to %d, applied by the "
                         "referee): no bot received it; the bots' first turn is ply %d",
                         ply, in->opening_plies, in->opening_plies + 1);
    return 0;
}

/* The walk of t to ply, each side's inputs gathered in b[side] (a side's
 * turns from the first through ply's, or ply's alone with turn_only);
 * *mover gets ply's side. Returns 0 or a code with err. */
static int gather(const tool_game *t, int ply, int turn_only, util_buf b[2], int *mover, char *err,
                  size_t errsz)
{
    ref_input_walk w;
    char turn[REF_TURN_INPUT_MAX];
    int rc = ref_input_walk_init(&w, t->moves, t->plies, t->opening_plies, err, errsz);
    for (int k = t->opening_plies + 1; rc == 0 && k <= ply; k++) {
        if (!turn_only || k == ply)
            util_buf_put(&b[w.board.side], turn, ref_input_walk_turn(&w, turn));
        if (k == ply)
            *mover = w.board.side;
        else
            rc = ref_input_walk_apply(&w, err, errsz);
    }
    return rc;
}

int tool_print_input(const replay_game *g, int ply, int turn_only, FILE *out, char *err,
                     size_t errsz)
{
    int rc = tool_check_ply(g, ply, err, errsz);
    if (rc)
        return rc;
    tool_game t;
    if ((rc = tool_game_of(g, &t, err, errsz)) != 0)
        return rc;
    util_buf b[2] = {{0}, {0}};
    int mover = 0;
    char why[256];
    rc = gather(&t, ply, turn_only, b, &mover, why, sizeof why);
    tool_game_free(&t);
    size_t n = b[mover].len;
    char *s = rc ? NULL : util_buf_take(&b[mover]);
    util_buf_free(&b[0]);
    util_buf_free(&b[1]);
    if (rc) /* replay_game checked every move: a bug, said all the same */
        return util_fail(REPLAY_E_MOVE, err, errsz, "%s: %s", replay_game_info(g)->source, why);
    if (!s)
        return util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory");
    rc = fwrite(s, 1, n, out) == n && fflush(out) == 0
             ? 0
             : util_fail(REPLAY_E_IO, err, errsz, "writing the input failed");
    free(s);
    return rc;
}
