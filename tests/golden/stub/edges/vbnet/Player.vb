Imports System
Imports System.Globalization

' Layouts the LOA and features stubs do not reach: no game loop, a long
' loop amount, a bool alone on its line, a reserved word as a name, quotes,
' a percent sign and a backslash in the answer.

Module Player

    Sub Main()
        Dim inputs As String()
        Dim n As Long = Long.Parse(Console.ReadLine())
        For i As Integer = 0 To CInt(n) - 1
            Dim v As Boolean = Console.ReadLine() <> "0"
        Next
        inputs = Console.ReadLine().Split(" "c)
        For i As Integer = 0 To CInt(n) - 1
            Dim p As Double = Double.Parse(inputs(i), CultureInfo.InvariantCulture)
        Next
        inputs = Console.ReadLine().Split(New Char() {" "c}, 2)
        Dim k As Integer = Integer.Parse(inputs(0))
        Dim s As String = inputs(1)
        Dim flag As Boolean = Console.ReadLine() <> "0"
        Dim end_ As String = Console.ReadLine()

        ' Write an answer with Console.WriteLine() (it flushes).
        ' To debug: Console.Error.WriteLine("Debug messages...")
        ' Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

        Console.WriteLine(n & " " & s & " " & end_ & " it's 100% \ done " & flag)
    End Sub
End Module
