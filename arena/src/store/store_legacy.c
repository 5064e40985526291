/* store_legacy.c - a results directory of an older loa-arena
 * (league.json, games.jsonl, a games/<id>.json file a game) converted to
 * the league database, once (store_impl.h). */
#include "store/store_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/error.h"
#include "core/text.h"
#include "league/schedule.h"
#include "util/error.h"
#include "util/file.h"
#include "util/text.h"

/* Longest record file read, bytes. */
#define RECORD_FILE_MAX (64 * 1024 * 1024)

/* 1 when dir's league.db is an empty file (0 bytes): no database, made by
 * `sqlite3 DIR/league.db "..."` where none was, or a copy cut short. A
 * league database is never empty: its first page is written as it is
 * made (journal_mode = WAL writes the header). */
static int db_is_empty(const char *dir)
{
    char *p = util_path_join(dir, LEAGUEDB_FILE);
    struct stat sb;
    int yes = p && stat(p, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size == 0;
    free(p);
    return yes;
}

int arena_store_is_legacy(const char *dir)
{
    char *p = util_path_join(dir, "league.json");
    int yes = p && access(p, F_OK) == 0 && (!leaguedb_exists(dir) || db_is_empty(dir));
    free(p);
    return yes;
}

/* What the conversion did. */
typedef struct convert {
    arena_store *st; /* the league (settings) and the new database */
    const char *dir;
    int games, records, kept, skipped;
    int *removable; /* ids whose record file came back whole */
    int nremovable;
} convert;

/* A record file, read and normalised as the referee wrote it (the seed's
 * exact digits): NULL when there is none or it is not JSON. */
static cJSON *read_record(const char *path)
{
    char *text = NULL;
    size_t n = 0;
    if (util_read_file(path, RECORD_FILE_MAX, &text, &n))
        return NULL;
    cJSON *j = cJSON_ParseWithLength(text, n);
    free(text);
    const cJSON *st = cJSON_GetObjectItemCaseSensitive(j, "seed_text");
    if (j && cJSON_IsString(st) && cJSON_GetObjectItemCaseSensitive(j, "seed"))
        cJSON_ReplaceItemInObjectCaseSensitive(j, "seed", cJSON_CreateRaw(st->valuestring));
    return j;
}

/* 1 when blobs decode to exactly record (printed the same). */
static int comes_back(const cJSON *record, const leaguedb_blob *rec, const leaguedb_blob *ste)
{
    cJSON *back = NULL;
    if (leaguedb_game_blob_decode(rec->data, rec->size, ste->data, ste->size, &back))
        return 0;
    char *a = cJSON_PrintUnformatted(record), *b = cJSON_PrintUnformatted(back);
    int same = a && b && strcmp(a, b) == 0;
    cJSON_free(a);
    cJSON_free(b);
    cJSON_Delete(back);
    return same;
}

/* One games.jsonl line into the database, with its record file. */
static int convert_line(convert *c, const cJSON *line, const arena_game_record *r, char *err,
                        size_t errsz)
{
    char name[32];
    snprintf(name, sizeof name, "games/%06d.json", r->id);
    char *path = util_path_join(c->dir, name);
    if (!path)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    cJSON *record = read_record(path);
    leaguedb_blob rec = {0}, ste = {0};
    int whole = 0;
    if (record && leaguedb_game_blob_encode(record, 6, &rec, &ste) == 0)
        whole = comes_back(record, &rec, &ste);
    if (record && !whole) {
        /* never lose it: the file stays, and the blobs say what they can */
        c->kept++;
        arena_store_warnf(c->st->warn, c->st->user,
                          "%s: its record did not convert exactly: the file stays", path);
    }
    leaguedb_game row;
    char opening[REF_OPENING_TEXT_MAX];
    arena_store_row_of(r, &c->st->settings, &rec, &ste, &row, opening, sizeof opening);
    /* the line's opening text: the table of an old league is not loaded */
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(line, "opening");
    row.opening = cJSON_IsString(o) && o->valuestring[0] ? o->valuestring : NULL;
    int rc = leaguedb_insert_game(c->st->db, &row, err, errsz);
    if (rc == 0) {
        c->games++;
        c->records += record != NULL;
        if (whole)
            c->removable[c->nremovable++] = r->id;
    }
    leaguedb_game_blob_free(&rec);
    leaguedb_game_blob_free(&ste);
    cJSON_Delete(record);
    free(path);
    return rc;
}

/* Every complete, readable line of games.jsonl (as the older arena read
 * it: torn, foreign or repeated lines skipped with a warning). */
static int convert_games(convert *c, const char *path, char *err, size_t errsz)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return errno == ENOENT
                   ? 0
                   : util_fail(ARENA_E_IO, err, errsz, "cannot read %s: %s", path, strerror(errno));
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    long lineno = 0;
    int rc = 0;
    const arena_settings *s = &c->st->settings;
    int64_t total = arena_schedule_total(s);
    unsigned char *seen = calloc((size_t)(total > 0 ? total : 1), 1);
    c->removable = malloc(sizeof *c->removable * (size_t)(total > 0 ? total : 1));
    if (!seen || !c->removable)
        rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    while (!rc && (n = getline(&line, &cap, f)) > 0) {
        lineno++;
        if (line[n - 1] != '\n') {
            c->skipped++;
            break; /* torn by a kill: its game is played again */
        }
        cJSON *j = n > 1 ? cJSON_ParseWithLength(line, (size_t)n) : NULL;
        arena_game_record r;
        char why[256];
        if (!j || arena_record_from_json(j, s, &r, why, sizeof why) || r.id < 0 || r.id >= total ||
            seen[r.id]) {
            if (n > 1) {
                c->skipped++;
                arena_store_warnf(c->st->warn, c->st->user,
                                  "%s: line %ld is no game of the league: not "
                                  "converted",
                                  path, lineno);
            }
            cJSON_Delete(j);
            continue;
        }
        seen[r.id] = 1;
        rc = convert_line(c, j, &r, err, errsz);
        cJSON_Delete(j);
    }
    free(line);
    free(seen);
    fclose(f);
    return rc;
}

/* Into a database beside the directory's files, then renamed to league.db:
 * a conversion cut short leaves no half database. */
static int convert_into(convert *c, const char *tmpdir, char *err, size_t errsz)
{
    arena_store *st = c->st;
    int rc = leaguedb_open(tmpdir, LEAGUEDB_WRITE, &st->db, err, errsz);
    if (rc)
        return rc;
    char *games = util_path_join(c->dir, "games.jsonl");
    if (!games)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    if ((rc = leaguedb_begin(st->db, err, errsz)) == 0) {
        if ((rc = convert_games(c, games, err, errsz)) == 0)
            rc = leaguedb_commit(st->db, err, errsz);
        else
            leaguedb_rollback(st->db);
    }
    free(games);
    if (rc == 0)
        rc = arena_store_write_league(st, NULL, err, errsz);
    return rc;
}

/* The league of dir (its league.json) and its games converted into a
 * database in tmp (made here, emptied first: a conversion cut short
 * before starts again); c->st->db closed after (checkpointed: one file). */
static int convert_dir(convert *c, const char *tmp, char *err, size_t errsz)
{
    arena_store *st = c->st;
    char *text = NULL, *tmpdb = util_path_join(tmp, LEAGUEDB_FILE);
    size_t n = 0;
    int rc = 0;
    if (!tmpdb || !(st->dir = strdup(c->dir)) ||
        !(st->league_path = util_path_join(c->dir, "league.json")))
        rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    else if (util_read_file(st->league_path, 16u << 20, &text, &n) != 0)
        rc = util_fail(ARENA_E_PARSE, err, errsz, "%s: cannot read: %s", st->league_path,
                       strerror(errno));
    else
        rc = arena_store_parse_league(st, text, n, st->league_path, &st->settings,
                                      &st->fingerprints, err, errsz);
    if (rc == 0) {
        unlink(tmpdb);
        if (util_mkdirs(tmp) != 0)
            rc = util_fail(ARENA_E_IO, err, errsz, "cannot create %s: %s", tmp, strerror(errno));
    }
    if (rc == 0)
        rc = convert_into(c, tmp, err, errsz);
    leaguedb_close(st->db); /* checkpoints: one file, league.db */
    st->db = NULL;
    free(text);
    free(tmpdb);
    return rc;
}

/* What convert_dir allocated in c->st, freed. */
static void convert_free(convert *c)
{
    arena_settings_clear(&c->st->settings);
    cJSON_Delete(c->st->fingerprints);
    free(c->st->dir);
    free(c->st->league_path);
    free(c->removable);
}

int arena_store_convert_legacy(const char *dir, arena_warn_fn warn, void *user, char *err,
                               size_t errsz)
{
    /* the older arenas' lock: never convert under a running one */
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0)
        return util_fail(ARENA_E_IO, err, errsz, "cannot open %s: %s", dir, strerror(errno));
    if (flock(dfd, LOCK_EX | LOCK_NB) != 0) {
        close(dfd);
        return util_fail(ARENA_E_BUSY, err, errsz, "%s is in use by another loa-arena", dir);
    }
    int rc = 0;
    arena_store st;
    memset(&st, 0, sizeof st);
    arena_settings_init(&st.settings);
    st.games_fd = -1;
    st.warn = warn;
    st.user = user;
    convert c = {&st, dir, 0, 0, 0, 0, NULL, 0};
    char *tmp = util_path_join(dir, ".league-db-conversion");
    char *tmpdb = tmp ? util_path_join(tmp, LEAGUEDB_FILE) : NULL;
    char *db = util_path_join(dir, LEAGUEDB_FILE);
    int empty = db_is_empty(dir);
    if (!tmp || !tmpdb || !db) {
        rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
        goto done;
    }
    if (!arena_store_is_legacy(dir)) /* converted meanwhile */
        goto done;
    rc = convert_dir(&c, tmp, err, errsz);
    /* over an empty league.db too: the rename replaces it whole */
    if (rc == 0 && rename(tmpdb, db) != 0)
        rc = util_fail(ARENA_E_IO, err, errsz, "cannot move %s to %s: %s", tmpdb, db,
                       strerror(errno));
    if (rc == 0) {
        rmdir(tmp);
        for (int i = 0; i < c.nremovable; i++) {
            char name[40];
            snprintf(name, sizeof name, "games/%06d.json", c.removable[i]);
            char *p = util_path_join(dir, name);
            if (p)
                unlink(p);
            free(p);
        }
        arena_store_warnf(warn, user,
                          "%s: %s the league database %s (%d games, %d records; %d "
                          "record files removed%s%s)",
                          dir,
                          empty ? "its league.db was empty (0 bytes, no "
                                  "database): rebuilt from league.json and games.jsonl into"
                                : "converted to",
                          db, c.games, c.records, c.nremovable,
                          c.kept ? ", some kept: see above" : "",
                          c.skipped ? ", unreadable lines left out: see above" : "");
    }
done:
    convert_free(&c);
    free(tmp);
    free(tmpdb);
    free(db);
    close(dfd); /* drops the lock */
    return rc;
}

int arena_store_read_legacy(const char *dir, arena_warn_fn warn, void *user, char **tmpdir,
                            char *err, size_t errsz)
{
    *tmpdir = NULL;
    const char *base = getenv("TMPDIR");
    char *tmp = util_path_join(base && base[0] ? base : "/tmp", "loa-arena-read-XXXXXX");
    if (!tmp)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    if (!mkdtemp(tmp)) {
        int rc = util_fail(ARENA_E_IO, err, errsz, "cannot create %s: %s", tmp, strerror(errno));
        free(tmp);
        return rc;
    }
    arena_store st;
    memset(&st, 0, sizeof st);
    arena_settings_init(&st.settings);
    st.games_fd = -1;
    st.warn = warn;
    st.user = user;
    convert c = {&st, dir, 0, 0, 0, 0, NULL, 0};
    int empty = db_is_empty(dir);
    int rc = convert_dir(&c, tmp, err, errsz);
    if (rc == 0)
        arena_store_warnf(
            warn, user,
            "%s: %s: read into a temporary database (%d games, %d "
            "records%s), nothing written to it; the league's next run (loa-arena --out %s) "
            "converts it",
            dir,
            empty ? "its league.db is empty (0 bytes, no database)"
                  : "a league of an older loa-arena (no league.db)",
            c.games, c.records, c.skipped ? ", unreadable lines left out: see above" : "", dir);
    convert_free(&c);
    if (rc)
        arena_store_remove_tmpdir(tmp);
    else
        *tmpdir = tmp;
    return rc;
}

void arena_store_remove_tmpdir(char *tmpdir)
{
    if (!tmpdir)
        return;
    static const char *const files[] = {LEAGUEDB_FILE, LEAGUEDB_FILE "-wal", LEAGUEDB_FILE "-shm",
                                        LEAGUEDB_FILE "-journal"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char *p = util_path_join(tmpdir, files[i]);
        if (p)
            unlink(p);
        free(p);
    }
    rmdir(tmpdir);
    free(tmpdir);
}
