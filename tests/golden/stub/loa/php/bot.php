<?php
/**
 * Lines of Action: join all your checkers into one connected group (neighbours
 * touch by a side or a corner) before your opponent does. Each turn, answer one
 * of the legal moves you are given, or random.
 **/

fscanf(STDIN, "%s", $color); // your colour, b (black, moves first) or w (white); first turn only

// game loop
while (TRUE)
{
    for ($i = 0; $i < 8; $i++)
    {
        fscanf(STDIN, "%s", $line); // one board row, rank 8 first, files a to h: . empty, b black, w white
    }
    fscanf(STDIN, "%s", $lastMove); // the last move played (such as e2e3), pass, or null before any move
    fscanf(STDIN, "%d", $moveCount); // how many legal moves follow
    for ($i = 0; $i < $moveCount; $i++)
    {
        fscanf(STDIN, "%s", $move); // one legal move such as e2e3 (pass when you have no move)
    }

    // Write an answer with echo(); keep the \n.
    // To debug: error_log(var_export($var, true));
    // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

    // A legal move such as e2e3 (a space and a short comment may follow), or random
    echo("random\n");
}
