/**
 * Lines of Action: join all your checkers into one connected group (neighbours
 * touch by a side or a corner) before your opponent does. Each turn, answer one
 * of the legal moves you are given, or random.
 **/

// CodinGame provides readline(); elsewhere (plain Node.js) read stdin.
const readLine = typeof readline === 'function' ? readline : stdinReader();

const color = readLine(); // your colour, b (black, moves first) or w (white); first turn only

// game loop
while (true) {
    for (let i = 0; i < 8; i++) {
        const line = readLine(); // one board row, rank 8 first, files a to h: . empty, b black, w white
    }
    const lastMove = readLine(); // the last move played (such as e2e3), pass, or null before any move
    const moveCount = parseInt(readLine()); // how many legal moves follow
    for (let i = 0; i < moveCount; i++) {
        const move = readLine(); // one legal move such as e2e3 (pass when you have no move)
    }

    // Write an answer with console.log().
    // To debug: console.error('Debug messages...');
    // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

    // A legal move such as e2e3 (a space and a short comment may follow), or random
    console.log('random');
}

/** A synchronous line reader of standard input, for Node.js. */
function stdinReader() {
    const fs = require('fs');
    const buf = Buffer.alloc(65536);
    let pending = '';
    return function () {
        for (;;) {
            const nl = pending.indexOf('\n');
            if (nl >= 0) {
                const line = pending.slice(0, nl);
                pending = pending.slice(nl + 1);
                return line.endsWith('\r') ? line.slice(0, -1) : line;
            }
            let n = 0;
            try {
                n = fs.readSync(0, buf, 0, buf.length, null);
            } catch (e) {
                if (e.code === 'EAGAIN') continue;
                if (e.code !== 'EOF') throw e;
            }
            if (n === 0) process.exit(0); // input closed: the game is over
            pending += buf.toString('utf8', 0, n);
        }
    };
}
