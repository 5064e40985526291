use std::io;

/// Reads one line of standard input, without its line end.
fn read_line() -> String {
    let mut line = String::new();
    io::stdin().read_line(&mut line).expect("input closed");
    line.trim_end_matches(&['\r', '\n'][..]).to_string()
}

/**
 * Lines of Action: join all your checkers into one connected group (neighbours
 * touch by a side or a corner) before your opponent does. Each turn, answer one
 * of the legal moves you are given, or random.
 **/
fn main() {
    let _color = read_line(); // your colour, b (black, moves first) or w (white); first turn only

    // game loop
    loop {
        for _ in 0..8 {
            let _line = read_line(); // one board row, rank 8 first, files a to h: . empty, b black, w white
        }
        let _last_move = read_line(); // the last move played (such as e2e3), pass, or null before any move
        let move_count = read_line().trim().parse::<i32>().unwrap(); // how many legal moves follow
        for _ in 0..move_count {
            let _move = read_line(); // one legal move such as e2e3 (pass when you have no move)
        }

        // Write an answer with println!() (stdout is line-buffered).
        // To debug: eprintln!("Debug messages...");
        // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

        // A legal move such as e2e3 (a space and a short comment may follow), or random
        println!("random");
    }
}
