/* standings_report.c - the standings of a set of finished games, computed
 * and printed, with or without some bots (report/standings_report.h). */
#include "report/standings_report.h"

#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/limits.h"
#include "league/schedule.h"
#include "report/standings_json.h"
#include "report/standings_text.h"
#include "results/standings.h"

/* The league without the excluded bots: a copy of s with only the others
 * (no shape history, no SPRT unless two bots remain as they were), map[i]
 * the new index of bot i (-1: excluded), and the games the schedule
 * expects of them. Returns 0 or ARENA_E_NOMEM / ARENA_E_INVAL. */
static int view_without(const arena_settings *s, const unsigned char *exclude, int *map,
                        int *anchor, int *expected, arena_settings *v)
{
    int kept = 0;
    for (int i = 0; i < s->bot_count; i++)
        map[i] = exclude[i] ? -1 : kept++;
    arena_settings_init(v);
    int rc = 0;
    for (int i = 0; i < s->bot_count && !rc; i++)
        if (!exclude[i])
            if (!(rc = arena_settings_add_bot(v, s->bots[i].name, s->bots[i].command,
                                              s->bots[i].cwd, NULL, 0)))
                v->bots[v->bot_count - 1].retired = s->bots[i].retired;
    if (rc)
        return rc;
    v->format = s->format;
    v->games = s->games;
    v->seed = s->seed;
    v->limits = s->limits;
    /* a view's title and columns show no timing (no wall cap, no margin:
     * its time mode is the default wall clock too), as they never did */
    v->limits.wall_cap_ms = 0;
    v->limits.time_margin_ms = 0;
    v->sprt = 0; /* a test is between the league's two bots, not a view */
    *anchor = *anchor >= 0 ? map[*anchor] : -1;
    /* counted by blocks and pairings, not over a schedule built (~40 bytes
     * a game, issue 40) */
    int64_t total = arena_schedule_total(s);
    if (total <= 0 || total > INT32_MAX || s->games % 2)
        return ARENA_E_INVAL;
    *expected = (int)arena_schedule_active_games(s, exclude);
    return 0;
}

/* A walk's games into the standings, renumbered onto the view's bots
 * (map NULL: as they are; a game of an excluded bot is left out). */
typedef struct adder {
    arena_standings_acc *acc;
    const int *map;
} adder;

static int add_one(const arena_game_record *r, void *user)
{
    adder *a = user;
    if (!a->map)
        return arena_standings_acc_add(a->acc, r);
    if (r->black < 0 || r->black >= ARENA_MAX_BOTS || r->white < 0 || r->white >= ARENA_MAX_BOTS)
        return ARENA_E_INVAL;
    if (a->map[r->black] < 0 || a->map[r->white] < 0)
        return 0;
    arena_game_record v = *r;
    v.black = a->map[r->black];
    v.white = a->map[r->white];
    return arena_standings_acc_add(a->acc, &v);
}

/* The standings of the walk's games into *st, of the view without the
 * excluded bots (then *view holds it: cleared by the caller). */
static int compute(const arena_settings **s, arena_games_walk_fn walk, void *source, int anchor,
                   const unsigned char *exclude, arena_settings *view, arena_standings *st)
{
    int map[ARENA_MAX_BOTS], expected = -1, rc = 0;
    if (exclude && (rc = view_without(*s, exclude, map, &anchor, &expected, view)) == 0)
        *s = view;
    arena_standings_acc *acc = NULL;
    if (rc == 0)
        rc = arena_standings_acc_new(*s, anchor, &acc);
    adder a = {acc, exclude ? map : NULL};
    if (rc == 0)
        rc = walk(source, add_one, &a);
    if (rc == 0)
        rc = arena_standings_acc_finish(acc, st);
    arena_standings_acc_free(acc);
    if (rc == 0 && expected >= 0)
        st->expected = expected + st->retired_games;
    return rc;
}

int arena_standings_report(const arena_settings *s, arena_games_walk_fn walk, void *source,
                           int anchor, const unsigned char *exclude, FILE *out, cJSON **json)
{
    if (json)
        *json = NULL;
    arena_standings *st = malloc(sizeof *st); /* large (pair matrices): on the heap */
    if (!st)
        return ARENA_E_NOMEM;
    arena_settings view;
    arena_settings_init(&view);
    int rc = compute(&s, walk, source, anchor, exclude, &view, st);
    if (rc == 0 && st->games == 0) /* a table of zeros says nothing (a bot failed to start) */
        fprintf(out, "Standings: no game finished yet (0 of %d games)\n", st->expected);
    else if (rc == 0)
        rc = arena_standings_print(st, s, out);
    if (rc == 0 && json && !(*json = arena_standings_to_json(st, s)))
        rc = ARENA_E_NOMEM;
    arena_settings_clear(&view);
    free(st);
    return rc;
}

int arena_standings_report_text(const arena_settings *s, arena_games_walk_fn walk, void *source,
                                int anchor, char **text)
{
    size_t size = 0;
    *text = NULL;
    FILE *mem = open_memstream(text, &size);
    if (!mem)
        return ARENA_E_NOMEM;
    int rc = arena_standings_report(s, walk, source, anchor, NULL, mem, NULL);
    if (fclose(mem) != 0 && rc == 0)
        rc = ARENA_E_NOMEM;
    if (rc) {
        free(*text);
        *text = NULL;
    }
    return rc;
}
