/* arena_report.c - standings of a results directory (arena_report.h). */
#include "arena_report.h"

#include <stdlib.h>

#include "arena_error.h"
#include "arena_standings.h"

int arena_report_standings(const arena_settings *s, arena_store *store, int anchor, int write,
                           FILE *out)
{
    /* large (pair matrices): on the heap */
    arena_standings *st = malloc(sizeof *st);
    if (!st)
        return ARENA_E_NOMEM;
    int n = arena_store_count(store);
    arena_game_record *recs = malloc(sizeof *recs * (size_t)(n ? n : 1));
    if (!recs) {
        free(st);
        return ARENA_E_NOMEM;
    }
    for (int i = 0; i < n; i++)
        recs[i] = *arena_store_get(store, i);
    int rc = arena_standings_compute(s, recs, n, anchor, st);
    free(recs);
    if (rc == 0)
        rc = arena_standings_print(st, s, out);
    if (rc == 0 && write) {
        cJSON *j = arena_standings_to_json(st, s);
        char err[1024];
        if (!j) {
            rc = ARENA_E_NOMEM;
        } else if ((rc = arena_store_write_standings(store, j, err, sizeof err))) {
            if (rc == ARENA_E_IO)
                fprintf(stderr, "loa-arena: %s\n", err);
        } else {
            fprintf(out, "\nStandings written to %s\n", arena_store_standings_path(store));
        }
        cJSON_Delete(j);
    }
    free(st);
    return rc;
}

int arena_report_standings_text(const arena_settings *s, arena_store *store, int anchor,
                                char **text)
{
    size_t size = 0;
    *text = NULL;
    FILE *mem = open_memstream(text, &size);
    if (!mem)
        return ARENA_E_NOMEM;
    int rc = arena_report_standings(s, store, anchor, 0, mem);
    if (fclose(mem) != 0 && rc == 0)
        rc = ARENA_E_NOMEM;
    if (rc) {
        free(*text);
        *text = NULL;
    }
    return rc;
}
