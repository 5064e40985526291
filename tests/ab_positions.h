/*
 * Positions (board strings, rank 8 first) shared by the suites of loa-ab
 * and the bundled bots (check_bots, check_ab_search, check_ab_audit,
 * check_ab_case).
 */
#ifndef AB_POSITIONS_H
#define AB_POSITIONS_H

/* Black d7d5 joins d4 e4 f4: a win in one among 20-odd moves. */
#define POS_WIN_IN_ONE \
    "w......w/...b..../......../......../...bbb../......../......../w....... b 20"
/* White threatens d7d5 (joining d4 e4). Black's capture g7xd7 leaves white
 * d4 e4 connected: a loss too. Black must block column d or break the pair. */
#define POS_LOSS_IN_ONE \
    "......../.b.w..b./......../......../...ww.../......../.b....b./........ b 20"
/* A middle-game position reached by play (24 plies; the last bench position). */
#define POS_MIDDLE "..b...../......w./......bw/..bbw.b./wb...w../.b.bww../.b.wb.../.w..b... b 24"
/* The position of issue 35's lost game at ply 35, black to move: d2g5 lets
 * white connect with a4b3; 22 of the 23 moves allow no connection. From an
 * empty table, depth 15 fails low three times and its fourth window
 * searches d2g5 first (the table's move of the failed windows), a loss. */
#define POS_TRAP ".bb...../.bw...../..bww.../.bww.bw./w.bww.b./..w.bb../...b..../........ b 34"

#endif
