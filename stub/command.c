/*
 * command.c - the stub's commands: one line of the main block (read, write,
 * loop, loopline; their `name:type` declarations, loop amounts and join
 * arguments) parsed into a stub_node (parse_impl.h). parse.c walks the
 * lines and hands each main-block command here; scope.c below holds the
 * tokens, errors and scopes both use.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse_impl.h"

/* Parses a decimal in 1..STUB_LENGTH_MAX from s[0..n); -1 if it is not. */
static long parse_count(const char *s, size_t n)
{
    long v = 0;
    if (n == 0 || n > 7)
        return -1;
    for (size_t i = 0; i < n; i++) {
        if (!isdigit((unsigned char)s[i]))
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v >= 1 && v <= STUB_LENGTH_MAX ? v : -1;
}

static const char *type_name(stub_type t)
{
    static const char *const names[] = {"int", "long", "float", "bool", "word", "string"};
    return names[t];
}

/* Parses one `name:type` declaration token and returns the variable index
 * (registering a new variable), or -1 after recording an error. */
static int parse_decl(parser *ps, const char *tok)
{
    const char *colon = strchr(tok, ':');
    if (!colon)
        return stub_ps_fail(ps, "'%s' is not a variable declaration (expected name:type)", tok), -1;
    size_t nlen = (size_t)(colon - tok);
    if (!stub_ps_valid_name(tok, nlen))
        return stub_ps_fail(ps, "bad variable name '%.*s' (a letter, then letters, digits, '_')",
                            (int)nlen, tok),
               -1;
    const char *ty = colon + 1;
    stub_type type;
    int length = 0;
    if (strcmp(ty, "int") == 0)
        type = STUB_INT;
    else if (strcmp(ty, "long") == 0)
        type = STUB_LONG;
    else if (strcmp(ty, "float") == 0)
        type = STUB_FLOAT;
    else if (strcmp(ty, "bool") == 0)
        type = STUB_BOOL;
    else if (strncmp(ty, "word", 4) == 0 || strncmp(ty, "string", 6) == 0) {
        type = ty[0] == 'w' ? STUB_WORD : STUB_STRING;
        const char *open = ty + (type == STUB_WORD ? 4 : 6);
        size_t tlen = strlen(open);
        if (tlen < 3 || open[0] != '(' || open[tlen - 1] != ')')
            return stub_ps_fail(ps, "type '%s' of '%.*s' needs a length, like %s(8)", ty, (int)nlen,
                                tok, type_name(type)),
                   -1;
        long v = parse_count(open + 1, tlen - 2);
        if (v < 0)
            return stub_ps_fail(ps, "bad length in '%s' (a number from 1 to %d)", ty,
                                STUB_LENGTH_MAX),
                   -1;
        length = (int)v;
    } else
        return stub_ps_fail(
                   ps, "unknown type '%s' of '%.*s' (int, long, float, bool, word(n), string(n))",
                   ty, (int)nlen, tok),
               -1;

    int id = stub_ps_find_var(ps->p, tok, nlen);
    if (id >= 0) {
        stub_var *v = &ps->p->vars[id];
        if (v->type != type)
            return stub_ps_fail(ps, "variable '%s' was declared %s on line %d, now %s", v->name,
                                type_name(v->type), v->line, type_name(type)),
                   -1;
        if (v->length < length)
            v->length = length;
        return id;
    }
    stub_var *nv = realloc(ps->p->vars, (size_t)(ps->p->var_count + 1) * sizeof *nv);
    if (!nv)
        return stub_ps_oom(ps), -1;
    ps->p->vars = nv;
    stub_var *v = &nv[ps->p->var_count];
    memset(v, 0, sizeof *v);
    if (!(v->name = stub_ps_dup_n(tok, nlen)))
        return stub_ps_oom(ps), -1;
    v->type = type;
    v->length = length;
    v->line = ps->line;
    return ps->p->var_count++;
}

/* Parses a variable sequence (the rest of a read/loopline line) into n. */
static int parse_vars(parser *ps, const char *s, stub_node *n, const char *cmd)
{
    char tok[STUB_LINE_MAX + 1];
    int string_at = -1;
    while (stub_ps_next_token(&s, tok, sizeof tok) > 0) {
        int id = parse_decl(ps, tok);
        if (id < 0)
            return ps->rc;
        for (int i = 0; i < n->var_count; i++)
            if (n->vars[i] == id)
                return stub_ps_fail(ps, "variable '%s' appears twice on one line",
                                    ps->p->vars[id].name);
        if (string_at >= 0)
            return stub_ps_fail(
                ps,
                "string '%s' must be the last variable of its line (it takes the rest of the line)",
                ps->p->vars[n->vars[string_at]].name);
        if (ps->p->vars[id].type == STUB_STRING) {
            if (n->kind == STUB_LOOPLINE)
                return stub_ps_fail(
                    ps, "loopline cannot hold the string '%s' (it would take the whole line)",
                    ps->p->vars[id].name);
            string_at = n->var_count;
        }
        int *nv = realloc(n->vars, (size_t)(n->var_count + 1) * sizeof *nv);
        if (!nv)
            return stub_ps_oom(ps);
        n->vars = nv;
        nv[n->var_count++] = id;
        if (stub_ps_make_visible(ps, id))
            return ps->rc;
    }
    if (n->var_count == 0)
        return stub_ps_fail(ps, "'%s' needs at least one variable (name:type)", cmd);
    return 0;
}

/* Parses an amount token: a literal count or an earlier int/long variable. */
static int parse_amount(parser *ps, const char *tok, stub_node *n, const char *cmd)
{
    if (!tok[0])
        return stub_ps_fail(ps, "'%s' needs an amount and then %s", cmd,
                            n->kind == STUB_LOOP ? "a command" : "variables");
    if (isdigit((unsigned char)tok[0])) {
        long v = parse_count(tok, strlen(tok));
        if (v < 0)
            return stub_ps_fail(ps, "bad %s amount '%s' (a number from 1 to %d or a variable)", cmd,
                                tok, STUB_LENGTH_MAX);
        n->amount_var = -1;
        n->amount = v;
        return 0;
    }
    char what[64];
    snprintf(what, sizeof what, "%.16s amount", cmd);
    int id = stub_ps_use_var(ps, tok, strlen(tok), what);
    if (id < 0)
        return ps->rc;
    if (ps->p->vars[id].type != STUB_INT && ps->p->vars[id].type != STUB_LONG)
        return stub_ps_fail(ps, "%s amount '%s' is a %s, not an int", cmd, tok,
                            type_name(ps->p->vars[id].type));
    n->amount_var = id;
    return 0;
}

static int add_part(parser *ps, stub_node *n, int var, const char *text, size_t len)
{
    stub_part *np = realloc(n->parts, (size_t)(n->part_count + 1) * sizeof *np);
    if (!np)
        return stub_ps_oom(ps);
    n->parts = np;
    np[n->part_count].var = var;
    np[n->part_count].text = NULL;
    if (var < 0 && !(np[n->part_count].text = stub_ps_dup_n(text, len)))
        return stub_ps_oom(ps);
    n->part_count++;
    return 0;
}

/* write join("text", var, ...) */
static int parse_join(parser *ps, const char *s, stub_node *n)
{
    s = stub_ps_skip_space(s + 4);
    if (*s != '(')
        return stub_ps_fail(ps, "join needs '(' after it: join(\"text\", variable, ...)");
    s++;
    for (;;) {
        s = stub_ps_skip_space(s);
        if (*s == '"') {
            const char *e = strchr(s + 1, '"');
            if (!e)
                return stub_ps_fail(ps, "unterminated \"text\" in join");
            if (add_part(ps, n, -1, s + 1, (size_t)(e - s - 1)))
                return ps->rc;
            s = e + 1;
        } else {
            const char *e = s;
            while (isalnum((unsigned char)*e) || *e == '_')
                e++;
            if (e == s)
                return stub_ps_fail(ps, "expected \"text\" or a variable in join at '%s'", s);
            if (stub_ps_find_var(ps->p, s, (size_t)(e - s)) < 0)
                return stub_ps_fail(
                    ps, "join argument '%.*s' is not a variable read before (quote text: \"%.*s\")",
                    (int)(e - s), s, (int)(e - s), s);
            int id = stub_ps_use_var(ps, s, (size_t)(e - s), "join argument");
            if (id < 0)
                return ps->rc;
            if (add_part(ps, n, id, NULL, 0))
                return ps->rc;
            s = e;
        }
        s = stub_ps_skip_space(s);
        if (*s == ',') {
            s++;
            continue;
        }
        if (*s == ')')
            break;
        return stub_ps_fail(ps, "expected ',' or ')' in join at '%s'", *s ? s : "end of line");
    }
    s = stub_ps_skip_space(s + 1);
    if (*s)
        return stub_ps_fail(ps, "unexpected text after join(...): '%s'", s);
    return 0;
}

stub_node *stub_ps_command(parser *ps, const char *s, int in_loop)
{
    char cmd[32];
    const char *rest = s;
    size_t clen = stub_ps_next_token(&rest, cmd, sizeof cmd);
    stub_node *n = calloc(1, sizeof *n);
    if (!n)
        return stub_ps_oom(ps), NULL;
    n->line = ps->line;
    n->amount_var = -1;
    if (strcmp(cmd, "read") == 0) {
        n->kind = STUB_READ;
        parse_vars(ps, rest, n, "read");
    } else if (strcmp(cmd, "write") == 0) {
        n->kind = STUB_WRITE;
        n->first_write = !ps->seen_write;
        ps->seen_write = 1;
        rest = stub_ps_skip_space(rest);
        size_t len = strlen(rest);
        while (len && (rest[len - 1] == ' ' || rest[len - 1] == '\t'))
            len--;
        if (len == 0)
            stub_ps_fail(ps, "'write' needs the text to print");
        else if (strncmp(rest, "join", 4) == 0 && (rest[4] == '(' || rest[4] == ' '))
            parse_join(ps, rest, n);
        else
            add_part(ps, n, -1, rest, len);
    } else if (strcmp(cmd, "loop") == 0 || strcmp(cmd, "loopline") == 0) {
        char tok[STUB_LINE_MAX + 1];
        n->kind = cmd[4] ? STUB_LOOPLINE : STUB_LOOP;
        stub_ps_next_token(&rest, tok, sizeof tok);
        if (parse_amount(ps, tok, n, cmd) == 0) {
            ps->depth++;
            if (n->kind == STUB_LOOPLINE)
                parse_vars(ps, rest, n, "loopline");
            else if (!*stub_ps_skip_space(rest))
                stub_ps_fail(ps,
                             "'loop %s' needs a command to repeat (read, write, loop, loopline)",
                             tok);
            else
                n->body = stub_ps_command(ps, rest, 1);
            ps->depth--;
            stub_ps_leave_scope(ps);
        }
    } else if (strcmp(cmd, "gameloop") == 0) {
        free(n);
        if (in_loop)
            return stub_ps_fail(ps, "'gameloop' cannot be repeated by 'loop'"), NULL;
        return NULL; /* handled by the caller */
    } else if (clen == 0) {
        stub_ps_fail(ps, "missing command");
    } else {
        stub_ps_fail(ps, "unknown command '%s' (read, write, loop, loopline, gameloop)", cmd);
    }
    return n;
}
