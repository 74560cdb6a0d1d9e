-- wrk script of the ingest benchmark: the phonebot runtime posting finished calls to POST /api/v2/bot/calls, each
-- with its own Idempotency-Key. BOT_TOKEN names the phonebot; KEY_PREFIX keeps keys of separate runs apart.
-- At the end it prints one line of JSON with the figures bench/server-process.ts reads.
local threads = {}
local counter = 0
local prefix = ""

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  prefix = (os.getenv("KEY_PREFIX") or "wrk") .. "-" .. id .. "-"
  wrk.method = "POST"
  wrk.headers["authorization"] = "Bearer " .. os.getenv("BOT_TOKEN")
  wrk.headers["content-type"] = "application/json"
  wrk.body = os.getenv("CALL_BODY")
end

function request()
  counter = counter + 1
  wrk.headers["idempotency-key"] = prefix .. counter
  return wrk.format()
end

function done(summary, latency, requests)
  io.write(string.format(
    '{"requests":%d,"duration_us":%d,"non2xx":%d,"errors":%d,"p50_us":%d,"p99_us":%d,"bytes":%d}\n',
    summary.requests, summary.duration, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50), latency:percentile(99), summary.bytes))
end
