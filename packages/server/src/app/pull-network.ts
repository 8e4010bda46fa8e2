// The encoder hub's network settings and defaults, for `encoders pull`'s flags (the hub's HTTP client stays unloaded).
export { DEFAULT_NETWORK, type NetworkSettings } from '../adapters/encoder-hub/network-settings.js';
