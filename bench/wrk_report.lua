-- wrk script used by bench/run.py for every call.
--
-- The request comes from the environment so that one script serves GET, POST with a
-- JSON body and conditional GETs:
--   WRK_METHOD         GET (default) or POST
--   WRK_BODY           request body (sent as application/json)
--   WRK_IF_NONE_MATCH  value of an If-None-Match header
-- At the end it prints one line `BENCH_JSON {...}` with the figures run.py reads:
-- wrk's own text output has no p95, this has p50/p95/p99 from the full histogram.

wrk.method = os.getenv("WRK_METHOD") or "GET"

local body = os.getenv("WRK_BODY")
if body ~= nil and body ~= "" then
  wrk.body = body
  wrk.headers["Content-Type"] = "application/json"
end

local etag = os.getenv("WRK_IF_NONE_MATCH")
if etag ~= nil and etag ~= "" then
  wrk.headers["If-None-Match"] = etag
end

function done(summary, latency, requests)
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
