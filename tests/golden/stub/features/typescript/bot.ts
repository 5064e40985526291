/**
 * A stub that uses every construct of the language,
 * so that the golden files pin each emitter's handling of it.
 **/

declare function readline(): string; // provided by CodinGame
// CodinGame provides readline(); elsewhere (plain Node.js) read stdin.
const readLine: () => string = typeof readline === 'function' ? readline : stdinReader();
let inputs: string[];

inputs = readLine().split(' ');
const width = parseInt(inputs[0]); // grid width
const height = parseInt(inputs[1]);
const playerName = readLine(); // your name (may hold spaces)
inputs = readLine().split(' ');
const seed = parseInt(inputs[0]);
const ratio = parseFloat(inputs[1]);
const ready = inputs[2] !== '0'; // 1 when ready
for (let i = 0; i < height; i++) {
    const row = readLine(); // one grid row
}
inputs = readLine().split(' ');
let count = parseInt(inputs[0]);
const label = inputs[1];
const caption = inputs.slice(2).join(' ');
inputs = readLine().split(' ');
for (let i = 0; i < count; i++) {
    const x = parseInt(inputs[2 * i + 0]); // a column
    const y = parseInt(inputs[2 * i + 1]);
}
inputs = readLine().split(' ');
for (let i = 0; i < width; i++) {
    const cell = inputs[i];
}

// game loop
while (true) {
    const turns = parseInt(readLine()); // how many turns follow
    for (let i = 0; i < turns; i++) {
        for (let j = 0; j < 2; j++) {
            inputs = readLine().split(' ');
            const a = parseInt(inputs[0]);
            const b = parseFloat(inputs[1]);
        }
    }
    for (let i = 0; i < 2; i++) {
        count = parseInt(readLine());
    }
    for (let i = 0; i < 2; i++) {

        // Write an answer with console.log().
        // To debug: console.error('Debug messages...');
        // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

        // MOVE <turns> <label> <ratio> <ready>
        console.log('hello \"world\" {1}');
    }
    console.log('MOVE ' + turns + ' ' + label + ' ' + ratio + ' ' + ready);
}

/** A synchronous line reader of standard input, for Node.js. */
function stdinReader(): () => string {
    const fs = eval('require')('fs'), proc = eval('process');
    const buf = eval('Buffer').alloc(65536);
    let pending = '';
    return function (): string {
        for (;;) {
            const nl = pending.indexOf('\n');
            if (nl >= 0) {
                const line = pending.slice(0, nl);
                pending = pending.slice(nl + 1);
                return line.endsWith('\r') ? line.slice(0, -1) : line;
            }
            let n: number = 0;
            try {
                n = fs.readSync(0, buf, 0, buf.length, null);
            } catch (e: any) {
                if (e.code === 'EAGAIN') continue;
                if (e.code !== 'EOF') throw e;
            }
            if (n === 0) proc.exit(0); // input closed: the game is over
            pending += buf.toString('utf8', 0, n);
        }
    };
}
