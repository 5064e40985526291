/* Bash emitter: read -r (the last name takes the rest of the line), echo
 * (a builtin: written at once). */
#include <stdio.h>
#include <string.h>

#include "stub.h"

static const char *const keywords[] = {"if",   "then",  "else",     "elif",   "fi",     "case",
                                       "esac", "for",   "select",   "while",  "until",  "do",
                                       "done", "in",    "function", "time",   "inputs", "PATH",
                                       "HOME", "IFS",   "PWD",      "RANDOM", "LINENO", "SECONDS",
                                       "UID",  "REPLY", NULL};

static void command(stub_out *o, const stub_node *n, int level, int depth)
{
    const char *ix = stub_index(o, depth);
    switch (n->kind) {
    case STUB_READ: {
        char list[1024] = "";
        for (int i = 0; i < n->var_count; i++) {
            size_t l = strlen(list);
            const char *c = stub_var_comment(o, n->vars[i]);
            snprintf(list + l, sizeof list - l, " %s", stub_name(o, n->vars[i]));
            if (c && n->var_count > 1)
                stub_line(o, level, "# %s: %s", stub_name(o, n->vars[i]), c);
        }
        const char *c = n->var_count == 1 ? stub_var_comment(o, n->vars[0]) : NULL;
        stub_line(o, level, "read -r%s%s%s", list, c ? "  # " : "", c ? c : "");
        break;
    }
    case STUB_LOOP:
        stub_line(o, level, "for (( %s=0; %s<%s; %s++ )); do", ix, ix, stub_amount(o, n), ix);
        stub_block(o, n->body, level + 1, depth + 1, command);
        stub_line(o, level, "done");
        break;
    case STUB_LOOPLINE:
        stub_line(o, level, "read -r -a inputs");
        stub_line(o, level, "for (( %s=0; %s<%s; %s++ )); do", ix, ix, stub_amount(o, n), ix);
        for (int i = 0; i < n->var_count; i++) {
            const char *c = stub_var_comment(o, n->vars[i]);
            if (n->var_count == 1)
                stub_line(o, level + 1, "%s=\"${inputs[%s]}\"%s%s", stub_name(o, n->vars[i]), ix,
                          c ? "  # " : "", c ? c : "");
            else
                stub_line(o, level + 1, "%s=\"${inputs[%d*%s+%d]}\"%s%s", stub_name(o, n->vars[i]),
                          n->var_count, ix, i, c ? "  # " : "", c ? c : "");
        }
        stub_line(o, level, "done");
        break;
    case STUB_WRITE: {
        if (n->first_write)
            stub_answer_hint(o, level, "# ", "", "Write an answer with echo.",
                             "To debug: echo \"Debug messages...\" >&2");
        char text[1024];
        stub_interpolate(o, n, text, sizeof text, "${%s}", "$`");
        stub_line(o, level, "echo \"%s\"", text);
        break;
    }
    }
}

static const stub_frame frame = {
    .head = "#!/usr/bin/env bash\n",
    .doc_prefix = "# ",
    .main_open = "",
    .level = 0,
    .loop_comment = "# game loop",
    .loop_open = "while true; do",
    .loop_close = "done",
    .empty_turn = ":",
};

static void emit(const stub_program *p, stub_out *o)
{
    stub_emit_frame(p, o, &frame, command);
}

const stub_lang stub_lang_bash = {"bash", "sh shell", "Bash", "bot.sh", STUB_SNAKE, keywords, emit};
