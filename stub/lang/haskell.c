/* Haskell emitter: getLine, words and read, putStrLn with stdout
 * unbuffered; the game loop is `forever`. */
#include <stdio.h>

#include "stub.h"

static const char *const keywords[] = {"case",    "class",  "data",    "default", "deriving",
                                       "do",      "else",   "foreign", "if",      "import",
                                       "in",      "infix",  "infixl",  "infixr",  "instance",
                                       "let",     "module", "newtype", "of",      "then",
                                       "type",    "where",  "main",    "input",   "input_line",
                                       "forever", "read",   "show",    "words",   NULL};

static const char *htype(stub_type t)
{
    switch (t) {
    case STUB_INT:
    case STUB_LONG: return "Int";
    case STUB_FLOAT: return "Double";
    default: return NULL;
    }
}

static void assign(stub_out *o, int level, int var, const char *e)
{
    const char *c = stub_var_comment(o, var);
    stub_type t = stub_out_program(o)->vars[var].type;
    char v[256];
    if (htype(t))
        snprintf(v, sizeof v, "read %s :: %s", e, htype(t));
    else if (t == STUB_BOOL)
        snprintf(v, sizeof v, "%s /= \"0\"", e);
    else
        snprintf(v, sizeof v, "%s", e);
    stub_line(o, level, "let %s = %s%s%s", stub_name(o, var), v, c ? " -- " : "", c ? c : "");
}

/* Text variables as they are, others through show. */
static void var_expr(stub_out *o, int var, char *out, size_t size)
{
    stub_type t = stub_out_program(o)->vars[var].type;
    snprintf(out, size, "%s%s", t == STUB_WORD || t == STUB_STRING ? "" : "show ",
             stub_name(o, var));
}

static void command(stub_out *o, const stub_node *n, int level, int depth)
{
    const stub_program *p = stub_out_program(o);
    const char *ix = stub_index(o, depth);
    char e[64];
    switch (n->kind) {
    case STUB_READ: {
        int last = n->vars[n->var_count - 1];
        if (n->var_count == 1 &&
            (p->vars[last].type == STUB_WORD || p->vars[last].type == STUB_STRING)) {
            const char *c = stub_var_comment(o, last);
            stub_line(o, level, "%s <- getLine%s%s", stub_name(o, last), c ? " -- " : "",
                      c ? c : "");
            break;
        }
        stub_line(o, level, "input_line <- getLine");
        if (n->var_count == 1) {
            assign(o, level, last, "input_line");
            break;
        }
        stub_line(o, level, "let input = words input_line");
        for (int i = 0; i < n->var_count; i++) {
            if (i == n->var_count - 1 && p->vars[n->vars[i]].type == STUB_STRING)
                snprintf(e, sizeof e, "unwords (drop %d input)", i);
            else
                snprintf(e, sizeof e, "(input!!%d)", i);
            assign(o, level, n->vars[i], e);
        }
        break;
    }
    case STUB_LOOP:
        stub_line(o, level, "replicateM_ %s $ do", stub_amount(o, n));
        stub_block(o, n->body, level + 1, depth + 1, command);
        stub_line(o, level + 1, "return ()");
        break;
    case STUB_LOOPLINE:
        stub_line(o, level, "input_line <- getLine");
        stub_line(o, level, "let input = words input_line");
        stub_line(o, level, "forM_ [0..(%s-1)] $ \\%s -> do", stub_amount(o, n), ix);
        for (int i = 0; i < n->var_count; i++) {
            if (n->var_count == 1)
                snprintf(e, sizeof e, "(input!!%s)", ix);
            else
                snprintf(e, sizeof e, "(input!!(%d*%s+%d))", n->var_count, ix, i);
            assign(o, level + 1, n->vars[i], e);
        }
        stub_line(o, level + 1, "return ()");
        break;
    case STUB_WRITE: {
        if (n->first_write)
            stub_answer_hint(o, level, "-- ", "",
                             "Write an answer with putStrLn (stdout is unbuffered).",
                             "To debug: hPutStrLn stderr \"Debug messages...\"");
        char expr[1024];
        stub_concat(o, n, expr, sizeof expr, " ++ ", '"', NULL, var_expr);
        if (n->part_count == 1 && n->parts[0].var < 0)
            stub_line(o, level, "putStrLn %s", expr);
        else
            stub_line(o, level, "putStrLn (%s)", expr);
        break;
    }
    }
}

static const stub_frame frame = {
    .head = "import System.IO\n"
            "import Control.Monad\n",
    .doc_prefix = "-- ",
    .main_open = "\n"
                 "main :: IO ()\n"
                 "main = do\n"
                 "    hSetBuffering stdout NoBuffering -- answers must not wait in a buffer",
    .level = 1,
    .loop_comment = "-- game loop",
    .loop_open = "forever $ do",
    .turn_end = "return ()",
};

static void emit(const stub_program *p, stub_out *o)
{
    stub_emit_frame(p, o, &frame, command);
}

const stub_lang stub_lang_haskell = {"haskell",  "hs ghc", "Haskell", "Main.hs",
                                     STUB_CAMEL, keywords, emit};
