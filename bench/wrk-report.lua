-- Prints one machine-readable line with the latency percentiles wrk's own report leaves out (p95).
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRKJSON {"requests":%d,"duration_us":%d,"bytes":%d,"connect_errors":%d,"read_errors":%d,' ..
    '"write_errors":%d,"timeouts":%d,"non2xx":%d,"p50_ms":%.3f,"p90_ms":%.3f,"p95_ms":%.3f,"p99_ms":%.3f,' ..
    '"max_ms":%.3f,"mean_ms":%.3f}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.timeout, e.status,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(95) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000, latency.mean / 1000))
end
