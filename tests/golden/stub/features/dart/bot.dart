import 'dart:io';
import 'dart:math';

/**
 * A stub that uses every construct of the language,
 * so that the golden files pin each emitter's handling of it.
 **/
void main() {
    List<String> inputs;
    inputs = stdin.readLineSync()!.split(' ');
    int width = int.parse(inputs[0]); // grid width
    int height = int.parse(inputs[1]);
    String playerName = stdin.readLineSync()!; // your name (may hold spaces)
    inputs = stdin.readLineSync()!.split(' ');
    int seed = int.parse(inputs[0]);
    double ratio = double.parse(inputs[1]);
    bool ready = inputs[2] != '0'; // 1 when ready
    for (int i = 0; i < height; i++) {
        String row = stdin.readLineSync()!; // one grid row
    }
    inputs = stdin.readLineSync()!.split(' ');
    int count = int.parse(inputs[0]);
    String label = inputs[1];
    String caption = inputs.sublist(2).join(' ');
    inputs = stdin.readLineSync()!.split(' ');
    for (int i = 0; i < count; i++) {
        int x = int.parse(inputs[2 * i + 0]); // a column
        int y = int.parse(inputs[2 * i + 1]);
    }
    inputs = stdin.readLineSync()!.split(' ');
    for (int i = 0; i < width; i++) {
        String cell = inputs[i];
    }

    // game loop
    while (true) {
        int turns = int.parse(stdin.readLineSync()!); // how many turns follow
        for (int i = 0; i < turns; i++) {
            for (int j = 0; j < 2; j++) {
                inputs = stdin.readLineSync()!.split(' ');
                int a = int.parse(inputs[0]);
                double b = double.parse(inputs[1]);
            }
        }
        for (int i = 0; i < 2; i++) {
            count = int.parse(stdin.readLineSync()!);
        }
        for (int i = 0; i < 2; i++) {

            // Write an answer with print().
            // To debug: stderr.writeln('Debug messages...');
            // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

            // MOVE <turns> <label> <ratio> <ready>
            print("hello \"world\" {1}");
        }
        print("MOVE ${turns} ${label} ${ratio} ${ready}");
    }
}
