/* fuzz_stub - loa-stub's parser on any stub text, and every language's
 * generator on what it accepts: never a crash. */
#include <stdint.h>

#include "fuzz.h"
#include <stdlib.h>
#include <string.h>

#include "stub.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    stub_program *p = NULL;
    stub_diag d;
    if (stub_parse(text, &p, &d) == 0) {
        int n = 0;
        const stub_lang *const *langs = stub_languages(&n);
        for (int i = 0; i < n; i++) {
            char *code = NULL;
            stub_generate(p, langs[i], &code);
            free(code);
        }
        stub_program_free(p);
    }
    free(text);
    return 0;
}
