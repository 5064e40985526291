/* fuzz_bundle - the bundler's lexer on any C-like text: the line rewriter
 * (plain and compact), the file-scope name collectors and the function
 * finder of the pruning: never a crash or a read past the text; every
 * function span lies inside the text, in order. */
#include <stdint.h>

#include "fuzz.h"
#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "prune.h"
#include "strlist.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    bundle_strlist names = {0}, from = {0}, to = {0};
    bundle_collect_statics(text, size, &names);
    bundle_collect_globals(text, size, &names);
    bundle_collect_defined(text, size, &names);
    bundle_func *f = NULL;
    int nf = 0;
    if (bundle_functions(text, size, &f, &nf) == 0) {
        size_t last = 0;
        for (int i = 0; i < nf; i++) {
            if (f[i].start < last || f[i].end < f[i].start || f[i].end > size)
                abort();
            last = f[i].end;
        }
        free(f);
    }
    for (int compact = 0; compact <= 2; compact++) {
        bundle_lexstate st = {0};
        util_buf out = {0};
        const char *s = text, *end = text + size;
        while (s < end) {
            size_t n = bundle_line_len(s, end);
            bundle_transform(s, n, &st, &from, &to, compact, &out);
            s += n + (s + n < end);
        }
        free(out.s);
    }
    bundle_list_free(&names);
    free(text);
    return 0;
}
