import { appendFileSync, writeFileSync } from 'node:fs';

/**
 * What a multi-host scenario keeps: its figures, its checks (each said as it passes or fails, the
 * failed ones listed), and every line its hosts log — in a file beside its data folder, the last
 * ones in memory for a failure's report.
 * @param {string} dataDir
 * @param {(line: string) => void} say
 */
export function scenarioRecord(dataDir, say) {
  const figures = {};
  const failures = [];
  const check = (ok, what) => {
    say(`  ${ok ? '✓' : '✗'} ${what}`);
    if (!ok) failures.push(what);
  };
  const logLines = [];
  const logFile = `${dataDir}.log`;
  writeFileSync(logFile, '');
  const log = (name, line) => {
    logLines.push(`[${name}] ${line}`);
    appendFileSync(logFile, `[${name}] ${line}\n`);
    if (logLines.length > 20_000) logLines.splice(0, 5_000);
  };
  return { figures, failures, check, logLines, logFile, log };
}
