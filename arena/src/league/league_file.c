/* league_file.c - the league-file reader (JSON, schema in
 * docs/arena.md): strict keys and types, messages naming file, line, key. */
#include "league/league_file.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/error.h"
#include "core/text.h"
#include "ref/referee.h"
#include "util/error.h"
#include "util/file.h"
#include "util/parse.h"
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

/* Joins base and rel unless rel is absolute or base is "." / NULL. */
static char *resolve_path(const char *base, const char *rel)
{
    if (rel[0] == '/' || !base || strcmp(base, ".") == 0 || !*base)
        return strdup(rel);
    return util_path_join(base, rel);
}

int arena_absolute_path(const char *base, const char *rel, char **out, char *err,
                        size_t errsz)
{
    /* Absolute, so that DIR/league.json (read back against DIR) names the
     * same file or directory on resume, from any current directory. */
    char *p = resolve_path(base, rel);
    if (!p)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    if (p[0] != '/') {
        char *here = getcwd(NULL, 0);
        char *abs = here ? util_path_join(here, p) : NULL;
        free(here);
        free(p);
        if (!abs)
            return util_fail(ARENA_E_NOMEM, err, errsz, "cannot resolve '%s'", rel);
        p = abs;
    }
    free(*out);
    *out = p;
    return 0;
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
    for (const cJSON *a = obj->child; a; a = a->next)
        for (const cJSON *b = a->next; b; b = b->next)
            if (a->string && b->string && strcmp(a->string, b->string) == 0)
                return util_fail(ARENA_E_CONFIG, err, errsz, "%s: key \"%s\" appears twice", where,
                                 a->string);
    return 0;
}

static int get_int(const cJSON *item, const char *where, int64_t min, int64_t max, int *out,
                   char *err, size_t errsz)
{
    if (!cJSON_IsNumber(item))
        return util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"%s\" must be an integer", where,
                         item->string);
    int64_t v;
    if (util_double_to_i64(item->valuedouble, min, max, &v))
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "%s: \"%s\" must be an integer in %lld..%lld (%.6g given)", where,
                         item->string, (long long)min, (long long)max, item->valuedouble);
    *out = (int)v;
    return 0;
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

/* "sprt": {"elo0": 0, "elo1": 10, "alpha": 0.05, "beta": 0.05, "model":
 * "normalized"} (alpha, beta and model optional), or the same in
 * fastchess's words as one string "elo0=0 elo1=10 ...". */
static int load_sprt(arena_settings *s, const cJSON *it, const char *src, char *err,
                     size_t errsz)
{
    char tmp[512];
    int rc;
    if (cJSON_IsString(it)) {
        rc = arena_sprt_spec_parse(it->valuestring, &s->sprt_params, tmp, sizeof tmp);
    } else if (cJSON_IsObject(it)) {
        char where[600];
        snprintf(where, sizeof where, "%s: \"sprt\"", src);
        if ((rc = check_duplicate_keys(it, where, err, errsz)))
            return rc;
        /* the object in fastchess's words, judged by one parser */
        char spec[400] = "";
        size_t used = 0;
        for (const cJSON *k = it->child; k; k = k->next) {
            char word[160];
            if (strcmp(k->string, "model") == 0) {
                if (!cJSON_IsString(k))
                    return util_fail(ARENA_E_CONFIG, err, errsz,
                                     "%s: \"model\" must be \"normalized\" or \"logistic\"",
                                     where);
                snprintf(word, sizeof word, "model=%.100s ", k->valuestring);
            } else if (strcmp(k->string, "elo0") == 0 || strcmp(k->string, "elo1") == 0 ||
                       strcmp(k->string, "alpha") == 0 || strcmp(k->string, "beta") == 0) {
                if (!cJSON_IsNumber(k) || !isfinite(k->valuedouble))
                    return util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"%s\" must be a number",
                                     where, k->string);
                snprintf(word, sizeof word, "%s=%.17g ", k->string, k->valuedouble);
            } else {
                return util_fail(ARENA_E_CONFIG, err, errsz,
                                 "%s: unknown key \"%s\" (expected elo0, elo1, alpha, beta, "
                                 "model)", where, k->string);
            }
            size_t n = strlen(word);
            if (used + n >= sizeof spec)
                return util_fail(ARENA_E_CONFIG, err, errsz, "%s: too long", where);
            memcpy(spec + used, word, n + 1);
            used += n;
        }
        rc = arena_sprt_spec_parse(spec, &s->sprt_params, tmp, sizeof tmp);
    } else {
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "%s: \"sprt\" must be an object like {\"elo0\": 0, \"elo1\": 10, "
                         "\"alpha\": 0.05, \"beta\": 0.05}", src);
    }
    if (rc)
        return util_fail(rc, err, errsz, "%s: \"sprt\": %s", src, tmp);
    s->sprt = 1;
    return 0;
}

/* "sandbox": false (off), true (read-only) or "rw" (working directory
 * writable). */
static int get_sandbox(const cJSON *it, const char *where, int *out, char *err, size_t errsz)
{
    if (cJSON_IsBool(it))
        *out = cJSON_IsTrue(it) ? REF_SANDBOX_READ_ONLY : REF_SANDBOX_OFF;
    else if (cJSON_IsString(it) && strcmp(it->valuestring, "rw") == 0)
        *out = REF_SANDBOX_WRITABLE_CWD;
    else
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "%s: \"sandbox\" must be true, false or \"rw\"", where);
    return 0;
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
    int rc = check_duplicate_keys(obj, where, err, errsz);
    if (rc)
        return rc;
    const char *name = NULL, *command = NULL, *cwd = NULL;
    int sandbox = -1;
    for (const cJSON *it = obj->child; it; it = it->next) {
        if (strcmp(it->string, "name") == 0)
            rc = get_string(it, where, &name, err, errsz);
        else if (strcmp(it->string, "command") == 0)
            rc = get_string(it, where, &command, err, errsz);
        else if (strcmp(it->string, "cwd") == 0)
            rc = get_string(it, where, &cwd, err, errsz);
        else if (strcmp(it->string, "sandbox") == 0)
            rc = get_sandbox(it, where, &sandbox, err, errsz);
        else
            rc = util_fail(ARENA_E_CONFIG, err, errsz,
                           "%s: unknown key \"%s\" (expected name, command, cwd, sandbox)",
                           where, it->string);
        if (rc)
            return rc;
    }
    if (!name)
        return util_fail(ARENA_E_CONFIG, err, errsz, "%s: missing \"name\"", where);
    if (!command || strspn(command, " \t") == strlen(command))
        return util_fail(ARENA_E_CONFIG, err, errsz, "%s (\"%s\"): missing bot command", where,
                         name);
    char *cwd_abs = NULL;
    if (cwd) {
        if (!*cwd)
            return util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"cwd\" is empty", where);
        if ((rc = arena_absolute_path(base_dir, cwd, &cwd_abs, err, errsz)))
            return rc;
    }
    char why[256];
    rc = arena_settings_add_bot(s, name, command, cwd_abs, why, sizeof why);
    free(cwd_abs);
    if (rc == ARENA_E_CONFIG) /* name the file and the entry */
        return util_fail(rc, err, errsz, "%s: %s", where, why);
    if (rc)
        return util_fail(rc, err, errsz, "out of memory");
    s->bots[s->bot_count - 1].sandbox = sandbox;
    return 0;
}

int arena_settings_load_text(arena_settings *s, const char *text, size_t len,
                             const char *name, const char *base_dir, char *err, size_t errsz)
{
    const char *src = name ? name : "league file";
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, 0);
    if (!root) {
        size_t off = end && end >= text ? (size_t)(end - text) : 0;
        if (off > len)
            off = len;
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
                             "trailing comma)", src, line, col, text[off]);
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

int arena_settings_load_json(arena_settings *s, const cJSON *root, const char *name,
                             const char *base_dir, char *err, size_t errsz)
{
    const char *src = name ? name : "league file";
    int rc = 0;
    if (!cJSON_IsObject(root)) {
        rc = util_fail(ARENA_E_CONFIG, err, errsz, "%s: the league must be a JSON object {...}",
                       src);
        goto out;
    }
    if ((rc = check_duplicate_keys(root, src, err, errsz)))
        goto out;
    if ((rc = arena_set_string(&s->base_dir, base_dir ? base_dir : ".")) ||
        (rc = arena_set_string(&s->source, src)))
        goto out;
    const cJSON *bots = NULL;
    const char *dir_given = NULL;
    for (const cJSON *it = root->child; it && !rc; it = it->next) {
        const char *k = it->string, *str = NULL;
        if (strcmp(k, "bots") == 0) {
            bots = it;
        } else if (strcmp(k, "format") == 0) {
            if (!(rc = get_string(it, src, &str, err, errsz)) &&
                arena_format_parse(str, &s->format))
                rc = util_fail(ARENA_E_CONFIG, err, errsz,
                               "%s: \"format\": '%s' is not \"round-robin\" or \"gauntlet\"", src,
                               str);
        } else if (strcmp(k, "gauntlet_bot") == 0) {
            if (!(rc = get_string(it, src, &str, err, errsz)))
                rc = arena_set_string(&s->gauntlet_bot, str);
        } else if (strcmp(k, "anchor") == 0) {
            if (!(rc = get_string(it, src, &str, err, errsz)))
                rc = arena_set_string(&s->anchor, str);
        } else if (strcmp(k, "games") == 0) {
            rc = get_int(it, src, 1, 1000000, &s->games, err, errsz);
            s->games_given = 1;
        } else if (strcmp(k, "concurrency") == 0) {
            rc = get_int(it, src, 0, 256, &s->concurrency, err, errsz);
        } else if (strcmp(k, "turn_ms") == 0) {
            rc = get_int(it, src, 1, 3600000, &s->turn_ms, err, errsz);
        } else if (strcmp(k, "first_turn_ms") == 0) {
            rc = get_int(it, src, 1, 3600000, &s->first_turn_ms, err, errsz);
        } else if (strcmp(k, "max_plies") == 0) {
            rc = get_int(it, src, 1, 100000, &s->max_plies, err, errsz);
        } else if (strcmp(k, "time_mode") == 0) {
            if (!(rc = get_string(it, src, &str, err, errsz)) &&
                ref_time_mode_from_name(str, &s->time_mode))
                rc = util_fail(ARENA_E_CONFIG, err, errsz,
                               "%s: \"time_mode\": '%s' is not \"wall\" or \"cpu\"", src, str);
        } else if (strcmp(k, "cpu_method") == 0) {
            if (!(rc = get_string(it, src, &str, err, errsz)) &&
                ref_cpu_method_from_name(str, &s->cpu_method))
                rc = util_fail(ARENA_E_CONFIG, err, errsz,
                               "%s: \"cpu_method\": '%s' is not \"auto\", \"cgroup\" or "
                               "\"proc\"", src, str);
        } else if (strcmp(k, "affinity") == 0) {
            if (!cJSON_IsBool(it))
                rc = util_fail(ARENA_E_CONFIG, err, errsz,
                               "%s: \"affinity\" must be true or false", src);
            else
                s->affinity = cJSON_IsTrue(it);
        } else if (strcmp(k, "pages") == 0) {
            if (!(rc = get_string(it, src, &str, err, errsz)) &&
                arena_pages_from_name(str, &s->pages))
                rc = util_fail(ARENA_E_CONFIG, err, errsz,
                               "%s: \"pages\": '%s' is not \"faults\", \"all\" or \"none\"",
                               src, str);
        } else if (strcmp(k, "wall_cap_ms") == 0) {
            rc = get_int(it, src, 0, 3600000, &s->wall_cap_ms, err, errsz);
        } else if (strcmp(k, "time_margin_ms") == 0) {
            rc = get_int(it, src, 0, 3600000, &s->time_margin_ms, err, errsz);
        } else if (strcmp(k, "seed") == 0) {
            /* JSON numbers are doubles: exact only up to 2^53, so a string
             * holds any 64-bit seed. */
            if (cJSON_IsString(it)) {
                if (util_parse_i64(it->valuestring, INT64_MIN, INT64_MAX, &s->seed))
                    rc = util_fail(ARENA_E_CONFIG, err, errsz,
                                   "%s: \"seed\": '%s' is not a 64-bit integer", src,
                                   it->valuestring);
            } else if (cJSON_IsNumber(it) &&
                       util_double_to_i64(it->valuedouble, -9007199254740992LL,
                                          9007199254740992LL, &s->seed) == 0) {
                /* exact only up to 2^53: beyond, a string */
            } else {
                rc = util_fail(ARENA_E_CONFIG, err, errsz,
                               "%s: \"seed\" must be an integer (a string for |seed| > 2^53)", src);
            }
        } else if (strcmp(k, "out") == 0) {
            if (!(rc = get_string(it, src, &str, err, errsz))) {
                if (!*str) {
                    rc = util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"out\" is empty", src);
                } else {
                    /* printed, so without detours: "../../build/x" from
                     * arena/examples/ is build/x */
                    char *j = resolve_path(base_dir, str), *p = util_path_tidy(j);
                    free(j);
                    if (!p)
                        rc = ARENA_E_NOMEM;
                    free(s->out_dir);
                    s->out_dir = p;
                }
            }
        } else if (strcmp(k, "openings") == 0) {
            if (!(rc = get_string(it, src, &str, err, errsz))) {
                if (!*str)
                    rc = util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"openings\" is empty", src);
                else
                    rc = arena_absolute_path(base_dir, str, &s->openings_file, err, errsz);
            }
        } else if (strcmp(k, "openings_order") == 0) {
            if (!(rc = get_string(it, src, &str, err, errsz)) &&
                arena_openings_order_parse(str, &s->openings_random))
                rc = util_fail(ARENA_E_CONFIG, err, errsz,
                               "%s: \"openings_order\": '%s' is not \"file\" or \"random\"", src,
                               str);
        } else if (strcmp(k, "random_plies") == 0) {
            rc = get_int(it, src, 1, REF_OPENING_MAX, &s->random_plies, err, errsz);
        } else if (strcmp(k, "sprt") == 0) {
            rc = load_sprt(s, it, src, err, errsz);
        } else if (strcmp(k, "steps") == 0) {
            /* written by loa-arena in DIR/league.json: [[bots, games], ...] */
            int j = 0;
            if (!cJSON_IsArray(it) || cJSON_GetArraySize(it) > ARENA_MAX_STEPS)
                rc = util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"steps\" must be a list of "
                               "[bots, games]", src);
            for (const cJSON *e = it ? it->child : NULL; e && !rc; e = e->next, j++) {
                if (!cJSON_IsArray(e) || cJSON_GetArraySize(e) != 2)
                    rc = util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"steps\"[%d] must be "
                                   "[bots, games]", src, j);
                else if (!(rc = get_int(e->child, src, 2, ARENA_MAX_BOTS, &s->steps[j].bots, err,
                                        errsz)))
                    rc = get_int(e->child->next, src, 2, 1000000, &s->steps[j].games, err,
                                 errsz);
            }
            if (!rc)
                s->step_count = j;
        } else if (strcmp(k, "shard") == 0) {
            /* written by loa-arena in DIR/league.json (--shard K/N) */
            const cJSON *k_ = cJSON_GetObjectItemCaseSensitive(it, "index");
            const cJSON *n_ = cJSON_GetObjectItemCaseSensitive(it, "count");
            if (!cJSON_IsObject(it) || !k_ || !n_ || cJSON_GetArraySize(it) != 2 ||
                (rc = get_int(k_, src, 0, 999999, &s->shard_index, err, errsz)) ||
                (rc = get_int(n_, src, 1, 1000000, &s->shard_count, err, errsz)) ||
                s->shard_index >= s->shard_count)
                rc = rc ? rc : util_fail(ARENA_E_CONFIG, err, errsz,
                                         "%s: \"shard\" must be {\"index\": K, \"count\": N} "
                                         "with 0 <= K < N", src);
        } else if (strcmp(k, "sandbox") == 0) {
            rc = get_sandbox(it, src, &s->sandbox, err, errsz);
        } else if (strcmp(k, "rating_interval") == 0) {
            rc = get_int(it, src, 0, ARENA_MAX_GAMES, &s->rating_interval, err, errsz);
        } else if (strcmp(k, "fingerprints") == 0 || strcmp(k, "openings_sha256") == 0) {
            /* DIR/league.json given as a league file: what the store keeps
             * beside the league (its bots' files, its openings' digest) is
             * the store's to check when the league runs; the league's own
             * directory is its default output */
            if (!s->out_dir && !(s->out_dir = strdup(base_dir ? base_dir : ".")))
                rc = ARENA_E_NOMEM;
        } else if (strcmp(k, "dir") == 0) {
            /* written by loa-arena in DIR/league.json: where {dir} pointed */
            if (!(rc = get_string(it, src, &str, err, errsz)) && str[0] != '/')
                rc = util_fail(ARENA_E_CONFIG, err, errsz,
                               "%s: \"dir\" must be an absolute directory", src);
            else if (!rc)
                dir_given = str;
        } else if (strcmp(k, "description") == 0 || strcmp(k, "comment") == 0) {
            /* free text for humans (JSON has no comments) */
        } else {
            rc = util_fail(ARENA_E_CONFIG, err, errsz,
                           "%s: unknown key \"%s\" (expected bots, format, gauntlet_bot, games, "
                           "concurrency, seed, out, turn_ms, first_turn_ms, max_plies, time_mode, "
                           "wall_cap_ms, time_margin_ms, cpu_method, anchor, openings, "
                           "openings_order, random_plies, sprt, rating_interval, sandbox, "
                           "pages, affinity, description)", src, k);
        }
    }
    if (rc)
        goto out;
    if (!bots) {
        rc = util_fail(ARENA_E_CONFIG, err, errsz,
                       "%s: missing \"bots\" (a list of {name, command})", src);
        goto out;
    }
    if (!cJSON_IsArray(bots)) {
        rc = util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"bots\" must be a list [...]", src);
        goto out;
    }
    int i = 0;
    for (const cJSON *b = bots->child; b && !rc; b = b->next, i++)
        rc = load_bot(s, b, i, src, base_dir, err, errsz);
    if (!rc && dir_given)
        rc = arena_set_string(&s->base_dir, dir_given);
out:
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
