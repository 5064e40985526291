/*
 * check_answer: the SDK's judging of an answer line (loa/answer.h), the one
 * parser of answers shared by the referee and the replay importer: the
 * comment after the first space, prefix matching in generation order,
 * `random` on the game's generator (the reference's seed-42 opening),
 * `pass`, case, every verdict and its description.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "loa/answer.h"
#include "loa/loa.h"

#include "check_main.h"

typedef struct pos {
    loa_move gen[LOA_MAX_MOVES];
    int n;
} pos;

static void start_pos(pos *p)
{
    loa_board b;
    loa_board_init(&b);
    p->n = loa_generate_moves_cg(&b, p->gen);
}

static loa_answer judge(const pos *p, const char *line, size_t len)
{
    loa_jrandom rng;
    loa_jrandom_seed(&rng, 1);
    loa_answer a;
    loa_answer_judge(line, len, p->gen, p->n, &rng, &a);
    return a;
}

static const char *fmt(loa_move m)
{
    static char buf[LOA_MOVE_STRING_MAX];
    return loa_move_format(m, buf);
}

START_TEST(splits_the_comment_at_the_first_space)
{
    pos p;
    start_pos(&p);
    const char *line = "e1e3 hello  world ";
    loa_answer a = judge(&p, line, strlen(line));
    ck_assert_int_eq(a.verdict, LOA_ANSWER_OK);
    ck_assert_str_eq(fmt(a.move), "e1e3");
    ck_assert_uint_eq(a.action_len, 4);
    ck_assert_ptr_eq(a.comment, line + 5);
    ck_assert_uint_eq(a.comment_len, strlen("hello  world "));
    a = judge(&p, "e1e3", 4);
    ck_assert_ptr_null(a.comment);
    a = judge(&p, "e1e3 ", 5); /* a space and nothing: an empty comment */
    ck_assert_ptr_nonnull(a.comment);
    ck_assert_uint_eq(a.comment_len, 0);
}
END_TEST

START_TEST(plays_the_first_legal_move_prefixing_the_action)
{
    pos p;
    start_pos(&p);
    loa_answer a = judge(&p, "b1b3xyz", 7);
    ck_assert_int_eq(a.verdict, LOA_ANSWER_OK);
    ck_assert_str_eq(fmt(a.move), "b1b3");
    ck_assert(!a.random);
    /* NUL bytes after the move do not matter: only the prefix does */
    a = judge(&p, "c1c3\0zz", 7);
    ck_assert_int_eq(a.verdict, LOA_ANSWER_OK);
    ck_assert_str_eq(fmt(a.move), "c1c3");
}
END_TEST

START_TEST(random_draws_one_next_int_over_generation_order)
{
    /* Reference: seed 42, black's first `random` plays g8e6 (nextInt(36) =
     * 26, index 26 of the generation order, not of the sorted list). */
    pos p;
    start_pos(&p);
    loa_jrandom rng, twin;
    loa_jrandom_seed(&rng, 42);
    loa_jrandom_seed(&twin, 42);
    loa_answer a;
    loa_answer_judge("random why not", 14, p.gen, p.n, &rng, &a);
    ck_assert_int_eq(a.verdict, LOA_ANSWER_OK);
    ck_assert(a.random);
    ck_assert_str_eq(fmt(a.move), "g8e6");
    ck_assert_int_eq(loa_jrandom_next_int(&twin, 36), 26);
    ck_assert_uint_eq(rng.state, twin.state); /* exactly one draw */
    /* a plain move draws nothing */
    loa_answer_judge("b1b3", 4, p.gen, p.n, &rng, &a);
    ck_assert_uint_eq(rng.state, twin.state);
}
END_TEST

START_TEST(random_and_pass_without_moves_are_passes)
{
    pos none = {.n = 0};
    loa_jrandom rng;
    loa_jrandom_seed(&rng, 7);
    uint64_t before = rng.state;
    loa_answer a;
    loa_answer_judge("random", 6, none.gen, 0, &rng, &a);
    ck_assert_int_eq(a.verdict, LOA_ANSWER_OK);
    ck_assert(a.move == LOA_MOVE_PASS && a.random);
    ck_assert_uint_eq(rng.state, before); /* no draw without moves */
    loa_answer_judge("pass no move left", 17, none.gen, 0, &rng, &a);
    ck_assert_int_eq(a.verdict, LOA_ANSWER_OK);
    ck_assert(a.move == LOA_MOVE_PASS && !a.random);
    ck_assert_uint_eq(a.comment_len, strlen("no move left"));
    /* with no legal move, a move is still unknown and "passx" not a pass */
    loa_answer_judge("e1e3", 4, none.gen, 0, &rng, &a);
    ck_assert_int_eq(a.verdict, LOA_ANSWER_UNKNOWN_MOVE);
    loa_answer_judge("passx", 5, none.gen, 0, &rng, &a);
    ck_assert_int_eq(a.verdict, LOA_ANSWER_NOT_A_MOVE);
}
END_TEST

START_TEST(names_every_invalid_action)
{
    pos p;
    start_pos(&p);
    static const struct {
        const char *line;
        loa_answer_verdict v;
    } rows[] = {
        {"", LOA_ANSWER_EMPTY},
        {" e1e3", LOA_ANSWER_EMPTY},
        {"pass", LOA_ANSWER_PASS_WITH_MOVES},
        {"pass e1e3", LOA_ANSWER_PASS_WITH_MOVES},
        {"a1h8", LOA_ANSWER_UNKNOWN_MOVE},
        {"E1E3", LOA_ANSWER_UNKNOWN_MOVE},
        {"z9a1", LOA_ANSWER_UNKNOWN_MOVE},
        {"e1e", LOA_ANSWER_NOT_A_MOVE},
        {"hello", LOA_ANSWER_NOT_A_MOVE},
        {"randomly", LOA_ANSWER_NOT_A_MOVE},
        {"Random", LOA_ANSWER_NOT_A_MOVE},
    };
    for (size_t i = 0; i < LOA_COUNT(rows); i++) {
        loa_answer a = judge(&p, rows[i].line, strlen(rows[i].line));
        ck_assert_msg(a.verdict == rows[i].v, "'%s': verdict %d, expected %d", rows[i].line,
                      (int)a.verdict, (int)rows[i].v);
        ck_assert(a.move == LOA_MOVE_NONE);
    }
}
END_TEST

START_TEST(describes_every_verdict_distinctly)
{
    for (int i = 0; i < LOA_ANSWER_VERDICT_COUNT; i++) {
        const char *t = loa_answer_verdict_text((loa_answer_verdict)i);
        ck_assert_str_ne(t, "unknown verdict");
        for (int j = 0; j < i; j++)
            ck_assert_str_ne(t, loa_answer_verdict_text((loa_answer_verdict)j));
    }
    ck_assert_str_eq(loa_answer_verdict_text(LOA_ANSWER_VERDICT_COUNT), "unknown verdict");
    ck_assert_str_eq(loa_answer_verdict_text(LOA_ANSWER_UNKNOWN_MOVE),
                     "no legal move is a prefix of it");
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"splits_the_comment_at_the_first_space", splits_the_comment_at_the_first_space, 10},
        {"plays_the_first_legal_move_prefixing_the_action",
         plays_the_first_legal_move_prefixing_the_action, 10},
        {"random_draws_one_next_int_over_generation_order",
         random_draws_one_next_int_over_generation_order, 10},
        {"random_and_pass_without_moves_are_passes", random_and_pass_without_moves_are_passes, 10},
        {"names_every_invalid_action", names_every_invalid_action, 10},
        {"describes_every_verdict_distinctly", describes_every_verdict_distinctly, 10},
    };
    return loa_run_suite("answer", cases, LOA_COUNT(cases));
}
