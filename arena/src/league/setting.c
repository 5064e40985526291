/* setting.c - the rows of ARENA_SETTING_MAP and what is made of them: a
 * setting read from a command-line value, checked, compared, shown in
 * messages and in --help (league/setting.h; its JSON: setting_json.c). */
#include "league/setting.h"
#include "league/setting_impl.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/text.h"
#include "util/parse.h"
#include "util/text.h"

/* The enums held as ints by the rows of type WORD and SANDBOX. */
_Static_assert(sizeof(arena_format) == sizeof(int) && sizeof(arena_pages) == sizeof(int) &&
                   sizeof(ref_time_mode) == sizeof(int) && sizeof(ref_cpu_method) == sizeof(int),
               "a WORD setting is read and written as an int");

const arena_setting arena_setting_table[ARENA_SETTING_COUNT] = {
#define ARENA_SETTING_XX(ID, field, key, option, letter, word, type, words, min, max, def, unit, \
                         identity, section, arg, what, help)                                     \
    {ARENA_SETTING_##ID,                                                                         \
     offsetof(arena_settings, field),                                                            \
     key,                                                                                        \
     option,                                                                                     \
     letter,                                                                                     \
     word,                                                                                       \
     ARENA_VALUE_##type,                                                                         \
     words,                                                                                      \
     min,                                                                                        \
     max,                                                                                        \
     def,                                                                                        \
     unit,                                                                                       \
     identity,                                                                                   \
     section,                                                                                    \
     arg,                                                                                        \
     what,                                                                                       \
     help},
    ARENA_SETTING_MAP(ARENA_SETTING_XX)
#undef ARENA_SETTING_XX
};

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

void arena_setting_word_list(const arena_word_list *w, int quote, char *buf, size_t size)
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
    /* a directory is printed, so without detours; a file is kept canonical
     * in DIR/league.json, to name the same file on resume from anywhere,
     * however it is named then */
    char *p = dir ? util_path_tidy(text) : util_path_canonical(NULL, text);
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
            arena_setting_word_list(r->words, 0, tmp, sizeof tmp);
            return util_fail(ARENA_E_CONFIG, err, errsz, "--%s: '%s' is not %s", o, text, tmp);
        }
        *int_at(s, r) = w;
        return 0;
    case ARENA_VALUE_FLAG: *int_at(s, r) = 1; return 0;
    case ARENA_VALUE_NAME:
        return arena_set_string(str_at(s, r), text)
                   ? util_fail(ARENA_E_NOMEM, err, errsz, "out of memory")
                   : 0;
    case ARENA_VALUE_FILE:
    case ARENA_VALUE_DIR: return path_text(s, r, o, text, err, errsz);
    case ARENA_VALUE_SHARD:
        if (arena_shard_parse(text, &s->shard_index, &s->shard_count))
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "--%s: '%s' is not K/N with 0 <= K < N (e.g. 0/3, 1/3, 2/3)", o, text);
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

void arena_setting_format(const arena_settings *s, const arena_setting *r, char *buf, size_t size)
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
    case ARENA_VALUE_DIR: snprintf(buf, size, "%s", str_of(s, r) ? str_of(s, r) : "none"); break;
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
        help_lines(out, 0, "sandbox-rw", NULL, "the same, the bots' working directories writable");
}
