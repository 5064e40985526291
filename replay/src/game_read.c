/*
 * game_read.c - a game's two ways in: JSON text (a file, replay_game_parse
 * and replay_game_load) and a record a process holds as a cJSON value
 * (replay_game_from_record: loa-referee's, a league database's), both
 * handed to game.c's one conversion (replay_game_build) with the same
 * checks; the value is never printed and parsed again.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "game_impl.h"
#include "util/error.h"
#include "util/file.h"
#include "util/json.h"
#include "util/text.h"

int replay_game_parse(const char *text, size_t len, const char *source, replay_game **out,
                      char *err, size_t errsz)
{
    if (!out)
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_game_parse: NULL argument");
    *out = NULL;
    if (!text)
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_game_parse: NULL argument");
    if (!source)
        source = "record";
    if (len > REPLAY_RECORD_MAX)
        return util_fail(REPLAY_E_TOO_BIG, err, errsz,
                         "%s: %zu bytes, larger than the %u bytes a game file may have", source,
                         len, REPLAY_RECORD_MAX);
    size_t values = util_json_values_bound(text, len);
    if (values > REPLAY_JSON_VALUES_MAX)
        return util_fail(REPLAY_E_TOO_BIG, err, errsz,
                         "%s: %zu JSON values, more than the %d a game file may hold (its memory)",
                         source, values, REPLAY_JSON_VALUES_MAX);
    /* A NUL of a name, a line or a stderr shown as the referee shows one of
     * a bot's stderr (U+2400), the text after it kept: a cJSON string would
     * end at it. */
    char *visible = NULL, why[200];
    size_t vlen = 0;
    if (util_json_nul_visible(text, len, &visible, &vlen) != 0)
        return util_fail(REPLAY_E_NOMEM, err, errsz, "%s: out of memory", source);
    if (visible)
        text = visible, len = vlen;
    cJSON *root = NULL;
    int rc = util_json_parse(text, len, &root, why, sizeof why) != 0
                 ? replay_json_error(text, len, why, source, err, errsz)
                 : replay_game_build(root, text, len, source, out, err, errsz);
    free(visible);
    return rc;
}

int replay_game_load(const char *path, replay_game **out, char *err, size_t errsz)
{
    if (!path || !out)
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_game_load: NULL argument");
    *out = NULL;
    char *text;
    size_t len;
    int rc = util_read_file(path, REPLAY_RECORD_MAX, &text, &len);
    struct stat st;
    if (rc == UTIL_E_RANGE)
        return util_fail(REPLAY_E_TOO_BIG, err, errsz,
                         "%s: %lld bytes, larger than the %u bytes a game file may have", path,
                         stat(path, &st) == 0 ? (long long)st.st_size : -1LL, REPLAY_RECORD_MAX);
    if (rc == UTIL_E_NOMEM)
        return util_fail(REPLAY_E_NOMEM, err, errsz, "%s: out of memory", path);
    if (rc != 0)
        return util_fail(REPLAY_E_IO, err, errsz, "cannot read %s: %s", path, strerror(errno));
    rc = replay_game_parse(text, len, path, out, err, errsz);
    free(text);
    return rc;
}

/* Replaces every raw item of the list at *item (and within its lists and
 * objects) by the value its text holds, as a parse of the value's text
 * would read it: loa-referee and the league database put a record's
 * "seed" raw, all its digits, and a page reads a parsed record's "seed" as
 * a number. 0, or REPLAY_E_JSON (a raw text that is not one JSON value:
 * cJSON's out of memory too). */
static int raw_to_values(cJSON *parent, const char *source, char *err, size_t errsz)
{
    for (cJSON *item = parent->child, *next; item; item = next) {
        next = item->next;
        if (!cJSON_IsRaw(item)) {
            int rc = item->child ? raw_to_values(item, source, err, errsz) : 0;
            if (rc != 0)
                return rc;
            continue;
        }
        cJSON *value = NULL;
        char why[200];
        const char *raw = item->valuestring ? item->valuestring : "";
        if (util_json_parse(raw, strlen(raw), &value, why, sizeof why) != 0)
            return util_fail(REPLAY_E_JSON, err, errsz, "%s: a raw value: %s", source, why);
        /* the member's key goes with it (a list's item has none) */
        value->string = item->string;
        value->type |= item->type & cJSON_StringIsConst;
        item->string = NULL;
        cJSON_ReplaceItemViaPointer(parent, item, value); /* fails on NULL arguments only */
    }
    return 0;
}

int replay_game_from_record(const cJSON *record, const char *source, replay_game **out, char *err,
                            size_t errsz)
{
    if (!out)
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_game_from_record: NULL argument");
    *out = NULL;
    if (!record)
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_game_from_record: NULL argument");
    if (!source)
        source = "record";
    /* The game keeps its own tree, the strings of its info pointing into
     * it: the caller's record stays the caller's. */
    cJSON *root = cJSON_Duplicate(record, 1);
    if (!root)
        return util_fail(REPLAY_E_NOMEM, err, errsz, "%s: out of memory", source);
    int rc = raw_to_values(root, source, err, errsz);
    if (rc != 0) {
        cJSON_Delete(root);
        return rc;
    }
    return replay_game_build(root, NULL, 0, source, out, err, errsz);
}
