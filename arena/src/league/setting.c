/* setting.c - the rows of ARENA_SETTING_MAP and what is made of them: a
 * setting read from a command-line value or a league-file item, checked,
 * written into the identity, compared, shown in messages and in --help
 * (league/setting.h). */
#include "league/setting.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/json.h"
#include "core/text.h"
#include "util/parse.h"
#include "util/text.h"

/* The enums held as ints by the rows of type WORD and SANDBOX. */
_Static_assert(sizeof(arena_format) == sizeof(int) && sizeof(arena_pages) == sizeof(int) &&
                   sizeof(ref_time_mode) == sizeof(int) && sizeof(ref_cpu_method) == sizeof(int),
               "a WORD setting is read and written as an int");

const arena_setting arena_setting_table[ARENA_SETTING_COUNT] = {
#define ARENA_SETTING_XX(ID, field, key, option, letter, word, type, words, min, max, def, unit,  \
                         identity, section, arg, what, help)                                     \
    {ARENA_SETTING_##ID, offsetof(arena_settings, field), key, option, letter, word,             \
     ARENA_VALUE_##type, words, min, max, def, unit, identity, section, arg, what, help},
    ARENA_SETTING_MAP(ARENA_SETTING_XX)
#undef ARENA_SETTING_XX
};

/* JSON numbers are doubles: exact only up to 2^53, so a larger seed is a
 * string. */
#define JSON_INT_MAX 9007199254740992LL

const arena_setting *arena_setting_by_key(const char *key)
{
    for (int i = 0; key && i < ARENA_SETTING_COUNT; i++)
        if (strcmp(arena_setting_table[i].key, key) == 0)
            return &arena_setting_table[i];
    return NULL;
}

const arena_setting *arena_setting_by_option(const char *option)
{
    for (int i = 0; option && i < ARENA_SETTING_COUNT; i++)
        if (arena_setting_table[i].option && strcmp(arena_setting_table[i].option, option) == 0)
            return &arena_setting_table[i];
    return NULL;
}

/* ---- the field a row names ---- */

static int *int_at(arena_settings *s, const arena_setting *r)
{
    return (int *)((char *)s + r->offset);
}

static int int_of(const arena_settings *s, const arena_setting *r)
{
    return *(const int *)((const char *)s + r->offset);
}

static char **str_at(arena_settings *s, const arena_setting *r)
{
    return (char **)((char *)s + r->offset);
}

static const char *str_of(const arena_settings *s, const arena_setting *r)
{
    return *(char *const *)((const char *)s + r->offset);
}

void arena_setting_reset(arena_settings *s, const arena_setting *r)
{
    switch (r->type) {
    case ARENA_VALUE_SEED: s->seed = r->def; break;
    case ARENA_VALUE_NAME:
    case ARENA_VALUE_FILE:
    case ARENA_VALUE_DIR:
        free(*str_at(s, r));
        *str_at(s, r) = NULL;
        break;
    case ARENA_VALUE_SHARD: s->shard_index = s->shard_count = 0; break;
    case ARENA_VALUE_SPRT:
        s->sprt = 0;
        memset(&s->sprt_params, 0, sizeof s->sprt_params);
        break;
    case ARENA_VALUE_STEPS: s->step_count = 0; break;
    default: *int_at(s, r) = (int)r->def; break;
    }
}

/* "a, b or c" (quote: each word in double quotes, as JSON writes it). */
static void word_list(const arena_word_list *w, int quote, char *buf, size_t size)
{
    size_t o = 0;
    buf[0] = '\0';
    for (int i = 0; i < w->count && o < size; i++) {
        const char *sep = i == 0 ? "" : i + 1 == w->count ? " or " : ", ";
        int n = snprintf(buf + o, size - o, quote ? "%s\"%s\"" : "%s%s", sep, w->name(i));
        if (n < 0)
            break;
        o += (size_t)n;
    }
}

/* ---- from a command-line value ---- */

static int sandbox_option(arena_settings *s, const char *option)
{
    /* the flag wins over the league file, for every bot */
    s->sandbox = option && strcmp(option, "sandbox-rw") == 0 ? REF_SANDBOX_WRITABLE_CWD
                                                              : REF_SANDBOX_READ_ONLY;
    for (int i = 0; i < s->bot_count; i++)
        s->bots[i].sandbox = -1;
    return 0;
}

static int path_text(arena_settings *s, const arena_setting *r, const char *o, const char *text,
                     char *err, size_t errsz)
{
    int dir = r->type == ARENA_VALUE_DIR;
    if (!*text)
        return util_fail(ARENA_E_CONFIG, err, errsz, "--%s: empty %s name", o,
                         dir ? "directory" : "file");
    /* a directory is printed, so without detours; a file is kept absolute
     * in DIR/league.json, to name the same file on resume from anywhere */
    char *p = dir ? util_path_tidy(text) : util_path_absolute(NULL, text);
    if (!p)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    free(*str_at(s, r));
    *str_at(s, r) = p;
    return 0;
}

int arena_setting_from_text(arena_settings *s, const arena_setting *r, const char *option,
                            const char *text, char *err, size_t errsz)
{
    const char *o = option ? option : r->option;
    char tmp[512];
    int64_t v;
    int w;
    switch (r->type) {
    case ARENA_VALUE_INT:
        if (util_parse_i64(text, r->min, r->max, &v))
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "--%s: '%s' is not an integer in %" PRId64 "..%" PRId64, o, text,
                             r->min, r->max);
        *int_at(s, r) = (int)v;
        s->games_given |= r->id == ARENA_SETTING_GAMES;
        return 0;
    case ARENA_VALUE_SEED:
        if (util_parse_i64(text, INT64_MIN, INT64_MAX, &s->seed))
            return util_fail(ARENA_E_CONFIG, err, errsz, "--%s: '%s' is not a 64-bit integer", o,
                             text);
        return 0;
    case ARENA_VALUE_WORD:
        if (r->words->parse(text, &w)) {
            word_list(r->words, 0, tmp, sizeof tmp);
            return util_fail(ARENA_E_CONFIG, err, errsz, "--%s: '%s' is not %s", o, text, tmp);
        }
        *int_at(s, r) = w;
        return 0;
    case ARENA_VALUE_FLAG: *int_at(s, r) = 1; return 0;
    case ARENA_VALUE_NAME:
        return arena_set_string(str_at(s, r), text) ? util_fail(ARENA_E_NOMEM, err, errsz,
                                                                "out of memory")
                                                    : 0;
    case ARENA_VALUE_FILE:
    case ARENA_VALUE_DIR: return path_text(s, r, o, text, err, errsz);
    case ARENA_VALUE_SHARD:
        if (arena_shard_parse(text, &s->shard_index, &s->shard_count))
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "--%s: '%s' is not K/N with 0 <= K < N (e.g. 0/3, 1/3, 2/3)", o,
                             text);
        return 0;
    case ARENA_VALUE_SPRT:
        if (arena_sprt_spec_parse(text, &s->sprt_params, tmp, sizeof tmp))
            return util_fail(ARENA_E_CONFIG, err, errsz, "--%s: %s", o, tmp);
        s->sprt = 1;
        return 0;
    case ARENA_VALUE_SANDBOX: return sandbox_option(s, option);
    case ARENA_VALUE_STEPS: break;
    }
    return util_fail(ARENA_E_INVAL, err, errsz, "\"%s\" has no option", r->key);
}

/* ---- from a league-file item ---- */

/* An integer item in min..max, range checked before any conversion. */
static int json_int(const cJSON *it, const char *src, const char *key, int64_t min, int64_t max,
                    int *out, char *err, size_t errsz)
{
    if (!cJSON_IsNumber(it))
        return util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"%s\" must be an integer", src, key);
    int64_t v;
    if (util_double_to_i64(it->valuedouble, min, max, &v))
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "%s: \"%s\" must be an integer in %" PRId64 "..%" PRId64 " (%.6g given)",
                         src, key, min, max, it->valuedouble);
    *out = (int)v;
    return 0;
}

static int json_seed(arena_settings *s, const cJSON *it, const char *src, char *err,
                     size_t errsz)
{
    if (cJSON_IsString(it)) {
        if (util_parse_i64(it->valuestring, INT64_MIN, INT64_MAX, &s->seed))
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "%s: \"seed\": '%s' is not a 64-bit integer", src, it->valuestring);
        return 0;
    }
    if (cJSON_IsNumber(it) &&
        util_double_to_i64(it->valuedouble, -JSON_INT_MAX, JSON_INT_MAX, &s->seed) == 0)
        return 0;
    return util_fail(ARENA_E_CONFIG, err, errsz,
                     "%s: \"seed\" must be an integer (a string for |seed| > 2^53)", src);
}

static int json_path(arena_settings *s, const arena_setting *r, const cJSON *it, const char *src,
                     const char *base_dir, char *err, size_t errsz)
{
    const char *str = it->valuestring;
    if (!*str)
        return util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"%s\" is empty", src, r->key);
    /* relative to the league file; a directory printed without detours
     * ("../../build/x" from arena/examples/ is build/x) */
    char *p = NULL;
    if (r->type == ARENA_VALUE_DIR) {
        char *j = util_path_resolve(base_dir, str);
        p = util_path_tidy(j);
        free(j);
    } else {
        p = util_path_absolute(base_dir, str);
    }
    if (!p)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    free(*str_at(s, r));
    *str_at(s, r) = p;
    return 0;
}

/* "shard": {"index": K, "count": N} (DIR/league.json of --shard K/N). */
static int json_shard(arena_settings *s, const arena_setting *r, const cJSON *it,
                      const char *src, char *err, size_t errsz)
{
    const cJSON *k = cJSON_GetObjectItemCaseSensitive(it, "index");
    const cJSON *n = cJSON_GetObjectItemCaseSensitive(it, "count");
    int rc = 0;
    if (!cJSON_IsObject(it) || !k || !n || cJSON_GetArraySize(it) != 2 ||
        (rc = json_int(k, src, "index", 0, r->max - 1, &s->shard_index, err, errsz)) ||
        (rc = json_int(n, src, "count", r->min, r->max, &s->shard_count, err, errsz)) ||
        s->shard_index >= s->shard_count)
        return rc ? rc
                  : util_fail(ARENA_E_CONFIG, err, errsz,
                              "%s: \"shard\" must be {\"index\": K, \"count\": N} with 0 <= K < N",
                              src);
    return 0;
}

/* One key of the "sprt" object as a word of fastchess's spec. */
static int sprt_word(const cJSON *k, const char *where, char *word, size_t size, char *err,
                     size_t errsz)
{
    if (strcmp(k->string, "model") == 0) {
        if (!cJSON_IsString(k))
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "%s: \"model\" must be \"normalized\" or \"logistic\"", where);
        snprintf(word, size, "model=%.100s ", k->valuestring);
    } else if (strcmp(k->string, "elo0") == 0 || strcmp(k->string, "elo1") == 0 ||
               strcmp(k->string, "alpha") == 0 || strcmp(k->string, "beta") == 0) {
        if (!cJSON_IsNumber(k) || !isfinite(k->valuedouble))
            return util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"%s\" must be a number", where,
                             k->string);
        snprintf(word, size, "%s=%.17g ", k->string, k->valuedouble);
    } else {
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "%s: unknown key \"%s\" (expected elo0, elo1, alpha, beta, model)",
                         where, k->string);
    }
    return 0;
}

/* "sprt": {"elo0": 0, "elo1": 10, "alpha": 0.05, "beta": 0.05, "model":
 * "normalized"} (alpha, beta and model optional), or the same in
 * fastchess's words as one string "elo0=0 elo1=10 ...": both judged by one
 * parser, arena_sprt_spec_parse. */
static int json_sprt(arena_settings *s, const cJSON *it, const char *src, char *err,
                     size_t errsz)
{
    char tmp[512], spec[400] = "", where[600];
    int rc;
    snprintf(where, sizeof where, "%s: \"sprt\"", src);
    const char *text = spec;
    if (cJSON_IsString(it)) {
        text = it->valuestring;
    } else if (cJSON_IsObject(it)) {
        const char *twice = arena_json_duplicate_key(it);
        if (twice)
            return util_fail(ARENA_E_CONFIG, err, errsz, "%s: key \"%s\" appears twice", where,
                             twice);
        size_t used = 0;
        for (const cJSON *k = it->child; k; k = k->next) {
            char word[160];
            if ((rc = sprt_word(k, where, word, sizeof word, err, errsz)))
                return rc;
            size_t n = strlen(word);
            if (used + n >= sizeof spec)
                return util_fail(ARENA_E_CONFIG, err, errsz, "%s: too long", where);
            memcpy(spec + used, word, n + 1);
            used += n;
        }
    } else {
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "%s: \"sprt\" must be an object like {\"elo0\": 0, \"elo1\": 10, "
                         "\"alpha\": 0.05, \"beta\": 0.05}", src);
    }
    if ((rc = arena_sprt_spec_parse(text, &s->sprt_params, tmp, sizeof tmp)))
        return util_fail(rc, err, errsz, "%s: \"sprt\": %s", src, tmp);
    s->sprt = 1;
    return 0;
}

/* "steps": [[bots, games], ...], written by loa-arena in DIR/league.json. */
static int json_steps(arena_settings *s, const cJSON *it, const char *src, char *err,
                      size_t errsz)
{
    if (!cJSON_IsArray(it) || cJSON_GetArraySize(it) > ARENA_MAX_STEPS)
        return util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"steps\" must be a list of "
                         "[bots, games]", src);
    int j = 0, rc = 0;
    for (const cJSON *e = it->child; e && !rc; e = e->next, j++) {
        if (!cJSON_IsArray(e) || cJSON_GetArraySize(e) != 2)
            rc = util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"steps\"[%d] must be [bots, games]",
                           src, j);
        else if (!(rc = json_int(e->child, src, "steps", 2, ARENA_MAX_BOTS, &s->steps[j].bots,
                                 err, errsz)))
            rc = json_int(e->child->next, src, "steps", 2, ARENA_MAX_GAMES_PER_PAIRING,
                          &s->steps[j].games, err, errsz);
    }
    if (!rc)
        s->step_count = j;
    return rc;
}

/* "sandbox": false (off), true (read-only) or "rw" (working directory
 * writable); a bot's own "sandbox" is read the same way. */
static int json_sandbox(const cJSON *it, const char *where, int *out, char *err, size_t errsz)
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

int arena_setting_from_json(arena_settings *s, const arena_setting *r, const cJSON *it,
                            const char *src, const char *base_dir, char *err, size_t errsz)
{
    char tmp[512];
    int w;
    int string = r->type == ARENA_VALUE_WORD || r->type == ARENA_VALUE_NAME ||
                 r->type == ARENA_VALUE_FILE || r->type == ARENA_VALUE_DIR;
    if (string && (!cJSON_IsString(it) || !it->valuestring))
        return util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"%s\" must be a string", src, r->key);
    switch (r->type) {
    case ARENA_VALUE_INT:
        s->games_given |= r->id == ARENA_SETTING_GAMES;
        return json_int(it, src, r->key, r->min, r->max, int_at(s, r), err, errsz);
    case ARENA_VALUE_SEED: return json_seed(s, it, src, err, errsz);
    case ARENA_VALUE_WORD:
        if (r->words->parse(it->valuestring, &w)) {
            word_list(r->words, 1, tmp, sizeof tmp);
            return util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"%s\": '%s' is not %s", src, r->key,
                             it->valuestring, tmp);
        }
        *int_at(s, r) = w;
        return 0;
    case ARENA_VALUE_FLAG:
        if (!cJSON_IsBool(it))
            return util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"%s\" must be true or false", src,
                             r->key);
        *int_at(s, r) = cJSON_IsTrue(it);
        return 0;
    case ARENA_VALUE_NAME:
        return arena_set_string(str_at(s, r), it->valuestring) ? ARENA_E_NOMEM : 0;
    case ARENA_VALUE_FILE:
    case ARENA_VALUE_DIR: return json_path(s, r, it, src, base_dir, err, errsz);
    case ARENA_VALUE_SHARD: return json_shard(s, r, it, src, err, errsz);
    case ARENA_VALUE_SPRT: return json_sprt(s, it, src, err, errsz);
    case ARENA_VALUE_STEPS: return json_steps(s, it, src, err, errsz);
    case ARENA_VALUE_SANDBOX: return json_sandbox(it, src, &s->sandbox, err, errsz);
    }
    return ARENA_E_INVAL;
}

int arena_setting_bot_sandbox(const cJSON *it, const char *where, int *out, char *err,
                              size_t errsz)
{
    return json_sandbox(it, where, out, err, errsz);
}

/* ---- checked, written, compared, shown ---- */

int arena_setting_check(const arena_settings *s, const arena_setting *r, char *err, size_t errsz)
{
    int v = 0;
    switch (r->type) {
    case ARENA_VALUE_INT:
        v = int_of(s, r);
        if (v == r->def || (v >= r->min && v <= r->max))
            return 0;
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "%s must be in %" PRId64 "..%" PRId64 "%s%s (%d given)", r->what, r->min,
                         r->max, r->unit[0] ? " " : "", r->unit, v);
    case ARENA_VALUE_WORD:
    case ARENA_VALUE_SANDBOX:
        v = int_of(s, r);
        if (r->type == ARENA_VALUE_WORD ? v >= 0 && v < r->words->count
                                          : v >= r->min && v <= r->max)
            return 0;
        return util_fail(ARENA_E_CONFIG, err, errsz, "%s %d is not one of its values", r->what, v);
    case ARENA_VALUE_SHARD:
        if (s->shard_count >= 0 && s->shard_count <= r->max &&
            (s->shard_count == 0 || (s->shard_index >= 0 && s->shard_index < s->shard_count)))
            return 0;
        return util_fail(ARENA_E_CONFIG, err, errsz, "shard %d/%d: it must be K/N with 0 <= K < N",
                         s->shard_index, s->shard_count);
    default: return 0;
    }
}

/* The shard as K/N, the whole league (none, 0/1) as 0/1. */
static void shard_of(const arena_settings *s, int *k, int *n)
{
    *n = s->shard_count > 1 ? s->shard_count : 1;
    *k = *n > 1 ? s->shard_index : 0;
}

static int add_steps(const arena_settings *s, cJSON *obj)
{
    cJSON *st = cJSON_AddArrayToObject(obj, "steps");
    for (int j = 0; st && j < s->step_count; j++) {
        int pair[2] = {s->steps[j].bots, s->steps[j].games};
        cJSON *e = cJSON_CreateIntArray(pair, 2);
        if (!e || !cJSON_AddItemToArray(st, e)) {
            cJSON_Delete(e);
            return 0;
        }
    }
    return st != NULL;
}

static int add_sprt(const arena_settings *s, cJSON *obj)
{
    const arena_sprt_params *p = &s->sprt_params;
    cJSON *sp = cJSON_AddObjectToObject(obj, "sprt");
    return sp && cJSON_AddNumberToObject(sp, "elo0", p->elo0) &&
           cJSON_AddNumberToObject(sp, "elo1", p->elo1) &&
           cJSON_AddNumberToObject(sp, "alpha", p->alpha) &&
           cJSON_AddNumberToObject(sp, "beta", p->beta) &&
           cJSON_AddStringToObject(sp, "model", arena_sprt_model_name(p->model));
}

/* Whether row r of s belongs in the identity object: the rows kept always,
 * the others when set; a gauntlet bot with a gauntlet (its name resolved),
 * the openings' order with an openings file. */
static int belongs(const arena_settings *s, const arena_setting *r)
{
    switch (r->id) {
    case ARENA_SETTING_GAUNTLET_BOT: return s->format == ARENA_FORMAT_GAUNTLET;
    case ARENA_SETTING_OPENINGS_ORDER: return s->openings_file != NULL;
    case ARENA_SETTING_STEPS: return s->step_count > 0;
    case ARENA_SETTING_SHARD: return s->shard_count > 1;
    case ARENA_SETTING_SPRT: return s->sprt;
    default: break;
    }
    if (r->identity == ARENA_ID_SAME || r->identity == ARENA_ID_GROWS)
        return 1;
    if (r->identity != ARENA_ID_SAME_SET && r->identity != ARENA_ID_KEPT)
        return 0;
    if (r->type == ARENA_VALUE_NAME || r->type == ARENA_VALUE_FILE)
        return str_of(s, r) != NULL;
    return int_of(s, r) != r->def;
}

int arena_setting_to_json(const arena_settings *s, const arena_setting *r, cJSON *obj)
{
    char seed[32];
    if (!belongs(s, r))
        return 1;
    switch (r->type) {
    case ARENA_VALUE_INT: return cJSON_AddNumberToObject(obj, r->key, int_of(s, r)) != NULL;
    case ARENA_VALUE_SEED:
        snprintf(seed, sizeof seed, "%" PRId64, s->seed);
        return cJSON_AddStringToObject(obj, r->key, seed) != NULL;
    case ARENA_VALUE_WORD:
        return cJSON_AddStringToObject(obj, r->key, r->words->name(int_of(s, r))) != NULL;
    case ARENA_VALUE_NAME:
        if (r->id == ARENA_SETTING_GAUNTLET_BOT)
            return cJSON_AddStringToObject(obj, r->key,
                                           s->bots[arena_settings_gauntlet_index(s)].name) != NULL;
        return cJSON_AddStringToObject(obj, r->key, str_of(s, r)) != NULL;
    case ARENA_VALUE_FILE: return cJSON_AddStringToObject(obj, r->key, str_of(s, r)) != NULL;
    case ARENA_VALUE_STEPS: return add_steps(s, obj);
    case ARENA_VALUE_SHARD: {
        cJSON *sh = cJSON_AddObjectToObject(obj, r->key);
        return sh && cJSON_AddNumberToObject(sh, "index", s->shard_index) &&
               cJSON_AddNumberToObject(sh, "count", s->shard_count);
    }
    case ARENA_VALUE_SPRT: return add_sprt(s, obj);
    default: return 1;
    }
}

static int str_eq(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

int arena_setting_equal(const arena_settings *a, const arena_settings *b, const arena_setting *r)
{
    const arena_sprt_params *p = &a->sprt_params, *q = &b->sprt_params;
    int ka, na, kb, nb;
    switch (r->type) {
    case ARENA_VALUE_SEED: return a->seed == b->seed;
    case ARENA_VALUE_NAME:
        if (r->id == ARENA_SETTING_GAUNTLET_BOT) /* the same bot, in a gauntlet */
            return b->format != ARENA_FORMAT_GAUNTLET ||
                   arena_settings_gauntlet_index(a) == arena_settings_gauntlet_index(b);
        return str_eq(str_of(a, r), str_of(b, r));
    case ARENA_VALUE_FILE:
    case ARENA_VALUE_DIR: return str_eq(str_of(a, r), str_of(b, r));
    case ARENA_VALUE_SHARD:
        shard_of(a, &ka, &na);
        shard_of(b, &kb, &nb);
        return ka == kb && na == nb;
    case ARENA_VALUE_SPRT:
        return a->sprt == b->sprt &&
               (!b->sprt || (p->model == q->model && p->elo0 == q->elo0 && p->elo1 == q->elo1 &&
                             p->alpha == q->alpha && p->beta == q->beta));
    case ARENA_VALUE_STEPS:
        return a->step_count == b->step_count &&
               memcmp(a->steps, b->steps, sizeof *a->steps * (size_t)a->step_count) == 0;
    default: return int_of(a, r) == int_of(b, r);
    }
}

void arena_setting_format(const arena_settings *s, const arena_setting *r, char *buf,
                          size_t size)
{
    const arena_sprt_params *p = &s->sprt_params;
    int k, n;
    switch (r->type) {
    case ARENA_VALUE_SEED: snprintf(buf, size, "%" PRId64, s->seed); break;
    case ARENA_VALUE_WORD: snprintf(buf, size, "%s", r->words->name(int_of(s, r))); break;
    case ARENA_VALUE_FLAG: snprintf(buf, size, "%s", int_of(s, r) ? "true" : "false"); break;
    case ARENA_VALUE_NAME:
        if (r->id == ARENA_SETTING_GAUNTLET_BOT && s->bot_count > 0) {
            snprintf(buf, size, "%s", s->bots[arena_settings_gauntlet_index(s)].name);
            break;
        }
        /* fall through */
    case ARENA_VALUE_FILE:
    case ARENA_VALUE_DIR:
        snprintf(buf, size, "%s", str_of(s, r) ? str_of(s, r) : "none");
        break;
    case ARENA_VALUE_SHARD:
        shard_of(s, &k, &n);
        snprintf(buf, size, "%d/%d", k, n);
        break;
    case ARENA_VALUE_SPRT:
        if (s->sprt)
            snprintf(buf, size, "elo0=%g elo1=%g alpha=%g beta=%g model=%s", p->elo0, p->elo1,
                     p->alpha, p->beta, arena_sprt_model_name(p->model));
        else
            snprintf(buf, size, "none");
        break;
    case ARENA_VALUE_STEPS: snprintf(buf, size, "%d changes", s->step_count); break;
    case ARENA_VALUE_SANDBOX: snprintf(buf, size, "%s", ref_sandbox_name(int_of(s, r))); break;
    default: snprintf(buf, size, "%d", int_of(s, r)); break;
    }
}

/* ---- --help ---- */

/* Width of the option column of --help, and of the lines. */
#define HELP_COLUMN 27
#define HELP_WIDTH 86

/* Writes text from column `at` (already reached), wrapped at HELP_WIDTH,
 * its continuation lines indented to HELP_COLUMN. */
static void wrapped(FILE *out, int at, const char *text)
{
    int col = at;
    for (const char *w = text; *w;) {
        size_t n = strcspn(w, " ");
        if (col > HELP_COLUMN && col + 1 + (int)n > HELP_WIDTH) {
            fprintf(out, "\n%*s", HELP_COLUMN, "");
            col = HELP_COLUMN;
        } else if (col > HELP_COLUMN) {
            fputc(' ', out);
            col++;
        }
        fwrite(w, 1, n, out);
        col += (int)n;
        w += n;
        w += strspn(w, " ");
    }
    fputc('\n', out);
}

/* One option's lines: "  -x, --name ARG" in the option column (a longer
 * one on a line of its own), then its text. */
static void help_lines(FILE *out, int letter, const char *name, const char *arg, const char *text)
{
    char opt[160];
    int n = snprintf(opt, sizeof opt, "  %c%c%s--%s%s%s", letter ? '-' : ' ', letter ? letter : ' ',
                     letter ? ", " : "  ", name, arg ? " " : "", arg ? arg : "");
    if (n + 1 >= HELP_COLUMN) {
        fprintf(out, "%s\n%*s", opt, HELP_COLUMN, "");
        wrapped(out, HELP_COLUMN, text);
    } else {
        fprintf(out, "%-*s", HELP_COLUMN, opt);
        wrapped(out, HELP_COLUMN, text);
    }
}

void arena_setting_help(const arena_setting *r, FILE *out)
{
    if (!r->option || !r->help)
        return;
    char text[600], bounds[160] = "";
    if (r->type == ARENA_VALUE_INT && r->def >= r->min && r->def <= r->max)
        snprintf(bounds, sizeof bounds, " (default %" PRId64 "; %" PRId64 "..%" PRId64 "%s%s)",
                 r->def, r->min, r->max, r->unit[0] ? " " : "", r->unit);
    else if (r->type == ARENA_VALUE_INT)
        snprintf(bounds, sizeof bounds, " (%" PRId64 "..%" PRId64 "%s%s)", r->min, r->max,
                 r->unit[0] ? " " : "", r->unit);
    else if (r->type == ARENA_VALUE_WORD)
        snprintf(bounds, sizeof bounds, " (default %s)", r->words->name((int)r->def));
    else if (r->type == ARENA_VALUE_SEED)
        snprintf(bounds, sizeof bounds, " (default %" PRId64 ")", r->def);
    snprintf(text, sizeof text, "%s%s", r->help, bounds);
    help_lines(out, r->letter, r->option, r->arg, text);
    if (r->type == ARENA_VALUE_SANDBOX)
        help_lines(out, 0, "sandbox-rw", NULL,
                   "the same, the bots' working directories writable");
}
