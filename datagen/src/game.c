/*
 * game.c - one self-play game (game.h): the bot answers every position
 * through the analysis protocol and plays its answer; the records wait for
 * the result. No referee: the bot is asked for a move and a score at a
 * fixed budget, which is what a position's label needs, and one process
 * serves every game of a worker.
 */
#include "game.h"

#include <stdlib.h>

#include "analysis/error.h"
#include "datagen/error.h"
#include "label.h"
#include "util/text.h"

int datagen_records_push(datagen_records *out, const datagen_record *r)
{
    if (out->n == out->cap) {
        int cap = out->cap ? out->cap * 2 : 64;
        datagen_record *rec = realloc(out->rec, (size_t)cap * sizeof *rec);
        if (!rec)
            return DATAGEN_E_NOMEM;
        out->rec = rec;
        out->cap = cap;
    }
    out->rec[out->n++] = *r;
    return 0;
}

/* The result for the side to move, from the game's final status. */
static int8_t result_for(loa_status end, int side)
{
    if (end == LOA_DRAW)
        return DATAGEN_RESULT_DRAW;
    int black_won = end == LOA_BLACK_WINS;
    return (side == LOA_BLACK) == black_won ? DATAGEN_RESULT_WIN : DATAGEN_RESULT_LOSS;
}

int datagen_game_play(analysis_engine *e, analysis_limit lim, uint32_t game,
                      const loa_move *opening, int nopen, datagen_records *out, char *err,
                      size_t errsz)
{
    loa_board b;
    loa_board_init(&b);
    out->n = 0;
    out->nodes = 0;
    for (int i = 0; i < nopen; i++) {
        if (!loa_is_legal(&b, opening[i]) && !(opening[i] == LOA_MOVE_PASS && !loa_count_moves(&b)))
            return util_fail(DATAGEN_E_OPENING, err, errsz, "game %u: opening ply %d is not legal",
                             game, i + 1);
        loa_make_move(&b, opening[i], NULL);
        if (loa_board_status(&b, LOA_MAX_PLIES) != LOA_ONGOING)
            return util_fail(DATAGEN_E_OPENING, err, errsz,
                             "game %u: the opening ends the game at ply %d", game, i + 1);
    }
    loa_status st = LOA_ONGOING;
    while (st == LOA_ONGOING) {
        analysis_reply r;
        int rc = analysis_engine_analyse(e, &b, lim, &r, err, errsz);
        if (rc)
            return rc == ANALYSIS_E_STOPPED ? DATAGEN_E_STOPPED
                   : rc == ANALYSIS_E_NOMEM ? DATAGEN_E_NOMEM
                                            : DATAGEN_E_BOT;
        datagen_record rec = datagen_record_of(&b, &r, game);
        out->nodes += r.nodes;
        if (datagen_records_push(out, &rec))
            return util_fail(DATAGEN_E_NOMEM, err, errsz, "out of memory");
        loa_make_move(&b, r.best, NULL);
        st = loa_board_status(&b, LOA_MAX_PLIES);
    }
    datagen_records_label(out, st, b.ply);
    return 0;
}

void datagen_records_label(datagen_records *out, loa_status end, int plies)
{
    for (int i = 0; i < out->n; i++) {
        out->rec[i].result = result_for(end, out->rec[i].side);
        out->rec[i].game_plies = (uint16_t)plies;
    }
}
