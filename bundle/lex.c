/*
 * lex.c - the bundler's C lexer and line rewriter (lex.h): text in, text
 * out. It knows comments, string and character literals and preprocessor
 * lines, which is all the bundler needs: it never expands macros or
 * evaluates conditions.
 */
#include "lex.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "bundle.h"

int bundle_is_ident_start(int ch)
{
    return isalpha(ch) || ch == '_';
}
int bundle_is_ident(int ch)
{
    return isalnum(ch) || ch == '_';
}

size_t bundle_line_len(const char *s, const char *end)
{
    const char *e = memchr(s, '\n', (size_t)(end - s));
    return e ? (size_t)(e - s) : (size_t)(end - s);
}

int bundle_directive(const char *line, size_t n, char name[32], const char **rest)
{
    size_t i = 0;
    while (i < n && (line[i] == ' ' || line[i] == '\t'))
        i++;
    if (i == n || line[i] != '#')
        return 0;
    i++;
    while (i < n && (line[i] == ' ' || line[i] == '\t'))
        i++;
    size_t k = 0;
    while (i < n && bundle_is_ident((unsigned char)line[i]) && k < 31)
        name[k++] = line[i++];
    name[k] = '\0';
    *rest = line + i;
    return 1;
}

size_t bundle_ident_at(const char *s, size_t n, char id[64])
{
    size_t i = 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '(' || s[i] == '!'))
        i++;
    size_t k = 0;
    if (i < n && bundle_is_ident_start((unsigned char)s[i]))
        while (i < n && bundle_is_ident((unsigned char)s[i]) && k < 63)
            id[k++] = s[i++];
    id[k] = '\0';
    return k;
}

/* A character that belongs to a word for spacing: identifier and number
 * characters, and quotes (a literal's prefix, L"x", must stay attached). */
static int word_char(int ch)
{
    return bundle_is_ident(ch) || ch == '"' || ch == '\'';
}

/* One line's writer (bundle_transform): the output, the compact level and
 * the spacing owed. */
typedef struct writer {
    util_buf *o;
    int compact;
    int pending_space; /* blanks or a comment since the last text written */
    int last;          /* last significant char written, 0 for none */
} writer;

/* Appends p[0..len) (len > 0), after the one space owed if one is needed.
 * compact 2: a space between a punctuation character and a word (an
 * identifier, number or literal) is never needed ("x < 0" is "x<0"); two
 * words, and two punctuation characters ("- -", "/ *"), keep it. */
static void emit(writer *w, const char *p, size_t len)
{
    if (w->compact && w->pending_space && w->last && w->last != ',' && w->last != '(' &&
        (w->compact < 2 || word_char(w->last) == word_char((unsigned char)p[0])))
        util_buf_put(w->o, " ", 1);
    w->pending_space = 0;
    util_buf_put(w->o, p, len);
    w->last = (unsigned char)p[len - 1];
}

/* Inside a block comment at s[i]: through its end or the line's (kept
 * unless compact, where it is a blank). Returns where the line goes on. */
static size_t comment_rest(writer *w, bundle_lexstate *st, const char *s, size_t n, size_t i)
{
    const char *e = NULL;
    for (size_t k = i; k + 1 < n; k++)
        if (s[k] == '*' && s[k + 1] == '/') {
            e = s + k;
            break;
        }
    size_t stop = e ? (size_t)(e - s) + 2 : n;
    if (!w->compact)
        util_buf_put(w->o, s + i, stop - i);
    else
        w->pending_space = 1;
    if (e)
        st->in_comment = 0;
    return stop;
}

/* The string or character literal at s[i] (quote s[i]), written whole.
 * Returns where the line goes on. */
static size_t literal(writer *w, const char *s, size_t n, size_t i)
{
    char q = s[i];
    size_t k = i + 1;
    while (k < n && s[k] != q) {
        if (s[k] == '\\' && k + 1 < n)
            k++;
        k++;
    }
    if (k < n)
        k++;
    emit(w, s + i, k - i);
    return k;
}

/* The identifier at s[i], renamed by from/to unless a member (after . or
 * ->: member, or in a struct or union body); `struct` and `union` noted
 * for the body that may follow. Returns where the line goes on. */
static size_t identifier(writer *w, bundle_lexstate *st, const char *s, size_t n, size_t i,
                         int member, const bundle_strlist *from, const bundle_strlist *to)
{
    size_t k = i;
    while (k < n && bundle_is_ident((unsigned char)s[k]))
        k++;
    int r = member || st->nrecords ? -1 : bundle_list_has(from, s + i, k - i);
    if ((k - i == 6 && memcmp(s + i, "struct", 6) == 0) ||
        (k - i == 5 && memcmp(s + i, "union", 5) == 0))
        st->record_kw = 1;
    if (r >= 0)
        emit(w, to->v[r], strlen(to->v[r]));
    else
        emit(w, s + i, k - i);
    return k;
}

/* Follows braces for the struct and union bodies (whose names are
 * members, never renamed) on punctuation character ch. */
static void track_records(bundle_lexstate *st, char ch)
{
    if (ch == '{') {
        st->brace++;
        if (st->record_kw && st->nrecords < 32)
            st->records[st->nrecords++] = st->brace;
        st->record_kw = 0;
    } else if (ch == '}') {
        if (st->nrecords && st->records[st->nrecords - 1] == st->brace)
            st->nrecords--;
        st->brace--;
    } else if (ch == ';' || ch == '(' || ch == ')')
        st->record_kw = 0;
}

void bundle_transform(const char *s, size_t n, bundle_lexstate *st, const bundle_strlist *from,
                      const bundle_strlist *to, int compact, util_buf *out)
{
    writer w = {.o = out, .compact = compact};
    size_t i = 0;
    char prev_tok = 0; /* '.' or '>' when the last token was . or -> */
    while (i < n) {
        if (st->in_comment) {
            i = comment_rest(&w, st, s, n, i);
            continue;
        }
        char ch = s[i];
        if (ch == '/' && i + 1 < n && s[i + 1] == '*') {
            st->in_comment = 1;
            if (!compact)
                util_buf_put(out, "/*", 2);
            i += 2;
        } else if (ch == '/' && i + 1 < n && s[i + 1] == '/') {
            if (!compact)
                util_buf_put(out, s + i, n - i);
            i = n;
        } else if (ch == '"' || ch == '\'') {
            i = literal(&w, s, n, i);
            prev_tok = 0;
        } else if (bundle_is_ident_start((unsigned char)ch)) {
            i = identifier(&w, st, s, n, i, prev_tok != 0, from, to);
            prev_tok = 0;
        } else if (isdigit((unsigned char)ch)) { /* a number: never renamed */
            size_t k = i;
            while (k < n && (bundle_is_ident((unsigned char)s[k]) || s[k] == '.'))
                k++;
            emit(&w, s + i, k - i);
            prev_tok = 0;
            i = k;
        } else if (ch == ' ' || ch == '\t' || ch == '\r') {
            if (compact)
                w.pending_space = 1;
            else
                util_buf_put(out, s + i, 1);
            i++;
        } else {
            prev_tok = ch == '.' ? '.' : (ch == '>' && i > 0 && s[i - 1] == '-') ? '>' : 0;
            track_records(st, ch);
            emit(&w, s + i, 1);
            i++;
        }
    }
}

/* ---- tokens, for collecting file-scope names ----------------------------- */

typedef struct tokzer {
    const char *s;
    size_t n, i;
    int line_start;
} tokzer;

/* Next token: returns 'i' (identifier in tok), 'p' (punctuation char in
 * tok[0]), 0 at end. Skips comments, literals, numbers and directives. */
static int next_tok(tokzer *t, char tok[64])
{
    while (t->i < t->n) {
        char ch = t->s[t->i];
        if (ch == '\n') {
            t->line_start = 1;
            t->i++;
        } else if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v') {
            t->i++;
        } else if (ch == '/' && t->i + 1 < t->n && t->s[t->i + 1] == '*') {
            t->i += 2;
            while (t->i + 1 < t->n && !(t->s[t->i] == '*' && t->s[t->i + 1] == '/'))
                t->i++;
            t->i += 2;
        } else if (ch == '/' && t->i + 1 < t->n && t->s[t->i + 1] == '/') {
            while (t->i < t->n && t->s[t->i] != '\n')
                t->i++;
        } else if (ch == '#' && t->line_start) {
            while (t->i < t->n && t->s[t->i] != '\n') {
                if (t->s[t->i] == '\\' && t->i + 1 < t->n && t->s[t->i + 1] == '\n')
                    t->i++;
                t->i++;
            }
        } else if (ch == '"' || ch == '\'') {
            t->i++;
            while (t->i < t->n && t->s[t->i] != ch && t->s[t->i] != '\n') {
                if (t->s[t->i] == '\\')
                    t->i++;
                t->i++;
            }
            t->i++;
            t->line_start = 0;
        } else if (isdigit((unsigned char)ch)) {
            while (t->i < t->n && (bundle_is_ident((unsigned char)t->s[t->i]) || t->s[t->i] == '.'))
                t->i++;
            t->line_start = 0;
        } else if (bundle_is_ident_start((unsigned char)ch)) {
            size_t k = 0;
            while (t->i < t->n && bundle_is_ident((unsigned char)t->s[t->i])) {
                if (k < 63)
                    tok[k++] = t->s[t->i];
                t->i++;
            }
            tok[k] = '\0';
            t->line_start = 0;
            return 'i';
        } else {
            tok[0] = ch;
            tok[1] = '\0';
            t->i++;
            t->line_start = 0;
            return 'p';
        }
    }
    return 0;
}

static int is_type_word(const char *w)
{
    static const char *const words[] = {"static",    "inline",     "const",         "volatile",
                                        "restrict",  "unsigned",   "signed",        "int",
                                        "char",      "short",      "long",          "float",
                                        "double",    "void",       "struct",        "union",
                                        "enum",      "_Bool",      "bool",          "register",
                                        "__inline",  "__inline__", "__attribute__", "_Thread_local",
                                        "_Noreturn", "noreturn",   "__restrict",    NULL};
    for (int i = 0; words[i]; i++)
        if (strcmp(w, words[i]) == 0)
            return 1;
    return 0;
}

/* Skips a balanced group whose opening char was just read. */
static void skip_group(tokzer *t, char open, char close)
{
    char tok[64];
    int d = 1, k;
    while (d > 0 && (k = next_tok(t, tok)) != 0)
        if (k == 'p' && tok[0] == open)
            d++;
        else if (k == 'p' && tok[0] == close)
            d--;
}

int bundle_collect_statics(const char *text, size_t n, bundle_strlist *names)
{
    tokzer t = {text, n, 0, 1};
    char tok[64], last[64];
    int depth = 0, k;
    while ((k = next_tok(&t, tok)) != 0) {
        if (k == 'p') {
            depth += tok[0] == '{' ? 1 : tok[0] == '}' ? -1 : 0;
            continue;
        }
        if (depth != 0 || strcmp(tok, "static") != 0)
            continue;
        last[0] = '\0';
        while ((k = next_tok(&t, tok)) != 0) {
            if (k == 'i') {
                if (!is_type_word(tok))
                    snprintf(last, sizeof last, "%s", tok);
                else if (strcmp(tok, "__attribute__") == 0) {
                    if (next_tok(&t, tok) == 'p' && tok[0] == '(')
                        skip_group(&t, '(', ')');
                }
                continue;
            }
            char p = tok[0];
            if (p == '{') { /* a struct/enum body inside the declaration */
                skip_group(&t, '{', '}');
                last[0] = '\0';
                continue;
            }
            if (p == '*')
                continue;
            if ((p == '(' || p == '[' || p == '=' || p == ',' || p == ';') && last[0] &&
                bundle_list_has(names, last, strlen(last)) < 0 &&
                bundle_list_add(names, last, strlen(last)))
                return BUNDLE_E_NOMEM;
            last[0] = '\0';
            if (p == '(') {
                /* function: its body (if any) is skipped by depth tracking */
                skip_group(&t, '(', ')');
                break;
            }
            if (p == '[') {
                skip_group(&t, '[', ']');
                continue;
            }
            if (p == '=') { /* skip the initializer up to ',' or ';' */
                int d = 0;
                while ((k = next_tok(&t, tok)) != 0) {
                    if (k != 'p')
                        continue;
                    if (tok[0] == '{' || tok[0] == '(')
                        d++;
                    else if (tok[0] == '}' || tok[0] == ')')
                        d--;
                    else if (d == 0 && (tok[0] == ',' || tok[0] == ';'))
                        break;
                }
                if (k == 0 || tok[0] == ';')
                    break;
                continue;
            }
            if (p == ';')
                break;
        }
    }
    return 0;
}

int bundle_collect_globals(const char *text, size_t n, bundle_strlist *names)
{
    tokzer t = {text, n, 0, 1};
    char tok[64], last[64] = "";
    int depth = 0, local = 0, k;
    while ((k = next_tok(&t, tok)) != 0) {
        if (k == 'p' && (tok[0] == '{' || tok[0] == '}')) {
            depth += tok[0] == '{' ? 1 : -1;
            if (depth == 0 && tok[0] == '}')
                local = 0, last[0] = '\0';
            continue;
        }
        if (depth != 0)
            continue;
        if (k == 'i') {
            if (strcmp(tok, "static") == 0 || strcmp(tok, "typedef") == 0)
                local = 1;
            else if (!is_type_word(tok) && strcmp(tok, "sizeof") != 0 &&
                     strcmp(tok, "extern") != 0 && strcmp(tok, "_Static_assert") != 0)
                snprintf(last, sizeof last, "%s", tok);
            continue;
        }
        if (tok[0] == '(') {
            if (last[0] && !local && bundle_list_has(names, last, strlen(last)) < 0 &&
                bundle_list_add(names, last, strlen(last)))
                return BUNDLE_E_NOMEM;
            skip_group(&t, '(', ')');
            last[0] = '\0';
        } else if (tok[0] == '[') {
            skip_group(&t, '[', ']');
        } else if (tok[0] == ';') {
            local = 0;
            last[0] = '\0';
        } else if (tok[0] != '*') {
            last[0] = '\0';
        }
    }
    return 0;
}

int bundle_collect_defined(const char *text, size_t n, bundle_strlist *names)
{
    if (bundle_collect_globals(text, n, names))
        return BUNDLE_E_NOMEM;
    /* and the global variables: at depth 0, outside static/typedef/extern,
     * the last identifier before '[', '=' or ';' */
    tokzer t = {text, n, 0, 1};
    char tok[64], last[64] = "";
    int depth = 0, local = 0, k;
    while ((k = next_tok(&t, tok)) != 0) {
        if (k == 'p' && (tok[0] == '{' || tok[0] == '}')) {
            depth += tok[0] == '{' ? 1 : -1;
            if (depth == 0)
                last[0] = '\0';
            continue;
        }
        if (depth != 0)
            continue;
        if (k == 'i') {
            if (strcmp(tok, "static") == 0 || strcmp(tok, "typedef") == 0 ||
                strcmp(tok, "extern") == 0)
                local = 1;
            else if (!is_type_word(tok) && strcmp(tok, "sizeof") != 0)
                snprintf(last, sizeof last, "%s", tok);
            continue;
        }
        if (tok[0] == '(') {
            skip_group(&t, '(', ')');
            last[0] = '\0';
            continue;
        }
        if ((tok[0] == '[' || tok[0] == '=' || tok[0] == ';') && last[0] && !local &&
            bundle_list_has(names, last, strlen(last)) < 0 &&
            bundle_list_add(names, last, strlen(last)))
            return BUNDLE_E_NOMEM;
        if (tok[0] == '[')
            skip_group(&t, '[', ']');
        if (tok[0] == ';')
            local = 0;
        if (tok[0] != '*')
            last[0] = '\0';
    }
    return 0;
}

int bundle_text_mentions(const char *text, size_t n, const bundle_strlist *names)
{
    tokzer t = {text, n, 0, 1};
    char tok[64];
    int k;
    while ((k = next_tok(&t, tok)) != 0)
        if (k == 'i' && bundle_list_has(names, tok, strlen(tok)) >= 0)
            return 1;
    return 0;
}

int bundle_next_token(bundle_tokzer *t, char tok[64])
{
    tokzer z = {t->s, t->n, t->i, t->i == 0 ? 1 : t->line_start};
    int k = next_tok(&z, tok);
    /* an unterminated comment or literal at the end steps past n */
    t->i = z.i < t->n ? z.i : t->n;
    t->line_start = z.line_start;
    return k;
}
