use std::io;

/// Reads one line of standard input, without its line end.
fn read_line() -> String {
    let mut line = String::new();
    io::stdin().read_line(&mut line).expect("input closed");
    line.trim_end_matches(&['\r', '\n'][..]).to_string()
}

/**
 * Layouts the LOA and features stubs do not reach: no game loop, a long
 * loop amount, a bool alone on its line, a reserved word as a name, quotes,
 * a percent sign and a backslash in the answer.
 **/
fn main() {
    let n = read_line().trim().parse::<i64>().unwrap();
    for _ in 0..n {
        let _v = read_line().trim() != "0";
    }
    let inputs = read_line();
    let inputs: Vec<&str> = inputs.split(' ').collect();
    for i in 0..n as usize {
        let _p = inputs[i].trim().parse::<f64>().unwrap();
    }
    let inputs = read_line();
    let inputs: Vec<&str> = inputs.splitn(2, ' ').collect();
    let _k = inputs[0].trim().parse::<i32>().unwrap();
    let s = inputs[1].to_string();
    let flag = read_line().trim() != "0";
    let end = read_line();

    // Write an answer with println!() (stdout is line-buffered).
    // To debug: eprintln!("Debug messages...");
    // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

    println!("{} {} {} it's 100% \\ done {}", n, s, end, flag);
}
