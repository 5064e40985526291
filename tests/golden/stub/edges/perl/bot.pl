use strict;
use warnings;

$| = 1; # flush every answer

# Layouts the LOA and features stubs do not reach: no game loop, a long
# loop amount, a bool alone on its line, a reserved word as a name, quotes,
# a percent sign and a backslash in the answer.

my ($inputs, @inputs);
chomp(my $n = <STDIN>);
for my $i (0..$n-1) {
    chomp(my $v = <STDIN>);
}
chomp($inputs = <STDIN>);
@inputs = split(/ /, $inputs);
for my $i (0..$n-1) {
    my $p = $inputs[$i];
}
chomp($inputs = <STDIN>);
my ($k, $s) = split(/ /, $inputs, 2);
chomp(my $flag = <STDIN>);
chomp(my $end = <STDIN>);

# Write an answer with print; keep the \n ($| = 1 flushes it).
# To debug: print STDERR "Debug messages...\n";
# Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

print "${n} ${s} ${end} it's 100% \\ done ${flag}\n";
