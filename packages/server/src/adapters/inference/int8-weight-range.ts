// The range int8 weights are quantised to: 7 bits, so onnxruntime's uint8 × int8 kernels cannot saturate on CPUs without VNNI.

/**
 * Largest |value| of a quantised int8 weight. onnxruntime multiplies uint8 activations by int8 weights; on x86 CPUs
 * with AVX2 (or AVX-512) but without VNNI its kernel adds each pair of products into an int16 (VPMADDUBSW), which
 * saturates once 2 × 255 × |w| passes 32,767. With weights up to ±127 the default encoder's neural part drifted from
 * its float graph on such a CPU (AMD EPYC Zen 3: mean cosine 0.984, worst 0.948); ±63 keeps every pair in range
 * (2 × 255 × 63 = 32,130), onnxruntime's own `reduce_range`, at the cost of one bit of the weights' precision.
 */
export const INT8_WEIGHT_LIMIT = 63;
