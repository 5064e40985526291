STDOUT.sync = true # flush every answer

# Layouts the LOA and features stubs do not reach: no game loop, a long
# loop amount, a bool alone on its line, a reserved word as a name, quotes,
# a percent sign and a backslash in the answer.

n = gets.to_i
n.times do
  v = gets.to_i == 1
end
inputs = gets.split(" ")
n.times do |i|
  p = inputs[i].to_f
end
inputs = gets.chomp.split(" ", 2)
k = inputs[0].to_i
s = inputs[1]
flag = gets.to_i == 1
end_ = gets.chomp

# Write an answer with puts (STDOUT.sync flushes it).
# To debug: STDERR.puts "Debug messages..."
# Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

puts "#{n} #{s} #{end_} it's 100% \\ done #{flag}"
