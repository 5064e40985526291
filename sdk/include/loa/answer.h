/*
 * loa/answer.h - judging a bot's answer line exactly as CodinGame's referee
 * judges it: which move it plays, or why it is an invalid action.
 *
 * Rules (docs/rules.md, "Output"; the online referee's gameTurn):
 *   - the action is the text before the first space (0x20); everything after
 *     that space is the comment (kept whole here; the viewer shows 16
 *     characters);
 *   - `random` is accepted at any time: with legal moves the referee calls
 *     nextInt(number of legal moves) once on the game's java.util.Random
 *     (loa/random.h) and plays the move at that index of the GENERATION
 *     order (loa_generate_moves_cg), not of the sorted list sent to bots;
 *     without legal moves it is a pass and draws nothing;
 *   - `pass` is accepted only when there is no legal move;
 *   - otherwise the first legal move in generation order whose 4-character
 *     text is a prefix of the action is played (`e2e3xyz` plays e2e3);
 *     case-sensitive (`E2E3` is invalid);
 *   - anything else (an empty line, a leading space, an unknown move, `pass`
 *     with legal moves) is an invalid action: the bot loses.
 *
 * Used by the referee (every answer of a live game) and by the replay
 * importer (every answer of a game CodinGame recorded), so both read
 * answers with one parser. Pure: no I/O, no allocation; thread-safe as long
 * as each call has its own generator.
 */
#ifndef LOA_ANSWER_H
#define LOA_ANSWER_H

#include <stddef.h>

#include "loa/movegen.h"
#include "loa/random.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The verdicts, XX(NAME, description): the enum and loa_answer_verdict_text()
 * are generated from this one table. */
#define LOA_ANSWER_MAP(XX)                                                        \
    XX(OK, "accepted")                                                            \
    /* an empty line, or a line starting with a space (an empty action) */        \
    XX(EMPTY, "empty action")                                                     \
    XX(PASS_WITH_MOVES, "pass while legal moves exist")                           \
    /* shaped like a move (letter digit letter digit, any case, any square) but \
     * no legal move is a prefix of it */ \
    XX(UNKNOWN_MOVE, "no legal move is a prefix of it")                           \
    XX(NOT_A_MOVE, "not a move")

typedef enum loa_answer_verdict {
#define LOA_ANSWER_XX(name, text) LOA_ANSWER_##name,
    LOA_ANSWER_MAP(LOA_ANSWER_XX)
#undef LOA_ANSWER_XX
        LOA_ANSWER_VERDICT_COUNT /* number of verdicts, not a verdict */
} loa_answer_verdict;

/* One judged answer. The comment points into the judged line. */
typedef struct loa_answer {
    loa_answer_verdict verdict; /* LOA_ANSWER_OK when accepted */
    loa_move move;              /* accepted: the move played (LOA_MOVE_PASS for a
                                   pass); LOA_MOVE_NONE when invalid */
    int random;                 /* 1 when the action was `random` */
    size_t action_len;          /* bytes of the action (before the first space) */
    const char *comment;        /* after the first space, into the line; NULL
                                   when the line has no space */
    size_t comment_len;         /* bytes of the comment */
} loa_answer;

/* Judges line[0..len) (no newline; any bytes, NUL included) for the side to
 * move whose legal moves in generation order (loa_generate_moves_cg) are
 * gen[0..n); n = 0: it must pass. rng is the game's generator, advanced
 * (one nextInt(n)) only for `random` with n > 0. Fills *a; never fails. */
void loa_answer_judge(const char *line, size_t len, const loa_move *gen, int n, loa_jrandom *rng,
                      loa_answer *a);

/* The description of a verdict ("no legal move is a prefix of it"), or
 * "unknown verdict". Static storage; thread-safe. */
const char *loa_answer_verdict_text(loa_answer_verdict v);

#ifdef __cplusplus
}
#endif
#endif
