/* command_words.c - a bot command split into words with their places and
 * roles (league/command_words.h). */
#include "league/command_words.h"

#include <stdlib.h>
#include <string.h>

#include "core/error.h"

/* Where the splitter stands: what the next word is. */
typedef struct state {
    int program_next; /* after an operator (or at the start) */
    int cd_next;      /* after `cd`: its directory */
    int redirect_next;
} state;

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n';
}

/* The operator at p (its length, 0: none); *redirect set for < and >. */
static size_t operator_at(const char *p, int *redirect)
{
    *redirect = *p == '<' || *p == '>';
    if (!strchr(";&|()<>", *p) || !*p)
        return 0;
    if ((p[0] == '&' || p[0] == '|') && p[1] == p[0])
        return 2;
    if (*redirect && (p[1] == '>' || p[1] == '&'))
        return 2;
    return 1;
}

/* VAR=value before the program: an assignment, not a file. */
static int is_assignment(const char *w)
{
    const char *eq = strchr(w, '=');
    if (!eq || eq == w)
        return 0;
    for (const char *c = w; c < eq; c++)
        if (!(*c == '_' || (*c >= 'A' && *c <= 'Z') || (*c >= 'a' && *c <= 'z') ||
              (c > w && *c >= '0' && *c <= '9')))
            return 0;
    return 1;
}

/* One word from p: its unquoted text into *o (advanced), whether the shell
 * would expand it; returns the end of the word. */
static const char *scan_word(const char *p, char **o, int *expands)
{
    char quote = 0;
    int first = 1;
    for (; *p; p++, first = 0) {
        if (quote) {
            if (*p == quote) {
                quote = 0;
                continue;
            }
            if (quote == '"' && (*p == '$' || *p == '`'))
                *expands = 1;
            if (quote == '"' && *p == '\\' && p[1])
                p++;
        } else if (*p == '\'' || *p == '"') {
            quote = *p;
            continue;
        } else if (*p == '\\' && p[1]) {
            p++;
        } else if (is_space(*p) || strchr(";&|()<>", *p)) {
            break;
        } else if (strchr("$`*?[", *p) || (first && *p == '~')) {
            *expands = 1;
        }
        *(*o)++ = *p;
    }
    *(*o)++ = '\0';
    return p;
}

/* The role of word text in state st, which it moves on. */
static arena_word_role role_of(state *st, const char *text)
{
    if (st->redirect_next) {
        st->redirect_next = 0;
        return ARENA_WORD_REDIRECT;
    }
    if (st->program_next && (is_assignment(text) || strcmp(text, "exec") == 0))
        return ARENA_WORD_PREFIX;
    if (st->program_next) {
        st->program_next = 0;
        st->cd_next = strcmp(text, "cd") == 0;
        return ARENA_WORD_PROGRAM;
    }
    if (st->cd_next && text[0] != '-') {
        st->cd_next = 0;
        return ARENA_WORD_CD;
    }
    return ARENA_WORD_ARGUMENT;
}

int arena_words_split(const char *command, arena_words *out)
{
    memset(out, 0, sizeof *out);
    size_t len = strlen(command);
    /* every word's text is at most its bytes, plus its NUL */
    char *o = out->text = malloc(2 * len + 2);
    if (!o)
        return ARENA_E_NOMEM;
    state st = {1, 0, 0};
    const char *p = command;
    while (out->n < ARENA_WORDS_MAX) {
        while (is_space(*p))
            p++;
        if (!*p)
            break;
        arena_word *w = &out->w[out->n++];
        w->start = (size_t)(p - command);
        w->text = o;
        int redirect;
        size_t op = operator_at(p, &redirect);
        if (op) {
            memcpy(o, p, op);
            o[op] = '\0';
            o += op + 1;
            p += op;
            w->role = redirect ? ARENA_WORD_REDIRECT : ARENA_WORD_OPERATOR;
            st.redirect_next = redirect;
            if (!redirect)
                st = (state){1, 0, 0};
        } else {
            p = scan_word(p, &o, &w->expands);
            w->role = role_of(&st, w->text);
        }
        w->end = (size_t)(p - command);
    }
    return 0;
}

void arena_words_free(arena_words *w)
{
    free(w->text);
    w->text = NULL;
    w->n = 0;
}
