import 'dart:io';
import 'dart:math';

/**
 * Lines of Action: join all your checkers into one connected group (neighbours
 * touch by a side or a corner) before your opponent does. Each turn, answer one
 * of the legal moves you are given, or random.
 **/
void main() {
    String color = stdin.readLineSync()!; // your colour, b (black, moves first) or w (white); first turn only

    // game loop
    while (true) {
        for (int i = 0; i < 8; i++) {
            String line = stdin.readLineSync()!; // one board row, rank 8 first, files a to h: . empty, b black, w white
        }
        String lastMove = stdin.readLineSync()!; // the last move played (such as e2e3), pass, or null before any move
        int moveCount = int.parse(stdin.readLineSync()!); // how many legal moves follow
        for (int i = 0; i < moveCount; i++) {
            String move = stdin.readLineSync()!; // one legal move such as e2e3 (pass when you have no move)
        }

        // Write an answer with print().
        // To debug: stderr.writeln('Debug messages...');
        // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

        // A legal move such as e2e3 (a space and a short comment may follow), or random
        print("random");
    }
}
