/* league_file.c - the league-file reader (JSON, schema in docs/arena.md):
 * strict keys and types, messages naming file, line, key; each setting read
 * by its row of the settings table (league/setting.h). */
#include "league/league_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/json.h"
#include "core/text.h"
#include "league/setting.h"
#include "util/error.h"
#include "util/file.h"
#include "util/json.h"
#include "util/text.h"

/* 1-based line and column of byte offset off in text. */
static void line_col(const char *text, size_t off, int *line, int *col)
{
    int l = 1, c = 1;
    for (size_t i = 0; i < off && text[i]; i++) {
        if (text[i] == '\n') {
            l++;
            c = 1;
        } else {
            c++;
        }
    }
    *line = l;
    *col = c;
}

/* Copies up to 20 printable characters from p (never at or past end: the
 * text need not be NUL-terminated) for a message. */
static void snippet(const char *p, const char *end, char *buf, size_t size)
{
    size_t n = 0;
    while (p && p < end && *p && *p != '\n' && *p != '\r' && n + 1 < size && n < 20) {
        unsigned char ch = (unsigned char)*p++;
        buf[n++] = (ch < 0x20 || ch == 0x7f) ? '?' : (char)ch;
    }
    buf[n] = '\0';
}

static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return strdup(".");
    if (slash == path)
        return strdup("/");
    return strndup(path, (size_t)(slash - path));
}

/* Fails when obj holds a key twice (cJSON keeps both silently). */
static int check_duplicate_keys(const cJSON *obj, const char *where, char *err, size_t errsz)
{
    const char *twice = arena_json_duplicate_key(obj);
    return twice
               ? util_fail(ARENA_E_CONFIG, err, errsz, "%s: key \"%s\" appears twice", where, twice)
               : 0;
}

static int get_string(const cJSON *item, const char *where, const char **out, char *err,
                      size_t errsz)
{
    if (!cJSON_IsString(item) || !item->valuestring)
        return util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"%s\" must be a string", where,
                         item->string);
    *out = item->valuestring;
    return 0;
}

/* A bot's keys besides its identity, as DIR/league.json keeps them (a
 * user may write them too): "snapshot" (false: never copied; or the
 * command of its copy) and "retired". */
typedef struct bot_state {
    const char *snapshot;
    int no_snapshot, retired, sandbox;
} bot_state;

static int state_key(const cJSON *it, const char *where, bot_state *st, char *err, size_t errsz)
{
    if (strcmp(it->string, "sandbox") == 0)
        return arena_setting_bot_sandbox(it, where, &st->sandbox, err, errsz);
    if (strcmp(it->string, "retired") == 0) {
        if (!cJSON_IsBool(it))
            return util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"retired\" must be true or false",
                             where);
        st->retired = cJSON_IsTrue(it);
        return 0;
    }
    if (cJSON_IsFalse(it)) {
        st->no_snapshot = 1;
        return 0;
    }
    if (!cJSON_IsString(it) || !it->valuestring[0])
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "%s: \"snapshot\" must be false (run the bot where it is) or the "
                         "command of its copy",
                         where);
    st->snapshot = it->valuestring;
    return 0;
}

/* One bot's keys: {"name", "command", "cwd"?, "sandbox"?, "snapshot"?,
 * "retired"?}. */
static int bot_keys(const cJSON *obj, const char *where, const char **name, const char **command,
                    const char **cwd, bot_state *st, char *err, size_t errsz)
{
    int rc = 0;
    for (const cJSON *it = obj->child; it && !rc; it = it->next) {
        if (strcmp(it->string, "name") == 0)
            rc = get_string(it, where, name, err, errsz);
        else if (strcmp(it->string, "command") == 0)
            rc = get_string(it, where, command, err, errsz);
        else if (strcmp(it->string, "cwd") == 0)
            rc = get_string(it, where, cwd, err, errsz);
        else if (strcmp(it->string, "sandbox") == 0 || strcmp(it->string, "snapshot") == 0 ||
                 strcmp(it->string, "retired") == 0)
            rc = state_key(it, where, st, err, errsz);
        else
            rc = util_fail(ARENA_E_CONFIG, err, errsz,
                           "%s: unknown key \"%s\" (expected name, command, cwd, sandbox, "
                           "snapshot, retired)",
                           where, it->string);
    }
    return rc;
}

static int load_bot(arena_settings *s, const cJSON *obj, int index, const char *src,
                    const char *base_dir, char *err, size_t errsz)
{
    char where[600];
    snprintf(where, sizeof where, "%s: bots[%d]", src, index);
    if (!cJSON_IsObject(obj))
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "%s: must be an object like {\"name\": \"ab\", \"command\": \"./ab\"}",
                         where);
    const char *name = NULL, *command = NULL, *cwd = NULL;
    bot_state st = {NULL, 0, 0, -1};
    int rc = check_duplicate_keys(obj, where, err, errsz);
    if (rc || (rc = bot_keys(obj, where, &name, &command, &cwd, &st, err, errsz)))
        return rc;
    if (!name)
        return util_fail(ARENA_E_CONFIG, err, errsz, "%s: missing \"name\"", where);
    if (!command || strspn(command, " \t") == strlen(command))
        return util_fail(ARENA_E_CONFIG, err, errsz, "%s (\"%s\"): missing bot command", where,
                         name);
    if (cwd && !*cwd)
        return util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"cwd\" is empty", where);
    /* canonical, so that DIR/league.json names the same directory on resume
     * however it was written */
    char *cwd_abs = cwd ? util_path_canonical(base_dir, cwd) : NULL;
    if (cwd && !cwd_abs)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    char why[256];
    rc = arena_settings_add_bot(s, name, command, cwd_abs, why, sizeof why);
    free(cwd_abs);
    if (rc == ARENA_E_CONFIG) /* name the file and the entry */
        return util_fail(rc, err, errsz, "%s: %s", where, why);
    arena_bot *b = rc ? NULL : &s->bots[s->bot_count - 1];
    if (b && arena_set_string(&b->snapshot, st.snapshot))
        rc = ARENA_E_NOMEM;
    if (rc)
        return util_fail(rc, err, errsz, "out of memory");
    b->sandbox = st.sandbox;
    b->no_snapshot = st.no_snapshot;
    b->retired = st.retired;
    return 0;
}

int arena_settings_load_text(arena_settings *s, const char *text, size_t len, const char *name,
                             const char *base_dir, char *err, size_t errsz)
{
    const char *src = name ? name : "league file";
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, 0);
    if (!root) {
        size_t off = end && end >= text ? (size_t)(end - text) : 0;
        if (off > len)
            off = len;
        /* cJSON refuses nesting past its bound where it stops, like a
         * malformed text: name the bound instead of the text there */
        size_t deep = util_json_too_deep(text, len);
        if (deep < len) {
            int line, col;
            line_col(text, deep, &line, &col);
            return util_fail(ARENA_E_PARSE, err, errsz,
                             "%s:%d:%d: lists and objects nested deeper than %d levels", src, line,
                             col, UTIL_JSON_NESTING_MAX);
        }
        /* JSON has no trailing comma, and cJSON stops at the '}' or ']'
         * after it, a line late: name the comma instead */
        size_t back = off;
        while (back > 0 && strchr(" \t\r\n", text[back - 1]))
            back--;
        if (off < len && (text[off] == '}' || text[off] == ']') && back > 0 &&
            text[back - 1] == ',') {
            int line, col;
            line_col(text, back - 1, &line, &col);
            return util_fail(ARENA_E_PARSE, err, errsz,
                             "%s:%d:%d: malformed JSON: a comma before '%c' (JSON allows no "
                             "trailing comma)",
                             src, line, col, text[off]);
        }
        int line, col;
        line_col(text, off, &line, &col);
        char near[32];
        snippet(text + off, text + len, near, sizeof near);
        if (off >= len || !near[0])
            return util_fail(ARENA_E_PARSE, err, errsz,
                             "%s:%d:%d: malformed JSON: unexpected end of file", src, line, col);
        return util_fail(ARENA_E_PARSE, err, errsz, "%s:%d:%d: malformed JSON near '%s'", src, line,
                         col, near);
    }
    /* cJSON stops after the first value: anything but spaces after it is an error. */
    if (end) {
        const char *p = end;
        while ((size_t)(p - text) < len && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
            p++;
        if ((size_t)(p - text) < len) {
            int line, col;
            line_col(text, (size_t)(p - text), &line, &col);
            cJSON_Delete(root);
            return util_fail(ARENA_E_PARSE, err, errsz,
                             "%s:%d:%d: malformed JSON: text after the closing '}'", src, line,
                             col);
        }
    }
    int rc = arena_settings_load_json(s, root, name, base_dir, err, errsz);
    cJSON_Delete(root);
    return rc;
}

/* The keys a league file may hold, for the message of an unknown one. */
static void expected_keys(char *buf, size_t size)
{
    size_t o = (size_t)snprintf(buf, size, "bots");
    for (int k = 0; k < ARENA_SETTING_COUNT && o < size; k++)
        if (arena_setting_table[k].option) /* not those only loa-arena writes */
            o += (size_t)snprintf(buf + o, size - o, ", %s", arena_setting_table[k].key);
    if (o < size)
        snprintf(buf + o, size - o, ", description");
}

/* One key of the league object (not "bots"): a setting by its row, or what
 * loa-arena writes beside the league in DIR/league.json. */
static int load_key(arena_settings *s, const cJSON *it, const char *src, const char *base_dir,
                    const char **dir_given, char *err, size_t errsz)
{
    const char *k = it->string;
    const arena_setting *row = arena_setting_by_key(k);
    if (row)
        return arena_setting_from_json(s, row, it, src, base_dir, err, errsz);
    if (strcmp(k, "fingerprints") == 0 || strcmp(k, "openings_sha256") == 0) {
        /* DIR/league.json given as a league file: what the store keeps
         * beside the league (its bots' files, its openings' digest) is the
         * store's to check when the league runs; the league's own
         * directory is its default output */
        if (!s->out_dir && !(s->out_dir = strdup(base_dir ? base_dir : ".")))
            return ARENA_E_NOMEM;
        return 0;
    }
    if (strcmp(k, "dir") == 0) {
        /* written by loa-arena in DIR/league.json: where {dir} pointed */
        int rc = get_string(it, src, dir_given, err, errsz);
        if (!rc && (*dir_given)[0] != '/')
            rc = util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"dir\" must be an absolute directory",
                           src);
        return rc;
    }
    if (strcmp(k, "description") == 0 || strcmp(k, "comment") == 0)
        return 0; /* free text for humans (JSON has no comments) */
    char keys[1024];
    expected_keys(keys, sizeof keys);
    return util_fail(ARENA_E_CONFIG, err, errsz, "%s: unknown key \"%s\" (expected %s)", src, k,
                     keys);
}

/* The "bots" list, read after every other key. */
static int load_bots(arena_settings *s, const cJSON *bots, const char *src, const char *base_dir,
                     char *err, size_t errsz)
{
    if (!bots)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "%s: missing \"bots\" (a list of {name, command})", src);
    if (!cJSON_IsArray(bots))
        return util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"bots\" must be a list [...]", src);
    int i = 0, rc = 0;
    for (const cJSON *b = bots->child; b && !rc; b = b->next, i++)
        rc = load_bot(s, b, i, src, base_dir, err, errsz);
    return rc;
}

int arena_settings_load_json(arena_settings *s, const cJSON *root, const char *name,
                             const char *base_dir, char *err, size_t errsz)
{
    const char *src = name ? name : "league file";
    const cJSON *bots = NULL;
    const char *dir_given = NULL;
    int rc = 0;
    if (!cJSON_IsObject(root))
        rc = util_fail(ARENA_E_CONFIG, err, errsz, "%s: the league must be a JSON object {...}",
                       src);
    if (!rc && !(rc = check_duplicate_keys(root, src, err, errsz)) &&
        !(rc = arena_set_string(&s->base_dir, base_dir ? base_dir : ".")))
        rc = arena_set_string(&s->source, src);
    for (const cJSON *it = root->child; it && !rc; it = it->next)
        if (strcmp(it->string, "bots") == 0)
            bots = it;
        else
            rc = load_key(s, it, src, base_dir, &dir_given, err, errsz);
    if (!rc)
        rc = load_bots(s, bots, src, base_dir, err, errsz);
    if (!rc && dir_given)
        rc = arena_set_string(&s->base_dir, dir_given);
    if (rc == ARENA_E_NOMEM)
        util_fail(rc, err, errsz, "out of memory");
    return rc;
}

int arena_settings_load_file(arena_settings *s, const char *path, char *err, size_t errsz)
{
    char *buf = NULL;
    size_t n = 0;
    int rd = util_read_file(path, ARENA_FILE_MAX, &buf, &n);
    if (rd == UTIL_E_NOMEM)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    if (rd == UTIL_E_RANGE)
        return util_fail(ARENA_E_PARSE, err, errsz, "%s: league file larger than %d bytes", path,
                         ARENA_FILE_MAX);
    if (rd)
        return util_fail(ARENA_E_PARSE, err, errsz, "%s: cannot read the league file: %s", path,
                         strerror(errno));
    if (n == 0) {
        free(buf);
        return util_fail(ARENA_E_PARSE, err, errsz, "%s:1:1: the league file is empty", path);
    }
    if (memchr(buf, '\0', n)) {
        free(buf);
        return util_fail(ARENA_E_PARSE, err, errsz,
                         "%s: the league file holds NUL bytes (not JSON)", path);
    }
    char *dir = dir_of(path);
    if (!dir) {
        free(buf);
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    }
    int rc = arena_settings_load_text(s, buf, n, path, dir, err, errsz);
    if (rc == 0 && !s->out_dir) {
        /* default: league.json -> league-results next to it */
        size_t len = strlen(path);
        size_t stem = len > 5 && strcmp(path + len - 5, ".json") == 0 ? len - 5 : len;
        char *out = malloc(stem + 9);
        if (!out) {
            rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
        } else {
            memcpy(out, path, stem);
            memcpy(out + stem, "-results", 9);
            s->out_dir = util_path_tidy(out);
            free(out);
            if (!s->out_dir)
                rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
        }
    }
    free(dir);
    free(buf);
    return rc;
}
