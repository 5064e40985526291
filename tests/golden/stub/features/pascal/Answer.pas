// A stub that uses every construct of the language,
// so that the golden files pin each emitter's handling of it.

program Answer;
{$mode objfpc}{$H+}
uses SysUtils, Classes, Math;

// Reads one input line into Inputs, split at single spaces.
procedure ParseIn(Inputs: TStrings);
var
    Line: String;
    Start, K: Int32;
begin
    ReadLn(Line);
    Inputs.Clear;
    Start := 1;
    for K := 1 to Length(Line) + 1 do
        if (K > Length(Line)) or (Line[K] = ' ') then
        begin
            Inputs.Add(Copy(Line, Start, K - Start));
            Start := K + 1;
        end;
end;

// The fields of Inputs from number From on, joined by spaces: the rest
// of the line.
function Rest(Inputs: TStrings; From: Int32): String;
var
    K: Int32;
begin
    Result := Inputs[From];
    for K := From + 1 to Inputs.Count - 1 do
        Result := Result + ' ' + Inputs[K];
end;

var
    width: Int32;
    height: Int32;
    playerName: String;
    seed: Int64;
    ratio: Double;
    ready: Boolean;
    row: String;
    count: Int32;
    label_: String;
    caption: String;
    x: Int32;
    y: Int32;
    cell: String;
    turns: Int32;
    a: Int32;
    b: Double;
    i: Int32;
    j: Int32;
    Inputs: TStringList;

begin
    Inputs := TStringList.Create;
    ParseIn(Inputs);
    width := StrToInt(Inputs[0]); // grid width
    height := StrToInt(Inputs[1]);
    ReadLn(playerName); // your name (may hold spaces)
    ParseIn(Inputs);
    seed := StrToInt64(Inputs[0]);
    ratio := StrToFloat(Inputs[1]);
    ready := Inputs[2] <> '0'; // 1 when ready
    for i := 0 to height - 1 do
    begin
        ReadLn(row); // one grid row
    end;
    ParseIn(Inputs);
    count := StrToInt(Inputs[0]);
    label_ := Inputs[1];
    caption := Rest(Inputs, 2);
    ParseIn(Inputs);
    for i := 0 to count - 1 do
    begin
        x := StrToInt(Inputs[2 * i + 0]); // a column
        y := StrToInt(Inputs[2 * i + 1]);
    end;
    ParseIn(Inputs);
    for i := 0 to width - 1 do
    begin
        cell := Inputs[i];
    end;

    // game loop
    while true do
    begin
        ReadLn(turns); // how many turns follow
        for i := 0 to turns - 1 do
        begin
            for j := 0 to 2 - 1 do
            begin
                ParseIn(Inputs);
                a := StrToInt(Inputs[0]);
                b := StrToFloat(Inputs[1]);
            end;
        end;
        for i := 0 to 2 - 1 do
        begin
            ReadLn(count);
        end;
        for i := 0 to 2 - 1 do
        begin

            // Write an answer with WriteLn(); the Flush(Output) below sends it.
            // To debug: WriteLn(StdErr, 'Debug messages...');
            // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

            // MOVE <turns> <label> <ratio> <ready>
            WriteLn('hello "world" {1}');
        end;
        WriteLn('MOVE ', turns, ' ', label_, ' ', FloatToStr(ratio), ' ', BoolToStr(ready, 'true', 'false'));
        Flush(Output);
    end;
end.
