-- wrk script for Benchmarks/soak.sh: a rotation of good, unknown, hostile and
-- conditional requests against `screen-registry serve`, counting statuses per thread.
-- ETAG (the environment) is the profile's tag as JSON, for the conditional requests.

local etag = os.getenv("ETAG") or '"none"'
local threads = {}
local long = "/screens/profile/42?q=" .. string.rep("a", 4200)

function setup(thread)
    table.insert(threads, thread)
end

function init(args)
    counter = 0
    s2xx, s304, s400, s404, s406, s414, other = 0, 0, 0, 0, 0, 0, 0
end

-- One request of the rotation; `counter` makes query strings and unknown paths distinct.
function request()
    counter = counter + 1
    local n = counter % 16
    local json = { Accept = "application/json" }
    if n == 0 then return wrk.format("GET", "/screens/profile/" .. (counter % 50) .. "?format=json") end
    if n == 1 then return wrk.format("GET", "/screens/profile/42?format=xml&tab=likes") end
    if n == 2 then return wrk.format("GET", "/screens/products?format=text") end
    if n == 3 then return wrk.format("GET", "/screens/home", json) end                  -- rendered each time
    if n == 4 then return wrk.format("GET", "/screens/cards/7/detail?stack=1", json) end
    if n == 5 then return wrk.format("GET", "/screens/profile/42?q=" .. counter, json) end -- store churn
    if n == 6 then return wrk.format("GET", "/screens/nowhere/" .. counter, json) end     -- 404
    if n == 7 then return wrk.format("GET", "/screens/profile/%zz", json) end              -- 400
    if n == 8 then return wrk.format("GET", "/screens/profile/42?tab=%00%3C%2Ftext%3E%26", json) end
    if n == 9 then return wrk.format("GET", "/screens/profile/%5C@%7Bsecret%7D?format=json") end
    if n == 10 then return wrk.format("GET", long) end                                     -- 414
    if n == 11 then return wrk.format("GET", "/screens/profile/42", { Accept = "application/json", ["If-None-Match"] = etag }) end -- 304
    if n == 12 then return wrk.format("GET", "/screens/payment?session=forged", json) end  -- the login screen
    if n == 13 then return wrk.format("GET", "/screens/text", { Accept = "image/png" }) end -- 406
    if n == 14 then return wrk.format("GET", "/screens/profile/7", { Accept = "text/plain", ["If-None-Match"] = "\"stale\"" }) end
    return wrk.format("GET", "/screens/u/42?format=json")
end

function response(status, headers, body)
    if status == 304 then s304 = s304 + 1
    elseif status >= 200 and status < 300 then s2xx = s2xx + 1
    elseif status == 400 then s400 = s400 + 1
    elseif status == 404 then s404 = s404 + 1
    elseif status == 406 then s406 = s406 + 1
    elseif status == 414 then s414 = s414 + 1
    else other = other + 1 end
end

function done(summary, latency, requests)
    local totals = { s2xx = 0, s304 = 0, s400 = 0, s404 = 0, s406 = 0, s414 = 0, other = 0 }
    for _, thread in ipairs(threads) do
        for name, _ in pairs(totals) do totals[name] = totals[name] + (thread:get(name) or 0) end
    end
    io.write(string.format("statuses: 2xx %d, 304 %d, 400 %d, 404 %d, 406 %d, 414 %d, other %d\n",
        totals.s2xx, totals.s304, totals.s400, totals.s404, totals.s406, totals.s414, totals.other))
    -- Every kind of the rotation must have been answered, and nothing else.
    local missing = 0
    for _, name in ipairs({ "s2xx", "s304", "s400", "s404", "s406", "s414" }) do
        if totals[name] == 0 then missing = missing + 1 end
    end
    io.write(string.format("unexpected: %d\n", totals.other + missing))
end
