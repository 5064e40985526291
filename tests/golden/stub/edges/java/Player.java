import java.util.*;
import java.io.*;

/**
 * Layouts the LOA and features stubs do not reach: no game loop, a long
 * loop amount, a bool alone on its line, a reserved word as a name, quotes,
 * a percent sign and a backslash in the answer.
 **/
class Player {

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String[] inputs;
        long n = Long.parseLong(in.readLine());
        for (int i = 0; i < n; i++) {
            boolean v = !in.readLine().equals("0");
        }
        inputs = in.readLine().split(" ");
        for (int i = 0; i < n; i++) {
            double p = Double.parseDouble(inputs[i]);
        }
        inputs = in.readLine().split(" ", 2);
        int k = Integer.parseInt(inputs[0]);
        String s = inputs[1];
        boolean flag = !in.readLine().equals("0");
        String end = in.readLine();

        // Write an answer with System.out.println() (it flushes).
        // To debug: System.err.println("Debug messages...");
        // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

        System.out.println(n + " " + s + " " + end + " it's 100% \\ done " + flag);
    }
}
