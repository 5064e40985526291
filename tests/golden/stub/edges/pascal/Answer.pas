// Layouts the LOA and features stubs do not reach: no game loop, a long
// loop amount, a bool alone on its line, a reserved word as a name, quotes,
// a percent sign and a backslash in the answer.

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
    n: Int64;
    v: Boolean;
    p: Double;
    k: Int32;
    s: String;
    flag: Boolean;
    end_: String;
    i: Int32;
    Inputs: TStringList;

begin
    Inputs := TStringList.Create;
    ReadLn(n);
    for i := 0 to Int32(n) - 1 do
    begin
        ParseIn(Inputs);
        v := Inputs[0] <> '0';
    end;
    ParseIn(Inputs);
    for i := 0 to Int32(n) - 1 do
    begin
        p := StrToFloat(Inputs[i]);
    end;
    ParseIn(Inputs);
    k := StrToInt(Inputs[0]);
    s := Rest(Inputs, 1);
    ParseIn(Inputs);
    flag := Inputs[0] <> '0';
    ReadLn(end_);

    // Write an answer with WriteLn(); the Flush(Output) below sends it.
    // To debug: WriteLn(StdErr, 'Debug messages...');
    // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

    WriteLn(n, ' ', s, ' ', end_, ' it''s 100% \ done ', BoolToStr(flag, 'true', 'false'));
    Flush(Output);
end.
