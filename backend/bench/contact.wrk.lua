-- wrk's requests for bench/contact.bench.mjs: POST /api/contact with the form's JSON body.
-- Arguments (after `--`): the body, then the headers that change per request, any of
--   key  a fresh Idempotency-Key per request (what the site sends)
--   ip   a new client IP per request (X-Forwarded-For; the API trusts one proxy hop)
-- and last a run id that keeps keys unique across runs on the same database.
-- At the end it prints one JSON line: requests, seconds, errors, p50 and p99 (ms).

local threads = {}
local counter = 0

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

function init(args)
  body = args[1]
  withKey, withIp = false, false
  for i = 2, #args - 1 do
    if args[i] == "key" then withKey = true end
    if args[i] == "ip" then withIp = true end
  end
  run = args[#args]
  headers = { ["Content-Type"] = "application/json" }
end

function request()
  counter = counter + 1
  if withKey then headers["Idempotency-Key"] = string.format("bench-%s-%d-%d", run, id, counter) end
  if withIp then
    local n = counter * 16 + id
    headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)
  end
  return wrk.format("POST", "/api/contact", headers, body)
end

-- Microseconds to milliseconds, rounded down to 10 µs (never up).
local function ms(us)
  return math.floor(us / 10) / 100
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"seconds":%.3f,"errors":%d,"p50":%.2f,"p99":%.2f}\n',
    summary.requests, summary.duration / 1e6, e.connect + e.read + e.write + e.status + e.timeout,
    ms(latency:percentile(50)), ms(latency:percentile(99))))
end
