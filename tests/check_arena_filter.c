/*
 * check_arena_filter.c - results/filter: the games filter's grammar
 * (cgarena's language, bot names), precedence, errors naming the column
 * and the token, hostile input within bounds, and evaluation against a
 * game given as a table of values.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "core/error.h"
#include "results/filter.h"

/* A game as a table: "match.opening", "bot(v2).result", "bot(v2)[30].depth". */
typedef struct row {
    const char *key;
    int is_text;
    double number;
    const char *text;
} row;

static const row game[] = {
    {"match.opening", 1, 0, "b1d3 a2c2"}, {"match.plies", 0, 57, NULL},
    {"bot(v2)[30].depth", 0, 6, NULL},    {"bot(v2)[32].depth", 0, 9, NULL},
    {"bot(v2).nodes", 0, 1.5e6, NULL},    {"bot(loa-ab.1)[1].score", 0, -12.5, NULL},
    {"bot(v2)[30].best", 1, 0, "a1b2"},
};

static void lookup(void *ctx, const arena_filter_operand *o, arena_filter_value *out)
{
    (void)ctx;
    char key[256];
    if (o->ref == ARENA_FILTER_MATCH)
        snprintf(key, sizeof key, "match.%s", o->name);
    else if (o->ref == ARENA_FILTER_BOT_GAME)
        snprintf(key, sizeof key, "bot(%s).%s", o->bot, o->name);
    else
        snprintf(key, sizeof key, "bot(%s)[%d].%s", o->bot, o->ply, o->name);
    for (size_t i = 0; i < LOA_COUNT(game); i++)
        if (strcmp(game[i].key, key) == 0) {
            out->type = game[i].is_text ? ARENA_FILTER_TEXT : ARENA_FILTER_NUM;
            out->number = game[i].number;
            out->text = game[i].text;
            return;
        }
    out->type = ARENA_FILTER_MISSING;
}

/* 1 or 0: the filter's verdict on the game; -1: it did not parse. */
static int verdict(const char *text)
{
    arena_filter *f;
    char err[256];
    if (arena_filter_parse(text, &f, err, sizeof err) != 0)
        return -1;
    int v = arena_filter_eval(f, lookup, NULL);
    arena_filter_free(f);
    return v;
}

static const struct {
    const char *text;
    int want;
} verdicts[] = {
    {"bot(v2)[30].depth < 8 AND match.opening == \"b1d3 a2c2\"", 1},
    {"bot(v2)[32].depth < 8 AND match.opening == \"b1d3 a2c2\"", 0},
    {"bot(v2)[30].depth == 6", 1},
    {"bot(v2)[30].depth != 6", 0},
    {"bot(v2)[30].depth <= 6", 1},
    {"bot(v2)[30].depth >= 7", 0},
    {"bot(v2)[30].depth > 5.5", 1},
    {"8 > bot(v2)[30].depth", 1},
    {"bot(v2)[32].depth > bot(v2)[30].depth", 1},
    {"bot(v2).nodes == 1500000", 1},
    {"bot(v2).nodes == 1.5e6", 1},
    {"bot(\"loa-ab.1\")[1].score < -12", 1},
    {"bot(loa-ab.1)[1].score == -12.5", 1},
    {"match.plies == 57", 1},
    {"bot(v2)[30].best == \"a1b2\"", 1},
    {"bot(v2)[30].best != \"a1b2\"", 0},
    /* precedence: AND binds tighter than OR */
    {"match.plies == 1 AND match.plies == 2 OR match.plies == 57", 1},
    {"match.plies == 57 OR match.plies == 1 AND match.plies == 2", 1},
    {"(match.plies == 57 OR match.plies == 1) AND match.plies == 2", 0},
    {"match.plies == 1 AND (match.plies == 2 OR match.plies == 57)", 0},
    {"NOT match.plies == 1", 1},
    {"not (match.plies == 57 or match.plies == 1)", 0},
    {"match.plies == 57 and Match.plies == 57", 1},
    /* missing values and types: false, != too */
    {"bot(v2)[31].depth < 100", 0},
    {"bot(v2)[31].depth != 100", 0},
    {"bot(v3).nodes > 0 OR match.plies == 57", 1},
    {"match.opening == 5", 0},
    {"match.plies == \"57\"", 0},
    {"match.opening < bot(v2)[30].best", 0},
    {"match.Plies == 57", 0}, /* names are case-sensitive */
};

START_TEST(evaluates_against_a_game)
{
    for (size_t i = 0; i < LOA_COUNT(verdicts); i++)
        ck_assert_msg(verdict(verdicts[i].text) == verdicts[i].want, "%s: got %d", verdicts[i].text,
                      verdict(verdicts[i].text));
}
END_TEST

START_TEST(reads_operands_exactly)
{
    arena_filter *f;
    char err[256];
    ck_assert_int_eq(arena_filter_parse("bot(v2)[30].depth<8 AND match.opening==\"x y\"", &f, err,
                                        sizeof err),
                     0);
    ck_assert_int_eq(arena_filter_conds(f), 2);
    const arena_filter_operand *l, *r;
    arena_filter_cond(f, 0, &l, &r);
    ck_assert_int_eq(l->ref, ARENA_FILTER_BOT_TURN);
    ck_assert_str_eq(l->bot, "v2");
    ck_assert_int_eq(l->ply, 30);
    ck_assert_str_eq(l->name, "depth");
    ck_assert_int_eq(r->ref, ARENA_FILTER_NUMBER);
    ck_assert(r->number == 8);
    arena_filter_cond(f, 1, &l, &r);
    ck_assert_int_eq(l->ref, ARENA_FILTER_MATCH);
    ck_assert_str_eq(l->name, "opening");
    ck_assert_int_eq(r->ref, ARENA_FILTER_STRING);
    ck_assert_str_eq(r->text, "x y");
    arena_filter_free(f);
}
END_TEST

/* Each bad filter, and the exact message: the column and the token. */
static const struct {
    const char *text, *msg;
} errors[] = {
    {"", "column 1: expected a number, a string, bot(NAME) or match., found the end"},
    {"match.plies", "column 12: expected a comparison (== != < <= > >=), found the end"},
    {"match.plies = 3", "column 13: expected a comparison (== != < <= > >=), found \"=\""},
    {"match.plies == 3 AND", "column 21: expected a number, a string, bot(NAME) or "
                             "match., found the end"},
    {"match.plies == 3 XOR match.plies == 4",
     "column 18: expected AND, OR or the end, found \"XOR\""},
    {"(match.plies == 3", "column 18: expected ')' or AND or OR, found the end"},
    {"match.plies == 3)", "column 17: expected AND, OR or the end, found \")\""},
    {"bot(v2)[0].depth < 8", "column 9: expected a ply number from 1 to 100000, found "
                             "\"0\""},
    {"bot(v2)[100001].depth < 8",
     "column 9: expected a ply number from 1 to 100000, found \"100001\""},
    {"bot(v2).9x < 8", "column 9: expected a metric's name, found \"9x\""},
    {"bot v2.depth < 8", "column 5: expected '(' after bot, found \"v2\""},
    {"bot(v2 x).d < 8", "column 8: expected ')' after the bot's name, found \"x\""},
    {"match.opening < \"b1d3\"", "column 15: expected == or != between strings, found "
                                 "\"<\""},
    {"match.opening == \"b1d3", "column 23: expected a closing '\"' (strings have no "
                                "escapes or newlines), found the end"},
    {"match.opening == \"a\\\"b\"", "column 20: expected a closing '\"' (strings have "
                                    "no escapes or newlines), found \"\\x5c\""},
    {"match.plies == 1.", "column 16: expected a number's digits after '.', found "
                          "\"1\""},
    {"match.plies == 1e999", "column 16: expected a finite number, found \"1e999\""},
    {"match.plies == 12abc", "column 16: expected a number, found \"12abc\""},
    {"match.plies == 3 \x01", "column 18: expected AND, OR or the end, found \"\\x01\""},
    {"match.pl\xc3\xa9 == 3", "column 9: expected a comparison (== != < <= > >=), found "
                              "\"\\xc3\""},
};

START_TEST(names_the_column_and_the_token)
{
    for (size_t i = 0; i < LOA_COUNT(errors); i++) {
        arena_filter *f = (arena_filter *)1;
        char err[256];
        ck_assert_int_eq(arena_filter_parse(errors[i].text, &f, err, sizeof err), ARENA_E_CONFIG);
        ck_assert_ptr_null(f);
        ck_assert_msg(strcmp(err, errors[i].msg) == 0, "%s:\n got  %s\n want %s", errors[i].text,
                      err, errors[i].msg);
        ck_assert_ptr_null(strchr(err, '\n'));
    }
}
END_TEST

static char *repeat(const char *head, const char *unit, int n, const char *tail)
{
    size_t len = strlen(head) + strlen(unit) * (size_t)n + strlen(tail) + 1;
    char *s = malloc(len);
    ck_assert_ptr_nonnull(s);
    /* written at its end: strcat's rescans made a million units take minutes
     * under TSan */
    char *end = stpcpy(s, head);
    for (int i = 0; i < n; i++)
        end = stpcpy(end, unit);
    stpcpy(end, tail);
    return s;
}

START_TEST(bounds_hostile_input)
{
    arena_filter *f;
    char err[256];
    /* 32 nested parentheses parse, 33 do not; a million are refused by length */
    char *ok = repeat("", "(", 31, "match.plies == 57");
    char *close = repeat(ok, ")", 31, "");
    ck_assert_int_eq(arena_filter_parse(close, &f, err, sizeof err), 0);
    ck_assert_int_eq(arena_filter_eval(f, lookup, NULL), 1);
    arena_filter_free(f);
    free(ok);
    free(close);
    char *deep = repeat("", "(", 33, "match.plies == 57");
    ck_assert_int_eq(arena_filter_parse(deep, &f, err, sizeof err), ARENA_E_CONFIG);
    ck_assert_str_eq(err, "column 33: expected at most 32 nested parentheses or NOTs, "
                          "found \"(\"");
    free(deep);
    char *nots = repeat("", "NOT ", 40, "match.plies == 57");
    ck_assert_int_eq(arena_filter_parse(nots, &f, err, sizeof err), ARENA_E_CONFIG);
    free(nots);
    char *huge = repeat("", "(", 1000000, "");
    ck_assert_int_eq(arena_filter_parse(huge, &f, err, sizeof err), ARENA_E_CONFIG);
    ck_assert_str_eq(err, "longer than 4096 bytes");
    free(huge);
    /* 128 conditions parse, 129 do not */
    char *many = repeat("match.plies == 57", " OR match.plies == 1", 127, "");
    ck_assert_int_eq(arena_filter_parse(many, &f, err, sizeof err), 0);
    ck_assert_int_eq(arena_filter_conds(f), 128);
    ck_assert_int_eq(arena_filter_eval(f, lookup, NULL), 1);
    arena_filter_free(f);
    free(many);
    char *more = repeat("match.plies == 57", " OR match.plies == 1", 128, "");
    ck_assert_int_eq(arena_filter_parse(more, &f, err, sizeof err), ARENA_E_CONFIG);
    ck_assert_ptr_nonnull(strstr(err, "at most 128 conditions"));
    free(more);
    /* a 65-character name is refused; a small error buffer is cut, not overrun */
    char *longname = repeat("match.", "a", 65, " == 1");
    ck_assert_int_eq(arena_filter_parse(longname, &f, err, 16), ARENA_E_CONFIG);
    ck_assert_int_eq(strlen(err), 15); /* cut at errlen - 1 */
    free(longname);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"evaluates_against_a_game", evaluates_against_a_game, 10},
        {"reads_operands_exactly", reads_operands_exactly, 10},
        {"names_the_column_and_the_token", names_the_column_and_the_token, 10},
        {"bounds_hostile_input", bounds_hostile_input, 30},
    };
    return loa_run_suite("arena_filter", cases, LOA_COUNT(cases));
}
