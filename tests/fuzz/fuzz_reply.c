/* fuzz_reply - an analysing engine's answer line (any bytes, cut at the
 * first NUL) read for the start position: never a crash; an answer it
 * accepts has a legal move and a legal line starting with it. */
#include <stdint.h>

#include "fuzz.h"
#include <stdlib.h>
#include <string.h>

#include "analysis/engine.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char line[ANALYSIS_LINE_MAX + 1], err[512];
    size_t n = size < ANALYSIS_LINE_MAX ? size : ANALYSIS_LINE_MAX;
    memcpy(line, data, n);
    line[n] = '\0';
    loa_board b;
    loa_board_init(&b);
    analysis_reply r;
    if (analysis_reply_parse(line, &b, &r, err, sizeof err) != 0)
        return 0;
    if (!loa_is_legal(&b, r.best) || (r.pv_len && r.pv[0] != r.best) ||
        r.pv_len > REPLAY_ANALYSIS_PV_MAX)
        abort();
    for (int i = 0; i < r.pv_len; i++) {
        if (!loa_is_legal(&b, r.pv[i]))
            abort();
        loa_make_move(&b, r.pv[i], NULL);
    }
    return 0;
}
