// validate_glb.js: the Khronos glTF validator (npm gltf-validator) on the
// .glb files the meshmat tool writes. Usage: node validate_glb.js MESHMAT
// PROJECT_DIR. Writes each case into a temporary folder with `meshmat
// convert` or `meshmat subdiv`, validates it, prints the report's issues and
// exits 1 on any error or warning (infos and hints are printed, not failed),
// 77 (skipped) when the validator is not installed.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

function loadValidator() {
    try {
        return require('gltf-validator');
    } catch (e) { /* not beside the script: try the global modules */ }
    try {
        const root = execFileSync('npm', ['root', '-g'],
                                  { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
        return require(path.join(root, 'gltf-validator'));
    } catch (e) {
        return null;
    }
}

// Each case: the tool's arguments, with OUT for the .glb and DIR for the folder.
const cases = [
    ['convert', 'models/cube.obj', 'OUT'],                     // quads, 16-bit indices
    ['convert', 'models/polygons_open.obj', 'OUT'],            // n-gons, open, two components
    ['convert', '--precision', 'f32', 'models/torus_quads.obj', 'OUT'],
    ['subdiv', '--levels', '3', 'models/torus_quads.obj', '-o', 'OUT'], // 73728 vertices: 32-bit
    ['subdiv', '--levels', '2', '--scheme', 'loop', 'DIR/tri.obj', '-o', 'OUT'],
    ['convert', 'DIR/tagged.obj', 'OUT'],                      // a hole, a vertex in no face
    ['convert', 'tests/cli/textured_cube.obj', 'OUT'],        // TEXCOORD_0 per corner value
    ['subdiv', '--levels', '2', '--limit', 'tests/cli/textured_cube.obj', '-o', 'OUT'], // + limit NORMAL
];

const extra = {
    'tri.obj': 'v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 2 3 4\nf 3 1 4\n',
    'tagged.obj': 'v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 2 0 0.5\nv 9 9 9\n' +
        'f 1 2 3 4\nf 2 5 3\nt hole 1/0/0 0\n',
};

async function main() {
    const [meshmat, project] = process.argv.slice(2);
    if (!meshmat || !project) {
        console.error('usage: node validate_glb.js MESHMAT PROJECT_DIR');
        return 2;
    }
    const validator = loadValidator();
    if (validator === null) {
        console.log('skipped: the Khronos glTF validator (npm install -g gltf-validator)');
        return 77;
    }
    console.log(`gltf-validator ${validator.version()}`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshmat_glb_'));
    let failed = 0;
    try {
        for (const [name, text] of Object.entries(extra))
            fs.writeFileSync(path.join(dir, name), text);
        for (let i = 0; i < cases.length; ++i) {
            const out = path.join(dir, `case${i}.glb`);
            const args = cases[i].map((a) => a.replace('OUT', out).replace('DIR', dir));
            try {
                execFileSync(meshmat, args, { cwd: project, stdio: 'pipe' });
            } catch (e) {
                console.log(`meshmat ${args.join(' ')} failed:\n${e.stdout}${e.stderr}`);
                failed = 1;
                continue;
            }
            const report = await validator.validateBytes(new Uint8Array(fs.readFileSync(out)));
            const is = report.issues;
            console.log(`${args.join(' ')}: ${is.numErrors} errors, ${is.numWarnings} warnings, ` +
                        `${is.numInfos} infos, ${is.numHints} hints`);
            for (const m of is.messages)
                console.log(`  [${m.severity}] ${m.code} ${m.pointer || ''}: ${m.message}`);
            if (is.numErrors > 0 || is.numWarnings > 0) failed = 1;
        }
    } finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
    return failed;
}

main().then((code) => process.exit(code), (e) => {
    console.error(e);
    process.exit(1);
});
