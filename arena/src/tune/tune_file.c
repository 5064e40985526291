/* tune_file.c - the tune-file reader (tune/tune_file.h): the tune's own
 * keys here, the league settings by the league file's reader over the
 * settings table. */
#include "tune/tune_file.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/json.h"
#include "core/text.h"
#include "league/league_file.h"
#include "league/setting.h"
#include "league/settings_check.h"
#include "league/settings_identity.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/file.h"
#include "util/json.h"
#include "util/text.h"

/* Settings of a league that a tune does not take: it plays two bots it
 * makes itself, for "pairs" game pairs, and reports no standings. */
static const char *const not_tune_keys[] = {"bots",         "games", "format",
                                            "gauntlet_bot", "sprt",  "rating_interval",
                                            "anchor",       "shard", "steps",
                                            "pages"};
/* The tune's own keys (the league's rows are the others). */
static const char *const tune_keys[] = {
    "command", "cwd",          "params",      "pairs",  "pairs_per_iteration", "a_ratio", "alpha",
    "gamma",   "report_every", "description", "comment"};

void arena_tune_init(arena_tune *t)
{
    memset(t, 0, sizeof *t);
    t->batch = 1;
    t->a_ratio = ARENA_SPSA_A_RATIO;
    t->alpha = ARENA_SPSA_ALPHA;
    t->gamma = ARENA_SPSA_GAMMA;
    t->report_every = ARENA_TUNE_REPORT_DEFAULT;
    arena_settings_init(&t->league);
}

void arena_tune_clear(arena_tune *t)
{
    if (!t)
        return;
    free(t->command);
    arena_settings_clear(&t->league);
    arena_tune_init(t);
}

static int is_one_of(const char *k, const char *const *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(k, list[i]) == 0)
            return 1;
    return 0;
}

/* A finite number item into *out, within lo..hi. */
static int get_number(const cJSON *it, const char *where, double lo, double hi, double *out,
                      char *err, size_t errsz)
{
    if (!cJSON_IsNumber(it) || !isfinite(it->valuedouble) || it->valuedouble < lo ||
        it->valuedouble > hi)
        return util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"%s\" must be a number in %g..%g", where,
                         it->string, lo, hi);
    *out = it->valuedouble;
    return 0;
}

static int valid_name(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > ARENA_TUNE_NAME_MAX)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
              (s[i] >= '0' && s[i] <= '9') || s[i] == '_' || s[i] == '-'))
            return 0;
    /* {bin}, {dir} and {seed} are the league's placeholders */
    return strcmp(s, "bin") && strcmp(s, "dir") && strcmp(s, "seed");
}

/* One param's keys into *p; where names it. */
static int param_keys(const cJSON *obj, arena_tune_param *p, const char *where, unsigned *seen,
                      char *err, size_t errsz)
{
    static const char *const keys[] = {"name", "start", "min", "max", "c_end", "r_end", "type"};
    int rc = 0;
    for (const cJSON *it = obj->child; it && !rc; it = it->next) {
        const char *k = it->string;
        size_t i = 0;
        while (i < sizeof keys / sizeof keys[0] && strcmp(k, keys[i]))
            i++;
        *seen |= 1u << i;
        if (i == 0 && (!cJSON_IsString(it) || !valid_name(it->valuestring)))
            rc = util_fail(ARENA_E_CONFIG, err, errsz,
                           "%s: \"name\" must be 1..%d letters, digits, '_' or '-' (not bin, "
                           "dir, seed)",
                           where, ARENA_TUNE_NAME_MAX);
        else if (i == 0)
            snprintf(p->name, sizeof p->name, "%s", it->valuestring);
        else if (i >= 1 && i <= 5) {
            double *f[] = {&p->start, &p->spsa.min, &p->spsa.max, &p->spsa.c_end, &p->spsa.r_end};
            rc = get_number(it, where, i >= 4 ? 0 : -1e15, 1e15, f[i - 1], err, errsz);
        } else if (i == 6 && cJSON_IsString(it) && !strcmp(it->valuestring, "int"))
            p->integer = 1;
        else if (i == 6 && cJSON_IsString(it) && !strcmp(it->valuestring, "real"))
            p->integer = 0;
        else if (i == 6)
            rc = util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"type\" must be \"int\" or \"real\"",
                           where);
        else
            rc = util_fail(ARENA_E_CONFIG, err, errsz,
                           "%s: unknown key \"%s\" (expected name, start, min, max, c_end, "
                           "r_end, type)",
                           where, k);
    }
    return rc;
}

static int load_param(arena_tune *t, const cJSON *obj, int index, const char *src, char *err,
                      size_t errsz)
{
    char where[600];
    snprintf(where, sizeof where, "%s: params[%d]", src, index);
    if (!cJSON_IsObject(obj))
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "%s: must be an object like {\"name\": \"w\", \"start\": 8, \"min\": 0, "
                         "\"max\": 20, \"c_end\": 1, \"r_end\": 0.002}",
                         where);
    const char *twice = arena_json_duplicate_key(obj);
    if (twice)
        return util_fail(ARENA_E_CONFIG, err, errsz, "%s: key \"%s\" appears twice", where, twice);
    arena_tune_param *p = &t->params[index];
    p->integer = 1;
    unsigned seen = 0;
    int rc = param_keys(obj, p, where, &seen, err, errsz);
    if (rc)
        return rc;
    if ((seen & 0x3f) != 0x3f)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "%s: needs name, start, min, max, c_end and r_end", where);
    if (!(p->spsa.min < p->spsa.max) || p->start < p->spsa.min || p->start > p->spsa.max)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "%s (\"%s\"): needs min < max and start in min..max", where, p->name);
    if (!(p->spsa.c_end > 0))
        return util_fail(ARENA_E_CONFIG, err, errsz, "%s (\"%s\"): \"c_end\" must be above 0",
                         where, p->name);
    for (int j = 0; j < index; j++)
        if (!strcmp(t->params[j].name, p->name))
            return util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"%s\" is named twice", where,
                             p->name);
    return 0;
}

static int load_params(arena_tune *t, const cJSON *list, const char *src, char *err, size_t errsz)
{
    int n = cJSON_IsArray(list) ? cJSON_GetArraySize(list) : 0;
    if (n < 1 || n > ARENA_TUNE_MAX_PARAMS)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "%s: \"params\" must be a list of 1..%d parameters", src,
                         ARENA_TUNE_MAX_PARAMS);
    int i = 0, rc = 0;
    for (const cJSON *p = list->child; p && !rc; p = p->next)
        rc = load_param(t, p, i++, src, err, errsz);
    t->param_count = rc ? 0 : n;
    return rc;
}

/* Every {word} of the command names a parameter or {bin}, {dir}, {seed},
 * and every parameter is used: a typo would tune nothing. */
static int check_placeholders(const arena_tune *t, const char *src, char *err, size_t errsz)
{
    unsigned used[ARENA_TUNE_MAX_PARAMS] = {0};
    for (const char *p = strchr(t->command, '{'); p; p = strchr(p + 1, '{')) {
        const char *e = strchr(p, '}');
        if (!e)
            break;
        size_t n = (size_t)(e - p - 1);
        char word[ARENA_TUNE_NAME_MAX + 2];
        if (n == 0 || n > ARENA_TUNE_NAME_MAX || strcspn(p + 1, " {") < n)
            continue; /* not a placeholder: shell braces */
        memcpy(word, p + 1, n);
        word[n] = '\0';
        if (!strcmp(word, "bin") || !strcmp(word, "dir") || !strcmp(word, "seed"))
            continue;
        int i = 0;
        while (i < t->param_count && strcmp(t->params[i].name, word))
            i++;
        if (i == t->param_count)
            return util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"command\": {%s} names no parameter",
                             src, word);
        used[i] = 1;
    }
    for (int i = 0; i < t->param_count; i++)
        if (!used[i])
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "%s: \"command\" never uses {%s}: the tune would change nothing", src,
                             t->params[i].name);
    return 0;
}

/* One of the tune's own keys. */
static int tune_key(arena_tune *t, const cJSON *it, const char *src, const char **cwd, char *err,
                    size_t errsz)
{
    const char *k = it->string;
    if (!strcmp(k, "command") || !strcmp(k, "cwd")) {
        if (!cJSON_IsString(it) || strspn(it->valuestring, " \t") == strlen(it->valuestring))
            return util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"%s\" must be a non-empty string",
                             src, k);
        if (!strcmp(k, "cwd"))
            *cwd = it->valuestring;
        return strcmp(k, "cwd") ? arena_set_string(&t->command, it->valuestring) : 0;
    }
    if (!strcmp(k, "params"))
        return load_params(t, it, src, err, errsz);
    if (!strcmp(k, "pairs"))
        return arena_json_int(it, src, k, 1, ARENA_TUNE_PAIRS_MAX, &t->pairs, err, errsz);
    if (!strcmp(k, "pairs_per_iteration"))
        return arena_json_int(it, src, k, 1, ARENA_TUNE_BATCH_MAX, &t->batch, err, errsz);
    if (!strcmp(k, "report_every"))
        return arena_json_int(it, src, k, 1, ARENA_TUNE_PAIRS_MAX, &t->report_every, err, errsz);
    if (!strcmp(k, "a_ratio"))
        return get_number(it, src, 0, 1, &t->a_ratio, err, errsz);
    if (!strcmp(k, "alpha"))
        return get_number(it, src, 1e-3, 10, &t->alpha, err, errsz);
    if (!strcmp(k, "gamma"))
        return get_number(it, src, 0, 10, &t->gamma, err, errsz);
    return 0; /* description, comment: for humans */
}

/* The league object the settings reader takes: the file's league keys,
 * the two bots and the games. */
static cJSON *league_object(const arena_tune *t, const cJSON *root, const char *cwd)
{
    cJSON *o = cJSON_CreateObject(), *bots = cJSON_AddArrayToObject(o, "bots");
    for (const cJSON *it = root->child; o && it; it = it->next)
        if (!is_one_of(it->string, tune_keys, sizeof tune_keys / sizeof tune_keys[0]) &&
            !cJSON_AddItemToObject(o, it->string, cJSON_Duplicate(it, 1)))
            goto oom;
    static const char *const names[] = {"plus", "minus"};
    for (int i = 0; bots && i < 2; i++) {
        cJSON *b = cJSON_CreateObject();
        if (!cJSON_AddItemToArray(bots, b) || !cJSON_AddStringToObject(b, "name", names[i]) ||
            !cJSON_AddStringToObject(b, "command", t->command) ||
            (cwd && !cJSON_AddStringToObject(b, "cwd", cwd)))
            goto oom;
    }
    if (bots && cJSON_AddNumberToObject(o, "games", 2.0 * t->pairs))
        return o;
oom:
    cJSON_Delete(o);
    return NULL;
}

/* The keys of root, each judged: the tune's, the league's rows, or neither. */
static int root_keys(arena_tune *t, const cJSON *root, const char *src, const char **cwd, char *err,
                     size_t errsz)
{
    int rc = 0;
    for (const cJSON *it = root->child; it && !rc; it = it->next) {
        const char *k = it->string;
        if (is_one_of(k, tune_keys, sizeof tune_keys / sizeof tune_keys[0]))
            rc = tune_key(t, it, src, cwd, err, errsz);
        else if (is_one_of(k, not_tune_keys, sizeof not_tune_keys / sizeof not_tune_keys[0]))
            rc = util_fail(ARENA_E_CONFIG, err, errsz,
                           "%s: \"%s\" is a league's setting, not a tune's (a tune plays "
                           "\"pairs\" game pairs between two versions of \"command\")",
                           src, k);
        else if (!arena_setting_by_key(k))
            rc = util_fail(ARENA_E_CONFIG, err, errsz,
                           "%s: unknown key \"%s\" (expected command, params, pairs, "
                           "pairs_per_iteration, a_ratio, alpha, gamma, report_every, cwd, or a "
                           "league setting: seed, openings, time_mode, turn_ms, ...)",
                           src, k);
    }
    if (rc == ARENA_E_NOMEM)
        util_fail(rc, err, errsz, "out of memory");
    return rc;
}

/* "out" not given: "<the file without .json>-results", as a league's. */
static int default_out(arena_tune *t, const char *src)
{
    size_t len = strlen(src), stem = len > 5 && !strcmp(src + len - 5, ".json") ? len - 5 : len;
    char *out = malloc(stem + 9);
    if (!out)
        return ARENA_E_NOMEM;
    snprintf(out, stem + 9, "%.*s-results", (int)stem, src);
    t->league.out_dir = util_path_tidy(out);
    free(out);
    return t->league.out_dir ? 0 : ARENA_E_NOMEM;
}

int arena_tune_load_json(arena_tune *t, const cJSON *root, const char *name, const char *base_dir,
                         char *err, size_t errsz)
{
    const char *src = name ? name : "tune file";
    if (!cJSON_IsObject(root))
        return util_fail(ARENA_E_CONFIG, err, errsz, "%s: the tune must be a JSON object {...}",
                         src);
    const char *twice = arena_json_duplicate_key(root), *cwd = NULL;
    if (twice)
        return util_fail(ARENA_E_CONFIG, err, errsz, "%s: key \"%s\" appears twice", src, twice);
    int rc = root_keys(t, root, src, &cwd, err, errsz);
    if (rc)
        return rc;
    if (!t->command || !t->param_count || !t->pairs)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "%s: needs \"command\", \"params\" and "
                         "\"pairs\"",
                         src);
    if ((rc = check_placeholders(t, src, err, errsz)))
        return rc;
    cJSON *league = league_object(t, root, cwd);
    if (!league)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    rc = arena_settings_load_json(&t->league, league, src, base_dir, err, errsz);
    cJSON_Delete(league);
    if (!rc && !t->league.out_dir)
        rc = default_out(t, src);
    char why[512];
    if (!rc && (rc = arena_settings_validate(&t->league, why, sizeof why)))
        util_fail(rc, err, errsz, "%s: %s", src, why);
    return rc;
}

int arena_tune_load_file(arena_tune *t, const char *path, char *err, size_t errsz)
{
    char *buf = NULL;
    size_t n = 0;
    int rd = util_read_file(path, ARENA_FILE_MAX, &buf, &n);
    if (rd)
        return util_fail(rd == UTIL_E_NOMEM ? ARENA_E_NOMEM : ARENA_E_PARSE, err, errsz,
                         "%s: cannot read the tune file: %s", path,
                         rd == UTIL_E_RANGE ? "too large" : strerror(errno));
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(buf, n, &end, 0);
    size_t at = end ? (size_t)(end - buf) : 0;
    while (root && at < n && strchr(" \t\r\n", buf[at]))
        at++;
    size_t deep = root ? n : util_json_too_deep(buf, n);
    free(buf);
    if (deep < n)
        return util_fail(ARENA_E_PARSE, err, errsz,
                         "%s: lists and objects nested deeper than %d levels at byte %zu", path,
                         UTIL_JSON_NESTING_MAX, deep);
    if (root && at < n) { /* cJSON stops after the first value */
        cJSON_Delete(root);
        root = NULL;
    }
    if (!root)
        return util_fail(ARENA_E_PARSE, err, errsz, "%s: malformed JSON near byte %zu", path, at);
    char *dir = strdup(path), *slash = dir ? strrchr(dir, '/') : NULL;
    if (slash)
        *slash = '\0';
    int rc = dir ? arena_tune_load_json(t, root, path, slash ? dir : ".", err, errsz)
                 : util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    free(dir);
    cJSON_Delete(root);
    return rc;
}

arena_spsa_schedule arena_tune_schedule(const arena_tune *t)
{
    return arena_spsa_schedule_make(t->pairs, t->a_ratio, t->alpha, t->gamma);
}

double arena_tune_played(const arena_tune *t, int i, double x)
{
    return t->params[i].integer ? round(x) : x;
}

char *arena_tune_fill(const arena_tune *t, const double *values)
{
    util_buf b = {0};
    const char *s = t->command;
    for (const char *p; (p = strchr(s, '{')) != NULL;) {
        util_buf_put(&b, s, (size_t)(p - s));
        const char *e = strchr(p, '}');
        int i = 0;
        while (e && i < t->param_count &&
               (strlen(t->params[i].name) != (size_t)(e - p - 1) ||
                strncmp(t->params[i].name, p + 1, (size_t)(e - p - 1))))
            i++;
        if (!e || i == t->param_count) { /* {bin}, {dir}, {seed}, shell braces */
            util_buf_put(&b, p, 1);
            s = p + 1;
            continue;
        }
        char num[64];
        double v = arena_tune_played(t, i, values[i]);
        if (t->params[i].integer)
            snprintf(num, sizeof num, "%.0f", v == 0 ? 0.0 : v); /* never "-0" */
        else
            snprintf(num, sizeof num, "%.6g", v);
        util_buf_put(&b, num, strlen(num));
        s = e + 1;
    }
    util_buf_put(&b, s, strlen(s));
    if (b.failed) {
        util_buf_free(&b);
        return NULL;
    }
    return b.s;
}

static cJSON *param_json(const arena_tune_param *p)
{
    cJSON *o = cJSON_CreateObject();
    if (o && cJSON_AddStringToObject(o, "name", p->name) &&
        cJSON_AddNumberToObject(o, "start", p->start) &&
        cJSON_AddNumberToObject(o, "min", p->spsa.min) &&
        cJSON_AddNumberToObject(o, "max", p->spsa.max) &&
        cJSON_AddNumberToObject(o, "c_end", p->spsa.c_end) &&
        cJSON_AddNumberToObject(o, "r_end", p->spsa.r_end) &&
        cJSON_AddStringToObject(o, "type", p->integer ? "int" : "real"))
        return o;
    cJSON_Delete(o);
    return NULL;
}

cJSON *arena_tune_identity(const arena_tune *t)
{
    cJSON *root = cJSON_CreateObject(), *tune = cJSON_AddObjectToObject(root, "tune");
    cJSON *params = tune ? cJSON_AddArrayToObject(tune, "params") : NULL;
    int ok = params && cJSON_AddStringToObject(tune, "command", t->command) &&
             cJSON_AddNumberToObject(tune, "pairs", t->pairs) &&
             cJSON_AddNumberToObject(tune, "pairs_per_iteration", t->batch) &&
             cJSON_AddNumberToObject(tune, "a_ratio", t->a_ratio) &&
             cJSON_AddNumberToObject(tune, "alpha", t->alpha) &&
             cJSON_AddNumberToObject(tune, "gamma", t->gamma);
    for (int i = 0; ok && i < t->param_count; i++)
        ok = cJSON_AddItemToArray(params, param_json(&t->params[i]));
    cJSON *league = ok ? arena_settings_to_json(&t->league) : NULL;
    if (league && cJSON_AddItemToObject(root, "league", league))
        return root;
    cJSON_Delete(league);
    cJSON_Delete(root);
    return NULL;
}
