import 'dart:io';
import 'dart:math';

/**
 * Layouts the LOA and features stubs do not reach: no game loop, a long
 * loop amount, a bool alone on its line, a reserved word as a name, quotes,
 * a percent sign and a backslash in the answer.
 **/
void main() {
    List<String> inputs;
    int n = int.parse(stdin.readLineSync()!);
    for (int i = 0; i < n; i++) {
        bool v = stdin.readLineSync()! != '0';
    }
    inputs = stdin.readLineSync()!.split(' ');
    for (int i = 0; i < n; i++) {
        double p = double.parse(inputs[i]);
    }
    inputs = stdin.readLineSync()!.split(' ');
    int k = int.parse(inputs[0]);
    String s = inputs.sublist(1).join(' ');
    bool flag = stdin.readLineSync()! != '0';
    String end = stdin.readLineSync()!;

    // Write an answer with print().
    // To debug: stderr.writeln('Debug messages...');
    // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

    print("${n} ${s} ${end} it's 100% \\ done ${flag}");
}
