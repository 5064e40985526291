/* fuzz_league - the league-file reader on any bytes (not NUL-terminated):
 * never a crash, an out-of-range conversion (UBSan) or a read past the
 * given length; a message names the file. */
#include <stdint.h>

#include "fuzz.h"
#include <stdlib.h>
#include <string.h>

#include "core/text.h"
#include "league/league_file.h"
#include "league/settings.h"
#include "league/settings_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* an exact copy: ASan sees any read past size */
    char *text = malloc(size ? size : 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    arena_settings s;
    arena_settings_init(&s);
    char err[512];
    if (arena_settings_load_text(&s, text, size, "l.json", ".", err, sizeof err) == 0) {
        if (!s.out_dir)
            arena_set_string(&s.out_dir, "o");
        arena_settings_validate(&s, err, sizeof err);
    } else if (!strstr(err, "l.json")) {
        abort();
    }
    arena_settings_clear(&s);
    free(text);
    return 0;
}
