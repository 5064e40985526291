// Lines of Action: join all your checkers into one connected group (neighbours
// touch by a side or a corner) before your opponent does. Each turn, answer one
// of the legal moves you are given, or random.

program Answer;
{$mode objfpc}{$H+}
uses SysUtils, Classes, Math;

var
    color: String;
    line: String;
    lastMove: String;
    moveCount: Int32;
    move: String;
    i: Int32;

begin
    ReadLn(color); // your colour, b (black, moves first) or w (white); first turn only

    // game loop
    while true do
    begin
        for i := 0 to 8 - 1 do
        begin
            ReadLn(line); // one board row, rank 8 first, files a to h: . empty, b black, w white
        end;
        ReadLn(lastMove); // the last move played (such as e2e3), pass, or null before any move
        ReadLn(moveCount); // how many legal moves follow
        for i := 0 to moveCount - 1 do
        begin
            ReadLn(move); // one legal move such as e2e3 (pass when you have no move)
        end;

        // Write an answer with WriteLn(); the Flush(Output) below sends it.
        // To debug: WriteLn(StdErr, 'Debug messages...');
        // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

        // A legal move such as e2e3 (a space and a short comment may follow), or random
        WriteLn('random');
        Flush(Output);
    end;
end.
