/* arena_config.c - league settings: league file, flags, validation. */
#include "arena_config.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena_error.h"

static int fail(int code, char *err, size_t errsz, const char *fmt, ...)
{
    if (err && errsz > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errsz, fmt, ap);
        va_end(ap);
    }
    return code;
}

void arena_settings_init(arena_settings *s)
{
    memset(s, 0, sizeof *s);
    s->format = ARENA_FORMAT_ROUND_ROBIN;
    s->games = 2;
    s->concurrency = 0;
    s->seed = 1;
    s->turn_ms = 150;
    s->first_turn_ms = 1000;
    s->max_plies = 150;
}

void arena_settings_clear(arena_settings *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->bot_count; i++) {
        free(s->bots[i].name);
        free(s->bots[i].command);
        free(s->bots[i].cwd);
    }
    free(s->gauntlet_bot);
    free(s->out_dir);
    free(s->anchor);
    free(s->base_dir);
    free(s->source);
    arena_settings_init(s);
}

int arena_set_string(char **dst, const char *src)
{
    char *copy = NULL;
    if (src) {
        copy = strdup(src);
        if (!copy)
            return ARENA_E_NOMEM;
    }
    free(*dst);
    *dst = copy;
    return 0;
}

int arena_parse_i64(const char *text, int64_t min, int64_t max, int64_t *out)
{
    if (!text || !*text)
        return ARENA_E_CONFIG;
    const char *p = text;
    if (*p == '+' || *p == '-')
        p++;
    if (*p < '0' || *p > '9')
        return ARENA_E_CONFIG;
    errno = 0;
    char *end = NULL;
    long long v = strtoll(text, &end, 10);
    if (errno || *end != '\0' || v < min || v > max)
        return ARENA_E_CONFIG;
    *out = (int64_t)v;
    return 0;
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

int arena_settings_add_bot(arena_settings *s, const char *name, const char *command,
                           const char *cwd, char *err, size_t errsz)
{
    if (s->bot_count >= ARENA_MAX_BOTS)
        return fail(ARENA_E_CONFIG, err, errsz, "too many bots (at most %d)", ARENA_MAX_BOTS);
    arena_bot *b = &s->bots[s->bot_count];
    memset(b, 0, sizeof *b);
    if (arena_set_string(&b->name, name) || arena_set_string(&b->command, command) ||
        arena_set_string(&b->cwd, cwd)) {
        free(b->name);
        free(b->command);
        free(b->cwd);
        memset(b, 0, sizeof *b);
        return fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    }
    s->bot_count++;
    return 0;
}

int arena_settings_add_bot_arg(arena_settings *s, const char *arg, char *err, size_t errsz)
{
    const char *eq = strchr(arg, '=');
    if (!eq)
        return fail(ARENA_E_CONFIG, err, errsz,
                    "--bot '%s': expected NAME=COMMAND (e.g. --bot ab=./build/bin/loa-ab)", arg);
    size_t n = (size_t)(eq - arg);
    if (n == 0)
        return fail(ARENA_E_CONFIG, err, errsz, "--bot '%s': the bot name is empty", arg);
    const char *cmd = eq + 1;
    while (*cmd == ' ' || *cmd == '\t')
        cmd++;
    if (!*cmd)
        return fail(ARENA_E_CONFIG, err, errsz, "--bot '%.*s': missing bot command after '='",
                    (int)(n > 64 ? 64 : n), arg);
    char *name = strndup(arg, n);
    if (!name)
        return fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    int rc = arena_settings_add_bot(s, name, eq + 1, NULL, err, errsz);
    free(name);
    return rc;
}

int arena_settings_find_bot(const arena_settings *s, const char *name)
{
    for (int i = 0; name && i < s->bot_count; i++)
        if (s->bots[i].name && strcmp(s->bots[i].name, name) == 0)
            return i;
    return -1;
}

int arena_settings_gauntlet_index(const arena_settings *s)
{
    int i = s->gauntlet_bot ? arena_settings_find_bot(s, s->gauntlet_bot) : 0;
    return i < 0 ? 0 : i;
}

/* ---- league file ---- */

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

/* Copies up to 20 printable characters from p for a message. */
static void snippet(const char *p, char *buf, size_t size)
{
    size_t n = 0;
    while (p && *p && *p != '\n' && *p != '\r' && n + 1 < size && n < 20) {
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
    size_t n = strlen(base) + strlen(rel) + 2;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s/%s", base, rel);
    return p;
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
                return fail(ARENA_E_CONFIG, err, errsz, "%s: key \"%s\" appears twice", where,
                            a->string);
    return 0;
}

static int get_int(const cJSON *item, const char *where, int64_t min, int64_t max, int *out,
                   char *err, size_t errsz)
{
    if (!cJSON_IsNumber(item))
        return fail(ARENA_E_CONFIG, err, errsz, "%s: \"%s\" must be an integer", where,
                    item->string);
    double d = item->valuedouble;
    if (d != (double)(int64_t)d || d < (double)min || d > (double)max)
        return fail(ARENA_E_CONFIG, err, errsz, "%s: \"%s\" must be an integer in %lld..%lld",
                    where, item->string, (long long)min, (long long)max);
    *out = (int)d;
    return 0;
}

static int get_string(const cJSON *item, const char *where, const char **out, char *err,
                      size_t errsz)
{
    if (!cJSON_IsString(item) || !item->valuestring)
        return fail(ARENA_E_CONFIG, err, errsz, "%s: \"%s\" must be a string", where,
                    item->string);
    *out = item->valuestring;
    return 0;
}

static int load_bot(arena_settings *s, const cJSON *obj, int index, const char *src,
                    const char *base_dir, char *err, size_t errsz)
{
    char where[600];
    snprintf(where, sizeof where, "%s: bots[%d]", src, index);
    if (!cJSON_IsObject(obj))
        return fail(ARENA_E_CONFIG, err, errsz,
                    "%s: must be an object like {\"name\": \"ab\", \"command\": \"./ab\"}", where);
    int rc = check_duplicate_keys(obj, where, err, errsz);
    if (rc)
        return rc;
    const char *name = NULL, *command = NULL, *cwd = NULL;
    for (const cJSON *it = obj->child; it; it = it->next) {
        if (strcmp(it->string, "name") == 0)
            rc = get_string(it, where, &name, err, errsz);
        else if (strcmp(it->string, "command") == 0)
            rc = get_string(it, where, &command, err, errsz);
        else if (strcmp(it->string, "cwd") == 0)
            rc = get_string(it, where, &cwd, err, errsz);
        else
            rc = fail(ARENA_E_CONFIG, err, errsz,
                      "%s: unknown key \"%s\" (expected name, command, cwd)", where, it->string);
        if (rc)
            return rc;
    }
    if (!name)
        return fail(ARENA_E_CONFIG, err, errsz, "%s: missing \"name\"", where);
    if (!command || strspn(command, " \t") == strlen(command))
        return fail(ARENA_E_CONFIG, err, errsz, "%s (\"%s\"): missing bot command", where, name);
    char *cwd_abs = NULL;
    if (cwd) {
        if (!*cwd)
            return fail(ARENA_E_CONFIG, err, errsz, "%s: \"cwd\" is empty", where);
        /* Absolute, so that DIR/league.json (read back against DIR) names
         * the same directory on resume. */
        char *rel = resolve_path(base_dir, cwd);
        if (!rel)
            return fail(ARENA_E_NOMEM, err, errsz, "out of memory");
        if (rel[0] == '/') {
            cwd_abs = rel;
        } else {
            char *here = getcwd(NULL, 0);
            cwd_abs = here ? resolve_path(here, rel) : NULL;
            free(here);
            free(rel);
            if (!cwd_abs)
                return fail(ARENA_E_NOMEM, err, errsz, "cannot resolve \"cwd\" '%s'", cwd);
        }
    }
    rc = arena_settings_add_bot(s, name, command, cwd_abs, err, errsz);
    free(cwd_abs);
    return rc;
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
        int line, col;
        line_col(text, off, &line, &col);
        char near[32];
        snippet(text + off, near, sizeof near);
        if (off >= len || !near[0])
            return fail(ARENA_E_PARSE, err, errsz,
                        "%s:%d:%d: malformed JSON: unexpected end of file", src, line, col);
        return fail(ARENA_E_PARSE, err, errsz, "%s:%d:%d: malformed JSON near '%s'", src, line,
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
            return fail(ARENA_E_PARSE, err, errsz,
                        "%s:%d:%d: malformed JSON: text after the closing '}'", src, line, col);
        }
    }
    int rc = 0;
    if (!cJSON_IsObject(root)) {
        rc = fail(ARENA_E_CONFIG, err, errsz, "%s: the league must be a JSON object {...}", src);
        goto out;
    }
    if ((rc = check_duplicate_keys(root, src, err, errsz)))
        goto out;
    if ((rc = arena_set_string(&s->base_dir, base_dir ? base_dir : ".")) ||
        (rc = arena_set_string(&s->source, src)))
        goto out;
    const cJSON *bots = NULL;
    for (const cJSON *it = root->child; it && !rc; it = it->next) {
        const char *k = it->string, *str = NULL;
        if (strcmp(k, "bots") == 0) {
            bots = it;
        } else if (strcmp(k, "format") == 0) {
            if (!(rc = get_string(it, src, &str, err, errsz)) && arena_format_parse(str, &s->format))
                rc = fail(ARENA_E_CONFIG, err, errsz,
                          "%s: \"format\": '%s' is not \"round-robin\" or \"gauntlet\"", src, str);
        } else if (strcmp(k, "gauntlet_bot") == 0) {
            if (!(rc = get_string(it, src, &str, err, errsz)))
                rc = arena_set_string(&s->gauntlet_bot, str);
        } else if (strcmp(k, "anchor") == 0) {
            if (!(rc = get_string(it, src, &str, err, errsz)))
                rc = arena_set_string(&s->anchor, str);
        } else if (strcmp(k, "games") == 0) {
            rc = get_int(it, src, 1, 1000000, &s->games, err, errsz);
        } else if (strcmp(k, "concurrency") == 0) {
            rc = get_int(it, src, 0, 256, &s->concurrency, err, errsz);
        } else if (strcmp(k, "turn_ms") == 0) {
            rc = get_int(it, src, 1, 3600000, &s->turn_ms, err, errsz);
        } else if (strcmp(k, "first_turn_ms") == 0) {
            rc = get_int(it, src, 1, 3600000, &s->first_turn_ms, err, errsz);
        } else if (strcmp(k, "max_plies") == 0) {
            rc = get_int(it, src, 1, 100000, &s->max_plies, err, errsz);
        } else if (strcmp(k, "seed") == 0) {
            /* JSON numbers are doubles: exact only up to 2^53, so a string
             * holds any 64-bit seed. */
            if (cJSON_IsString(it)) {
                if (arena_parse_i64(it->valuestring, INT64_MIN, INT64_MAX, &s->seed))
                    rc = fail(ARENA_E_CONFIG, err, errsz,
                              "%s: \"seed\": '%s' is not a 64-bit integer", src, it->valuestring);
            } else if (cJSON_IsNumber(it) && it->valuedouble == (double)(int64_t)it->valuedouble &&
                       it->valuedouble <= 9007199254740992.0 &&
                       it->valuedouble >= -9007199254740992.0) {
                s->seed = (int64_t)it->valuedouble;
            } else {
                rc = fail(ARENA_E_CONFIG, err, errsz,
                          "%s: \"seed\" must be an integer (a string for |seed| > 2^53)", src);
            }
        } else if (strcmp(k, "out") == 0) {
            if (!(rc = get_string(it, src, &str, err, errsz))) {
                if (!*str) {
                    rc = fail(ARENA_E_CONFIG, err, errsz, "%s: \"out\" is empty", src);
                } else {
                    char *p = resolve_path(base_dir, str);
                    if (!p)
                        rc = ARENA_E_NOMEM;
                    free(s->out_dir);
                    s->out_dir = p;
                }
            }
        } else if (strcmp(k, "description") == 0 || strcmp(k, "comment") == 0) {
            /* free text for humans (JSON has no comments) */
        } else {
            rc = fail(ARENA_E_CONFIG, err, errsz,
                      "%s: unknown key \"%s\" (expected bots, format, gauntlet_bot, games, "
                      "concurrency, seed, out, turn_ms, first_turn_ms, max_plies, anchor, "
                      "description)", src, k);
        }
    }
    if (rc)
        goto out;
    if (!bots) {
        rc = fail(ARENA_E_CONFIG, err, errsz, "%s: missing \"bots\" (a list of {name, command})",
                  src);
        goto out;
    }
    if (!cJSON_IsArray(bots)) {
        rc = fail(ARENA_E_CONFIG, err, errsz, "%s: \"bots\" must be a list [...]", src);
        goto out;
    }
    int i = 0;
    for (const cJSON *b = bots->child; b && !rc; b = b->next, i++)
        rc = load_bot(s, b, i, src, base_dir, err, errsz);
out:
    cJSON_Delete(root);
    if (rc == ARENA_E_NOMEM)
        fail(rc, err, errsz, "out of memory");
    return rc;
}

int arena_settings_load_file(arena_settings *s, const char *path, char *err, size_t errsz)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return fail(ARENA_E_PARSE, err, errsz, "%s: cannot read the league file: %s", path,
                    strerror(errno));
    char *buf = malloc(ARENA_FILE_MAX + 1);
    if (!buf) {
        fclose(f);
        return fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    }
    size_t n = fread(buf, 1, ARENA_FILE_MAX + 1, f);
    int bad = ferror(f);
    int saved = errno;
    fclose(f);
    if (bad) {
        free(buf);
        return fail(ARENA_E_PARSE, err, errsz, "%s: cannot read the league file: %s", path,
                    strerror(saved));
    }
    if (n > ARENA_FILE_MAX) {
        free(buf);
        return fail(ARENA_E_PARSE, err, errsz, "%s: league file larger than %d bytes", path,
                    ARENA_FILE_MAX);
    }
    buf[n] = '\0';
    if (n == 0) {
        free(buf);
        return fail(ARENA_E_PARSE, err, errsz, "%s:1:1: the league file is empty", path);
    }
    if (memchr(buf, '\0', n)) {
        free(buf);
        return fail(ARENA_E_PARSE, err, errsz, "%s: the league file holds NUL bytes (not JSON)",
                    path);
    }
    char *dir = dir_of(path);
    if (!dir) {
        free(buf);
        return fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    }
    int rc = arena_settings_load_text(s, buf, n, path, dir, err, errsz);
    if (rc == 0 && !s->out_dir) {
        /* default: league.json -> league-results next to it */
        size_t len = strlen(path);
        size_t stem = len > 5 && strcmp(path + len - 5, ".json") == 0 ? len - 5 : len;
        char *out = malloc(stem + 9);
        if (!out) {
            rc = fail(ARENA_E_NOMEM, err, errsz, "out of memory");
        } else {
            memcpy(out, path, stem);
            memcpy(out + stem, "-results", 9);
            s->out_dir = out;
        }
    }
    free(dir);
    free(buf);
    return rc;
}

/* ---- validation ---- */

static int name_problem(const char *name)
{
    size_t n = strlen(name);
    if (n == 0)
        return 1;
    if (n > ARENA_NAME_MAX)
        return 2;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)name[i];
        if (c < 0x20 || c == 0x7f)
            return 3;
    }
    if (name[0] == ' ' || name[n - 1] == ' ')
        return 4;
    return 0;
}

int arena_settings_validate(const arena_settings *s, char *err, size_t errsz)
{
    if (s->bot_count < 2)
        return fail(ARENA_E_CONFIG, err, errsz,
                    "a league needs at least two bots (%d given): add --bot NAME=COMMAND or "
                    "entries in \"bots\"", s->bot_count);
    for (int i = 0; i < s->bot_count; i++) {
        const arena_bot *b = &s->bots[i];
        switch (name_problem(b->name)) {
        case 1: return fail(ARENA_E_CONFIG, err, errsz, "bot %d: the name is empty", i + 1);
        case 2:
            return fail(ARENA_E_CONFIG, err, errsz, "bot name '%.40s...' is longer than %d bytes",
                        b->name, ARENA_NAME_MAX);
        case 3:
            return fail(ARENA_E_CONFIG, err, errsz, "bot %d: the name holds a control character",
                        i + 1);
        case 4:
            return fail(ARENA_E_CONFIG, err, errsz,
                        "bot name '%s' starts or ends with a space", b->name);
        default: break;
        }
        if (!b->command || strspn(b->command, " \t") == strlen(b->command))
            return fail(ARENA_E_CONFIG, err, errsz, "bot '%s': missing bot command", b->name);
        if (strlen(b->command) > ARENA_COMMAND_MAX)
            return fail(ARENA_E_CONFIG, err, errsz, "bot '%s': command longer than %d bytes",
                        b->name, ARENA_COMMAND_MAX);
        for (int j = 0; j < i; j++)
            if (strcmp(s->bots[j].name, b->name) == 0)
                return fail(ARENA_E_CONFIG, err, errsz,
                            "duplicate bot name '%s' (bots %d and %d): names must be unique",
                            b->name, j + 1, i + 1);
    }
    if (s->games < 2 || s->games > 1000000 || s->games % 2)
        return fail(ARENA_E_CONFIG, err, errsz,
                    "games per pairing must be even and in 2..1000000 (%d given): games are "
                    "played in colour-swapped pairs", s->games);
    int64_t pairings = s->format == ARENA_FORMAT_GAUNTLET
                           ? s->bot_count - 1
                           : (int64_t)s->bot_count * (s->bot_count - 1) / 2;
    if (pairings * s->games > ARENA_MAX_GAMES)
        return fail(ARENA_E_CONFIG, err, errsz,
                    "%lld games (%lld pairings x %d) is more than the %d a league may hold",
                    (long long)(pairings * s->games), (long long)pairings, s->games,
                    ARENA_MAX_GAMES);
    if (s->concurrency < 0 || s->concurrency > 256)
        return fail(ARENA_E_CONFIG, err, errsz, "concurrency must be in 1..256 (%d given)",
                    s->concurrency);
    if (s->turn_ms < 1 || s->turn_ms > 3600000)
        return fail(ARENA_E_CONFIG, err, errsz, "turn limit must be in 1..3600000 ms (%d given)",
                    s->turn_ms);
    if (s->first_turn_ms < 1 || s->first_turn_ms > 3600000)
        return fail(ARENA_E_CONFIG, err, errsz,
                    "first-turn limit must be in 1..3600000 ms (%d given)", s->first_turn_ms);
    if (s->max_plies < 1 || s->max_plies > 100000)
        return fail(ARENA_E_CONFIG, err, errsz, "max plies must be in 1..100000 (%d given)",
                    s->max_plies);
    if (s->gauntlet_bot && arena_settings_find_bot(s, s->gauntlet_bot) < 0)
        return fail(ARENA_E_CONFIG, err, errsz, "gauntlet bot '%s' is not one of the bots",
                    s->gauntlet_bot);
    if (s->anchor && arena_settings_find_bot(s, s->anchor) < 0)
        return fail(ARENA_E_CONFIG, err, errsz, "anchor '%s' is not one of the bots", s->anchor);
    if (!s->out_dir || !*s->out_dir)
        return fail(ARENA_E_CONFIG, err, errsz, "no output directory (--out DIR)");
    return 0;
}

/* ---- identity ---- */

cJSON *arena_settings_to_json(const arena_settings *s)
{
    cJSON *root = cJSON_CreateObject();
    cJSON *bots = cJSON_AddArrayToObject(root, "bots");
    if (!bots)
        goto oom;
    for (int i = 0; i < s->bot_count; i++) {
        cJSON *b = cJSON_CreateObject();
        if (!b || !cJSON_AddItemToArray(bots, b) ||
            !cJSON_AddStringToObject(b, "name", s->bots[i].name) ||
            !cJSON_AddStringToObject(b, "command", s->bots[i].command) ||
            (s->bots[i].cwd && !cJSON_AddStringToObject(b, "cwd", s->bots[i].cwd)))
            goto oom;
    }
    char seed[32];
    snprintf(seed, sizeof seed, "%lld", (long long)s->seed);
    if (!cJSON_AddStringToObject(root, "format", arena_format_name(s->format)) ||
        (s->format == ARENA_FORMAT_GAUNTLET &&
         !cJSON_AddStringToObject(root, "gauntlet_bot",
                                  s->bots[arena_settings_gauntlet_index(s)].name)) ||
        !cJSON_AddNumberToObject(root, "games", s->games) ||
        !cJSON_AddStringToObject(root, "seed", seed) ||
        !cJSON_AddNumberToObject(root, "turn_ms", s->turn_ms) ||
        !cJSON_AddNumberToObject(root, "first_turn_ms", s->first_turn_ms) ||
        !cJSON_AddNumberToObject(root, "max_plies", s->max_plies) ||
        (s->anchor && !cJSON_AddStringToObject(root, "anchor", s->anchor)))
        goto oom;
    return root;
oom:
    cJSON_Delete(root);
    return NULL;
}

static int str_eq(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

int arena_settings_compare(const arena_settings *old, const arena_settings *now, char *err,
                           size_t errsz)
{
    if (old->bot_count != now->bot_count)
        return fail(ARENA_E_MISMATCH, err, errsz, "it has %d bots, this league %d",
                    old->bot_count, now->bot_count);
    for (int i = 0; i < old->bot_count; i++) {
        const arena_bot *a = &old->bots[i], *b = &now->bots[i];
        if (!str_eq(a->name, b->name))
            return fail(ARENA_E_MISMATCH, err, errsz, "its bot %d is '%s', here '%s'", i + 1,
                        a->name, b->name);
        if (!str_eq(a->command, b->command))
            return fail(ARENA_E_MISMATCH, err, errsz,
                        "bot '%s' had the command '%s', now '%s'", a->name, a->command,
                        b->command);
        if (!str_eq(a->cwd, b->cwd))
            return fail(ARENA_E_MISMATCH, err, errsz,
                        "bot '%s' had the working directory '%s', now '%s'", a->name,
                        a->cwd ? a->cwd : "(none)", b->cwd ? b->cwd : "(none)");
    }
    if (old->format != now->format)
        return fail(ARENA_E_MISMATCH, err, errsz, "its format is %s, now %s",
                    arena_format_name(old->format), arena_format_name(now->format));
    if (now->format == ARENA_FORMAT_GAUNTLET &&
        arena_settings_gauntlet_index(old) != arena_settings_gauntlet_index(now))
        return fail(ARENA_E_MISMATCH, err, errsz, "its gauntlet bot is '%s', now '%s'",
                    old->bots[arena_settings_gauntlet_index(old)].name,
                    now->bots[arena_settings_gauntlet_index(now)].name);
    if (old->seed != now->seed)
        return fail(ARENA_E_MISMATCH, err, errsz, "its seed is %lld, now %lld",
                    (long long)old->seed, (long long)now->seed);
    if (old->turn_ms != now->turn_ms || old->first_turn_ms != now->first_turn_ms)
        return fail(ARENA_E_MISMATCH, err, errsz,
                    "its time limits are %d/%d ms (first turn/turn), now %d/%d ms",
                    old->first_turn_ms, old->turn_ms, now->first_turn_ms, now->turn_ms);
    if (old->max_plies != now->max_plies)
        return fail(ARENA_E_MISMATCH, err, errsz, "its ply limit is %d, now %d", old->max_plies,
                    now->max_plies);
    if (now->games < old->games)
        return fail(ARENA_E_MISMATCH, err, errsz,
                    "it plays %d games per pairing, now %d, and a league can only grow",
                    old->games, now->games);
    return 0;
}

/* ---- commands ---- */

/* Appends s single-quoted for /bin/sh ('...' with ' as '\''). */
static size_t quote_into(char *dst, const char *s)
{
    size_t n = 0;
    if (dst)
        dst[n] = '\'';
    n++;
    for (; *s; s++) {
        if (*s == '\'') {
            if (dst)
                memcpy(dst + n, "'\\''", 4);
            n += 4;
        } else {
            if (dst)
                dst[n] = *s;
            n++;
        }
    }
    if (dst)
        dst[n] = '\'';
    return n + 1;
}

static size_t expand_into(char *dst, const char *cmd, const char *bin, const char *dir)
{
    size_t n = 0;
    while (*cmd) {
        if (strncmp(cmd, "{bin}", 5) == 0) {
            n += quote_into(dst ? dst + n : NULL, bin);
            cmd += 5;
        } else if (strncmp(cmd, "{dir}", 5) == 0) {
            n += quote_into(dst ? dst + n : NULL, dir);
            cmd += 5;
        } else {
            if (dst)
                dst[n] = *cmd;
            n++;
            cmd++;
        }
    }
    return n;
}

char *arena_command_expand(const char *command, const char *bin_dir, const char *base_dir)
{
    const char *bin = bin_dir ? bin_dir : ".";
    const char *dir = base_dir ? base_dir : ".";
    size_t n = expand_into(NULL, command, bin, dir);
    char *out = malloc(n + 1);
    if (!out)
        return NULL;
    expand_into(out, command, bin, dir);
    out[n] = '\0';
    return out;
}
