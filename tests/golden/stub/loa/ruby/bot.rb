STDOUT.sync = true # flush every answer

# Lines of Action: join all your checkers into one connected group (neighbours
# touch by a side or a corner) before your opponent does. Each turn, answer one
# of the legal moves you are given, or random.

color = gets.chomp # your colour, b (black, moves first) or w (white); first turn only

# game loop
loop do
  8.times do
    line = gets.chomp # one board row, rank 8 first, files a to h: . empty, b black, w white
  end
  last_move = gets.chomp # the last move played (such as e2e3), pass, or null before any move
  move_count = gets.to_i # how many legal moves follow
  move_count.times do
    move = gets.chomp # one legal move such as e2e3 (pass when you have no move)
  end

  # Write an answer with puts (STDOUT.sync flushes it).
  # To debug: STDERR.puts "Debug messages..."
  # Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

  # A legal move such as e2e3 (a space and a short comment may follow), or random
  puts "random"
end
