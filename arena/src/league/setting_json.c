/* setting_json.c - a setting read from a league-file item and written into
 * the league's identity (league/setting.h). */
#include "league/setting.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/json.h"
#include "core/text.h"
#include "league/setting_impl.h"
#include "util/parse.h"
#include "util/text.h"

/* JSON numbers are doubles: exact only up to 2^53, so a larger seed is a
 * string. */
#define JSON_INT_MAX 9007199254740992LL

/* ---- from a league-file item ---- */

static int json_seed(arena_settings *s, const cJSON *it, const char *src, char *err, size_t errsz)
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
        p = util_path_canonical(base_dir, str);
    }
    if (!p)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    free(*str_at(s, r));
    *str_at(s, r) = p;
    return 0;
}

/* "shard": {"index": K, "count": N} (DIR/league.json of --shard K/N). */
static int json_shard(arena_settings *s, const arena_setting *r, const cJSON *it, const char *src,
                      char *err, size_t errsz)
{
    const cJSON *k = cJSON_GetObjectItemCaseSensitive(it, "index");
    const cJSON *n = cJSON_GetObjectItemCaseSensitive(it, "count");
    int rc = 0;
    if (!cJSON_IsObject(it) || !k || !n || cJSON_GetArraySize(it) != 2 ||
        (rc = arena_json_int(k, src, "index", 0, r->max - 1, &s->shard_index, err, errsz)) ||
        (rc = arena_json_int(n, src, "count", r->min, r->max, &s->shard_count, err, errsz)) ||
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
                         "%s: unknown key \"%s\" (expected elo0, elo1, alpha, beta, model)", where,
                         k->string);
    }
    return 0;
}

/* "sprt": {"elo0": 0, "elo1": 10, "alpha": 0.05, "beta": 0.05, "model":
 * "normalized"} (alpha, beta and model optional), or the same in
 * fastchess's words as one string "elo0=0 elo1=10 ...": both judged by one
 * parser, arena_sprt_spec_parse. */
static int json_sprt(arena_settings *s, const cJSON *it, const char *src, char *err, size_t errsz)
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
                         "\"alpha\": 0.05, \"beta\": 0.05}",
                         src);
    }
    if ((rc = arena_sprt_spec_parse(text, &s->sprt_params, tmp, sizeof tmp)))
        return util_fail(rc, err, errsz, "%s: \"sprt\": %s", src, tmp);
    s->sprt = 1;
    return 0;
}

/* "steps": [[bots, games], ...], written by loa-arena in DIR/league.json. */
static int json_steps(arena_settings *s, const cJSON *it, const char *src, char *err, size_t errsz)
{
    if (!cJSON_IsArray(it) || cJSON_GetArraySize(it) > ARENA_MAX_STEPS)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "%s: \"steps\" must be a list of "
                         "[bots, games]",
                         src);
    int j = 0, rc = 0;
    for (const cJSON *e = it->child; e && !rc; e = e->next, j++) {
        if (!cJSON_IsArray(e) || cJSON_GetArraySize(e) != 2)
            rc = util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"steps\"[%d] must be [bots, games]",
                           src, j);
        else if (!(rc = arena_json_int(e->child, src, "steps", 2, ARENA_MAX_BOTS, &s->steps[j].bots,
                                       err, errsz)))
            rc = arena_json_int(e->child->next, src, "steps", 2, ARENA_MAX_GAMES_PER_PAIRING,
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
        return arena_json_int(it, src, r->key, r->min, r->max, int_at(s, r), err, errsz);
    case ARENA_VALUE_SEED: return json_seed(s, it, src, err, errsz);
    case ARENA_VALUE_WORD:
        if (r->words->parse(it->valuestring, &w)) {
            arena_setting_word_list(r->words, 1, tmp, sizeof tmp);
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

int arena_setting_bot_sandbox(const cJSON *it, const char *where, int *out, char *err, size_t errsz)
{
    return json_sandbox(it, where, out, err, errsz);
}

/* ---- written into the identity ---- */

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
