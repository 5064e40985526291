/**
 * Layouts the LOA and features stubs do not reach: no game loop, a long
 * loop amount, a bool alone on its line, a reserved word as a name, quotes,
 * a percent sign and a backslash in the answer.
 **/

// CodinGame provides readline(); elsewhere (plain Node.js) read stdin.
const readLine = typeof readline === 'function' ? readline : stdinReader();
let inputs;

const n = parseInt(readLine());
for (let i = 0; i < n; i++) {
    const v = readLine() !== '0';
}
inputs = readLine().split(' ');
for (let i = 0; i < n; i++) {
    const p = parseFloat(inputs[i]);
}
inputs = readLine().split(' ');
const k = parseInt(inputs[0]);
const s = inputs.slice(1).join(' ');
const flag = readLine() !== '0';
const end = readLine();

// Write an answer with console.log().
// To debug: console.error('Debug messages...');
// Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

console.log(n + ' ' + s + ' ' + end + ' it\'s 100% \\ done ' + flag);

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
