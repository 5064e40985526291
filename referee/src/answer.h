/*
 * answer.h - judging one answer line of a bot (internal; pure, no I/O): the
 * SDK's loa_answer_judge (loa/answer.h) with its verdict as a ref_reason.
 *
 * Rules from CodinGame's referee (docs/rules.md, docs/referee.md "The
 * protocol and judging"):
 * the action is the text before the first space (0x20), the rest is the
 * comment; `random` is accepted at any time (with legal moves: exactly one
 * nextInt(n) on the game's generator, index into the GENERATION order;
 * without: a pass); `pass` only when there is no legal move; otherwise the
 * first legal move in generation order whose 4-char string is a prefix of the
 * action; case-sensitive; anything else is invalid.
 *
 * Thread-safe as long as each call has its own generator.
 */
#ifndef REF_ANSWER_H
#define REF_ANSWER_H

#include <stddef.h>

#include "loa/loa.h"
#include "ref/referee.h"

typedef struct ref_answer {
    ref_reason invalid;  /* REF_REASON_NONE when accepted, else one of the
                            REF_REASON_INVALID_* reasons */
    loa_move move;       /* accepted: the move (LOA_MOVE_PASS for a pass) */
    int random;          /* 1 when the action was `random` */
    size_t action_len;   /* bytes of the action */
    const char *comment; /* into the line: after the first space; NULL if none */
    size_t comment_len;
} ref_answer;

/* Judges line[0..len) (no newline; any bytes) for the side to move whose
 * legal moves in generation order are gen[0..n) (n = 0: it must pass). rng
 * is the game's generator, advanced only for `random` with n > 0. Fills *a;
 * never fails. */
void ref_answer_judge(const char *line, size_t len, const loa_move *gen, int n, loa_jrandom *rng,
                      ref_answer *a);

#endif
