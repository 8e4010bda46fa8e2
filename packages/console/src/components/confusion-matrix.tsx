// The confusion matrix as a plain-SVG heat map: rows are gold labels, columns predicted ones; darker is more.
import type { JSX } from 'preact';

const CELL = 44;
const LABEL_WIDTH = 140;
const HEADER = 110;

export function ConfusionMatrix(props: {
  labels: string[];
  matrix: number[][];
  onCell?: (gold: string, predicted: string, count: number) => void;
}): JSX.Element {
  const { labels, matrix } = props;
  const max = Math.max(1, ...matrix.flat());
  const size = labels.length * CELL;
  return (
    <figure>
      <svg
        role="img"
        aria-labelledby="confusion-title"
        width={LABEL_WIDTH + size}
        height={HEADER + size}
        viewBox={`0 0 ${LABEL_WIDTH + size} ${HEADER + size}`}
        class="confusion"
      >
        <title id="confusion-title">Confusion matrix: rows are the true labels, columns the predicted labels</title>
        {labels.map((label, column) => (
          <text
            key={`c${column}`}
            transform={`translate(${LABEL_WIDTH + column * CELL + CELL / 2}, ${HEADER - 6}) rotate(-45)`}
            class="axis"
          >
            {label}
          </text>
        ))}
        {labels.map((gold, row) => (
          <g key={`r${row}`}>
            <text x={LABEL_WIDTH - 6} y={HEADER + row * CELL + CELL / 2 + 4} text-anchor="end" class="axis">
              {gold}
            </text>
            {labels.map((predicted, column) => {
              const count = matrix[row]?.[column] ?? 0;
              const strength = count / max;
              const x = LABEL_WIDTH + column * CELL;
              const y = HEADER + row * CELL;
              const name = `${count} with true label ${gold} predicted as ${predicted}`;
              return (
                <g
                  key={`${row}-${column}`}
                  class="cell"
                  tabIndex={props.onCell ? 0 : undefined}
                  role={props.onCell ? 'button' : undefined}
                  aria-label={name}
                  data-testid={`cell-${row}-${column}`}
                  onClick={() => props.onCell?.(gold, predicted, count)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') props.onCell?.(gold, predicted, count);
                  }}
                >
                  <rect
                    x={x + 1}
                    y={y + 1}
                    width={CELL - 2}
                    height={CELL - 2}
                    fill={
                      row === column
                        ? `rgba(20,110,60,${0.1 + 0.9 * strength})`
                        : `rgba(170,40,30,${0.05 + 0.95 * strength})`
                    }
                  />
                  <text
                    x={x + CELL / 2}
                    y={y + CELL / 2 + 4}
                    text-anchor="middle"
                    class={strength > 0.55 ? 'light' : 'dark'}
                  >
                    {count}
                  </text>
                  <title>{name}</title>
                </g>
              );
            })}
          </g>
        ))}
      </svg>
      <figcaption>Rows: true label. Columns: predicted label. The diagonal is right.</figcaption>
    </figure>
  );
}
