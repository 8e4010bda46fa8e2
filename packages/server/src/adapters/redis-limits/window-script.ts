// The Lua script that runs the window + single-burst decision atomically inside Redis (same rules as InProcessRateLimiter).

/**
 * KEYS[1]: the counter hash. ARGV: limit, take (1 consumes, 0 peeks), window ms, burst ms.
 * Time comes from Redis (TIME), so every process shares one clock. Returns
 * {allowed (1|0), remaining, window end (ms), now (ms)}.
 */
export const WINDOW_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit = tonumber(ARGV[1])
local take = ARGV[2] == '1'
local windowMs = tonumber(ARGV[3])
local burstMs = tonumber(ARGV[4])
local s = redis.call('HMGET', KEYS[1], 'start', 'used', 'burst_start', 'burst_used')
local start = tonumber(s[1])
local used = tonumber(s[2]) or 0
local burstStart = tonumber(s[3])
local burstUsed = tonumber(s[4]) or 0
if start == nil or now >= start + windowMs then
  start = now
  used = 0
  burstStart = nil
  burstUsed = 0
end
local allowed = 0
if used < limit then
  allowed = 1
  if take then used = used + 1 end
elseif burstStart == nil and not take then
  allowed = 1
else
  if burstStart == nil then burstStart = now end
  if now < burstStart + burstMs and burstUsed < limit then
    allowed = 1
    if take then burstUsed = burstUsed + 1 end
  end
end
if take then
  redis.call('HSET', KEYS[1], 'start', start, 'used', used, 'burst_start', burstStart or '', 'burst_used', burstUsed)
  redis.call('PEXPIREAT', KEYS[1], start + windowMs)
end
local remaining = limit - used
if remaining < 0 then remaining = 0 end
return {allowed, remaining, start + windowMs, now}
`;
