/*
 * check_arena_filter_games.c - results/filter_game: a filter over a
 * league's games (its fields, the builtins, metrics through the hook) and
 * the standings of the games it keeps, which must equal a hand count; a
 * bot the league does not have, refused by name.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "arena_test_util.h"
#include "check_main.h"
#include "core/error.h"
#include "results/filter_game.h"
#include "results/standings.h"

#define GAMES 60

/* A bot "printing a fixed sequence": its depth at ply p of game id is
 * (p + id + side) % 9, its game metric nodes is 1000 * id. Ply 0 asks the
 * game's metric. */
static void metric(void *user, const arena_game_record *r, int side, int ply, const char *name,
                   arena_filter_value *out)
{
    (void)user;
    out->type = ARENA_FILTER_MISSING;
    if (ply > 0 && ply <= r->plies && !strcmp(name, "depth")) {
        out->type = ARENA_FILTER_NUM;
        out->number = (ply + r->id + side) % 9;
    } else if (ply == 0 && !strcmp(name, "nodes")) {
        out->type = ARENA_FILTER_NUM;
        out->number = 1000.0 * r->id;
    }
}

static arena_game_record recs[GAMES];

static int walk_recs(void *source, arena_game_fn fn, void *user)
{
    (void)source;
    for (int i = 0; i < GAMES; i++) {
        int rc = fn(&recs[i], user);
        if (rc)
            return rc;
    }
    return 0;
}

static int add_to(const arena_game_record *r, void *user)
{
    return arena_standings_acc_add(user, r);
}

/* The same condition as the filter below, written by hand in C. */
static int by_hand(const arena_game_record *r)
{
    int side = r->black == 1 ? 0 : r->white == 1 ? 1 : -1;
    if (side < 0 || r->plies < 50)
        return 0;
    int depth = (50 + r->id + side) % 9;
    int won = r->winner == side;
    return (depth < 4 && !won) || (r->winner < 0 && r->id % 1000 == r->id);
}

START_TEST(standings_equal_a_hand_count)
{
    arena_settings s;
    league(&s, 3, GAMES / 3);
    for (int id = 0; id < GAMES; id++)
        recs[id] = record_for(&s, id, id % 5 == 0 ? -1 : id % 2);
    arena_filter *f;
    char err[256];
    ck_assert_int_eq(arena_filter_parse("bot(bot1)[50].depth < 4 AND bot(bot1).score != 1 OR "
                                        "match.winner == \"draw\" AND bot(bot1).nodes >= 0 "
                                        "AND match.plies >= 50",
                                        &f, err, sizeof err),
                     0);
    arena_filter_games fg = {.s = &s, .filter = f, .walk = walk_recs, .metric = metric};
    arena_standings_acc *acc;
    ck_assert_int_eq(arena_standings_acc_new(&s, -1, &acc), 0);
    ck_assert_int_eq(arena_filter_games_walk(&fg, add_to, acc), 0);
    arena_standings *st = malloc(sizeof *st);
    ck_assert_int_eq(arena_standings_acc_finish(acc, st), 0);
    arena_standings_acc_free(acc);
    int games = 0, wins[3] = {0}, draws[3] = {0}, losses[3] = {0};
    for (int i = 0; i < GAMES; i++) {
        const arena_game_record *r = &recs[i];
        if (!by_hand(r))
            continue;
        games++;
        int side[2] = {r->black, r->white};
        for (int c = 0; c < 2; c++) {
            if (r->winner < 0)
                draws[side[c]]++;
            else if (r->winner == c)
                wins[side[c]]++;
            else
                losses[side[c]]++;
        }
    }
    ck_assert_int_gt(games, 3);
    ck_assert_int_lt(games, GAMES / 2);
    ck_assert_int_eq(fg.seen, GAMES);
    ck_assert_int_eq(fg.kept, games);
    ck_assert_int_eq(st->games, games);
    for (int b = 0; b < 3; b++) {
        ck_assert_int_eq(st->bots[b].wins, wins[b]);
        ck_assert_int_eq(st->bots[b].draws, draws[b]);
        ck_assert_int_eq(st->bots[b].losses, losses[b]);
    }
    free(st);
    arena_filter_free(f);
    arena_settings_clear(&s);
}
END_TEST

START_TEST(reads_the_games_fields)
{
    arena_settings s;
    league(&s, 3, 4);
    arena_game_record r = record_for(&s, 2, 1);
    r.fault = 0;
    const char *black = s.bots[r.black].name, *white = s.bots[r.white].name;
    char text[512];
    snprintf(text, sizeof text,
             "match.id == 2 AND match.plies == 42 AND match.winner == \"%s\" AND match.black == "
             "\"%s\" AND match.reason == \"connected\" AND match.opening == \"\" AND bot(%s).index "
             "== 1 AND bot(%s).score == 0 AND bot(%s).error == 1 AND bot(%s).error == 0",
             white, black, white, black, black, white);
    arena_filter *f;
    char err[256];
    ck_assert_int_eq(arena_filter_parse(text, &f, err, sizeof err), 0);
    arena_filter_games fg = {.s = &s, .filter = f};
    ck_assert_int_eq(arena_filter_game_keep(&fg, &r), 1);
    arena_filter_free(f);
    /* a bot not in the game has no fields; metrics without a hook are missing */
    int third = 3 - r.black - r.white;
    snprintf(text, sizeof text,
             "bot(%s).score >= 0 OR bot(%s)[1].depth >= 0 OR bot(nobody).index >= 0",
             s.bots[third].name, black);
    ck_assert_int_eq(arena_filter_parse(text, &f, err, sizeof err), 0);
    fg.filter = f;
    ck_assert_int_eq(arena_filter_game_keep(&fg, &r), 0);
    /* a bot the league does not have is a typo: refused, named */
    ck_assert_int_eq(arena_filter_games_check(&s, f, err, sizeof err), ARENA_E_CONFIG);
    ck_assert_msg(strncmp(err, "no bot 'nobody' in this league (its bots: ", 42) == 0, "%s", err);
    ck_assert_ptr_nonnull(strstr(err, s.bots[2].name));
    arena_filter_free(f);
    snprintf(text, sizeof text, "bot(%s)[3].depth > 1 OR bot(%s).score == 1", black, white);
    ck_assert_int_eq(arena_filter_parse(text, &f, err, sizeof err), 0);
    ck_assert_int_eq(arena_filter_games_check(&s, f, err, sizeof err), 0);
    arena_filter_free(f);
    arena_settings_clear(&s);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"standings_equal_a_hand_count", standings_equal_a_hand_count, 10},
        {"reads_the_games_fields", reads_the_games_fields, 10},
    };
    return loa_run_suite("arena_filter_games", cases, LOA_COUNT(cases));
}
