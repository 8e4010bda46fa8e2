// Live progress of a training job: polls the job until it succeeds or fails, with a progress bar and its stage.
import { useEffect, useState } from 'preact/hooks';
import { ok, type Schemas } from '../lib/api.js';
import { useSession } from '../lib/session-context.js';
import { ErrorBox } from './ui.js';

const POLL_MS = 700;

export function TrainingProgress(props: {
  modelId: number;
  jobId: string;
  onFinished?: (job: Schemas['TrainingJob']) => void;
}) {
  const { client } = useSession();
  const [job, setJob] = useState<Schemas['TrainingJob'] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let live = true;
    let timer: number | undefined;
    const poll = async () => {
      try {
        const current = await ok(
          client.GET('/v2/models/{model_id}/training-jobs/{job_id}', {
            params: { path: { model_id: props.modelId, job_id: props.jobId } },
          }),
        );
        if (!live) return;
        setJob(current);
        if (current.status === 'succeeded' || current.status === 'failed') props.onFinished?.(current);
        else timer = window.setTimeout(() => void poll(), POLL_MS);
      } catch (failure) {
        if (live) setError(failure);
      }
    };
    void poll();
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
    // The job is what is polled; a new job id starts a new poll.
  }, [props.modelId, props.jobId]);
  return (
    <div class="training" data-testid="training-progress" data-status={job?.status ?? 'loading'}>
      <label for={`job-${props.jobId}`}>
        Training job {props.jobId}: {job ? `${job.status}, ${job.stage}` : 'starting'}
        {job?.epoch !== null && job?.epoch !== undefined && job.max_epochs
          ? ` (epoch ${job.epoch} of ${job.max_epochs})`
          : ''}
      </label>
      <progress id={`job-${props.jobId}`} max={1} value={job?.progress ?? 0} />
      {job?.status === 'failed' && (
        <p class="error" role="alert">
          Training failed: {job.error}
        </p>
      )}
      {job?.status === 'succeeded' && <p role="status">Trained: version {job.version}.</p>}
      <ErrorBox error={error} />
    </div>
  );
}
