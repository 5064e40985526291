/* game_impl.h - the replay_game handle, shared by the library's files. */
#ifndef REPLAY_GAME_IMPL_H
#define REPLAY_GAME_IMPL_H

#include <cjson/cJSON.h>

#include "replay/replay.h"

struct replay_game {
    cJSON *root;        /* the parsed record: the info's strings point into it */
    char *source;       /* copy of the name given to the parser */
    replay_info info;
    replay_ply *plies;  /* info.plies entries, plies[i] is ply i + 1 */
    replay_turn error_turn; /* info.error_turn points here when set */
};

#endif
