/* The built-in Lines of Action stub (variables and types as on CodinGame;
 * the STATEMENT, INPUT and OUTPUT texts are this project's own words). */
#include "stub.h"

static const char loa_stub[] =
    "read color:word(1)\n"
    "\n"
    "gameloop\n"
    "loop 8 read line:word(8)\n"
    "read lastMove:word(4)\n"
    "read moveCount:int\n"
    "loop moveCount read move:word(4)\n"
    "write random\n"
    "\n"
    "STATEMENT\n"
    "Lines of Action: join all your checkers into one connected group (neighbours\n"
    "touch by a side or a corner) before your opponent does. Each turn, answer one\n"
    "of the legal moves you are given, or random.\n"
    "\n"
    "INPUT\n"
    "color: your colour, b (black, moves first) or w (white); first turn only\n"
    "line: one board row, rank 8 first, files a to h: . empty, b black, w white\n"
    "lastMove: the last move played (such as e2e3), pass, or null before any move\n"
    "moveCount: how many legal moves follow\n"
    "move: one legal move such as e2e3 (pass when you have no move)\n"
    "\n"
    "OUTPUT\n"
    "A legal move such as e2e3 (a space and a short comment may follow), or random\n";

const char *stub_loa_text(void)
{
    return loa_stub;
}
