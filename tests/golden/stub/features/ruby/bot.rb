STDOUT.sync = true # flush every answer

# A stub that uses every construct of the language,
# so that the golden files pin each emitter's handling of it.

inputs = gets.split(" ")
width = inputs[0].to_i # grid width
height = inputs[1].to_i
player_name = gets.chomp # your name (may hold spaces)
inputs = gets.split(" ")
seed = inputs[0].to_i
ratio = inputs[1].to_f
ready = inputs[2].to_i == 1 # 1 when ready
height.times do
  row = gets.chomp # one grid row
end
inputs = gets.chomp.split(" ", 3)
count = inputs[0].to_i
label = inputs[1]
caption = inputs[2]
inputs = gets.split(" ")
count.times do |i|
  x = inputs[2 * i + 0].to_i # a column
  y = inputs[2 * i + 1].to_i
end
inputs = gets.split(" ")
width.times do |i|
  cell = inputs[i]
end

# game loop
loop do
  turns = gets.to_i # how many turns follow
  turns.times do
    2.times do
      inputs = gets.split(" ")
      a = inputs[0].to_i
      b = inputs[1].to_f
    end
  end
  2.times do
    count = gets.to_i
  end
  2.times do

    # Write an answer with puts (STDOUT.sync flushes it).
    # To debug: STDERR.puts "Debug messages..."
    # Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

    # MOVE <turns> <label> <ratio> <ready>
    puts "hello \"world\" {1}"
  end
  puts "MOVE #{turns} #{label} #{ratio} #{ready}"
end
