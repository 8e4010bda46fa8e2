// The Huffman tree of fastText's hierarchical softmax over the labels, built as fastText builds it.

export interface TreeNode {
  left: number;
  right: number;
  count: number;
}

/** The Huffman tree of hierarchical softmax, built from the label counts exactly as fastText's buildTree. */
export function buildTree(counts: number[]): TreeNode[] {
  const osz = counts.length;
  const tree: TreeNode[] = Array.from({ length: 2 * osz - 1 }, () => ({ left: -1, right: -1, count: 1e15 }));
  counts.forEach((count, i) => {
    (tree[i] as TreeNode).count = count;
  });
  let leaf = osz - 1;
  let node = osz;
  for (let i = osz; i < 2 * osz - 1; i++) {
    const mini = [0, 0];
    for (let j = 0; j < 2; j++) {
      if (leaf >= 0 && (tree[leaf] as TreeNode).count < (tree[node] as TreeNode).count) mini[j] = leaf--;
      else mini[j] = node++;
    }
    const parent = tree[i] as TreeNode;
    parent.left = mini[0] as number;
    parent.right = mini[1] as number;
    parent.count = (tree[parent.left] as TreeNode).count + (tree[parent.right] as TreeNode).count;
  }
  return tree;
}
