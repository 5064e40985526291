use std::io;

/// Reads one line of standard input, without its line end.
fn read_line() -> String {
    let mut line = String::new();
    io::stdin().read_line(&mut line).expect("input closed");
    line.trim_end_matches(&['\r', '\n'][..]).to_string()
}

/**
 * A stub that uses every construct of the language,
 * so that the golden files pin each emitter's handling of it.
 **/
fn main() {
    let inputs = read_line();
    let inputs: Vec<&str> = inputs.splitn(2, ' ').collect();
    let width = inputs[0].trim().parse::<i32>().unwrap(); // grid width
    let height = inputs[1].trim().parse::<i32>().unwrap();
    let _player_name = read_line(); // your name (may hold spaces)
    let inputs = read_line();
    let inputs: Vec<&str> = inputs.splitn(3, ' ').collect();
    let _seed = inputs[0].trim().parse::<i64>().unwrap();
    let ratio = inputs[1].trim().parse::<f64>().unwrap();
    let ready = inputs[2].trim() != "0"; // 1 when ready
    for _ in 0..height {
        let _row = read_line(); // one grid row
    }
    let inputs = read_line();
    let inputs: Vec<&str> = inputs.splitn(3, ' ').collect();
    let count = inputs[0].trim().parse::<i32>().unwrap();
    let label = inputs[1].to_string();
    let _caption = inputs[2].to_string();
    let inputs = read_line();
    let inputs: Vec<&str> = inputs.split(' ').collect();
    for i in 0..count as usize {
        let _x = inputs[2 * i + 0].trim().parse::<i32>().unwrap(); // a column
        let _y = inputs[2 * i + 1].trim().parse::<i32>().unwrap();
    }
    let inputs = read_line();
    let inputs: Vec<&str> = inputs.split(' ').collect();
    for i in 0..width as usize {
        let _cell = inputs[i].to_string();
    }

    // game loop
    loop {
        let turns = read_line().trim().parse::<i32>().unwrap(); // how many turns follow
        for _ in 0..turns {
            for _ in 0..2 {
                let inputs = read_line();
                let inputs: Vec<&str> = inputs.splitn(2, ' ').collect();
                let _a = inputs[0].trim().parse::<i32>().unwrap();
                let _b = inputs[1].trim().parse::<f64>().unwrap();
            }
        }
        for _ in 0..2 {
            let _count = read_line().trim().parse::<i32>().unwrap();
        }
        for _ in 0..2 {

            // Write an answer with println!() (stdout is line-buffered).
            // To debug: eprintln!("Debug messages...");
            // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

            // MOVE <turns> <label> <ratio> <ready>
            println!("hello \"world\" {{1}}");
        }
        println!("MOVE {} {} {} {}", turns, label, ratio, ready);
    }
}
