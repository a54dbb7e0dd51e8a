import { WORKFLOW_LIMITS } from '../../api/workflows.ts';

/**
 * The JavaScript evaluated inside QuickJS before a script: it builds `params` (the run's parameters), `user` (the person a Login or
 * Permission workflow is asked about, else null), `asset` (null
 * for a run without one; else a copy the script may read and that
 * follows its own changes), `dam` (the only actions a script has: each is recorded, never performed) and `log`.
 * The recorded changes and log lines are read back with `__collect()`; the host re-checks them, so a script that
 * tampers with them only spoils its own run.
 */
export const SANDBOX_PRELUDE = `
(function () {
  var changes = [];
  var lines = [];
  var decision = null;
  var input = JSON.parse(globalThis.__input);
  delete globalThis.__input;
  var asset = input.asset;
  var params = Object.freeze(input.params || {});
  var base = asset ? asset.path.slice(asset.path.lastIndexOf('/') + 1) : '';
  function need() {
    if (!asset) throw new Error('This run has no asset.');
  }
  function record(change) {
    need();
    if (changes.length >= ${WORKFLOW_LIMITS.changes}) throw new Error('Too many changes in one run.');
    changes.push(change);
  }
  var dam = {
    setField: function (key, value) {
      need();
      key = String(key); value = String(value);
      asset.fields[key] = value;
      record({ action: 'setField', key: key, value: value });
    },
    addKeyword: function (word) {
      need();
      word = String(word).trim();
      if (asset.keywords.indexOf(word) !== -1) return;
      asset.keywords.push(word);
      record({ action: 'addKeyword', word: word });
    },
    removeKeyword: function (word) {
      need();
      word = String(word).trim();
      var at = asset.keywords.indexOf(word);
      if (at === -1) return;
      asset.keywords.splice(at, 1);
      record({ action: 'removeKeyword', word: word });
    },
    move: function (folder) {
      need();
      folder = String(folder).replace(/^\\/+|\\/+$/g, '');
      asset.folder = folder;
      asset.path = folder ? folder + '/' + base : base;
      record({ action: 'move', folder: folder });
    },
    notify: function (text) { record({ action: 'notify', text: String(text) }); },
    // A Permission workflow's answer: the last one given stands.
    allow: function () { decision = { allow: true, reason: '' }; },
    deny: function (reason) {
      decision = { allow: false, reason: String(reason === undefined ? '' : reason).slice(0, 500) };
    },
  };
  function logAt(level) {
    return function () {
      if (lines.length >= ${WORKFLOW_LIMITS.logLines}) return;
      var text = Array.prototype.map.call(arguments, function (each) {
        return typeof each === 'string' ? each : JSON.stringify(each);
      }).join(' ');
      lines.push({ level: level, message: String(text).slice(0, ${WORKFLOW_LIMITS.logLineChars}) });
    };
  }
  var log = {
    severe: logAt('severe'), config: logAt('config'), fine: logAt('fine'), finer: logAt('finer'),
    finest: logAt('finest'), info: logAt('fine'),
  };
  Object.freeze(dam); Object.freeze(log);
  globalThis.asset = asset;
  globalThis.params = params;
  globalThis.user = input.user ? Object.freeze(input.user) : null;
  globalThis.dam = dam;
  globalThis.log = log;
  globalThis.console = { log: log.fine, error: log.severe, warn: log.severe };
  var collect = function () { return JSON.stringify({ changes: changes, log: lines, decision: decision }); };
  Object.defineProperty(globalThis, '__collect', { value: collect, writable: false, configurable: false });
})();
`;
