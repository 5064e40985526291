<?php
/**
 * Layouts the LOA and features stubs do not reach: no game loop, a long
 * loop amount, a bool alone on its line, a reserved word as a name, quotes,
 * a percent sign and a backslash in the answer.
 **/

fscanf(STDIN, "%d", $n);
for ($i = 0; $i < $n; $i++)
{
    fscanf(STDIN, "%d", $v);
}
$inputs = explode(" ", trim(fgets(STDIN)));
for ($i = 0; $i < $n; $i++)
{
    $p = floatval($inputs[$i]);
}
$inputs = explode(" ", rtrim(fgets(STDIN), "\r\n"), 2);
$k = intval($inputs[0]);
$s = $inputs[1];
fscanf(STDIN, "%d", $flag);
fscanf(STDIN, "%s", $end);

// Write an answer with echo(); keep the \n.
// To debug: error_log(var_export($var, true));
// Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

echo("{$n} {$s} {$end} it's 100% \\ done {$flag}\n");
