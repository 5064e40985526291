import java.util.*;
import java.io.*;

/**
 * Lines of Action: join all your checkers into one connected group (neighbours
 * touch by a side or a corner) before your opponent does. Each turn, answer one
 * of the legal moves you are given, or random.
 **/
class Player {

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String color = in.readLine(); // your colour, b (black, moves first) or w (white); first turn only

        // game loop
        while (true) {
            for (int i = 0; i < 8; i++) {
                String line = in.readLine(); // one board row, rank 8 first, files a to h: . empty, b black, w white
            }
            String lastMove = in.readLine(); // the last move played (such as e2e3), pass, or null before any move
            int moveCount = Integer.parseInt(in.readLine()); // how many legal moves follow
            for (int i = 0; i < moveCount; i++) {
                String move = in.readLine(); // one legal move such as e2e3 (pass when you have no move)
            }

            // Write an answer with System.out.println() (it flushes).
            // To debug: System.err.println("Debug messages...");
            // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

            // A legal move such as e2e3 (a space and a short comment may follow), or random
            System.out.println("random");
        }
    }
}
