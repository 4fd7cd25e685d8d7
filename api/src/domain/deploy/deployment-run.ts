import { performance } from 'node:perf_hooks';
import { formatStepTimes, type DeployStep, type StepTime } from '@app/shared/browser';
import type { DeploymentFields, DeploymentLog } from './deployment-log.ts';

/** Runs one step of a deployment and records how long it took (whether it succeeded or not). */
export type StepTimer = <T>(step: DeployStep, run: () => Promise<T>) => Promise<T>;

/**
 * The log and step times of one running deployment: lines as they come (written to its record at
 * most every half second, which the tab polls), each step's duration as a line and in `steps`,
 * and a summary line for the end.
 */
export function createDeploymentRun(log: DeploymentLog, id: number) {
  let text = '';
  let flushed = 0;
  const steps: StepTime[] = [];
  const say = (line: string) => {
    text += `${line}\n`;
    if (Date.now() - flushed > 500) {
      flushed = Date.now();
      void log.progress(id, text, { steps: [...steps] }).catch(() => undefined);
    }
  };
  const step: StepTimer = async (name, run) => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      const ms = Math.round(performance.now() - started);
      steps.push({ step: name, ms });
      say(`[${name}: ${(ms / 1000).toFixed(1)} s]`);
    }
  };
  return {
    say,
    step,
    steps,
    get text() {
      return text;
    },
    /** Writes the log so far with these fields (and the step times). */
    progress: (fields: DeploymentFields = {}) => log.progress(id, text, { ...fields, steps: [...steps] }),
    /** The last lines: the steps' times, then how it ended. */
    summary: (ending: string) => `${text}${steps.length ? `time: ${formatStepTimes(steps)}\n` : ''}${ending}`,
  };
}
export type DeploymentRun = ReturnType<typeof createDeploymentRun>;
