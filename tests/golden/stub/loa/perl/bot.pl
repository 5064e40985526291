use strict;
use warnings;

$| = 1; # flush every answer

# Lines of Action: join all your checkers into one connected group (neighbours
# touch by a side or a corner) before your opponent does. Each turn, answer one
# of the legal moves you are given, or random.

chomp(my $color = <STDIN>); # your colour, b (black, moves first) or w (white); first turn only

# game loop
while (1) {
    for my $i (0..8-1) {
        chomp(my $line = <STDIN>); # one board row, rank 8 first, files a to h: . empty, b black, w white
    }
    chomp(my $last_move = <STDIN>); # the last move played (such as e2e3), pass, or null before any move
    chomp(my $move_count = <STDIN>); # how many legal moves follow
    for my $i (0..$move_count-1) {
        chomp(my $move = <STDIN>); # one legal move such as e2e3 (pass when you have no move)
    }

    # Write an answer with print; keep the \n ($| = 1 flushes it).
    # To debug: print STDERR "Debug messages...\n";
    # Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

    # A legal move such as e2e3 (a space and a short comment may follow), or random
    print "random\n";
}
