/*
 * json.c - JSON text read strictly (util/json.h): cJSON parses, and when it
 * refuses, a scan of the text tells why (cJSON only says where it stopped,
 * and says it alike for a text nested too deep, one cut short and one
 * malformed).
 */
#include <stdlib.h>
#include <string.h>

#include "util/error.h"
#include "util/json.h"
#include "util/text.h"

static int json_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The line and column (1-based) of byte at in text. */
static void line_col(const char *text, size_t at, size_t *line, size_t *col)
{
    *line = 1;
    *col = 1;
    for (size_t i = 0; i < at; i++) {
        if (text[i] == '\n')
            ++*line, *col = 1;
        else
            ++*col;
    }
}

/* One step of a scan of text[0..len) outside its strings, from *i (not
 * inside a string): a '"' steps over its whole string (escapes included;
 * past len, at len + 1, when the text ends inside it), any other byte over
 * itself. Returns the byte stepped from. The one tokenizer of this file's
 * scans and of util_json_close. */
static char step(const char *text, size_t len, size_t *i)
{
    char c = text[*i];
    if (c != '"') {
        ++*i;
        return c;
    }
    for (size_t k = *i + 1; k < len; k++) {
        if (text[k] == '\\')
            k++;
        else if (text[k] == '"') {
            *i = k + 1;
            return c;
        }
    }
    *i = len + 1;
    return c;
}

/* What a scan of text[0..len) outside its strings finds: the byte where the
 * nesting first passes UTIL_JSON_NESTING_MAX (len when it never does), and
 * whether the text ends inside a string or an open list or object. */
static size_t scan(const char *text, size_t len, int *open_at_end)
{
    size_t depth = 0, i = 0;
    while (i < len) {
        size_t at = i;
        char c = step(text, len, &i);
        if ((c == '{' || c == '[') && ++depth > UTIL_JSON_NESTING_MAX)
            return at;
        if ((c == '}' || c == ']') && depth > 0)
            depth--;
    }
    *open_at_end = i > len || depth > 0;
    return len;
}

size_t util_json_close(const char *text, size_t from, size_t len)
{
    size_t depth = 0, i = from;
    while (i < len) {
        size_t at = i;
        char c = step(text, len, &i);
        if (c == '{' || c == '[')
            depth++;
        else if ((c == '}' || c == ']') && depth > 0 && --depth == 0)
            return at;
    }
    return len;
}

size_t util_json_too_deep(const char *text, size_t len)
{
    int open_at_end;
    return text ? scan(text, len, &open_at_end) : 0;
}

/* The reason cJSON refused text[0..len), stopping at byte at, into why. */
static int refusal(const char *text, size_t len, size_t at, char *why, size_t whysz)
{
    size_t line, col, from = 0;
    while (from < len && json_space(text[from]))
        from++;
    if (from == len)
        return util_fail(UTIL_E_JSON, why, whysz, "no JSON value (%s text)",
                         len ? "a blank" : "an empty");
    int open_at_end = 0;
    size_t deep = scan(text, len, &open_at_end);
    if (deep < len) {
        line_col(text, deep, &line, &col);
        return util_fail(UTIL_E_JSON, why, whysz,
                         "nested deeper than %d levels at byte %zu (line %zu, column %zu)",
                         UTIL_JSON_NESTING_MAX, deep, line, col);
    }
    /* cJSON may stop before the end of a cut text (at the start of the
     * string it could not close): the text ending inside a value says cut. */
    if (open_at_end)
        return util_fail(UTIL_E_JSON, why, whysz,
                         "the text ends (byte %zu) before its JSON value does", len);
    line_col(text, at, &line, &col);
    return util_fail(UTIL_E_JSON, why, whysz, "not JSON at byte %zu (line %zu, column %zu)", at,
                     line, col);
}

int util_json_parse(const char *text, size_t len, cJSON **out, char *why, size_t whysz)
{
    if (!out)
        return util_fail(UTIL_E_INVAL, why, whysz, "util_json_parse: NULL argument");
    *out = NULL;
    if (!text)
        return util_fail(UTIL_E_INVAL, why, whysz, "util_json_parse: NULL argument");
    const char *end = NULL;
    /* require_null_terminated 0: cJSON would take any byte <= ' ' (a NUL
     * among them) after the value as whitespace; what follows is judged
     * here instead. `end` rather than cJSON_GetErrorPtr(), a global. */
    cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, 0);
    size_t at = end && end >= text && end <= text + len ? (size_t)(end - text) : 0;
    if (!root)
        return refusal(text, len, at, why, whysz);
    size_t after = at;
    while (after < len && json_space(text[after]))
        after++;
    if (after < len) {
        size_t line, col;
        cJSON_Delete(root);
        line_col(text, after, &line, &col);
        return util_fail(UTIL_E_JSON, why, whysz,
                         "bytes after the JSON value at byte %zu (line %zu, column %zu)", after,
                         line, col);
    }
    *out = root;
    return 0;
}

size_t util_json_values_bound(const char *text, size_t len)
{
    /* The first value, then one after each comma and each opening (an
     * empty list or object counted twice: an upper bound). */
    size_t n = 1, i = 0;
    while (i < len) {
        char c = step(text, len, &i);
        n += c == ',' || c == '[' || c == '{';
    }
    return n;
}

/* Whether text[i..len) starts an escaped NUL, "\u0000". */
static int escaped_nul(const char *text, size_t i, size_t len)
{
    return i + 6 <= len && memcmp(text + i, "\\u0000", 6) == 0;
}

int util_json_nul_visible(const char *text, size_t len, char **out, size_t *out_len)
{
    if (!text || !out || !out_len)
        return UTIL_E_INVAL;
    *out = NULL;
    *out_len = 0;
    /* Two passes: the NULs counted (most texts have none: no copy), then the
     * copy, each NUL 3 bytes of U+2400 (a raw one grows by 2, an escape
     * shrinks by 3). */
    size_t raw = 0, escaped = 0;
    for (int pass = 0; pass < 2; pass++) {
        char *o = *out;
        int in_string = 0;
        for (size_t i = 0; i < len; i++) {
            char c = text[i];
            size_t skip = 0;
            if (in_string && c == '\0') {
                raw += !pass;
                skip = 1;
            } else if (in_string && escaped_nul(text, i, len)) {
                escaped += !pass;
                skip = 6;
            } else if (in_string && c == '\\' && i + 1 < len) {
                if (pass)
                    *o++ = c;
                c = text[++i]; /* the escaped character, copied below */
            } else if (c == '"') {
                in_string = !in_string;
            }
            if (skip) {
                if (pass)
                    memcpy(o, UTIL_JSON_NUL_SYMBOL, 3), o += 3;
                i += skip - 1;
            } else if (pass) {
                *o++ = c;
            }
        }
        if (pass) {
            *o = '\0';
            *out_len = (size_t)(o - *out);
        } else if (raw + escaped == 0) {
            return 0;
        } else if (!(*out = malloc(len + 2 * raw + 1))) {
            return UTIL_E_NOMEM;
        }
    }
    return 0;
}
