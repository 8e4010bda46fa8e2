// The dense network: gradients agree with finite differences of the regularised weighted loss.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../shared/seeded-random.js';
import { batchLoss, cloneLayers, gradients, initLayers, type NetLayer } from './dense-network.js';

describe('gradients', () => {
  it("skip each input's zero tail (its width) without changing a bit of the loss or the gradients", () => {
    const random = seededRandom(3);
    const layers = initLayers([8, 5, 3], random);
    const widths = [3, 8, 1, 6];
    const inputs = widths.map((width) => Float64Array.from({ length: 8 }, (_, i) => (i < width ? random() - 0.5 : 0)));
    const batch = { inputs, classes: [0, 1, 2, 1], weights: [1, 0.5, 2, 1] };
    const [full, narrow] = [cloneLayers(layers), cloneLayers(layers)];
    const loss = gradients(layers, batch, 0.1, full);
    expect(gradients(layers, { ...batch, widths }, 0.1, narrow)).toBe(loss);
    expect(batchLoss(layers, { ...batch, widths })).toBe(batchLoss(layers, batch));
    narrow.forEach((layer, l) => {
      expect([...layer.w]).toEqual([...(full[l]?.w ?? [])]);
      expect([...layer.b]).toEqual([...(full[l]?.b ?? [])]);
    });
  });

  it('match finite differences of the regularised weighted loss, through the ReLU layer', () => {
    const random = seededRandom(8);
    const layers = initLayers([5, 4, 3], random);
    for (const l of layers) for (let i = 0; i < l.b.length; i += 1) l.b[i] = random() - 0.5;
    const anchor = cloneLayers(layers).map((l) => ({ ...l, w: l.w.map(() => random() - 0.5) }));
    const batch = {
      inputs: Array.from({ length: 6 }, () => Float64Array.from({ length: 5 }, () => random() * 2 - 1)),
      classes: [0, 1, 2, 0, 1, 2],
      weights: [1, 2, 0.5, 1, 2, 0.5],
    };
    const l2 = 0.3;
    const objective = (ls: NetLayer[]) => {
      let penalty = 0;
      ls.forEach((l, li) =>
        l.w.forEach((w, i) => {
          penalty += 0.5 * l2 * (w - (anchor[li]?.w[i] ?? 0)) ** 2;
        }),
      );
      return batchLoss(ls, batch) + penalty;
    };
    const grads = cloneLayers(layers);
    const loss = gradients(layers, batch, l2, grads, anchor);
    expect(loss).toBeCloseTo(objective(layers), 10);
    const h = 1e-6;
    layers.forEach((layer, li) => {
      for (const key of ['w', 'b'] as const) {
        for (let i = 0; i < layer[key].length; i += 1) {
          const plus = cloneLayers(layers);
          const minus = cloneLayers(layers);
          (plus[li] as NetLayer)[key][i] = (layer[key][i] ?? 0) + h;
          (minus[li] as NetLayer)[key][i] = (layer[key][i] ?? 0) - h;
          const numeric = (objective(plus) - objective(minus)) / (2 * h);
          expect(Math.abs(numeric - ((grads[li] as NetLayer)[key][i] ?? 0))).toBeLessThan(1e-6);
        }
      }
    });
  });
});
