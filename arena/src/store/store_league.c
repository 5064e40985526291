/* store_league.c - the results directory's lock, its league.json
 * (the league's identity and its bots' fingerprints) and archiving for
 * --force-new (store/store_impl.h). */
#include "store/store_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/error.h"
#include "core/text.h"
#include "store/fingerprint.h"
#include "league/league_file.h"
#include "league/openings.h"
#include "league/settings_identity.h"
#include "util/error.h"
#include "util/file.h"
#include "util/text.h"

/* The key of league.json holding the fingerprints: written by the store
 * only, so it is taken out before the rest is read as a league file. */
#define FINGERPRINTS_KEY "fingerprints"
/* Also the store's only: the digest of an openings file's table. */
#define OPENINGS_KEY "openings_sha256"
/* The directory `{dir}` stands for in the bots' commands (the league
 * file's, absolute): not the league's identity (a league file may move),
 * but what its commands need to run when the league is read back from DIR
 * (--add-bot, `--out DIR` alone). The league-file reader knows it too. */
#define BASE_DIR_KEY "dir"

int arena_store_lock_dir(arena_store *st, char *err, size_t errsz)
{
    st->dir_fd = open(st->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (st->dir_fd < 0)
        return util_fail(ARENA_E_IO, err, errsz, "cannot open %s: %s", st->dir, strerror(errno));
    if (flock(st->dir_fd, LOCK_EX | LOCK_NB) != 0) {
        if (errno == EWOULDBLOCK)
            return util_fail(ARENA_E_BUSY, err, errsz,
                             "%s is in use by another loa-arena (wait for it to end, or use "
                             "another --out)", st->dir);
        return util_fail(ARENA_E_IO, err, errsz, "cannot lock %s: %s", st->dir, strerror(errno));
    }
    return 0;
}

int arena_store_read_league(arena_store *st, arena_settings *s, cJSON **fingerprints,
                            char *err, size_t errsz)
{
    const char *path = st->league_path;
    arena_settings_init(s);
    if (fingerprints)
        *fingerprints = NULL;
    char *text = NULL;
    size_t n = 0;
    int rd = util_read_file(path, ARENA_FILE_MAX, &text, &n);
    if (rd == UTIL_E_NOMEM)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    if (rd)
        return util_fail(ARENA_E_PARSE, err, errsz, "%s: cannot read: %s", path,
                         rd == UTIL_E_RANGE ? "too large" : strerror(errno));
    cJSON *root = cJSON_ParseWithLength(text, n);
    free(text);
    if (!root)
        return util_fail(ARENA_E_PARSE, err, errsz, "%s: malformed JSON", path);
    cJSON *fp = cJSON_DetachItemFromObjectCaseSensitive(root, FINGERPRINTS_KEY);
    cJSON *digest = cJSON_DetachItemFromObjectCaseSensitive(root, OPENINGS_KEY);
    cJSON *base = cJSON_DetachItemFromObjectCaseSensitive(root, BASE_DIR_KEY);
    int rc = 0;
    if (base && (!cJSON_IsString(base) || base->valuestring[0] != '/'))
        rc = util_fail(ARENA_E_PARSE, err, errsz, "%s: \"%s\" is not an absolute path", path,
                       BASE_DIR_KEY);
    else if (digest && (!cJSON_IsString(digest) || strlen(digest->valuestring) != 64))
        rc = util_fail(ARENA_E_PARSE, err, errsz, "%s: \"%s\" is not 64 hex digits", path,
                       OPENINGS_KEY);
    else if (digest)
        snprintf(st->openings_sha256, sizeof st->openings_sha256, "%s",
                 digest->valuestring);
    cJSON_Delete(digest);
    if (fp && !cJSON_IsObject(fp))
        rc = util_fail(ARENA_E_PARSE, err, errsz, "%s: \"%s\" is not an object", path,
                       FINGERPRINTS_KEY);
    if (rc == 0)
        rc = arena_settings_load_json(s, root, path, st->dir, err, errsz);
    cJSON_Delete(root);
    if (rc == ARENA_E_CONFIG)
        rc = ARENA_E_PARSE; /* a league.json the arena did not write */
    if (rc == 0 && s->bot_count < 2)
        rc = util_fail(ARENA_E_PARSE, err, errsz, "%s: fewer than two bots", path);
    if (rc == 0 && (s->games < 2 || s->games % 2))
        rc = util_fail(ARENA_E_PARSE, err, errsz, "%s: \"games\" is not even", path);
    if (rc == 0)
        rc = arena_set_string(&s->out_dir, st->dir);
    if (rc == 0 && base)
        rc = arena_set_string(&s->base_dir, base->valuestring);
    cJSON_Delete(base);
    if (rc == ARENA_E_NOMEM)
        util_fail(rc, err, errsz, "out of memory");
    if (rc == 0 && fingerprints)
        *fingerprints = fp;
    else
        cJSON_Delete(fp);
    return rc;
}

int arena_store_check_openings(const arena_store *st, const arena_settings *s, char *err,
                               size_t errsz)
{
    char now[65];
    if (!s->openings_file || !s->openings || !st->openings_sha256[0])
        return 0;
    if (arena_openings_digest(s->openings, now))
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    if (strcmp(now, st->openings_sha256) != 0)
        return util_fail(ARENA_E_MISMATCH, err, errsz,
                         "its openings file %s changed since the league started",
                         s->openings_file);
    return 0;
}

/* 1 if the store holds a game bot played. */
static int has_games_of(const arena_store *st, int bot)
{
    for (int i = 0; i < st->count; i++)
        if (st->records[i].black == bot || st->records[i].white == bot)
            return 1;
    return 0;
}

int arena_store_check_fingerprints(const arena_store *st, const cJSON *fresh, char *err,
                                   size_t errsz)
{
    if (!fresh || !st->fingerprints)
        return 0;
    const arena_settings *s = &st->settings;
    for (int b = 0; b < s->bot_count; b++) {
        const char *name = s->bots[b].name;
        const cJSON *old = cJSON_GetObjectItemCaseSensitive(st->fingerprints, name);
        const cJSON *now = cJSON_GetObjectItemCaseSensitive(fresh, name);
        if (!old || !now || !has_games_of(st, b))
            continue;
        char what[600];
        int d = arena_fingerprint_diff(old, now, what, sizeof what);
        if (d < 0)
            snprintf(what, sizeof what, "its stored fingerprint is unreadable");
        if (d != 0)
            return util_fail(ARENA_E_CHANGED, err, errsz,
                             "bot '%s' changed since its games in %s were played (%s): its new "
                             "results would be mixed with the old program's; use --force-new to "
                             "archive them and start over, or another --out", name, st->dir,
                             what);
    }
    return 0;
}

int arena_store_write_league(arena_store *st, const cJSON *fresh, char *err, size_t errsz)
{
    cJSON *j = arena_settings_to_json(&st->settings);
    const cJSON *fp = fresh ? fresh : st->fingerprints;
    cJSON *copy = fp ? cJSON_Duplicate(fp, 1) : NULL;
    int rc = 0;
    char digest[65] = "";
    char *base = NULL; /* the absolute directory of {dir}, when it exists */
    if (st->settings.openings_file && st->settings.openings &&
        arena_openings_digest(st->settings.openings, digest))
        rc = ARENA_E_NOMEM;
    if (!j || (fp && (!copy || !cJSON_AddItemToObject(j, FINGERPRINTS_KEY, copy)))) {
        if (j && copy && !cJSON_GetObjectItemCaseSensitive(j, FINGERPRINTS_KEY))
            cJSON_Delete(copy);
        rc = ARENA_E_NOMEM;
    } else if (rc == 0 && digest[0] && !cJSON_AddStringToObject(j, OPENINGS_KEY, digest)) {
        rc = ARENA_E_NOMEM;
    } else if (rc == 0 && st->settings.base_dir &&
               !(base = realpath(st->settings.base_dir, NULL)) && errno == ENOMEM) {
        rc = ARENA_E_NOMEM;
    } else if (rc == 0 && base && !cJSON_AddStringToObject(j, BASE_DIR_KEY, base)) {
        rc = ARENA_E_NOMEM;
    } else if (rc == 0) {
        rc = arena_store_write_json(st->league_path, j, 0);
    }
    cJSON_Delete(j);
    free(base);
    if (rc == ARENA_E_NOMEM)
        return util_fail(rc, err, errsz, "out of memory");
    if (rc)
        return util_fail(rc, err, errsz, "cannot write %s: %s", st->league_path,
                         strerror(errno));
    return 0;
}

int arena_store_write_json(const char *path, const cJSON *j, int compact)
{
    char *text = !j ? NULL : compact ? cJSON_PrintUnformatted(j) : cJSON_Print(j);
    if (!text)
        return ARENA_E_NOMEM;
    size_t len = strlen(text);
    char *buf = malloc(len + 1);
    if (!buf) {
        cJSON_free(text);
        return ARENA_E_NOMEM;
    }
    memcpy(buf, text, len);
    buf[len] = '\n';
    cJSON_free(text);
    int rc = util_write_file_atomic(path, buf, len + 1) ? ARENA_E_IO : 0;
    int e = errno;
    free(buf);
    errno = e;
    return rc;
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
    char *target = util_path_join(dir, stamp);
    if (!target)
        return util_fail(ARENA_E_IO, err, errsz, "out of memory");
    static const char *const names[] = {"league.json", "games.jsonl", "standings.json",
                                        "index.html", "games"};
    int made = 0, rc = 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !rc; i++) {
        char *from = util_path_join(dir, names[i]);
        char *to = NULL;
        if (!from) {
            rc = util_fail(ARENA_E_IO, err, errsz, "out of memory");
            break;
        }
        if (access(from, F_OK) == 0) {
            if (!made) {
                if (mkdir(target, 0777) != 0 && errno != EEXIST) {
                    rc = util_fail(ARENA_E_IO, err, errsz, "cannot create %s: %s", target,
                                   strerror(errno));
                    free(from);
                    break;
                }
                made = 1;
            }
            to = util_path_join(target, names[i]);
            if (!to || rename(from, to) != 0)
                rc = util_fail(ARENA_E_IO, err, errsz, "cannot move %s to %s: %s", from, target,
                               strerror(errno));
        }
        free(from);
        free(to);
    }
    free(target);
    return rc;
}
