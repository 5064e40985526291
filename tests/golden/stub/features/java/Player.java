import java.util.*;
import java.io.*;

/**
 * A stub that uses every construct of the language,
 * so that the golden files pin each emitter's handling of it.
 **/
class Player {

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String[] inputs;
        inputs = in.readLine().split(" ");
        int width = Integer.parseInt(inputs[0]); // grid width
        int height = Integer.parseInt(inputs[1]);
        String playerName = in.readLine(); // your name (may hold spaces)
        inputs = in.readLine().split(" ");
        long seed = Long.parseLong(inputs[0]);
        double ratio = Double.parseDouble(inputs[1]);
        boolean ready = !inputs[2].equals("0"); // 1 when ready
        for (int i = 0; i < height; i++) {
            String row = in.readLine(); // one grid row
        }
        inputs = in.readLine().split(" ", 3);
        int count = Integer.parseInt(inputs[0]);
        String label = inputs[1];
        String caption = inputs[2];
        inputs = in.readLine().split(" ");
        for (int i = 0; i < count; i++) {
            int x = Integer.parseInt(inputs[2 * i + 0]); // a column
            int y = Integer.parseInt(inputs[2 * i + 1]);
        }
        inputs = in.readLine().split(" ");
        for (int i = 0; i < width; i++) {
            String cell = inputs[i];
        }

        // game loop
        while (true) {
            int turns = Integer.parseInt(in.readLine()); // how many turns follow
            for (int i = 0; i < turns; i++) {
                for (int j = 0; j < 2; j++) {
                    inputs = in.readLine().split(" ");
                    int a = Integer.parseInt(inputs[0]);
                    double b = Double.parseDouble(inputs[1]);
                }
            }
            for (int i = 0; i < 2; i++) {
                count = Integer.parseInt(in.readLine());
            }
            for (int i = 0; i < 2; i++) {

                // Write an answer with System.out.println() (it flushes).
                // To debug: System.err.println("Debug messages...");
                // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

                // MOVE <turns> <label> <ratio> <ready>
                System.out.println("hello \"world\" {1}");
            }
            System.out.println("MOVE " + turns + " " + label + " " + ratio + " " + ready);
        }
    }
}
