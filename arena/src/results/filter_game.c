/*
 * results/filter_game.c - the games filter applied to finished games
 * (results/filter_game.h): a game's fields as filter values, and the
 * filtered walk. A file of its own: the language (filter.c) knows no game,
 * and the fields a filter can name are listed once, here.
 */
#include "results/filter_game.h"

#include <string.h>

#include "core/error.h"

#include "league/openings.h"
#include "ref/referee.h"
#include "util/buf.h"
#include "util/text.h"

typedef struct game_ctx {
    const arena_filter_games *fg;
    const arena_game_record *r;
    char opening[REF_OPENING_TEXT_MAX];
} game_ctx;

static void num(arena_filter_value *out, double v)
{
    out->type = ARENA_FILTER_NUM;
    out->number = v;
}

static void text(arena_filter_value *out, const char *t)
{
    out->type = ARENA_FILTER_TEXT;
    out->text = t;
}

static const char *bot_name(const arena_settings *s, int i)
{
    return i >= 0 && i < s->bot_count ? s->bots[i].name : "";
}

static void match_value(game_ctx *g, const char *name, arena_filter_value *out)
{
    const arena_game_record *r = g->r;
    const arena_settings *s = g->fg->s;
    if (!strcmp(name, "id"))
        num(out, r->id);
    else if (!strcmp(name, "round"))
        num(out, r->round);
    else if (!strcmp(name, "pairing"))
        num(out, r->pairing);
    else if (!strcmp(name, "seed"))
        num(out, (double)r->seed);
    else if (!strcmp(name, "plies"))
        num(out, r->plies);
    else if (!strcmp(name, "duration_ms"))
        num(out, r->duration_ms);
    else if (!strcmp(name, "reason"))
        text(out, ref_reason_name(r->reason));
    else if (!strcmp(name, "black"))
        text(out, bot_name(s, r->black));
    else if (!strcmp(name, "white"))
        text(out, bot_name(s, r->white));
    else if (!strcmp(name, "winner"))
        text(out, r->winner < 0 ? "draw" : bot_name(s, r->winner ? r->white : r->black));
    else if (!strcmp(name, "opening")) {
        g->opening[0] = '\0';
        const arena_openings *o = g->fg->openings ? g->fg->openings : s->openings;
        /* a record read from a store knows its round, not its opening's
         * index: the round's opening of the table, as the store has it */
        int i = r->opening >= 0 ? r->opening : o ? arena_openings_for_round(o, r->round) : -1;
        if (i >= 0 && o)
            arena_openings_text(o, i, g->opening, sizeof g->opening);
        text(out, g->opening);
    }
}

/* The bot's builtin field; 0 when name is none of them. */
static int bot_builtin(const arena_game_record *r, int side, const char *name,
                       arena_filter_value *out)
{
    if (!strcmp(name, "index"))
        num(out, side);
    else if (!strcmp(name, "score"))
        num(out, r->winner < 0 ? 0.5 : r->winner == side ? 1 : 0);
    else if (!strcmp(name, "error"))
        num(out, r->fault == side);
    else
        return 0;
    return 1;
}

static void bot_value(game_ctx *g, const arena_filter_operand *op, arena_filter_value *out)
{
    int b = arena_settings_find_bot(g->fg->s, op->bot);
    int side = b < 0 ? -1 : b == g->r->black ? 0 : b == g->r->white ? 1 : -1;
    if (side < 0)
        return;
    if (op->ref == ARENA_FILTER_BOT_GAME && bot_builtin(g->r, side, op->name, out))
        return;
    if (g->fg->metric)
        g->fg->metric(g->fg->metric_user, g->r, side,
                      op->ref == ARENA_FILTER_BOT_TURN ? op->ply : 0, op->name, out);
}

static void lookup(void *ctx, const arena_filter_operand *op, arena_filter_value *out)
{
    game_ctx *g = ctx;
    out->type = ARENA_FILTER_MISSING;
    if (op->ref == ARENA_FILTER_MATCH)
        match_value(g, op->name, out);
    else
        bot_value(g, op, out);
}

int arena_filter_game_keep(const arena_filter_games *fg, const arena_game_record *r)
{
    game_ctx g = {.fg = fg, .r = r};
    return arena_filter_eval(fg->filter, lookup, &g);
}

typedef struct walk_ctx {
    arena_filter_games *fg;
    arena_game_fn fn;
    void *user;
} walk_ctx;

static int keep_or_skip(const arena_game_record *r, void *user)
{
    walk_ctx *w = user;
    w->fg->seen++;
    if (!arena_filter_game_keep(w->fg, r))
        return 0;
    w->fg->kept++;
    return w->fn(r, w->user);
}

int arena_filter_games_walk(void *source, arena_game_fn fn, void *user)
{
    arena_filter_games *fg = source;
    walk_ctx w = {fg, fn, user};
    return fg->walk(fg->source, keep_or_skip, &w);
}

int arena_filter_games_check(const arena_settings *s, const arena_filter *f, char *err,
                             size_t errsz)
{
    for (int i = 0; i < arena_filter_conds(f); i++) {
        const arena_filter_operand *side[2];
        arena_filter_cond(f, i, &side[0], &side[1]);
        for (int k = 0; k < 2; k++) {
            const arena_filter_operand *o = side[k];
            if ((o->ref != ARENA_FILTER_BOT_GAME && o->ref != ARENA_FILTER_BOT_TURN) ||
                arena_settings_find_bot(s, o->bot) >= 0)
                continue;
            util_buf b = {0};
            util_buf_printf(&b, "no bot '%s' in this league (its bots:", o->bot);
            for (int j = 0; j < s->bot_count; j++)
                util_buf_printf(&b, "%s %s", j ? "," : "", s->bots[j].name);
            util_buf_str(&b, ")");
            util_fail(ARENA_E_CONFIG, err, errsz, "%s", b.failed ? "no such bot" : b.s);
            util_buf_free(&b);
            return ARENA_E_CONFIG;
        }
    }
    return 0;
}
