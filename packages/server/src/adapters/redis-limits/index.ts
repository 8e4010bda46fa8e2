// Public entry of the Redis rate limiter (@textclass/server/redis-limits): the shared-window limiter that several processes count against.
export { RedisRateLimiter } from './redis-rate-limiter.js';
