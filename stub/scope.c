/* scope.c - the stub parser's errors, tokens, variable names and scopes
 * (parse_impl.h): the bottom of the parser, used by parse.c and command.c. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse_impl.h"

char *stub_ps_dup_n(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}

const char *stub_ps_skip_space(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

size_t stub_ps_next_token(const char **s, char *tok, size_t size)
{
    const char *a = stub_ps_skip_space(*s), *b = a;
    while (*b && *b != ' ' && *b != '\t')
        b++;
    size_t n = (size_t)(b - a);
    if (n >= size)
        n = size - 1;
    memcpy(tok, a, n);
    tok[n] = '\0';
    *s = b;
    return (size_t)(b - a);
}

int stub_ps_fail(parser *ps, const char *fmt, ...)
{
    if (ps->rc)
        return ps->rc;
    ps->rc = STUB_E_SYNTAX;
    if (ps->diag) {
        va_list ap;
        ps->diag->line = ps->line;
        va_start(ap, fmt);
        vsnprintf(ps->diag->message, sizeof ps->diag->message, fmt, ap);
        va_end(ap);
    }
    return ps->rc;
}

int stub_ps_oom(parser *ps)
{
    if (!ps->rc) {
        ps->rc = STUB_E_NOMEM;
        if (ps->diag) {
            ps->diag->line = ps->line;
            snprintf(ps->diag->message, sizeof ps->diag->message, "out of memory");
        }
    }
    return ps->rc;
}

int stub_ps_valid_name(const char *s, size_t n)
{
    if (n == 0 || !isalpha((unsigned char)s[0]))
        return 0;
    for (size_t i = 1; i < n; i++)
        if (!isalnum((unsigned char)s[i]) && s[i] != '_')
            return 0;
    return 1;
}

int stub_ps_find_var(const stub_program *p, const char *name, size_t n)
{
    for (int i = 0; i < p->var_count; i++)
        if (strlen(p->vars[i].name) == n && memcmp(p->vars[i].name, name, n) == 0)
            return i;
    return -1;
}

static int is_visible(const parser *ps, int id)
{
    for (int i = 0; i < ps->vis_count; i++)
        if (ps->visible[i] == id)
            return 1;
    return 0;
}

int stub_ps_make_visible(parser *ps, int id)
{
    if (is_visible(ps, id))
        return 0;
    if (ps->vis_count == ps->vis_cap) {
        int cap = ps->vis_cap ? 2 * ps->vis_cap : 16;
        int *v = realloc(ps->visible, (size_t)cap * sizeof *v);
        if (!v)
            return stub_ps_oom(ps);
        ps->visible = v;
        int *d = realloc(ps->vis_depth, (size_t)cap * sizeof *d);
        if (!d)
            return stub_ps_oom(ps);
        ps->vis_depth = d;
        ps->vis_cap = cap;
    }
    ps->visible[ps->vis_count] = id;
    ps->vis_depth[ps->vis_count++] = ps->depth;
    return 0;
}

/* Ends the scope of the variables read deeper than the current depth. */
void stub_ps_leave_scope(parser *ps)
{
    int k = 0;
    for (int i = 0; i < ps->vis_count; i++)
        if (ps->vis_depth[i] <= ps->depth) {
            ps->visible[k] = ps->visible[i];
            ps->vis_depth[k++] = ps->vis_depth[i];
        }
    ps->vis_count = k;
}

/* Looks up a variable used by a command (loop amount, join argument): it
 * must have been read before and still be in scope. Returns its id or -1
 * after recording an error naming `what`. */
int stub_ps_use_var(parser *ps, const char *name, size_t n, const char *what)
{
    int id = stub_ps_find_var(ps->p, name, n);
    if (id < 0)
        return stub_ps_fail(ps, "%s '%.*s' is neither a number nor a variable read before", what,
                            (int)n, name),
               -1;
    if (!is_visible(ps, id))
        return stub_ps_fail(ps,
                            "%s '%.*s' is out of scope here (it is read inside a loop, line %d)",
                            what, (int)n, name, ps->p->vars[id].line),
               -1;
    return id;
}
