/*
 * answer.c - judging one answer line as CodinGame's referee does. See
 * loa/answer.h for the rules.
 */
#include "loa/answer.h"

#include <string.h>

#include "loa/notation.h"

static int is_lower(char c)
{
    return c >= 'a' && c <= 'z';
}
static int is_upper(char c)
{
    return c >= 'A' && c <= 'Z';
}
static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* "Shaped like a move": letter, digit, letter, digit (any case, any square,
 * on the board or not), so that `e2e5`, `z9a1` and `E2E3` are told apart from
 * words. */
static int move_shaped(const char *s, size_t n)
{
    return n >= 4 && (is_lower(s[0]) || is_upper(s[0])) && is_digit(s[1]) &&
           (is_lower(s[2]) || is_upper(s[2])) && is_digit(s[3]);
}

static int action_is(const char *s, size_t n, const char *word)
{
    size_t w = strlen(word);
    return n == w && memcmp(s, word, w) == 0;
}

void loa_answer_judge(const char *line, size_t len, const loa_move *gen, int n, loa_jrandom *rng,
                      loa_answer *a)
{
    memset(a, 0, sizeof *a);
    a->verdict = LOA_ANSWER_OK;
    a->move = LOA_MOVE_NONE;
    const char *sp = memchr(line, ' ', len);
    size_t alen = sp ? (size_t)(sp - line) : len;
    a->action_len = alen;
    if (sp) {
        a->comment = sp + 1;
        a->comment_len = len - alen - 1;
    }
    if (alen == 0) {
        /* empty line, or a leading space */
        a->verdict = LOA_ANSWER_EMPTY;
        return;
    }
    if (action_is(line, alen, "random")) {
        a->random = 1;
        a->move = n > 0 ? gen[loa_jrandom_next_int(rng, n)] : LOA_MOVE_PASS;
        return;
    }
    if (action_is(line, alen, "pass")) {
        if (n > 0)
            a->verdict = LOA_ANSWER_PASS_WITH_MOVES;
        else
            a->move = LOA_MOVE_PASS;
        return;
    }
    if (alen >= 4) {
        for (int i = 0; i < n; i++) {
            char s[LOA_MOVE_STRING_MAX];
            loa_move_format(gen[i], s);
            if (memcmp(line, s, 4) == 0) {
                a->move = gen[i];
                return;
            }
        }
    }
    a->verdict = move_shaped(line, alen) ? LOA_ANSWER_UNKNOWN_MOVE : LOA_ANSWER_NOT_A_MOVE;
}

const char *loa_answer_verdict_text(loa_answer_verdict v)
{
    switch (v) {
#define LOA_ANSWER_XX(name, text) \
    case LOA_ANSWER_##name: return text;
        LOA_ANSWER_MAP(LOA_ANSWER_XX)
#undef LOA_ANSWER_XX
    default: return "unknown verdict";
    }
}
