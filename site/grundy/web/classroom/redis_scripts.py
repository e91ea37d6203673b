"""The Lua scripts of :mod:`.redis_store`: each change that checks and writes is one script, which
Redis runs with nothing in between, whichever app server sent it. KEYS[1] is the class's hash
(:func:`~.redis_store.class_key`); the class's other keys are built from it. Numbers Lua would
print (it prints 14 digits) are computed in Python and passed as text; comparisons read them
with ``tonumber``. A script never makes a class's key when the class is gone.
"""
from __future__ import annotations

# Give key K (made for the class KEYS[1]) the class's remaining time to live.
SAME_TTL = """
local function same_ttl(k)
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl > 0 then redis.call('PEXPIRE', k, ttl) end
end
"""
CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'secret', ARGV[1], 'created', ARGV[2], 'expires', ARGV[3], 'version', 1, 'view', '', 'round', 0,
           'phase', 'idle', 'locked', 0, 'closes', '', 'plan', '')
redis.call('EXPIRE', KEYS[1], ARGV[4])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[5])
return 1
"""
CLOSE_DUE = """
local phase, closes = unpack(redis.call('HMGET', KEYS[1], 'phase', 'closes'))
if phase == 'open' and closes and closes ~= '' and tonumber(closes) <= tonumber(ARGV[1]) then
  redis.call('HSET', KEYS[1], 'phase', 'closed', 'closes', '')
  redis.call('HINCRBY', KEYS[1], 'version', 1)
end
return 1
"""
SET_CHANGED = """
local was = redis.call('HGET', KEYS[1], ARGV[1])
if not was or was == ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('HINCRBY', KEYS[1], 'version', 1)
return 1
"""
OPEN_ROUND = SAME_TTL + """
local n = redis.call('HGET', KEYS[1], 'round')
if not n then return 0 end
n = math.min(tonumber(n) + 1, tonumber(ARGV[12]))
local r = KEYS[1] .. ':round:' .. n
redis.call('DEL', r)
for v = 1, tonumber(ARGV[13]) do redis.call('DEL', KEYS[1] .. ':answers:' .. n .. ':' .. v) end
redis.call('HSET', r, 'game', ARGV[1], 'level', ARGV[2], 'seed', ARGV[3], 'position', ARGV[4], 'truth', ARGV[5], 'revealed', 0,
           'rule', ARGV[6], 'kind', ARGV[7], 'typed', ARGV[8], 'vote', 1, 'line', ARGV[9], 'detail', ARGV[10])
same_ttl(r)
redis.call('HSET', KEYS[1], 'round', n, 'phase', 'open', 'closes', ARGV[11])
redis.call('HINCRBY', KEYS[1], 'version', 1)
return n
"""
CLOSE = """
if redis.call('HGET', KEYS[1], 'phase') ~= 'open' then return 0 end
if ARGV[1] == '' then redis.call('HSET', KEYS[1], 'phase', 'closed', 'closes', '')
else redis.call('HSET', KEYS[1], 'closes', ARGV[1]) end
redis.call('HINCRBY', KEYS[1], 'version', 1)
return 1
"""
REVOTE = """
local phase, n = unpack(redis.call('HMGET', KEYS[1], 'phase', 'round'))
if phase ~= 'open' and phase ~= 'closed' then return 0 end
local r = KEYS[1] .. ':round:' .. n
local revealed, vote = unpack(redis.call('HMGET', r, 'revealed', 'vote'))
if not vote or revealed ~= '0' or tonumber(vote) >= tonumber(ARGV[2]) then return 0 end
vote = tonumber(vote) + 1
redis.call('HSET', r, 'vote', vote)
redis.call('HSET', KEYS[1], 'phase', 'open', 'closes', ARGV[1])
redis.call('HINCRBY', KEYS[1], 'version', 1)
return vote
"""
REVEAL = """
local phase, n = unpack(redis.call('HMGET', KEYS[1], 'phase', 'round'))
if not phase then return 0 end
local r = KEYS[1] .. ':round:' .. n
if redis.call('EXISTS', r) == 1 then redis.call('HSET', r, 'revealed', 1) end
if phase == 'open' or phase == 'closed' then
  redis.call('HSET', KEYS[1], 'phase', 'revealed', 'closes', '')
  redis.call('HINCRBY', KEYS[1], 'version', 1)
end
return 1
"""
END = """
local phase = redis.call('HGET', KEYS[1], 'phase')
if not phase or phase == 'ended' then return 0 end
redis.call('HSET', KEYS[1], 'phase', 'ended')
redis.call('HINCRBY', KEYS[1], 'version', 1)
return 1
"""
ANSWER = SAME_TTL + """
local phase, n, closes = unpack(redis.call('HMGET', KEYS[1], 'phase', 'round', 'closes'))
if phase ~= 'open' or n ~= ARGV[1] then return 0 end
if closes and closes ~= '' and ARGV[4] ~= '' and tonumber(closes) <= tonumber(ARGV[4]) then return 0 end
if redis.call('HEXISTS', KEYS[1] .. ':members', ARGV[2]) == 0 then return 0 end
local vote = redis.call('HGET', KEYS[1] .. ':round:' .. n, 'vote')
if not vote then return 0 end
local a = KEYS[1] .. ':answers:' .. n .. ':' .. vote
redis.call('HSET', a, ARGV[2], ARGV[3])
same_ttl(a)
return 1
"""
JOIN = SAME_TTL + """
local m = KEYS[1] .. ':members'
if redis.call('HEXISTS', m, ARGV[1]) == 1 then return 'already' end
local phase, locked = unpack(redis.call('HMGET', KEYS[1], 'phase', 'locked'))
if not phase or phase == 'ended' then return 'ended' end
if locked == '1' then return 'locked' end
if redis.call('HLEN', m) >= tonumber(ARGV[2]) then return 'full' end
redis.call('HSET', m, ARGV[1], '')
same_ttl(m)
return 'joined'
"""
NAME = """
local m = KEYS[1] .. ':members'
if redis.call('HEXISTS', m, ARGV[1]) == 0 then return 0 end
redis.call('HSET', m, ARGV[1], ARGV[2])
return 1
"""
SET_PLAN = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'plan', ARGV[1])
return 1
"""
# KEYS[1]: the attempts' sorted set. ARGV: now, the window's start (older attempts go; computed
# in Python, as Lua's numbers print with 14 digits), the limit, this attempt's member, the window.
ALLOW = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[5])
return 1
"""


__all__ = ["ALLOW", "ANSWER", "CLOSE", "CLOSE_DUE", "CREATE", "END", "JOIN", "NAME", "OPEN_ROUND", "REVEAL", "REVOTE", "SAME_TTL", "SET_CHANGED",
           "SET_PLAN"]
