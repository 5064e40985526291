/*
 * answer.c - an answer's verdict as the referee's end reason. The judging
 * itself is the SDK's (loa_answer_judge, loa/answer.h), shared with the
 * replay importer so that live games and games CodinGame recorded are read
 * by one parser. See answer.h.
 */
#include "answer.h"

#include "loa/answer.h"

/* The invalid reason of each verdict (REF_REASON_NONE: accepted). */
static ref_reason verdict_reason(loa_answer_verdict v)
{
    switch (v) {
    case LOA_ANSWER_OK: return REF_REASON_NONE;
    case LOA_ANSWER_EMPTY: return REF_REASON_INVALID_EMPTY;
    case LOA_ANSWER_PASS_WITH_MOVES: return REF_REASON_INVALID_PASS;
    case LOA_ANSWER_UNKNOWN_MOVE: return REF_REASON_INVALID_UNKNOWN_MOVE;
    default: return REF_REASON_INVALID_NOT_A_MOVE;
    }
}

void ref_answer_judge(const char *line, size_t len, const loa_move *gen, int n, loa_jrandom *rng,
                      ref_answer *a)
{
    loa_answer la;
    loa_answer_judge(line, len, gen, n, rng, &la);
    a->invalid = verdict_reason(la.verdict);
    a->move = la.move;
    a->random = la.random;
    a->action_len = la.action_len;
    a->comment = la.comment;
    a->comment_len = la.comment_len;
}
