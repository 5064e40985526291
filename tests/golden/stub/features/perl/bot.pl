use strict;
use warnings;

$| = 1; # flush every answer

# A stub that uses every construct of the language,
# so that the golden files pin each emitter's handling of it.

my ($inputs, @inputs);
# $width: grid width
chomp($inputs = <STDIN>);
my ($width, $height) = split(/ /, $inputs, 2);
chomp(my $player_name = <STDIN>); # your name (may hold spaces)
# $ready: 1 when ready
chomp($inputs = <STDIN>);
my ($seed, $ratio, $ready) = split(/ /, $inputs, 3);
for my $i (0..$height-1) {
    chomp(my $row = <STDIN>); # one grid row
}
chomp($inputs = <STDIN>);
my ($count, $label, $caption) = split(/ /, $inputs, 3);
chomp($inputs = <STDIN>);
@inputs = split(/ /, $inputs);
for my $i (0..$count-1) {
    my $x = $inputs[2 * $i + 0]; # a column
    my $y = $inputs[2 * $i + 1];
}
chomp($inputs = <STDIN>);
@inputs = split(/ /, $inputs);
for my $i (0..$width-1) {
    my $cell = $inputs[$i];
}

# game loop
while (1) {
    chomp(my $turns = <STDIN>); # how many turns follow
    for my $i (0..$turns-1) {
        for my $j (0..2-1) {
            chomp($inputs = <STDIN>);
            my ($a_, $b_) = split(/ /, $inputs, 2);
        }
    }
    for my $i (0..2-1) {
        chomp(my $count = <STDIN>);
    }
    for my $i (0..2-1) {

        # Write an answer with print; keep the \n ($| = 1 flushes it).
        # To debug: print STDERR "Debug messages...\n";
        # Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

        # MOVE <turns> <label> <ratio> <ready>
        print "hello \"world\" {1}\n";
    }
    print "MOVE ${turns} ${label} ${ratio} ${ready}\n";
}
