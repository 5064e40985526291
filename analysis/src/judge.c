/*
 * judge.c - the scale and the judgement (analysis.h): an engine's score as
 * the side to move's winning chance, and each move judged by the drop in
 * its mover's chance, as lichess judges chess moves (lila's Advice.scala:
 * the same thresholds on the same kind of scale), plus the wins given up.
 */
#include <math.h>
#include <string.h>

#include "analysis/analysis.h"

double analysis_win_chance(int score, double scale)
{
    double w = 1.0 / (1.0 + exp(-(double)score / scale));
    return floor(w * ANALYSIS_CHANCE_UNITS + 0.5) / ANALYSIS_CHANCE_UNITS;
}

void analysis_position_set(replay_position *p, const loa_board *b, const analysis_reply *r,
                           double scale)
{
    memset(p, 0, sizeof *p);
    p->eval = r->eval;
    p->score = r->score;
    /* proven results are exact, never a probability */
    p->win = r->eval == REPLAY_EVAL_WIN    ? 1
             : r->eval == REPLAY_EVAL_LOSS ? 0
                                           : analysis_win_chance(r->score, scale);
    p->best = r->best;
    memcpy(p->pv, r->pv, (size_t)r->pv_len * sizeof p->pv[0]);
    p->pv_len = r->pv_len;
    p->depth = r->depth;
    p->nodes = r->nodes;
    p->lower_bound = r->lower_bound;
    p->connecting = replay_connecting_moves(b, &p->connect);
}

void analysis_position_end(replay_position *p, const loa_board *b, int max_plies)
{
    memset(p, 0, sizeof *p);
    loa_status st = loa_board_status(b, max_plies);
    p->eval = REPLAY_EVAL_END;
    p->score = st == LOA_DRAW ? 0 : (st == LOA_BLACK_WINS) == (b->side == LOA_BLACK) ? 1 : -1;
    p->win = p->score > 0 ? 1 : p->score < 0 ? 0 : 0.5;
}

static double units(double x)
{
    return floor(x * ANALYSIS_CHANCE_UNITS + 0.5) / ANALYSIS_CHANCE_UNITS;
}

int analysis_judge(replay_analysis *a, const replay_game *g)
{
    const replay_info *in = replay_game_info(g);
    if (!a || !in || a->plies != in->plies)
        return ANALYSIS_E_INVAL;
    loa_board b;
    loa_board_init(&b);
    for (int n = 1; n <= a->plies; n++) {
        const replay_ply *ply = replay_game_ply(g, n);
        const replay_position *before = &a->positions[n - 1], *after = &a->positions[n];
        replay_judgement *j = &a->moves[n - 1];
        memset(j, 0, sizeof *j);
        loa_move played;
        if (loa_move_parse(ply->move, &played) != 0)
            return ANALYSIS_E_INVAL;
        int choices = loa_count_moves(&b);
        loa_make_move(&b, played, NULL);
        if (ply->opening || choices <= 1 || before->eval == REPLAY_EVAL_NONE ||
            after->eval == REPLAY_EVAL_NONE)
            continue; /* not the bot's choice, or nothing to judge it by */
        if (played != LOA_MOVE_PASS)
            played = LOA_MOVE_SQUARES(played);
        j->judged = 1;
        j->before = before->win;
        j->after = units(1 - after->win); /* the side to move after is the opponent */
        j->drop = played == before->best || j->after >= j->before ? 0 : units(j->before - j->after);
        /* Still won: the opponent is lost, by proof or by the end; or, when
         * the search after the move could not prove it within its budget
         * (a win's proof is often deeper from the other side), the
         * mover's next position is a proven win again, no farther away:
         * the reply played did not escape. */
        int connected = after->eval == REPLAY_EVAL_END && after->score < 0;
        int won = connected || after->eval == REPLAY_EVAL_LOSS;
        const replay_position *next = n < a->plies ? &a->positions[n + 1] : NULL;
        if (!won && before->eval == REPLAY_EVAL_WIN && next)
            won = (next->eval == REPLAY_EVAL_WIN && next->score <= before->score - 2) ||
                  (next->eval == REPLAY_EVAL_END && next->score > 0);
        if ((before->connecting && !connected) || (before->eval == REPLAY_EVAL_WIN && !won)) {
            j->mark = REPLAY_MARK_MISSED_WIN;
            continue;
        }
        for (int m = REPLAY_MARK_BLUNDER; m >= REPLAY_MARK_INACCURACY && !j->mark; m--)
            if (j->drop >= a->thresholds[m])
                j->mark = (replay_mark)m;
    }
    return 0;
}
