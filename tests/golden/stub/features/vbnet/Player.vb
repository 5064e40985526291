Imports System
Imports System.Globalization

' A stub that uses every construct of the language,
' so that the golden files pin each emitter's handling of it.

Module Player

    Sub Main()
        Dim inputs As String()
        inputs = Console.ReadLine().Split(" "c)
        Dim width As Integer = Integer.Parse(inputs(0)) ' grid width
        Dim height As Integer = Integer.Parse(inputs(1))
        Dim playerName As String = Console.ReadLine() ' your name (may hold spaces)
        inputs = Console.ReadLine().Split(" "c)
        Dim seed As Long = Long.Parse(inputs(0))
        Dim ratio As Double = Double.Parse(inputs(1), CultureInfo.InvariantCulture)
        Dim ready As Boolean = inputs(2) <> "0" ' 1 when ready
        For i As Integer = 0 To height - 1
            Dim row As String = Console.ReadLine() ' one grid row
        Next
        inputs = Console.ReadLine().Split(New Char() {" "c}, 3)
        Dim count As Integer = Integer.Parse(inputs(0))
        Dim label As String = inputs(1)
        Dim caption As String = inputs(2)
        inputs = Console.ReadLine().Split(" "c)
        For i As Integer = 0 To count - 1
            Dim x As Integer = Integer.Parse(inputs(2 * i + 0)) ' a column
            Dim y As Integer = Integer.Parse(inputs(2 * i + 1))
        Next
        inputs = Console.ReadLine().Split(" "c)
        For i As Integer = 0 To width - 1
            Dim cell As String = inputs(i)
        Next

        ' game loop
        While True
            Dim turns As Integer = Integer.Parse(Console.ReadLine()) ' how many turns follow
            For i As Integer = 0 To turns - 1
                For j As Integer = 0 To 2 - 1
                    inputs = Console.ReadLine().Split(" "c)
                    Dim a As Integer = Integer.Parse(inputs(0))
                    Dim b As Double = Double.Parse(inputs(1), CultureInfo.InvariantCulture)
                Next
            Next
            For i As Integer = 0 To 2 - 1
                count = Integer.Parse(Console.ReadLine())
            Next
            For i As Integer = 0 To 2 - 1

                ' Write an answer with Console.WriteLine() (it flushes).
                ' To debug: Console.Error.WriteLine("Debug messages...")
                ' Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

                ' MOVE <turns> <label> <ratio> <ready>
                Console.WriteLine("hello ""world"" {1}")
            Next
            Console.WriteLine("MOVE " & turns & " " & label & " " & ratio.ToString(CultureInfo.InvariantCulture) & " " & ready)
        End While
    End Sub
End Module
