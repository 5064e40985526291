/*
 * bots/tools/audit_check.h - the checks of loa-ab-audit (audit_check.c),
 * shared with tests/check_bots.c: loa-ab's turn report (its stderr line)
 * parsed, and judged against the position it was made in with the SDK's
 * rules.
 *
 * Two defects are looked for (issue 35):
 *   - a move that lets the opponent connect at once (the move connects the
 *     opponent itself, or the opponent has a reply that connects it) when
 *     another legal move does neither;
 *   - a report whose score, depth and principal variation do not belong
 *     together: the PV must start with the move played and be legal; if it
 *     ends the game (a connection, or the draw at the ply limit) the score
 *     must be exactly that end's (SEARCH_WIN - plies for a win, its negation
 *     for a loss, 0 for a draw: bots/ab/score.h); if it does not, the score
 *     must be an ordinary one (|score| < SEARCH_WIN_BOUND) and the PV exactly
 *     `depth` plies long (loa-ab extends nothing; a forced move, depth 0, has
 *     the PV of that move alone). A score marked as a lower bound (a move
 *     that failed high when the limits stopped its iteration) has the move
 *     alone as its PV, and that move does not end the game (such a move is
 *     always scored exactly).
 *
 * Game ends are judged as the referee does (loa_board_status(), the ply
 * limit given). Pure functions over plain values; thread-safe.
 */
#ifndef BOTS_TOOLS_AUDIT_CHECK_H
#define BOTS_TOOLS_AUDIT_CHECK_H

#include <stddef.h>

#include "../ab/score.h"
#include "loa/loa.h"

/* The report line loa-ab prints on stderr after every turn (bots/ab.c):
 *   loa-ab: <move> depth <D> score <S> [lowerbound] nodes <N> time <T> ms nps <X> pv <m1> ...
 * optionally followed by " (got P% of a core)". A plain value. */
typedef struct audit_report {
    loa_move move;               /* squares only (no capture flag); LOA_MOVE_PASS */
    int depth;                   /* plies the score was searched to */
    int score;                   /* for the side to move, loa-ab's scale (score.h) */
    int lower_bound;             /* 1: the score is a lower bound */
    long long nodes;             /* positions searched */
    loa_move pv[SEARCH_MAX_PLY]; /* squares only; LOA_MOVE_PASS for a pass */
    int pv_len;
} audit_report;

/* Finds the last report line in `text` (a ply's stderr: other lines, such
 * as verbose iterations or warnings, are skipped) and parses it into *r.
 * Returns 1 when one was found and parsed, 0 when text holds none, -1 when
 * a report line is malformed (a bad move, a missing field, more than
 * SEARCH_MAX_PLY PV moves). text may be NULL (none). */
int audit_report_parse(const char *text, audit_report *r);

/* m (squares; its capture flag is set from b here) applied to b: 1 if it
 * connects the opponent at once, or the opponent then has a reply that
 * connects the opponent (a pass, when it has no move, counted as a reply);
 * 0 if m wins, draws at the ply limit, or leaves no such reply. m must be
 * legal in b, an ongoing position. max_plies: the game's ply limit
 * (LOA_MAX_PLIES on CodinGame). */
int audit_allows_connection(const loa_board *b, loa_move m, int max_plies);

/* Legal moves of b (a pass counted as one move when there is none) that
 * allow a connection (audit_allows_connection); *moves gets the number of
 * legal moves. */
int audit_count_allowing(const loa_board *b, int max_plies, int *moves);

/* Checks report r, made in position b (ongoing, loa-ab to move) where
 * `played` (squares) was the move applied, as described at the top.
 * Returns 0 when consistent, else -1 with a sentence in why[0..size-1]
 * (cut to fit; why may be NULL when size is 0). */
int audit_report_check(const loa_board *b, loa_move played, const audit_report *r, int max_plies,
                       char *why, size_t size);

#endif
