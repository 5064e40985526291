/*
 * label.c - a position's labels and the filters (label.h): the rules'
 * flags, the score's scale, the keep rule. A file of its own: the one
 * definition of "tactical" and "quiet".
 */
#include "label.h"

int datagen_can_connect(const loa_board *b)
{
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(b, mv);
    loa_status win = b->side == LOA_BLACK ? LOA_BLACK_WINS : LOA_WHITE_WINS;
    for (int i = 0; i < n; i++) {
        loa_board next = *b;
        loa_make_move(&next, mv[i], NULL);
        if (loa_board_status(&next, LOA_MAX_PLIES) == win)
            return 1;
    }
    return 0;
}

unsigned datagen_position_flags(const loa_board *b, loa_move m)
{
    unsigned flags = 0;
    if (datagen_can_connect(b))
        flags |= DATAGEN_FLAG_CONNECT;
    loa_board other = *b;
    other.side = b->side == LOA_BLACK ? LOA_WHITE : LOA_BLACK;
    if (datagen_can_connect(&other))
        flags |= DATAGEN_FLAG_THREAT;
    if (m != LOA_MOVE_PASS && (b->pieces[other.side] >> LOA_MOVE_TO(m) & 1))
        flags |= DATAGEN_FLAG_CAPTURE;
    return flags;
}

int16_t datagen_score_of(const analysis_reply *r)
{
    const int cap = DATAGEN_SCORE_WIN - DATAGEN_SCORE_PROVEN;
    int plies = r->score < 1 ? 1 : r->score > cap ? cap : r->score;
    switch (r->eval) {
    case REPLAY_EVAL_WIN: return (int16_t)(DATAGEN_SCORE_WIN - plies);
    case REPLAY_EVAL_LOSS: return (int16_t) - (DATAGEN_SCORE_WIN - plies);
    default: break;
    }
    const int top = DATAGEN_SCORE_PROVEN - 1;
    return (int16_t)(r->score > top ? top : r->score < -top ? -top : r->score);
}

datagen_record datagen_record_of(const loa_board *b, const analysis_reply *r, uint32_t game)
{
    datagen_record rec = {0};
    rec.black = b->pieces[LOA_BLACK];
    rec.white = b->pieces[LOA_WHITE];
    rec.score = datagen_score_of(r);
    rec.move = r->best == LOA_MOVE_PASS ? DATAGEN_MOVE_PASS : LOA_MOVE_SQUARES(r->best);
    rec.ply = (uint16_t)b->ply;
    rec.side = (uint8_t)b->side;
    rec.depth = (uint8_t)(r->depth < 0 ? 0 : r->depth > 255 ? 255 : r->depth);
    rec.flags = (uint8_t)datagen_position_flags(b, r->best);
    if (r->eval == REPLAY_EVAL_WIN || r->eval == REPLAY_EVAL_LOSS)
        rec.flags |= DATAGEN_FLAG_PROVEN;
    if (r->lower_bound)
        rec.flags |= DATAGEN_FLAG_LOWERBOUND;
    rec.game = game;
    return rec;
}

int datagen_filter_keeps(const datagen_filter *f, const datagen_record *r)
{
    const unsigned loud =
        DATAGEN_FLAG_CONNECT | DATAGEN_FLAG_THREAT | DATAGEN_FLAG_CAPTURE | DATAGEN_FLAG_PROVEN;
    if (r->ply < f->skip_plies)
        return 0;
    if (f->no_tactical && (r->flags & DATAGEN_FLAG_CONNECT))
        return 0;
    return !(f->quiet && (r->flags & loud));
}
