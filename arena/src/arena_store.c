/* arena_store.c - league.json, games.jsonl: append, sync, resume. */
#include "arena_store.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "arena_error.h"
#include "arena_schedule.h"

struct arena_store {
    char *dir;
    int fd;                     /* games.jsonl, O_APPEND; -1 read-only */
    arena_settings settings;    /* own copy (loaded or duplicated) */
    int64_t schedule_size;
    unsigned char *has;         /* [schedule_size] */
    arena_game_record *records;
    int count, cap;
};

static int fail(int code, char *err, size_t errsz, const char *fmt, ...)
{
    if (err && errsz > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errsz, fmt, ap);
        va_end(ap);
    }
    return code;
}

static void warnf(arena_warn_fn warn, void *user, const char *fmt, ...)
{
    if (!warn)
        return;
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    warn(buf, user);
}

static char *path_join(const char *a, const char *b)
{
    size_t n = strlen(a) + strlen(b) + 2;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s/%s", a, b);
    return p;
}

/* ---- records <-> JSON ---- */

static const char *side_name(int side)
{
    return side == 0 ? "black" : side == 1 ? "white" : NULL;
}

/* Milliseconds rounded to the microsecond: the clock's resolution, and
 * lines free of binary-fraction noise. */
static double ms3(double v)
{
    return (double)(int64_t)(v * 1000.0 + (v >= 0 ? 0.5 : -0.5)) / 1000.0;
}

static cJSON *side_time_json(const arena_side_time *t)
{
    cJSON *o = cJSON_CreateObject();
    if (!o)
        return NULL;
    if ((t->first_ms >= 0 && !cJSON_AddNumberToObject(o, "first_ms", ms3(t->first_ms))) ||
        !cJSON_AddNumberToObject(o, "turns", t->turns) ||
        !cJSON_AddNumberToObject(o, "total_ms", ms3(t->total_ms)) ||
        !cJSON_AddNumberToObject(o, "avg_ms", ms3(t->turns ? t->total_ms / t->turns : 0)) ||
        !cJSON_AddNumberToObject(o, "max_ms", ms3(t->max_ms))) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

cJSON *arena_record_to_json(const arena_game_record *r, const arena_settings *s)
{
    cJSON *o = cJSON_CreateObject();
    char seed[32], file[48];
    snprintf(seed, sizeof seed, "%lld", (long long)r->seed);
    snprintf(file, sizeof file, "games/%06d.json", r->id);
    const char *result = r->winner == 0 ? "1-0" : r->winner == 1 ? "0-1" : "1/2-1/2";
    cJSON *scores = cJSON_CreateIntArray(r->scores, 2);
    cJSON *time = cJSON_CreateObject();
    cJSON *tb = side_time_json(&r->time[0]), *tw = side_time_json(&r->time[1]);
    if (!o || !scores || !time || !tb || !tw) {
        cJSON_Delete(scores);
        cJSON_Delete(time);
        cJSON_Delete(tb);
        cJSON_Delete(tw);
        cJSON_Delete(o);
        return NULL;
    }
    cJSON_AddItemToObject(time, "black", tb);
    cJSON_AddItemToObject(time, "white", tw);
    int ok = cJSON_AddNumberToObject(o, "id", r->id) &&
             cJSON_AddNumberToObject(o, "round", r->round) &&
             cJSON_AddNumberToObject(o, "pairing", r->pairing) &&
             cJSON_AddStringToObject(o, "seed", seed) &&
             cJSON_AddStringToObject(o, "black", s->bots[r->black].name) &&
             cJSON_AddStringToObject(o, "white", s->bots[r->white].name) &&
             cJSON_AddStringToObject(o, "result", result) &&
             (r->winner >= 0 ? cJSON_AddStringToObject(o, "winner", side_name(r->winner)) != NULL
                             : cJSON_AddNullToObject(o, "winner") != NULL);
    if (ok)
        cJSON_AddItemToObject(o, "scores", scores);
    else
        cJSON_Delete(scores);
    ok = ok && cJSON_AddStringToObject(o, "reason", r->reason) &&
         (r->fault >= 0 ? cJSON_AddStringToObject(o, "fault", side_name(r->fault)) != NULL
                        : cJSON_AddNullToObject(o, "fault") != NULL) &&
         cJSON_AddNumberToObject(o, "plies", r->plies) &&
         cJSON_AddNumberToObject(o, "start", (double)r->start_time) &&
         cJSON_AddNumberToObject(o, "duration_ms", ms3(r->duration_ms));
    if (ok)
        cJSON_AddItemToObject(o, "time", time);
    else
        cJSON_Delete(time);
    ok = ok && cJSON_AddStringToObject(o, "detail", r->detail) &&
         cJSON_AddStringToObject(o, "record", file);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

static int num_field(const cJSON *j, const char *key, double *out)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(j, key);
    if (!cJSON_IsNumber(it))
        return -1;
    *out = it->valuedouble;
    return 0;
}

static int int_field(const cJSON *j, const char *key, int min, int max, int *out)
{
    double d;
    if (num_field(j, key, &d) || d != (double)(int)d || d < min || d > max)
        return -1;
    *out = (int)d;
    return 0;
}

static int side_field(const cJSON *j, const char *key, int *out)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(j, key);
    if (cJSON_IsNull(it)) {
        *out = -1;
        return 0;
    }
    if (!cJSON_IsString(it))
        return -1;
    if (strcmp(it->valuestring, "black") == 0)
        *out = 0;
    else if (strcmp(it->valuestring, "white") == 0)
        *out = 1;
    else
        return -1;
    return 0;
}

static void side_time_from(const cJSON *t, arena_side_time *out)
{
    double d;
    out->first_ms = num_field(t, "first_ms", &d) == 0 ? d : -1;
    out->turns = 0;
    out->total_ms = out->max_ms = 0;
    int n;
    if (int_field(t, "turns", 0, 1000000, &n) == 0)
        out->turns = n;
    if (num_field(t, "total_ms", &d) == 0 && d >= 0)
        out->total_ms = d;
    if (num_field(t, "max_ms", &d) == 0 && d >= 0)
        out->max_ms = d;
}

int arena_record_from_json(const cJSON *j, const arena_settings *s, arena_game_record *r,
                           char *err, size_t errsz)
{
    memset(r, 0, sizeof *r);
    if (!cJSON_IsObject(j))
        return fail(ARENA_E_PARSE, err, errsz, "not a JSON object");
    if (int_field(j, "id", 0, INT32_MAX, &r->id))
        return fail(ARENA_E_PARSE, err, errsz, "bad or missing \"id\"");
    if (int_field(j, "round", 0, INT32_MAX, &r->round) ||
        int_field(j, "pairing", 0, INT32_MAX, &r->pairing))
        return fail(ARENA_E_PARSE, err, errsz, "bad or missing \"round\"/\"pairing\"");
    const cJSON *seed = cJSON_GetObjectItemCaseSensitive(j, "seed");
    if (!cJSON_IsString(seed) || arena_parse_i64(seed->valuestring, INT64_MIN, INT64_MAX, &r->seed))
        return fail(ARENA_E_PARSE, err, errsz, "bad or missing \"seed\"");
    const cJSON *black = cJSON_GetObjectItemCaseSensitive(j, "black");
    const cJSON *white = cJSON_GetObjectItemCaseSensitive(j, "white");
    if (!cJSON_IsString(black) || !cJSON_IsString(white))
        return fail(ARENA_E_PARSE, err, errsz, "bad or missing \"black\"/\"white\"");
    r->black = arena_settings_find_bot(s, black->valuestring);
    r->white = arena_settings_find_bot(s, white->valuestring);
    if (r->black < 0 || r->white < 0)
        return fail(ARENA_E_PARSE, err, errsz, "bot '%.40s' is not in the league",
                    r->black < 0 ? black->valuestring : white->valuestring);
    if (side_field(j, "winner", &r->winner) || side_field(j, "fault", &r->fault))
        return fail(ARENA_E_PARSE, err, errsz, "bad or missing \"winner\"/\"fault\"");
    const cJSON *scores = cJSON_GetObjectItemCaseSensitive(j, "scores");
    if (!cJSON_IsArray(scores) || cJSON_GetArraySize(scores) != 2 ||
        !cJSON_IsNumber(cJSON_GetArrayItem(scores, 0)) ||
        !cJSON_IsNumber(cJSON_GetArrayItem(scores, 1)))
        return fail(ARENA_E_PARSE, err, errsz, "bad or missing \"scores\"");
    r->scores[0] = cJSON_GetArrayItem(scores, 0)->valueint;
    r->scores[1] = cJSON_GetArrayItem(scores, 1)->valueint;
    const cJSON *reason = cJSON_GetObjectItemCaseSensitive(j, "reason");
    if (!cJSON_IsString(reason) || !reason->valuestring[0] ||
        strlen(reason->valuestring) >= sizeof r->reason)
        return fail(ARENA_E_PARSE, err, errsz, "bad or missing \"reason\"");
    strcpy(r->reason, reason->valuestring);
    if (int_field(j, "plies", 0, 1000000, &r->plies))
        return fail(ARENA_E_PARSE, err, errsz, "bad or missing \"plies\"");
    double d;
    r->start_time = num_field(j, "start", &d) == 0 ? (int64_t)d : 0;
    r->duration_ms = num_field(j, "duration_ms", &d) == 0 ? d : 0;
    const cJSON *time = cJSON_GetObjectItemCaseSensitive(j, "time");
    side_time_from(cJSON_GetObjectItemCaseSensitive(time, "black"), &r->time[0]);
    side_time_from(cJSON_GetObjectItemCaseSensitive(time, "white"), &r->time[1]);
    const cJSON *detail = cJSON_GetObjectItemCaseSensitive(j, "detail");
    if (cJSON_IsString(detail))
        snprintf(r->detail, sizeof r->detail, "%s", detail->valuestring);
    return 0;
}

/* ---- files ---- */

int arena_mkdirs(const char *path)
{
    char *p = strdup(path);
    if (!p) {
        errno = ENOMEM;
        return ARENA_E_IO;
    }
    for (char *q = p + 1;; q++) {
        if (*q == '/' || *q == '\0') {
            char c = *q;
            *q = '\0';
            if (mkdir(p, 0777) != 0 && errno != EEXIST) {
                int e = errno;
                free(p);
                errno = e;
                return ARENA_E_IO;
            }
            *q = c;
            if (!c)
                break;
        }
    }
    free(p);
    struct stat st;
    if (stat(path, &st) != 0)
        return ARENA_E_IO;
    if (!S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        return ARENA_E_IO;
    }
    return 0;
}

static void sync_dir_of(const char *path)
{
    char *d = strdup(path);
    if (!d)
        return;
    char *slash = strrchr(d, '/');
    if (slash)
        *(slash == d ? slash + 1 : slash) = '\0';
    int fd = open(slash ? d : ".", O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(d);
}

int arena_write_file_atomic(const char *path, const char *text)
{
    size_t n = strlen(path) + 8;
    char *tmp = malloc(n);
    if (!tmp) {
        errno = ENOMEM;
        return ARENA_E_IO;
    }
    snprintf(tmp, n, "%s.tmp", path);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) {
        free(tmp);
        return ARENA_E_IO;
    }
    size_t len = strlen(text), done = 0;
    while (done < len) {
        ssize_t w = write(fd, text + done, len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break;
        done += (size_t)w;
    }
    int ok = done == len && fsync(fd) == 0;
    int e = errno;
    if (close(fd) != 0)
        ok = 0;
    if (ok && rename(tmp, path) != 0) {
        e = errno;
        ok = 0;
    }
    if (!ok) {
        unlink(tmp);
        free(tmp);
        errno = e;
        return ARENA_E_IO;
    }
    free(tmp);
    sync_dir_of(path);
    return 0;
}

/* Removes the temporary files of record writes cut short by a kill
 * ("<id>.json.tmp.XXXXXX"): their games are replayed anyway. */
static void remove_temp_files(const char *records)
{
    DIR *d = opendir(records);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strstr(e->d_name, ".json.tmp")) {
            char *p = path_join(records, e->d_name);
            if (p)
                unlink(p);
            free(p);
        }
    }
    closedir(d);
}

static int read_league(const char *dir, arena_settings *s, char *err, size_t errsz)
{
    char *path = path_join(dir, "league.json");
    if (!path)
        return fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    arena_settings_init(s);
    int rc = arena_settings_load_file(s, path, err, errsz);
    if (rc == 0 && s->bot_count < 2)
        rc = fail(ARENA_E_PARSE, err, errsz, "%s: fewer than two bots", path);
    if (rc == 0 && (s->games < 2 || s->games % 2))
        rc = fail(ARENA_E_PARSE, err, errsz, "%s: \"games\" is not even", path);
    if (rc == 0)
        rc = arena_set_string(&s->out_dir, dir);
    free(path);
    return rc;
}

static int copy_settings(arena_settings *dst, const arena_settings *src)
{
    arena_settings_init(dst);
    for (int i = 0; i < src->bot_count; i++)
        if (arena_settings_add_bot(dst, src->bots[i].name, src->bots[i].command,
                                   src->bots[i].cwd, NULL, 0))
            return ARENA_E_NOMEM;
    dst->format = src->format;
    dst->games = src->games;
    dst->concurrency = src->concurrency;
    dst->seed = src->seed;
    dst->turn_ms = src->turn_ms;
    dst->first_turn_ms = src->first_turn_ms;
    dst->max_plies = src->max_plies;
    if (arena_set_string(&dst->gauntlet_bot, src->gauntlet_bot) ||
        arena_set_string(&dst->out_dir, src->out_dir) ||
        arena_set_string(&dst->anchor, src->anchor) ||
        arena_set_string(&dst->base_dir, src->base_dir) ||
        arena_set_string(&dst->source, src->source))
        return ARENA_E_NOMEM;
    return 0;
}

static int keep_record(arena_store *st, const arena_game_record *r)
{
    if (st->count == st->cap) {
        int cap = st->cap ? st->cap * 2 : 256;
        arena_game_record *p = realloc(st->records, (size_t)cap * sizeof *p);
        if (!p)
            return ARENA_E_NOMEM;
        st->records = p;
        st->cap = cap;
    }
    st->records[st->count++] = *r;
    st->has[r->id] = 1;
    return 0;
}

/* 0 if r is game r->id of the schedule, else writes why into why. */
static int check_against_schedule(const arena_store *st, const arena_game_record *r, char *why,
                                  size_t whysz)
{
    const arena_settings *s = &st->settings;
    if (r->id >= st->schedule_size)
        return fail(-1, why, whysz, "game %d is outside the schedule (%lld games)", r->id,
                    (long long)st->schedule_size);
    arena_game_spec g;
    arena_schedule_game(s->format, s->bot_count, arena_settings_gauntlet_index(s), s->games,
                        s->seed, r->id, &g);
    if (g.black != r->black || g.white != r->white || g.seed != r->seed ||
        g.round != r->round || g.pairing != r->pairing)
        return fail(-1, why, whysz, "game %d does not match the schedule (bots or seed differ)",
                    r->id);
    if (r->winner > 1 || r->fault > 1)
        return fail(-1, why, whysz, "game %d has an impossible result", r->id);
    return 0;
}

static int read_games(arena_store *st, const char *path, int readonly, arena_warn_fn warn,
                      void *user, char *err, size_t errsz)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        if (errno == ENOENT)
            return 0;
        return fail(ARENA_E_IO, err, errsz, "cannot read %s: %s", path, strerror(errno));
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    long lineno = 0;
    off_t good_end = 0; /* byte just after the last complete line */
    int rc = 0;
    while ((n = getline(&line, &cap, f)) > 0) {
        lineno++;
        if (line[n - 1] != '\n') {
            warnf(warn, user,
                  "%s: line %ld is torn (%zd bytes without a newline, an interrupted write): "
                  "ignored%s", path, lineno, n, readonly ? "" : " and cut off");
            break;
        }
        good_end += n;
        if (n == 1)
            continue; /* blank line */
        cJSON *j = cJSON_ParseWithLength(line, (size_t)n);
        arena_game_record r;
        char why[256];
        if (!j) {
            warnf(warn, user, "%s: line %ld is not valid JSON: ignored", path, lineno);
            continue;
        }
        int bad = arena_record_from_json(j, &st->settings, &r, why, sizeof why);
        cJSON_Delete(j);
        if (bad || check_against_schedule(st, &r, why, sizeof why)) {
            warnf(warn, user, "%s: line %ld: %s: ignored", path, lineno, why);
            continue;
        }
        if (st->has[r.id]) {
            warnf(warn, user, "%s: line %ld repeats game %d: ignored", path, lineno, r.id);
            continue;
        }
        if ((rc = keep_record(st, &r))) {
            fail(rc, err, errsz, "out of memory");
            break;
        }
    }
    free(line);
    int read_error = ferror(f);
    fclose(f);
    if (rc)
        return rc;
    if (read_error)
        return fail(ARENA_E_IO, err, errsz, "cannot read %s", path);
    if (!readonly) {
        struct stat sb;
        if (stat(path, &sb) == 0 && sb.st_size > good_end && truncate(path, good_end) != 0)
            return fail(ARENA_E_IO, err, errsz, "cannot cut the torn line off %s: %s", path,
                        strerror(errno));
    }
    return 0;
}

int arena_store_open(const char *dir, const arena_settings *s, int mode, arena_warn_fn warn,
                     void *user, arena_store **out, char *err, size_t errsz)
{
    *out = NULL;
    if (!dir || (mode == ARENA_STORE_RESUME && !s))
        return fail(ARENA_E_INVAL, err, errsz, "invalid argument");
    arena_store *st = calloc(1, sizeof *st);
    char *league = path_join(dir, "league.json");
    char *games = path_join(dir, "games.jsonl");
    char *records = path_join(dir, "games");
    int rc = 0;
    if (!st || !league || !games || !records || !(st->dir = strdup(dir))) {
        rc = fail(ARENA_E_NOMEM, err, errsz, "out of memory");
        goto out;
    }
    st->fd = -1;
    arena_settings_init(&st->settings);
    if (mode == ARENA_STORE_READ_ONLY) {
        struct stat sb;
        if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
            rc = fail(ARENA_E_IO, err, errsz, "%s: no such league directory", dir);
            goto out;
        }
        if (access(league, R_OK) != 0) {
            rc = fail(ARENA_E_IO, err, errsz, "%s: not a league directory (no league.json: %s)",
                      dir, strerror(errno));
            goto out;
        }
        if ((rc = read_league(dir, &st->settings, err, errsz)))
            goto out;
    } else {
        if (arena_mkdirs(dir) != 0) {
            rc = fail(ARENA_E_IO, err, errsz, "cannot create the output directory %s: %s", dir,
                      strerror(errno));
            goto out;
        }
        if (access(league, F_OK) == 0) {
            arena_settings old;
            char why[512];
            rc = read_league(dir, &old, why, sizeof why);
            if (rc == 0 && (rc = arena_settings_compare(&old, s, why, sizeof why)) == 0 &&
                old.games != s->games)
                warnf(warn, user, "%s: extending the league from %d to %d games per pairing",
                      dir, old.games, s->games);
            arena_settings_clear(&old);
            if (rc) {
                rc = fail(ARENA_E_MISMATCH, err, errsz,
                          "%s holds a different league (%s): use another --out, or --force-new "
                          "to archive it and start over", dir, why);
                goto out;
            }
        } else if (access(games, F_OK) == 0) {
            rc = fail(ARENA_E_MISMATCH, err, errsz,
                      "%s holds games.jsonl but no league.json: use another --out, or "
                      "--force-new to archive it and start over", dir);
            goto out;
        }
        if ((rc = copy_settings(&st->settings, s))) {
            fail(rc, err, errsz, "out of memory");
            goto out;
        }
        /* One arena per directory: a second one would replay the same games. */
        st->fd = open(games, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
        if (st->fd < 0) {
            rc = fail(ARENA_E_IO, err, errsz, "cannot write %s: %s", games, strerror(errno));
            goto out;
        }
        if (flock(st->fd, LOCK_EX | LOCK_NB) != 0) {
            rc = fail(ARENA_E_IO, err, errsz,
                      errno == EWOULDBLOCK ? "%s is in use by another loa-arena"
                                           : "cannot lock %s", games);
            goto out;
        }
        cJSON *j = arena_settings_to_json(s);
        char *text = j ? cJSON_Print(j) : NULL;
        cJSON_Delete(j);
        if (!text) {
            rc = fail(ARENA_E_NOMEM, err, errsz, "out of memory");
            goto out;
        }
        size_t tl = strlen(text);
        char *withnl = malloc(tl + 2);
        if (withnl) {
            memcpy(withnl, text, tl);
            memcpy(withnl + tl, "\n", 2);
        }
        cJSON_free(text);
        if (!withnl) {
            rc = fail(ARENA_E_NOMEM, err, errsz, "out of memory");
            goto out;
        }
        int wr = arena_write_file_atomic(league, withnl);
        free(withnl);
        if (wr) {
            rc = fail(ARENA_E_IO, err, errsz, "cannot write %s: %s", league, strerror(errno));
            goto out;
        }
        if (arena_mkdirs(records) != 0) {
            rc = fail(ARENA_E_IO, err, errsz, "cannot create %s: %s", records, strerror(errno));
            goto out;
        }
        remove_temp_files(records);
    }
    st->schedule_size = arena_schedule_size(st->settings.format, st->settings.bot_count,
                                            st->settings.games);
    st->has = calloc((size_t)(st->schedule_size > 0 ? st->schedule_size : 1), 1);
    if (!st->has) {
        rc = fail(ARENA_E_NOMEM, err, errsz, "out of memory");
        goto out;
    }
    if ((rc = read_games(st, games, mode == ARENA_STORE_READ_ONLY, warn, user, err, errsz)))
        goto out;
out:
    free(league);
    free(games);
    free(records);
    if (rc)
        arena_store_close(st);
    else
        *out = st;
    return rc;
}

void arena_store_close(arena_store *st)
{
    if (!st)
        return;
    if (st->fd >= 0)
        close(st->fd);
    arena_settings_clear(&st->settings);
    free(st->has);
    free(st->records);
    free(st->dir);
    free(st);
}

const arena_settings *arena_store_settings(const arena_store *st)
{
    return &st->settings;
}

int arena_store_count(const arena_store *st)
{
    return st->count;
}

const arena_game_record *arena_store_get(const arena_store *st, int i)
{
    return i >= 0 && i < st->count ? &st->records[i] : NULL;
}

int arena_store_has(const arena_store *st, int id)
{
    return id >= 0 && id < st->schedule_size && st->has[id];
}

int arena_store_append(arena_store *st, const arena_game_record *r, char *err, size_t errsz)
{
    if (st->fd < 0 || r->id < 0 || r->id >= st->schedule_size || st->has[r->id])
        return fail(ARENA_E_INVAL, err, errsz, "game %d cannot be appended", r->id);
    cJSON *j = arena_record_to_json(r, &st->settings);
    char *text = j ? cJSON_PrintUnformatted(j) : NULL;
    cJSON_Delete(j);
    if (!text)
        return fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    size_t len = strlen(text);
    char *line = malloc(len + 1);
    if (!line) {
        cJSON_free(text);
        return fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    }
    memcpy(line, text, len);
    line[len] = '\n';
    cJSON_free(text);
    /* One write() of the whole line on an O_APPEND descriptor: a crash
     * leaves either nothing or a prefix, which the next open cuts off. */
    size_t done = 0;
    while (done < len + 1) {
        ssize_t w = write(st->fd, line + done, len + 1 - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break;
        done += (size_t)w;
    }
    free(line);
    if (done != len + 1)
        return fail(ARENA_E_IO, err, errsz, "cannot append to %s/games.jsonl: %s", st->dir,
                    strerror(errno));
    if (fdatasync(st->fd) != 0)
        return fail(ARENA_E_IO, err, errsz, "cannot flush %s/games.jsonl to disk: %s", st->dir,
                    strerror(errno));
    if (keep_record(st, r))
        return fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    return 0;
}

int arena_store_archive(const char *dir, char *err, size_t errsz)
{
    struct stat sb;
    if (stat(dir, &sb) != 0)
        return 0;
    char stamp[64];
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(stamp, sizeof stamp, "previous-%Y%m%d-%H%M%S", &tm);
    char *target = path_join(dir, stamp);
    if (!target)
        return fail(ARENA_E_IO, err, errsz, "out of memory");
    static const char *const names[] = {"league.json", "games.jsonl", "standings.json", "games"};
    int made = 0, rc = 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !rc; i++) {
        char *from = path_join(dir, names[i]);
        char *to = NULL;
        if (!from) {
            rc = fail(ARENA_E_IO, err, errsz, "out of memory");
            break;
        }
        if (access(from, F_OK) == 0) {
            if (!made) {
                if (mkdir(target, 0777) != 0 && errno != EEXIST) {
                    rc = fail(ARENA_E_IO, err, errsz, "cannot create %s: %s", target,
                              strerror(errno));
                    free(from);
                    break;
                }
                made = 1;
            }
            to = path_join(target, names[i]);
            if (!to || rename(from, to) != 0)
                rc = fail(ARENA_E_IO, err, errsz, "cannot move %s to %s: %s", from, target,
                          strerror(errno));
        }
        free(from);
        free(to);
    }
    free(target);
    return rc;
}
