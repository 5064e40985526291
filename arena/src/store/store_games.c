/* store_games.c - games in and out of the store: a finished game as a
 * row of the database with its record (from a ref_game, the fast way, or
 * a cJSON record), rows back as arena_game_records checked against the
 * league, a game's record. */
#include "store/store_impl.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "league/openings.h"
#include "league/pressure_source.h"
#include "loa/loa.h"
#include "util/file.h"
#include "util/text.h"

/* zlib's level for the records: 6, its default. Level 1 made the records
 * 5% larger and saved 8 us of a game's 30; 9 saved nothing. */
#define RECORD_ZLIB_LEVEL 6

/* ---- the games.jsonl line (store_export.c writes the file anew) ---- */

char *arena_store_jsonl_line(const arena_game_record *r, const arena_settings *s, size_t *len)
{
    cJSON *j = arena_record_to_json(r, s);
    char *text = j ? cJSON_PrintUnformatted(j) : NULL;
    cJSON_Delete(j);
    if (!text)
        return NULL;
    size_t n = strlen(text);
    char *line = malloc(n + 2);
    if (line) {
        memcpy(line, text, n);
        line[n] = '\n';
        line[n + 1] = '\0';
        *len = n + 1;
    }
    cJSON_free(text);
    return line;
}

/* ---- rows and records ---- */

/* Milliseconds (3 decimals, a games.jsonl line's) as microseconds. */
static int64_t us_of(double ms)
{
    return (int64_t)llround(ms * 1000.0);
}

static void side_row(const arena_side_time *t, leaguedb_side *d)
{
    d->first_us = t->first_ms >= 0 ? us_of(t->first_ms) : -1;
    d->turns = t->turns;
    d->total_us = us_of(t->total_ms);
    d->max_us = us_of(t->max_ms);
    d->late = t->late;
    d->cpu_total_us = t->cpu_total_ms >= 0 ? us_of(t->cpu_total_ms) : -1;
    d->cpu_max_us = t->cpu_max_ms >= 0 ? us_of(t->cpu_max_ms) : -1;
}

static void side_record(const leaguedb_side *d, arena_side_time *t)
{
    t->first_ms = d->first_us >= 0 ? d->first_us / 1000.0 : -1;
    t->turns = (int)d->turns;
    t->total_ms = d->total_us / 1000.0;
    t->max_ms = d->max_us / 1000.0;
    t->late = (int)d->late;
    t->cpu_total_ms = d->cpu_total_us >= 0 ? d->cpu_total_us / 1000.0 : -1;
    t->cpu_max_ms = d->cpu_max_us >= 0 ? d->cpu_max_us / 1000.0 : -1;
}

void arena_store_row_of(const arena_game_record *r, const arena_settings *s,
                        const leaguedb_blob *rec, const leaguedb_blob *stderr_blob,
                        leaguedb_game *row, char *opening, size_t opening_size)
{
    memset(row, 0, sizeof *row);
    opening[0] = '\0';
    if (r->opening >= 0 && s->openings)
        arena_openings_text(s->openings, r->opening, opening, opening_size);
    row->id = r->id;
    row->round = r->round;
    row->pairing = r->pairing;
    row->black = r->black;
    row->white = r->white;
    row->seed = r->seed;
    row->opening = opening[0] ? opening : NULL;
    row->winner = r->winner >= 0 ? r->winner : -1;
    row->reason = ref_reason_name(r->reason);
    row->fault = r->fault >= 0 ? r->fault : -1;
    row->score[0] = r->scores[0];
    row->score[1] = r->scores[1];
    row->plies = r->plies;
    row->start_unix = r->start_time;
    row->duration_us = us_of(r->duration_ms);
    side_row(&r->time[0], &row->side[0]);
    side_row(&r->time[1], &row->side[1]);
    row->under_load = r->under_load >= 0 ? r->under_load : -1;
    row->pressure = r->pressure;
    row->pressure_source =
        r->under_load >= 0 ? arena_pressure_source_name((arena_pressure_source)r->pressure_source)
                           : NULL;
    row->moves_hash = r->moves_hash;
    row->detail = r->detail;
    if (rec && rec->data) {
        row->record = rec->data;
        row->record_size = rec->size;
    }
    if (stderr_blob && stderr_blob->data) {
        row->stderr_blob = stderr_blob->data;
        row->stderr_size = stderr_blob->size;
    }
}

/* What is wrong with row g in st's league, named by its column and value
 * (a row edited by hand, or of another league): 1 with why, or 0. */
static int row_problem(const arena_store *st, const leaguedb_game *g, ref_reason reason, char *why,
                       size_t whysz)
{
    const arena_settings *s = &st->settings;
    long long id = (long long)g->id;
    if (g->id < 0 || g->id >= st->schedule_size)
        return util_fail(1, why, whysz,
                         "games row id %lld: outside the league's schedule "
                         "(ids 0..%lld)",
                         id, (long long)st->schedule_size - 1);
    const int64_t side[2] = {g->black, g->white};
    for (int c = 0; c < 2; c++)
        if (side[c] < 0 || side[c] >= s->bot_count)
            return util_fail(1, why, whysz,
                             "game %lld: column %s is %lld, not a bot of the "
                             "league (0..%d)",
                             id, c ? "white" : "black", (long long)side[c], s->bot_count - 1);
    if (reason == REF_REASON_NONE)
        return util_fail(1, why, whysz,
                         "game %lld: column reason is '%.60s', not an end "
                         "reason",
                         id, g->reason ? g->reason : "(null)");
    if (g->winner < -1 || g->winner > 1)
        return util_fail(1, why, whysz,
                         "game %lld: column winner is %lld, not 0 (black), 1 "
                         "(white) or NULL (a draw)",
                         id, (long long)g->winner);
    if (g->fault < -1 || g->fault > 1)
        return util_fail(1, why, whysz,
                         "game %lld: column fault is %lld, not 0 (black), 1 "
                         "(white) or NULL (no fault)",
                         id, (long long)g->fault);
    return 0;
}

int arena_store_record_of_row(const arena_store *st, const leaguedb_game *g, arena_game_record *r,
                              char *why, size_t whysz)
{
    const arena_settings *s = &st->settings;
    memset(r, 0, sizeof *r);
    ref_reason reason = ref_reason_from_name(g->reason);
    if (row_problem(st, g, reason, why, whysz))
        return -1;
    r->id = (int)g->id;
    r->round = (int)g->round;
    r->pairing = (int)g->pairing;
    r->black = (int)g->black;
    r->white = (int)g->white;
    r->seed = g->seed;
    /* the index of the round's opening, when the table is loaded (a run,
     * a merge): the text is the round's, as the schedule made it */
    r->opening = g->opening && s->openings ? arena_openings_for_round(s->openings, r->round) : -1;
    r->winner = g->winner >= 0 ? (int)g->winner : -1;
    r->reason = reason;
    r->fault = g->fault >= 0 ? (int)g->fault : -1;
    r->scores[0] = (int)g->score[0];
    r->scores[1] = (int)g->score[1];
    r->plies = (int)g->plies;
    r->start_time = g->start_unix;
    r->duration_ms = g->duration_us / 1000.0;
    side_record(&g->side[0], &r->time[0]);
    side_record(&g->side[1], &r->time[1]);
    r->under_load = g->under_load >= 0 ? (int)g->under_load : -1;
    r->pressure = g->pressure;
    r->pressure_source = !g->pressure_source                           ? ARENA_PRESSURE_NONE
                         : strcmp(g->pressure_source, "psi") == 0      ? ARENA_PRESSURE_PSI
                         : strcmp(g->pressure_source, "runnable") == 0 ? ARENA_PRESSURE_RUNNABLE
                                                                       : ARENA_PRESSURE_NONE;
    r->moves_hash = g->moves_hash;
    snprintf(r->detail, sizeof r->detail, "%s", g->detail ? g->detail : "");
    return 0;
}

/* Stores r with its blobs and metrics (NULL: none) in one transaction,
 * then its games.jsonl line. */
static int put_blobs(arena_store *st, const arena_game_record *r, const leaguedb_blob *rec,
                     const leaguedb_blob *ste, const leaguedb_game_metrics *metrics, char *err,
                     size_t errsz)
{
    leaguedb_game row;
    char opening[REF_OPENING_TEXT_MAX];
    arena_store_row_of(r, &st->settings, rec, ste, &row, opening, sizeof opening);
    /* one transaction a game: all of it or nothing, whenever the process dies */
    int rc = leaguedb_begin(st->db, err, errsz);
    if (rc == 0 && (rc = leaguedb_insert_game(st->db, &row, err, errsz)) == 0 &&
        (!metrics || (rc = leaguedb_metrics_put(st->db, metrics, err, errsz)) == 0))
        rc = leaguedb_commit(st->db, err, errsz);
    else if (rc)
        leaguedb_rollback(st->db);
    if (rc)
        return rc;
    st->count += arena_store_mark(st, r->id);
    LOA_CHECK(arena_store_check(st));
    /* the export: not synced (the database is the truth; a line lost to a
     * kill is written again by the next opening) */
    size_t n;
    char *line = arena_store_jsonl_line(r, &st->settings, &n);
    if (line && st->games_fd >= 0 && util_write_all(st->games_fd, line, n) != 0)
        arena_store_warnf(st->warn, st->user,
                          "cannot append to %s: %s (the game is stored; the file is "
                          "rewritten on the next run)",
                          st->games_path, strerror(errno));
    free(line);
    return 0;
}

static int storable(const arena_store *st, const arena_game_record *r, char *err, size_t errsz)
{
    if (!st->writable || r->id < 0 || r->id >= st->schedule_size || arena_store_has(st, r->id))
        return util_fail(ARENA_E_INVAL, err, errsz, "game %d cannot be stored", r->id);
    return 0;
}

void arena_store_check_blob(const leaguedb_blob *rec, const leaguedb_blob *ste, const cJSON *record)
{
    cJSON *back = NULL;
    int rc = leaguedb_game_blob_decode(rec->data, rec->size, ste->data, ste->size, &back);
    LOA_ASSERT(rc == 0 || rc == LEAGUEDB_E_NOMEM); /* out of memory says nothing of the blob */
    /* the same text: a record's integers may be raw (ref_game_to_json),
     * the decoded ones numbers, which cJSON_Compare tells apart */
    char *a = rc == 0 ? cJSON_PrintUnformatted(back) : NULL;
    char *b = a ? cJSON_PrintUnformatted(record) : NULL;
    LOA_ASSERT(!b || strcmp(a, b) == 0);
    cJSON_free(a);
    cJSON_free(b);
    cJSON_Delete(back);
}

/* arena_store_put with the game's metrics (NULL: none; record has none
 * of its own: arena_store_strip_metrics). */
static int put_record(arena_store *st, const arena_game_record *r, const cJSON *record,
                      const leaguedb_game_metrics *metrics, char *err, size_t errsz)
{
    int rc = storable(st, r, err, errsz);
    if (rc)
        return rc;
    leaguedb_blob rec = {0}, ste = {0};
    if (record && (rc = leaguedb_game_blob_encode(record, RECORD_ZLIB_LEVEL, &rec, &ste)))
        return util_fail(rc, err, errsz,
                         arena_error_kind(rc) == ARENA_E_NOMEM ? "out of memory"
                                                               : "game %d: not a game record",
                         r->id);
    if (record)
        LOA_CHECK(arena_store_check_blob(&rec, &ste, record));
    rc = put_blobs(st, r, &rec, &ste, metrics, err, errsz);
    leaguedb_game_blob_free(&rec);
    leaguedb_game_blob_free(&ste);
    return rc;
}

int arena_store_put(arena_store *st, const arena_game_record *r, const cJSON *record, char *err,
                    size_t errsz)
{
    return put_record(st, r, record, NULL, err, errsz);
}

static int valid_text(const char *s)
{
    size_t n = s ? strlen(s) : 0;
    return !s || util_utf8_check(s, n) == n;
}

/* g's plies as the blob keeps them, when every text is valid UTF-8 (the
 * record keeps such texts as they are). 1, or 0 when one is not (the
 * record cleans it: only ref_game_to_json says how). */
static int plies_of(const ref_game *g, leaguedb_blob_ply *out, char (*moves)[LOA_MOVE_STRING_MAX],
                    const char *const *stderr_text)
{
    int n = ref_game_ply_count(g);
    for (int i = 0; i < n; i++) {
        const ref_ply *p = ref_game_ply(g, i);
        if (!valid_text(p->output) || !valid_text(p->comment) || !valid_text(p->stderr_tail))
            return 0;
        out[i].player = p->player;
        out[i].output = p->output;
        out[i].move = p->move == LOA_MOVE_NONE ? NULL : loa_move_format(p->move, moves[i]);
        out[i].comment = p->comment ? p->comment : "";
        out[i].random = p->random;
        out[i].late = p->late;
        out[i].time_us = p->time_us;
        out[i].cpu_us = p->cpu_us;
        out[i].stderr_text = stderr_text[i];
    }
    return 1;
}

int arena_store_put_game(arena_store *st, const arena_game_record *r, const ref_game *g, char *err,
                         size_t errsz)
{
    int rc = storable(st, r, err, errsz);
    if (rc || !g)
        return rc ? rc : arena_store_put(st, r, NULL, err, errsz);
    int n = ref_game_ply_count(g);
    leaguedb_blob_ply *plies = malloc(sizeof *plies * (size_t)(n ? n : 1));
    char(*moves)[LOA_MOVE_STRING_MAX] = malloc(sizeof *moves * (size_t)(n ? n : 1));
    cJSON *head = NULL;
    char *text = NULL;
    leaguedb_blob rec = {0}, ste = {0};
    arena_store_metrics met;
    const char **errs = malloc(sizeof *errs * (size_t)(n ? n : 1));
    char *stripped = errs ? arena_store_strip_stderr(g, errs) : NULL;
    if (!plies || !moves || !stripped || arena_store_metrics_of(g, r->id, &met)) {
        free(plies);
        free(moves);
        free(errs);
        free(stripped);
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    } else if (!plies_of(g, plies, moves, errs)) {
        cJSON *record = ref_game_to_json(g); /* texts to clean: the slow way */
        if (record)
            arena_store_strip_metrics(record);
        rc = record ? put_record(st, r, record, &met.m, err, errsz)
                    : util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
        cJSON_Delete(record);
        goto done;
    } else if (!(head = ref_game_to_json_head(g)) || !(text = cJSON_PrintUnformatted(head))) {
        rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    } else if ((rc = leaguedb_game_blob_encode_parts(text, plies, n, RECORD_ZLIB_LEVEL, &rec,
                                                     &ste))) {
        util_fail(rc, err, errsz,
                  arena_error_kind(rc) == ARENA_E_NOMEM ? "out of memory"
                                                        : "game %d: a move that is no move",
                  r->id);
    }
    if (rc == 0 && LOA_CHECKS_ON) {
        /* the record the blobs stand for, as the slow way would build it */
        cJSON *record = ref_game_to_json(g);
        if (record) {
            arena_store_strip_metrics(record);
            arena_store_check_blob(&rec, &ste, record);
        }
        cJSON_Delete(record);
    }
    if (rc == 0)
        rc = put_blobs(st, r, &rec, &ste, &met.m, err, errsz);
done:
    arena_store_metrics_free(&met);
    free(errs);
    free(stripped);
    leaguedb_game_blob_free(&rec);
    leaguedb_game_blob_free(&ste);
    cJSON_free(text);
    cJSON_Delete(head);
    free(plies);
    free(moves);
    return rc;
}

typedef struct game_walk {
    const arena_store *st;
    arena_game_fn fn;
    void *user;
    int bad;
    char why[256];
} game_walk;

static int walk_one(const leaguedb_game *g, void *user)
{
    game_walk *w = user;
    arena_game_record r;
    if (arena_store_record_of_row(w->st, g, &r, w->why, sizeof w->why)) {
        w->bad = 1;
        return ARENA_E_PARSE;
    }
    return w->fn(&r, w->user);
}

int arena_store_walk(const arena_store *st, leaguedb_walk_fn walk, int64_t param, arena_game_fn fn,
                     void *user, char *err, size_t errsz)
{
    game_walk w = {st, fn, user, 0, ""};
    int rc = walk(st->db, param, walk_one, &w, err, errsz);
    if (w.bad)
        util_fail(ARENA_E_PARSE, err, errsz, "%s: %s", arena_store_db_path(st), w.why);
    return rc;
}

int arena_store_foreach(const arena_store *st, arena_game_fn fn, void *user, char *err,
                        size_t errsz)
{
    return arena_store_walk(st, leaguedb_foreach_from, 0, fn, user, err, errsz);
}

int arena_store_games_walk(void *source, arena_game_fn fn, void *user)
{
    char err[256];
    return arena_store_foreach((const arena_store *)source, fn, user, err, sizeof err);
}

typedef struct index_walk {
    const arena_settings *s;
    cJSON *lines;
} index_walk;

static int index_one(const arena_game_record *r, void *user)
{
    index_walk *w = user;
    cJSON *line = arena_record_to_json(r, w->s);
    if (!line || !cJSON_AddItemToArray(w->lines, line)) {
        cJSON_Delete(line);
        return ARENA_E_NOMEM;
    }
    return 0;
}

int arena_store_index_lines(const arena_store *st, int max, cJSON **lines, char *err, size_t errsz)
{
    index_walk w = {&st->settings, cJSON_CreateArray()};
    *lines = NULL;
    if (!w.lines)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    int rc = arena_store_walk(st, leaguedb_foreach_index, max, index_one, &w, err, errsz);
    if (arena_error_kind(rc) == ARENA_E_NOMEM)
        util_fail(rc, err, errsz, "out of memory");
    if (rc)
        cJSON_Delete(w.lines);
    else
        *lines = w.lines;
    return rc;
}

typedef struct tally_walk {
    const arena_store *st;
    arena_store_tally_fn fn;
    void *user;
} tally_walk;

static int tally_one(const leaguedb_tally_row *t, void *user)
{
    tally_walk *w = user;
    int n = w->st->settings.bot_count;
    if (t->black < 0 || t->black >= n || t->white < 0 || t->white >= n || t->winner < -1 ||
        t->winner > 1 || t->count < 1 || t->count > INT_MAX)
        return ARENA_E_PARSE;
    return w->fn((int)t->black, (int)t->white, (int)t->winner, t->faulted != 0, (int)t->count,
                 w->user);
}

int arena_store_tally(const arena_store *st, arena_store_tally_fn fn, void *user, char *err,
                      size_t errsz)
{
    tally_walk w = {st, fn, user};
    int rc = leaguedb_tally(st->db, tally_one, &w, err, errsz);
    if (arena_error_kind(rc) == ARENA_E_PARSE)
        util_fail(rc, err, errsz, "%s: games of bots that are not the league's",
                  arena_store_db_path(st));
    return rc;
}

int arena_store_record(const arena_store *st, int id, cJSON **out, char *err, size_t errsz)
{
    return leaguedb_record(st->db, id, out, err, errsz);
}
