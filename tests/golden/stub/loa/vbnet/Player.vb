Imports System
Imports System.Globalization

' Lines of Action: join all your checkers into one connected group (neighbours
' touch by a side or a corner) before your opponent does. Each turn, answer one
' of the legal moves you are given, or random.

Module Player

    Sub Main()
        Dim color As String = Console.ReadLine() ' your colour, b (black, moves first) or w (white); first turn only

        ' game loop
        While True
            For i As Integer = 0 To 8 - 1
                Dim line As String = Console.ReadLine() ' one board row, rank 8 first, files a to h: . empty, b black, w white
            Next
            Dim lastMove As String = Console.ReadLine() ' the last move played (such as e2e3), pass, or null before any move
            Dim moveCount As Integer = Integer.Parse(Console.ReadLine()) ' how many legal moves follow
            For i As Integer = 0 To moveCount - 1
                Dim move As String = Console.ReadLine() ' one legal move such as e2e3 (pass when you have no move)
            Next

            ' Write an answer with Console.WriteLine() (it flushes).
            ' To debug: Console.Error.WriteLine("Debug messages...")
            ' Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

            ' A legal move such as e2e3 (a space and a short comment may follow), or random
            Console.WriteLine("random")
        End While
    End Sub
End Module
