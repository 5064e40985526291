<?php
/**
 * A stub that uses every construct of the language,
 * so that the golden files pin each emitter's handling of it.
 **/

// $width: grid width
fscanf(STDIN, "%d %d", $width, $height);
$playerName = stream_get_line(STDIN, 64 + 1, "\n"); // your name (may hold spaces)
// $ready: 1 when ready
fscanf(STDIN, "%d %f %d", $seed, $ratio, $ready);
for ($i = 0; $i < $height; $i++)
{
    fscanf(STDIN, "%s", $row); // one grid row
}
$inputs = explode(" ", rtrim(fgets(STDIN), "\r\n"), 3);
$count = intval($inputs[0]);
$label = $inputs[1];
$caption = $inputs[2];
$inputs = explode(" ", trim(fgets(STDIN)));
for ($i = 0; $i < $count; $i++)
{
    $x = intval($inputs[2 * $i + 0]); // a column
    $y = intval($inputs[2 * $i + 1]);
}
$inputs = explode(" ", trim(fgets(STDIN)));
for ($i = 0; $i < $width; $i++)
{
    $cell = $inputs[$i];
}

// game loop
while (TRUE)
{
    fscanf(STDIN, "%d", $turns); // how many turns follow
    for ($i = 0; $i < $turns; $i++)
    {
        for ($j = 0; $j < 2; $j++)
        {
            fscanf(STDIN, "%d %f", $a, $b);
        }
    }
    for ($i = 0; $i < 2; $i++)
    {
        fscanf(STDIN, "%d", $count);
    }
    for ($i = 0; $i < 2; $i++)
    {

        // Write an answer with echo(); keep the \n.
        // To debug: error_log(var_export($var, true));
        // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

        // MOVE <turns> <label> <ratio> <ready>
        echo("hello \"world\" {1}\n");
    }
    echo("MOVE {$turns} {$label} {$ratio} {$ready}\n");
}
