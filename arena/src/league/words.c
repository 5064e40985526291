/* words.c - the words of a league's settings (league/words.h). */
#include "league/words.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/limits.h"
#include "util/parse.h"
#include "util/text.h"

int arena_openings_order_parse(const char *text, int *out)
{
    if (text && (strcmp(text, "file") == 0 || strcmp(text, "random") == 0)) {
        *out = text[0] == 'r';
        return 0;
    }
    return ARENA_E_CONFIG;
}

int arena_format_parse(const char *text, arena_format *out)
{
    if (text && (strcmp(text, "round-robin") == 0 || strcmp(text, "roundrobin") == 0 ||
                 strcmp(text, "round_robin") == 0)) {
        *out = ARENA_FORMAT_ROUND_ROBIN;
        return 0;
    }
    if (text && strcmp(text, "gauntlet") == 0) {
        *out = ARENA_FORMAT_GAUNTLET;
        return 0;
    }
    return ARENA_E_CONFIG;
}

const char *arena_format_name(arena_format f)
{
    return f == ARENA_FORMAT_GAUNTLET ? "gauntlet" : "round-robin";
}

static const char *const pages_names[] = {"faults", "all", "none"};

const char *arena_pages_name(arena_pages p)
{
    return (unsigned)p < 3 ? pages_names[p] : "faults";
}

int arena_pages_from_name(const char *s, arena_pages *out)
{
    for (int i = 0; s && i < 3; i++)
        if (strcmp(s, pages_names[i]) == 0) {
            *out = (arena_pages)i;
            return 0;
        }
    return ARENA_E_INVAL;
}

int arena_pages_wants(arena_pages p, ref_reason reason)
{
    return p == ARENA_PAGES_ALL || (p == ARENA_PAGES_FAULTS && ref_reason_is_fault(reason));
}

int arena_shard_parse(const char *text, int *index, int *count)
{
    const char *slash = strchr(text, '/');
    char k[32];
    int64_t a, b;
    if (!slash || (size_t)(slash - text) >= sizeof k)
        return ARENA_E_CONFIG;
    memcpy(k, text, (size_t)(slash - text));
    k[slash - text] = '\0';
    if (util_parse_i64(k, 0, ARENA_MAX_SHARDS - 1, &a) ||
        util_parse_i64(slash + 1, 1, ARENA_MAX_SHARDS, &b) || a >= b)
        return ARENA_E_CONFIG;
    *index = (int)a;
    *count = (int)b;
    return 0;
}

/* A finite decimal number, all of text. */
static int parse_double(const char *text, double *out)
{
    char *end = NULL;
    if (!*text || strchr(" \t", *text))
        return -1;
    double v = strtod(text, &end);
    if (*end || !isfinite(v))
        return -1;
    *out = v;
    return 0;
}

int arena_sprt_spec_parse(const char *text, arena_sprt_params *p, char *err, size_t errsz)
{
    static const char *const keys[] = {"elo0", "elo1", "alpha", "beta", "model"};
    int seen[5] = {0};
    arena_sprt_params q = {ARENA_SPRT_NORMALIZED, 0, 0, 0.05, 0.05};
    const char *w = text;
    while (*w) {
        size_t n = strcspn(w, " \t,");
        if (n == 0) {
            w++;
            continue;
        }
        char word[128];
        if (n >= sizeof word)
            return util_fail(ARENA_E_CONFIG, err, errsz, "'%.40s...' is too long", w);
        memcpy(word, w, n);
        word[n] = '\0';
        w += n;
        char *eq = strchr(word, '=');
        if (!eq)
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "'%s' is not KEY=VALUE (expected elo0=, elo1=, alpha=, beta=, "
                             "model=)",
                             word);
        *eq = '\0';
        const char *val = eq + 1;
        int k = 0;
        while (k < 5 && strcmp(word, keys[k]) != 0)
            k++;
        if (k == 5)
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "unknown parameter '%s' (expected elo0, elo1, alpha, beta, "
                             "model)",
                             word);
        if (seen[k]++)
            return util_fail(ARENA_E_CONFIG, err, errsz, "'%s' is given twice", word);
        double v = 0;
        if (k == 4) {
            if (arena_sprt_model_parse(val, &q.model))
                return util_fail(ARENA_E_CONFIG, err, errsz,
                                 "model '%s' is not normalized or logistic", val);
        } else if (parse_double(val, &v)) {
            return util_fail(ARENA_E_CONFIG, err, errsz, "%s='%s' is not a number", word, val);
        } else {
            double *dst[4] = {&q.elo0, &q.elo1, &q.alpha, &q.beta};
            *dst[k] = v;
        }
    }
    if (!seen[0] || !seen[1])
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "elo0 and elo1 are required (e.g. elo0=0 elo1=10 alpha=0.05 "
                         "beta=0.05)");
    if (arena_sprt_check(&q, err, errsz))
        return ARENA_E_CONFIG;
    *p = q;
    return 0;
}

/* ---- the word lists of the settings table ---- */

static const char *format_name(int v)
{
    return arena_format_name((arena_format)v);
}

static int format_parse(const char *text, int *v)
{
    arena_format f;
    if (arena_format_parse(text, &f))
        return ARENA_E_CONFIG;
    *v = (int)f;
    return 0;
}

static const char *pages_name(int v)
{
    return arena_pages_name((arena_pages)v);
}

static int pages_parse(const char *text, int *v)
{
    arena_pages p;
    if (arena_pages_from_name(text, &p))
        return ARENA_E_CONFIG;
    *v = (int)p;
    return 0;
}

static const char *order_name(int v)
{
    return v ? "random" : "file";
}

static const char *time_mode_name(int v)
{
    return ref_time_mode_name((ref_time_mode)v);
}

static int time_mode_parse(const char *text, int *v)
{
    ref_time_mode m;
    if (ref_time_mode_from_name(text, &m))
        return ARENA_E_CONFIG;
    *v = (int)m;
    return 0;
}

static const char *cpu_method_name(int v)
{
    return ref_cpu_method_name((ref_cpu_method)v);
}

static int cpu_method_parse(const char *text, int *v)
{
    ref_cpu_method m;
    if (ref_cpu_method_from_name(text, &m))
        return ARENA_E_CONFIG;
    *v = (int)m;
    return 0;
}

const arena_word_list arena_words_format = {2, format_name, format_parse};
const arena_word_list arena_words_pages = {3, pages_name, pages_parse};
const arena_word_list arena_words_openings_order = {2, order_name, arena_openings_order_parse};
const arena_word_list arena_words_time_mode = {2, time_mode_name, time_mode_parse};
const arena_word_list arena_words_cpu_method = {3, cpu_method_name, cpu_method_parse};
