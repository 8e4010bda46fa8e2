// `models train --follow` and `models job --follow`: a training job polled until it ends, shown as a progress bar or lines.
import type { TextclassClient } from '@textclass/client';
import { expectOk } from './api-client.js';

/** Polls a training job until it ends, drawing a progress bar on a terminal and a line per stage otherwise. */
export async function followTraining(
  client: TextclassClient,
  modelId: number,
  jobId: string,
  intervalMs = 250,
): Promise<Record<string, unknown>> {
  const { Presets, SingleBar } = (await import('cli-progress')).default;
  const bar = process.stderr.isTTY
    ? new SingleBar(
        {
          format: ' {bar} {percentage}% | {stage} | epoch {epoch} | loss {loss}',
          stream: process.stderr,
          hideCursor: true,
        },
        Presets.shades_classic,
      )
    : undefined;
  bar?.start(100, 0, { stage: 'queued', epoch: '-', loss: '-' });
  let lastLine = '';
  for (;;) {
    const job = await expectOk(
      client.GET('/v2/models/{model_id}/training-jobs/{job_id}', {
        params: { path: { model_id: modelId, job_id: jobId } },
      }),
    );
    const percent = Math.round(job.progress * 100);
    const epoch = job.epoch === null ? '-' : `${job.epoch}${job.max_epochs ? `/${job.max_epochs}` : ''}`;
    const loss = job.loss === null ? '-' : job.loss.toFixed(4);
    bar?.update(percent, { stage: job.stage, epoch, loss });
    const line = `training job ${job.id}: ${job.status} ${job.stage} ${percent}% epoch ${epoch} loss ${loss}`;
    if (!bar && line !== lastLine) process.stderr.write(`${line}\n`);
    lastLine = line;
    if (job.status === 'succeeded' || job.status === 'failed') {
      bar?.stop();
      return job;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
