/*
 * Parser of CodinGame's stub language into a stub_program tree.
 *
 * Line oriented, as the language is: the text is split into lines, the main
 * block is every line before the first section keyword (STATEMENT, INPUT,
 * OUTPUT alone on a line), and each main line is tokenised and parsed
 * recursively (`loop` takes a command: command.c). Blank lines in the main
 * block are ignored. Every error names the line and the offending text.
 * Errors, tokens and variable scopes: scope.c (parse_impl.h).
 */
#include <stdlib.h>
#include <string.h>

#include "parse_impl.h"

static void free_nodes(stub_node *n)
{
    while (n) {
        stub_node *next = n->next;
        free_nodes(n->body);
        free(n->vars);
        for (int i = 0; i < n->part_count; i++)
            free(n->parts[i].text);
        free(n->parts);
        free(n);
        n = next;
    }
}

void stub_program_free(stub_program *p)
{
    if (!p)
        return;
    free_nodes(p->init);
    free_nodes(p->turn);
    for (int i = 0; i < p->var_count; i++) {
        free(p->vars[i].name);
        free(p->vars[i].comment);
    }
    free(p->vars);
    free(p->statement);
    free(p->output);
    free(p);
}

/* Appends line to *text ("\n"-joined). */
static int append_text(parser *ps, char **text, const char *line)
{
    size_t old = *text ? strlen(*text) : 0, add = strlen(line);
    char *t = realloc(*text, old + add + 2);
    if (!t)
        return stub_ps_oom(ps);
    if (old)
        t[old++] = '\n';
    memcpy(t + old, line, add + 1);
    *text = t;
    return 0;
}

/* Trims trailing blank lines of a section text. */
static void trim_text(char *t)
{
    if (!t)
        return;
    size_t n = strlen(t);
    while (n && (t[n - 1] == '\n' || t[n - 1] == ' ' || t[n - 1] == '\t'))
        t[--n] = '\0';
}

static int parse_input_line(parser *ps, const char *line)
{
    const char *colon = strchr(line, ':');
    line = stub_ps_skip_space(line);
    if (!colon)
        return stub_ps_fail(ps, "INPUT line '%s' is not 'variable: comment'", line);
    size_t n = (size_t)(colon - line);
    while (n && (line[n - 1] == ' ' || line[n - 1] == '\t'))
        n--;
    int id = stub_ps_find_var(ps->p, line, n);
    if (id < 0)
        return stub_ps_fail(ps, "INPUT comment for '%.*s', which no read declares", (int)n, line);
    stub_var *v = &ps->p->vars[id];
    if (v->comment)
        return stub_ps_fail(ps, "second INPUT comment for '%s'", v->name);
    const char *c = stub_ps_skip_space(colon + 1);
    if (!(v->comment = stub_ps_dup_n(c, strlen(c))))
        return stub_ps_oom(ps);
    trim_text(v->comment);
    return 0;
}

enum section { SEC_MAIN, SEC_STATEMENT, SEC_INPUT, SEC_OUTPUT };

/* The walk's state besides the parser: the section the lines are in, the
 * sections seen (the main block always), the main block's commands. */
typedef struct walk {
    enum section sec;
    int seen[4];
    int commands;
} walk;

/* Copies the next line of *s (its "\r\n" or "\n" end dropped) into
 * line[STUB_LINE_MAX + 1] and advances *s past it. 0, or the error
 * recorded (too long, a control character). */
static int next_line(parser *ps, const char **s, char *line)
{
    const char *e = strchr(*s, '\n');
    size_t len = e ? (size_t)(e - *s) : strlen(*s);
    ps->line++;
    if (len && (*s)[len - 1] == '\r')
        len--;
    if (len > STUB_LINE_MAX)
        return stub_ps_fail(ps, "line longer than %d bytes", STUB_LINE_MAX);
    memcpy(line, *s, len);
    line[len] = '\0';
    *s = e ? e + 1 : *s + strlen(*s);
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)line[i] < 0x20 && line[i] != '\t')
            return stub_ps_fail(ps, "control character 0x%02x in the stub", (unsigned char)line[i]);
    return 0;
}

/* The section a line (spaces skipped) opens, or SEC_MAIN when it is no
 * section keyword. */
static enum section section_of(const char *t)
{
    if (strcmp(t, "STATEMENT") == 0)
        return SEC_STATEMENT;
    if (strcmp(t, "INPUT") == 0)
        return SEC_INPUT;
    if (strcmp(t, "OUTPUT") == 0)
        return SEC_OUTPUT;
    return SEC_MAIN;
}

/* A line of the main block: nothing when blank, `gameloop` (the commands
 * after it go to the turn), else a command appended to the current block. */
static void main_line(parser *ps, walk *w, const char *t)
{
    if (!*t)
        return;
    char cmd[16];
    const char *r = t;
    stub_ps_next_token(&r, cmd, sizeof cmd);
    if (strcmp(cmd, "gameloop") == 0) {
        if (*stub_ps_skip_space(r))
            stub_ps_fail(ps, "'gameloop' takes no argument, got '%s'", stub_ps_skip_space(r));
        else if (ps->p->has_gameloop)
            stub_ps_fail(ps, "second 'gameloop'");
        ps->p->has_gameloop = 1;
        ps->tail = &ps->p->turn;
        return;
    }
    stub_node *n = stub_ps_command(ps, t, 0);
    if (n) {
        *ps->tail = n;
        ps->tail = &n->next;
        w->commands++;
    }
}

/* One line t (spaces skipped) of the stub: a section keyword switches the
 * section, any other line belongs to the section it is in. */
static void parse_line(parser *ps, walk *w, const char *t)
{
    enum section next = section_of(t);
    if (next != SEC_MAIN) {
        if (w->seen[next]) {
            stub_ps_fail(ps, "second %s block", t);
            return;
        }
        w->seen[next] = 1;
        w->sec = next;
        return;
    }
    switch (w->sec) {
    case SEC_MAIN: main_line(ps, w, t); break;
    case SEC_STATEMENT:
        if (*t || ps->p->statement)
            append_text(ps, &ps->p->statement, t);
        break;
    case SEC_OUTPUT:
        if (*t || ps->p->output)
            append_text(ps, &ps->p->output, t);
        break;
    case SEC_INPUT:
        if (*t)
            parse_input_line(ps, t);
        break;
    }
}

/* What the whole stub must have: a command, and one after `gameloop`. */
static void check_program(parser *ps, const walk *w)
{
    if (!ps->rc && w->commands == 0) {
        ps->line = ps->line ? ps->line : 1;
        stub_ps_fail(ps, "the stub has no command (read, write, loop, loopline)");
    }
    if (!ps->rc && ps->p->has_gameloop && !ps->p->turn)
        stub_ps_fail(ps, "nothing after 'gameloop' to repeat");
}

int stub_parse(const char *text, stub_program **out, stub_diag *diag)
{
    if (!text || !out)
        return STUB_E_INVAL;
    *out = NULL;
    parser ps = {0};
    ps.diag = diag;
    if (diag) {
        diag->line = 0;
        diag->message[0] = '\0';
    }
    if (!(ps.p = calloc(1, sizeof *ps.p)))
        return STUB_E_NOMEM;
    ps.tail = &ps.p->init;
    walk w = {.sec = SEC_MAIN, .seen = {1, 0, 0, 0}};
    char line[STUB_LINE_MAX + 1];
    const char *s = text;
    while (*s && !ps.rc)
        if (next_line(&ps, &s, line) == 0)
            parse_line(&ps, &w, stub_ps_skip_space(line));
    check_program(&ps, &w);
    free(ps.visible);
    free(ps.vis_depth);
    if (ps.rc) {
        stub_program_free(ps.p);
        return ps.rc;
    }
    trim_text(ps.p->statement);
    trim_text(ps.p->output);
    *out = ps.p;
    return STUB_OK;
}
