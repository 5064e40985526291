/*
 * import.c - any accepted game file as this project's record: a
 * loa-arena record as it is, a game recorded by CodinGame (its engine's
 * result or its site's replay, codingame.h) replayed and converted; and the
 * record written back out (loa-replay --record).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "codingame.h"
#include "game_impl.h"
#include "util/file.h"
#include "util/json.h"
#include "util/parse.h"
#include "util/text.h"

/* Occurrences of needle in text[from..to). */
static int count_in(const char *text, size_t from, size_t to, const char *needle)
{
    size_t n = strlen(needle);
    int c = 0;
    for (size_t i = from; i + n <= to; i++)
        if (memcmp(text + i, needle, n) == 0)
            c++, i += n - 1;
    return c;
}

/* Where in text a frame list is, by the raw key before offset at: -1 when
 * the key does not occur before it. */
static long key_before(const char *text, size_t at, const char *key)
{
    size_t n = strlen(key);
    for (size_t i = 0; i + n <= at; i++)
        if (memcmp(text + i, key, n) == 0)
            return (long)i;
    return -1;
}

int replay_json_error(const char *text, size_t len, const char *why, const char *source, char *err,
                      size_t errsz)
{
    /* a text that opens no object or list was never JSON (a page of
     * HTML, a message): not a cut download */
    size_t first = 0;
    while (first < len && strchr(" \t\r\n", text[first]) && text[first])
        first++;
    if (len == 0 || first >= len || (text[first] != '{' && text[first] != '[') ||
        util_json_close(text, 0, len) < len)
        return util_fail(REPLAY_E_JSON, err, errsz, "%s: %s", source, why);
    /* Cut. The frame it falls in, when the cut is inside the frames, counted
     * in the raw text: the site's frames each carry "agentId", the engine's
     * views start "KEY_FRAME". */
    long fr = key_before(text, len, "\"frames\"");
    long vi = key_before(text, len, "\"views\"");
    long key = fr >= 0 ? fr : vi;
    int frame = -1;
    if (key >= 0 && util_json_close(text, (size_t)key, len) == len)
        frame = fr >= 0 ? count_in(text, (size_t)fr, len, "\"agentId\"")
                        : count_in(text, (size_t)vi, len, "KEY_FRAME ") - 1;
    if (frame >= 0)
        return util_fail(REPLAY_E_JSON, err, errsz,
                         "%s: frame %d: the file ends (byte %zu) before its JSON does: a truncated "
                         "download?",
                         source, frame, len);
    return util_fail(REPLAY_E_JSON, err, errsz,
                     "%s: the file ends (byte %zu) before its JSON does: a truncated download?",
                     source, len);
}

static int utf8_ok(const char *s)
{
    size_t n = strlen(s);
    return util_utf8_check(s, n) == n;
}

/* 1 when a string or a key of the list of items at item (their lists and
 * objects within too) is not UTF-8: the check a value held in memory gets
 * where a text gets util_utf8_check() (its strings and keys are the only
 * bytes of the text above ASCII). */
static int bad_utf8(const cJSON *item)
{
    for (; item; item = item->next)
        if ((item->string && !utf8_ok(item->string)) ||
            (cJSON_IsString(item) && item->valuestring && !utf8_ok(item->valuestring)) ||
            bad_utf8(item->child))
            return 1;
    return 0;
}

int replay_import_root(cJSON **root, const char *text, size_t len, const char *source,
                       const char **imported_from, char *err, size_t errsz)
{
    *imported_from = NULL;
    if (!cJSON_IsObject(*root))
        return util_fail(REPLAY_E_JSON, err, errsz, "%s: not a JSON object", source);
    size_t bad = text ? util_utf8_check(text, len) : len;
    if (bad < len)
        return util_fail(REPLAY_E_JSON, err, errsz,
                         "%s: byte %zu is not UTF-8 (JSON text is UTF-8)", source, bad);
    if (!text && bad_utf8((*root)->child))
        return util_fail(REPLAY_E_JSON, err, errsz,
                         "%s: a string is not UTF-8 (JSON text is UTF-8)", source);
    if (cJSON_GetObjectItemCaseSensitive(*root, "format"))
        return 0; /* a loa-arena record: read as it is */
    cg_kind kind = cg_detect(*root);
    if (kind == CG_NONE) {
        const cJSON *e = cJSON_GetObjectItemCaseSensitive(*root, "error");
        const cJSON *m = cJSON_IsObject(e) ? cJSON_GetObjectItemCaseSensitive(e, "message") : NULL;
        if (e)
            return util_fail(REPLAY_E_FORMAT, err, errsz,
                             "%s: the site answered an error, not a game (%.120s)", source,
                             cJSON_IsString(m) ? m->valuestring : "no message");
        return util_fail(REPLAY_E_FORMAT, err, errsz,
                         "%s: not a game record: no \"format\" (a loa-arena record), no "
                         "\"outputs\" and \"summaries\" (CodinGame's engine result), no "
                         "\"frames\" (CodinGame's replay)",
                         source);
    }
    cg_file f;
    int rc = cg_read(*root, source, &f, err, errsz);
    cJSON *record = NULL;
    if (rc == 0)
        rc = cg_import(&f, source, &record, err, errsz);
    cg_file_free(&f);
    if (rc != 0)
        return rc;
    cJSON_Delete(*root);
    *root = record;
    *imported_from = cg_kind_name(kind);
    return 0;
}

const cJSON *replay_game_record(const replay_game *g)
{
    return g ? g->root : NULL;
}

int replay_write_record(const replay_game *g, const char *path, char *err, size_t errsz)
{
    if (!g || !path)
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_write_record: NULL argument");
    cJSON *rec = cJSON_Duplicate(g->root, 1);
    /* The seed with all its digits (the parsed one is a double, which
     * rounds seeds past 2^53): seed_text, checked to be an integer. */
    cJSON *seed = cJSON_CreateRaw(g->info.seed_text);
    char *text = NULL;
    if (rec && seed &&
        (cJSON_GetObjectItemCaseSensitive(rec, "seed")
             ? cJSON_ReplaceItemInObjectCaseSensitive(rec, "seed", seed)
             : cJSON_AddItemToObject(rec, "seed", seed))) {
        seed = NULL;
        text = cJSON_Print(rec);
    }
    cJSON_Delete(seed);
    cJSON_Delete(rec);
    /* a text file ends with a newline, as loa-referee's records do */
    size_t n = text ? strlen(text) : 0;
    char *out = text ? malloc(n + 1) : NULL;
    if (out) {
        memcpy(out, text, n);
        out[n] = '\n';
    }
    cJSON_free(text);
    if (!out)
        return util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory writing %s", path);
    int rc = 0;
    if (util_write_file_atomic(path, out, n + 1) != 0)
        rc = util_fail(REPLAY_E_IO, err, errsz, "cannot write %s: %s", path, strerror(errno));
    free(out);
    return rc;
}
