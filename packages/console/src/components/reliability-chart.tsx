// The reliability chart in plain SVG: per confidence bin, how often the model was right against how sure it was.
import type { Schemas } from '../lib/api.js';

const W = 320;
const H = 240;
const PAD = 36;

export function ReliabilityChart({ calibration }: { calibration: Schemas['ModelCalibration'] }) {
  const bins = calibration.reliability;
  const x = (value: number) => PAD + value * (W - 2 * PAD);
  const y = (value: number) => H - PAD - value * (H - 2 * PAD);
  const width = (W - 2 * PAD) / Math.max(1, bins.length);
  return (
    <figure>
      <svg role="img" aria-labelledby="reliability-title" width={W} height={H} viewBox={`0 0 ${W} ${H}`}>
        <title id="reliability-title">
          Reliability: accuracy per confidence bin against the diagonal of perfect calibration
        </title>
        <line x1={x(0)} y1={y(0)} x2={x(1)} y2={y(1)} class="diagonal" />
        <line x1={x(0)} y1={y(0)} x2={x(1)} y2={y(0)} class="axis-line" />
        <line x1={x(0)} y1={y(0)} x2={x(0)} y2={y(1)} class="axis-line" />
        {bins.map((bin, index) =>
          bin.accuracy === null ? null : (
            <rect
              key={index}
              x={x(bin.lower) + 1}
              y={y(bin.accuracy)}
              width={width - 2}
              height={y(0) - y(bin.accuracy)}
              class="bar"
            >
              <title>
                {`${bin.lower.toFixed(1)}–${bin.upper.toFixed(1)}: ${bin.count} predictions, ${(bin.accuracy * 100).toFixed(0)} % right`}
              </title>
            </rect>
          ),
        )}
        <text x={W / 2} y={H - 6} text-anchor="middle" class="axis">
          confidence
        </text>
        <text transform={`translate(12, ${H / 2}) rotate(-90)`} text-anchor="middle" class="axis">
          accuracy
        </text>
      </svg>
      <figcaption>
        Expected calibration error {calibration.ece_before?.toFixed(3) ?? '—'} before,{' '}
        {calibration.ece_after?.toFixed(3) ?? '—'} after calibration (temperature {calibration.temperature.toFixed(2)},{' '}
        {calibration.examples} examples).
      </figcaption>
    </figure>
  );
}
