// The @vscode/test-electron contract: the extension host loads this file and awaits run(). Plain JS, so it needs no
// build; mocha comes from the project's node_modules by absolute path (the fixture has no node_modules of its own).
const path = require('node:path');

const Mocha = require(path.resolve(__dirname, '../../../../node_modules/mocha'));

function run() {
  const mocha = new Mocha({ ui: 'bdd', color: false, reporter: 'spec', timeout: 20000 });
  mocha.addFile(path.join(__dirname, 'fixture.test.js'));
  return new Promise((resolve, reject) => {
    try {
      mocha.run((failures) => {
        if (failures > 0) reject(new Error(`${failures} test${failures === 1 ? '' : 's'} failed.`));
        else resolve();
      });
    } catch (error) {
      reject(error);
    }
  });
}

module.exports = { run };
