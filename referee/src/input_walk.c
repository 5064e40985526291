/*
 * input_walk.c - a recorded game walked turn by turn as the referee played
 * it (ref/turn_input.h): the position, lastMove and first-turn flags of
 * each turn, so that a tool gives a bot the bytes it read in that game.
 * A file of its own: game.c keeps the same state inside a live game (its
 * answers judged, its clock), this one follows a game already played.
 */
#include <stdio.h>
#include <string.h>

#include "ref/turn_input.h"

/* The legal moves of w->board into w->gen (generation order). */
static void generate(ref_input_walk *w)
{
    w->n = loa_generate_moves_cg(&w->board, w->gen);
}

/* 1 when m is legal in w's position: one of its moves, or a pass when it
 * has none. */
static int legal(const ref_input_walk *w, loa_move m)
{
    if (w->n == 0 || m == LOA_MOVE_PASS)
        return w->n == 0 && m == LOA_MOVE_PASS;
    for (int i = 0; i < w->n; i++) /* a record's moves carry no capture flag */
        if (LOA_MOVE_SQUARES(w->gen[i]) == LOA_MOVE_SQUARES(m))
            return 1;
    return 0;
}

static void say(char *err, size_t errsz, const char *what, int ply, loa_move m)
{
    char mv[LOA_MOVE_STRING_MAX];
    if (err && errsz)
        snprintf(err, errsz, "%s ply %d '%s' is not a legal move in its position", what, ply,
                 m == LOA_MOVE_NONE ? "none" : loa_move_format(m, mv));
}

int ref_input_walk_init(ref_input_walk *w, const loa_move *moves, int plies, int opening_plies,
                        char *err, size_t errsz)
{
    if (!w || (!moves && plies > 0) || plies < 0 || opening_plies < 0 || opening_plies > plies)
        return REF_E_INVAL;
    memset(w, 0, sizeof *w);
    loa_board_init(&w->board);
    w->last = LOA_MOVE_NONE;
    w->first[0] = w->first[1] = 1;
    w->moves = moves;
    w->plies = plies;
    w->opening_plies = opening_plies;
    generate(w);
    /* The opening is applied by the referee before the bots play: no
     * turn, no input; the first inputs show its last move (game.c). */
    while (w->next < opening_plies) {
        loa_move m = moves[w->next];
        if (!legal(w, m)) {
            say(err, errsz, "opening", w->next + 1, m);
            return REF_E_OPENING;
        }
        loa_make_move(&w->board, m, NULL);
        w->last = m;
        w->next++;
        generate(w);
    }
    return 0;
}

size_t ref_input_walk_turn(const ref_input_walk *w, char *buf)
{
    loa_move sorted[LOA_MAX_MOVES];
    memcpy(sorted, w->gen, sizeof(loa_move) * (size_t)w->n);
    loa_sort_moves(sorted, w->n);
    return ref_turn_input(buf, &w->board, w->first[w->board.side], w->last, sorted, w->n);
}

int ref_input_walk_apply(ref_input_walk *w, char *err, size_t errsz)
{
    if (!w || w->next >= w->plies) {
        if (err && errsz)
            snprintf(err, errsz, "no ply left to apply");
        return REF_E_INVAL;
    }
    loa_move m = w->moves[w->next];
    if (!legal(w, m)) {
        say(err, errsz, "recorded", w->next + 1, m);
        return REF_E_INVAL;
    }
    w->first[w->board.side] = 0;
    loa_make_move(&w->board, m, NULL);
    w->last = m;
    w->next++;
    generate(w);
    return 0;
}
