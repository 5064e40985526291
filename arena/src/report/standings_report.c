/* standings_report.c - the standings of a set of finished games, computed
 * and printed, with or without some bots (report/standings_report.h). */
#include "report/standings_report.h"

#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "league/schedule.h"
#include "report/standings_json.h"
#include "report/standings_text.h"

/* The league without the excluded bots: a copy of s with only the others
 * (no shape history, no SPRT unless two bots remain as they were), their
 * games renumbered onto the remaining bots, and the games the schedule
 * expects of them. Returns 0 or ARENA_E_NOMEM / ARENA_E_INVAL. */
static int view_without(const arena_settings *s, const unsigned char *exclude,
                        arena_game_record *recs, int *n, int *anchor, int *expected,
                        arena_settings *v)
{
    int map[ARENA_MAX_BOTS], kept = 0;
    for (int i = 0; i < s->bot_count; i++)
        map[i] = exclude[i] ? -1 : kept++;
    arena_settings_init(v);
    int rc = 0;
    for (int i = 0; i < s->bot_count && !rc; i++)
        if (!exclude[i])
            rc = arena_settings_add_bot(v, s->bots[i].name, s->bots[i].command, s->bots[i].cwd,
                                        NULL, 0);
    if (rc)
        return rc;
    v->format = s->format;
    v->games = s->games;
    v->seed = s->seed;
    v->turn_ms = s->turn_ms;
    v->first_turn_ms = s->first_turn_ms;
    v->max_plies = s->max_plies;
    v->sprt = 0; /* a test is between the league's two bots, not a view */
    int k = 0;
    for (int i = 0; i < *n; i++)
        if (map[recs[i].black] >= 0 && map[recs[i].white] >= 0) {
            recs[k] = recs[i];
            recs[k].black = map[recs[i].black];
            recs[k].white = map[recs[i].white];
            k++;
        }
    *n = k;
    *anchor = *anchor >= 0 ? map[*anchor] : -1;
    arena_game_spec *all = NULL;
    int total = 0;
    if ((rc = arena_schedule_build(s, &all, &total)))
        return rc;
    *expected = 0;
    for (int i = 0; i < total; i++)
        *expected += arena_shard_has(s, all[i].id) && map[all[i].black] >= 0 &&
                     map[all[i].white] >= 0;
    free(all);
    return 0;
}

int arena_standings_report(const arena_settings *s, const arena_game_record *records, int count,
                           int anchor, const unsigned char *exclude, FILE *out, cJSON **json)
{
    if (json)
        *json = NULL;
    /* large (pair matrices): on the heap; the records copied, for the view
     * without excluded bots renumbers them */
    arena_standings *st = malloc(sizeof *st);
    arena_game_record *recs = malloc(sizeof *recs * (size_t)(count > 0 ? count : 1));
    if (!st || !recs) {
        free(st);
        free(recs);
        return ARENA_E_NOMEM;
    }
    if (count > 0)
        memcpy(recs, records, sizeof *recs * (size_t)count);
    int n = count;
    arena_settings view;
    arena_settings_init(&view);
    int expected = -1, rc = 0;
    if (exclude && (rc = view_without(s, exclude, recs, &n, &anchor, &expected, &view)) == 0)
        s = &view;
    if (rc == 0)
        rc = arena_standings_compute(s, recs, n, anchor, st);
    free(recs);
    if (rc == 0 && expected >= 0)
        st->expected = expected;
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

int arena_standings_report_text(const arena_settings *s, const arena_game_record *records,
                                int count, int anchor, char **text)
{
    size_t size = 0;
    *text = NULL;
    FILE *mem = open_memstream(text, &size);
    if (!mem)
        return ARENA_E_NOMEM;
    int rc = arena_standings_report(s, records, count, anchor, NULL, mem, NULL);
    if (fclose(mem) != 0 && rc == 0)
        rc = ARENA_E_NOMEM;
    if (rc) {
        free(*text);
        *text = NULL;
    }
    return rc;
}
