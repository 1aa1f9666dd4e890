-- wrk script for the mixed-traffic runs of bench/run.py.
--
-- Every request is drawn from a file of distinct requests, one a line:
--   METHOD <TAB> PATH [<TAB> JSON BODY]
-- WRK_MIX_FILE  the file (written by bench/mix.py)
-- WRK_MIX_DIST  "uniform" (every line equally likely), "zipf" (line i, counted from 1,
--               has weight 1 / i^s: a few popular requests repeat, most are rare) or
--               "sequence" (the lines in order from a random one, wrapping at the end: no
--               request repeats before the whole file has been sent; with wrk's default
--               single thread, every connection shares the one walk)
-- WRK_ZIPF_S    the exponent s (default 1.1)
-- At the end: one line `BENCH_JSON {...}` as wrk_report.lua prints it.

local requests = {}
local cumulative = {}
local total_weight = 0
local dist = os.getenv("WRK_MIX_DIST") or "uniform"
local s = tonumber(os.getenv("WRK_ZIPF_S") or "1.1")

local function load()
  local path = os.getenv("WRK_MIX_FILE")
  local file = assert(io.open(path, "r"), "cannot open " .. tostring(path))
  for line in file:lines() do
    local method, target, body = line:match("^(%u+)\t([^\t]+)\t?(.*)$")
    if method then
      local headers = {}
      if body ~= nil and body ~= "" then
        headers["Content-Type"] = "application/json"
      else
        body = nil
      end
      requests[#requests + 1] = wrk.format(method, target, headers, body)
    end
  end
  file:close()
  for i = 1, #requests do
    local w = 1
    if dist == "zipf" then
      w = 1 / (i ^ s)
    end
    total_weight = total_weight + w
    cumulative[i] = total_weight
  end
end

function init(args)
  load()
  -- Each wrk thread its own sequence (wrk threads share no Lua state).
  math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)") or "0", 16) % 100000)
end

local position = nil

local function pick()
  if dist == "sequence" then
    position = ((position or math.random(#requests)) % #requests) + 1
    return requests[position]
  end
  if dist ~= "zipf" then
    return requests[math.random(#requests)]
  end
  local u = math.random() * total_weight
  local lo, hi = 1, #cumulative
  while lo < hi do
    local mid = math.floor((lo + hi) / 2)
    if cumulative[mid] < u then
      lo = mid + 1
    else
      hi = mid
    end
  end
  return requests[lo]
end

function request()
  return pick()
end

function done(summary, latency, requests_)
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests": %d, "duration_us": %d, "bytes": %d, ' ..
    '"errors_status": %d, "errors_connect": %d, "errors_read": %d, ' ..
    '"errors_write": %d, "errors_timeout": %d, ' ..
    '"p50_us": %d, "p95_us": %d, "p99_us": %d, "mean_us": %.1f, "max_us": %d}\n',
    summary.requests, summary.duration, summary.bytes,
    e.status, e.connect, e.read, e.write, e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99),
    latency.mean, latency.max))
end
